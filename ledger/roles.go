package ledger

// The roles that may send each command are declared with the command
// (CommandSpec.Roles). The ledger enforces them (and the API reports
// ErrForbidden as 403), so a mistake in the HTTP layer cannot let a role
// write what it must not. Dealer commands also require the dealer to be
// the table's dealer; a supervisor may act on any table.

// AllowedRoles returns the roles that may issue the named command, for the
// API's documentation and its role test; nil for a name no command has.
func AllowedRoles(command string) []string {
	for _, s := range commandSpecs {
		if s.Name == command {
			return s.clone().Roles
		}
	}
	return nil
}

func authorize(c Command) error {
	m := c.meta()
	if err := checkID("actor id", m.Actor.ID); err != nil {
		return err
	}
	for _, r := range c.spec().Roles {
		if r == m.Actor.Role {
			return nil
		}
	}
	return errf(ErrForbidden, "role %q may not %s", m.Actor.Role, nameOf(c))
}

// authorizeTable checks that a dealer acts only on their own table.
func authorizeTable(c Command, t *Table) error {
	a := c.meta().Actor
	if a.Role == RoleDealer && a.ID != t.Dealer {
		return errf(ErrForbidden, "dealer %q is not the dealer of table %s", a.ID, t.ID)
	}
	return nil
}
