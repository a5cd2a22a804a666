package ledger_test

import (
	"bufio"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/wagerlog/wagerlog/errcode"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/ledger"
)

// TestCommandSpec_Declarations checks each command's declaration against
// what the ledger does with it: a name and a route of its own, roles, and
// refusals that include the ones its states imply.
func TestCommandSpec_Declarations(t *testing.T) {
	known := map[*errcode.Error]bool{}
	for _, e := range append(ledger.Errors(), games.Errors()...) {
		known[e] = true
	}
	names, routes := map[string]bool{}, map[string]bool{}
	specs := ledger.Commands()
	if len(specs) < 27 {
		t.Fatalf("%d commands declared, want at least 27", len(specs))
	}
	for _, s := range specs {
		if s.Name == "" || names[s.Name] {
			t.Errorf("command name %q empty or declared twice", s.Name)
		}
		names[s.Name] = true
		if !strings.HasPrefix(s.Route, "POST /v1/") || routes[s.Route] {
			t.Errorf("%s: route %q is not a POST under /v1/ of its own", s.Name, s.Route)
		}
		routes[s.Route] = true
		if len(s.Roles) == 0 || slices.Contains(s.Roles, ledger.RoleSystem) {
			t.Errorf("%s: roles %v (none, or the ledger's own)", s.Name, s.Roles)
		}
		if !slices.Equal(ledger.AllowedRoles(s.Name), s.Roles) {
			t.Errorf("%s: AllowedRoles %v, declared %v", s.Name, ledger.AllowedRoles(s.Name), s.Roles)
		}
		if len(s.Errors) == 0 {
			t.Errorf("%s: declares no refusal", s.Name)
		}
		for _, e := range s.Errors {
			if !known[e] {
				t.Errorf("%s: refusal %s is not declared by the ledger or the games", s.Name, e.Code())
			}
		}
		if s.BetweenRounds && !slices.Contains(s.Errors, ledger.ErrRoundInProgress) {
			t.Errorf("%s: needs no round in progress but does not answer round_in_progress", s.Name)
		}
		if s.Rounds != nil {
			if s.BetweenRounds {
				t.Errorf("%s: both on a round and between rounds", s.Name)
			}
			if !slices.Contains(s.Errors, ledger.ErrRoundFinished) || !slices.Contains(s.Errors, ledger.ErrRoundNotFound) ||
				!(slices.Contains(s.Errors, ledger.ErrRoundState) || slices.Contains(s.Errors, ledger.ErrRoundNotOpen)) {
				t.Errorf("%s: acts on a round but does not answer its refusals for the round's status", s.Name)
			}
			for _, st := range s.Rounds {
				if st == ledger.RoundSettling || st == "" {
					t.Errorf("%s: allowed in status %q (no command acts on a settling round)", s.Name, st)
				}
			}
		}
	}
	if ledger.AllowedRoles("no_such_command") != nil {
		t.Error("AllowedRoles of an unknown command is not nil")
	}
}

// TestCommandSpec_OneHome checks that a command's name and an error's
// code are written once in the production code: everything else refers
// to their declarations.
func TestCommandSpec_OneHome(t *testing.T) {
	root := filepath.Join("..")
	for _, lit := range []string{`"round_not_open"`, `"start_shoe"`} {
		var hits []string
		err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != root {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			f, err := os.Open(path)
			if err != nil {
				return err
			}
			defer f.Close()
			sc := bufio.NewScanner(f)
			sc.Buffer(make([]byte, 1<<20), 1<<20)
			for n := 1; sc.Scan(); n++ {
				if strings.Contains(sc.Text(), lit) {
					hits = append(hits, path)
				}
			}
			return sc.Err()
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(hits) != 1 {
			t.Errorf("%s is written on %d production lines, want 1: %v", lit, len(hits), hits)
		}
	}
}
