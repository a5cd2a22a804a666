package ledger

// allowed lists which roles may issue each command. The ledger enforces it
// (and the API reports ErrForbidden as 403), so a mistake in the HTTP layer
// cannot let a role write what it must not. Dealer commands also require the
// dealer to be the table's dealer; a supervisor may act on any table.
var allowed = map[string][]string{
	"deposit":        {RoleCashier, RoleSupervisor},
	"withdraw":       {RoleCashier, RoleSupervisor},
	"adjust":         {RoleSupervisor},
	"open_table":     {RoleSupervisor},
	"change_limits":  {RoleSupervisor},
	"close_table":    {RoleSupervisor},
	"open_round":     {RoleDealer, RoleSupervisor},
	"place_slip":     {RoleFrontend},
	"close_betting":  {RoleDealer, RoleSupervisor},
	"reshake":        {RoleDealer, RoleSupervisor},
	"record_result":  {RoleDealer, RoleSupervisor},
	"pause":          {RoleDealer, RoleSupervisor},
	"resume":         {RoleSupervisor},
	"cancel":         {RoleSupervisor},
	"correct_result": {RoleSupervisor},
	"take_down":      {RoleFrontend},
	"take_bank":      {RoleDealer, RoleSupervisor},
	"release_bank":   {RoleDealer, RoleSupervisor},
	"start_shoe":     {RoleDealer, RoleSupervisor},
	"claim":          {RoleDealer, RoleSupervisor},
	// Progressive pools: their parameters and money are the finance
	// department's and the supervisor's; linking a table is the
	// supervisor's (ledger/pool.go).
	"configure_pool":    {RoleSupervisor, RoleFinance},
	"link_pool":         {RoleSupervisor},
	"close_seat":        {RoleSupervisor},
	"reopen_seat":       {RoleSupervisor},
	"unlink_pool":       {RoleSupervisor},
	"adjust_pool":       {RoleSupervisor, RoleFinance},
	"decommission_pool": {RoleSupervisor, RoleFinance},
	// Sessions above a table's rounds (ledger/session.go).
	"open_session":  {RoleSupervisor},
	"close_session": {RoleDealer, RoleSupervisor},
}

// AllowedRoles returns the roles that may issue the named command, for the
// API's documentation and its role test.
func AllowedRoles(command string) []string {
	return append([]string(nil), allowed[command]...)
}

func authorize(c Command) error {
	m := c.meta()
	if err := checkID("actor id", m.Actor.ID); err != nil {
		return err
	}
	for _, r := range allowed[c.name()] {
		if r == m.Actor.Role {
			return nil
		}
	}
	return errf(ErrForbidden, "role %q may not %s", m.Actor.Role, c.name())
}

// authorizeTable checks that a dealer acts only on their own table.
func authorizeTable(c Command, t *Table) error {
	a := c.meta().Actor
	if a.Role == RoleDealer && a.ID != t.Dealer {
		return errf(ErrForbidden, "dealer %q is not the dealer of table %s", a.ID, t.ID)
	}
	return nil
}
