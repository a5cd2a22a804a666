package round_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// These tests scan the repository's sources: they hold what the round
// model is for (one fold of a round, one definition of its statuses) so
// that a reader cannot drift back to a copy of its own.

// readSide are the packages that read the stream: they fold rounds with
// the round model and keep only their views, findings and re-settlement.
var readSide = []string{"../audit", "../projections", "../replay"}

// walkGo calls fn with every Go file under the directories, tests
// included when tests is set.
func walkGo(t *testing.T, dirs []string, tests bool, fn func(path, src string)) {
	t.Helper()
	for _, dir := range dirs {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() || !strings.HasSuffix(path, ".go") || (!tests && strings.HasSuffix(path, "_test.go")) {
				return nil
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			fn(path, string(src))
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// TestProof_ReadSideKeepsNoRoundFunds: what a round's result found (the
// bank's and the pool's balances) and what its sales close posted are
// the round model's (AtResult, SalesClose), never a reader's own copy:
// `grep -rn 'bankAtResult\|poolAtResult\|salesClosed' audit/ projections/
// replay/` prints nothing.
func TestProof_ReadSideKeepsNoRoundFunds(t *testing.T) {
	re := regexp.MustCompile(`bankAtResult|poolAtResult|salesClosed`)
	walkGo(t, readSide, true, func(path, src string) {
		for i, line := range strings.Split(src, "\n") {
			if re.MatchString(line) {
				t.Errorf("%s:%d: %s", path, i+1, strings.TrimSpace(line))
			}
		}
	})
}

// TestProof_ReadSideTakesNoRoundFromLedger: the read side takes a round's
// statuses, its bets' statuses and the lifecycle table from the round
// model, not from the ledger (the write side); the account names and the
// postings a payload implies it takes from package posting
// (TestProof_ReadSideImportsNoLedger).
func TestProof_ReadSideTakesNoRoundFromLedger(t *testing.T) {
	re := regexp.MustCompile(`ledger\.(Round(Betting|Closed|Paused|Settling|Settled|Cancelled|StatusAfter|Finished)?\b|Bet(Open|Settled|Refunded|TakenDown)?\b|GameTransfers\b)`)
	walkGo(t, readSide, false, func(path, src string) {
		for i, line := range strings.Split(src, "\n") {
			if m := re.FindString(line); m != "" {
				t.Errorf("%s:%d: %s", path, i+1, m)
			}
		}
	})
}

// TestProof_StatusesDefinedOnce: the round statuses and the bet statuses
// are declared by this package only; elsewhere they are named by these
// constants (or by games.Outcome for a settled bet's outcome), never
// spelled as a string of their own.
func TestProof_StatusesDefinedOnce(t *testing.T) {
	re := regexp.MustCompile(`^\s*(const\s+)?[A-Za-z_]+\s*([A-Za-z.]+\s*)?=\s*"(betting|paused|settling|settled|cancelled|refunded|taken_down|won|lost|push)"`)
	// Other concepts spelled alike, each a decision.
	other := map[string]string{
		"FlowTakenDown": "a money flow's kind in the reconciliation (audit/flow.go), not a bet's status",
	}
	walkGo(t, []string{"../audit", "../projections", "../replay", "../ledger", "../events", "../api"}, false, func(path, src string) {
		for i, line := range strings.Split(src, "\n") {
			if re.MatchString(line) && other[strings.Fields(line)[0]] == "" {
				t.Errorf("%s:%d: %s", path, i+1, strings.TrimSpace(line))
			}
		}
	})
}

// TestProof_ReadSideImportsNoLedger: the read side does not need the
// write side's package, directly or through another package of the
// module: `go list -deps ./projections ./replay ./audit | grep
// 'wagerlog/ledger$'` prints nothing. It follows the imports of the
// non-test files of every module package the read side reaches, as go
// list does, and names the chain that reaches the ledger.
func TestProof_ReadSideImportsNoLedger(t *testing.T) {
	const module = "github.com/wagerlog/wagerlog/"
	const ledger = module + "ledger"
	from := map[string]string{} // package reached -> the package importing it
	var queue []string
	for _, dir := range readSide {
		p := module + strings.TrimPrefix(dir, "../")
		from[p] = ""
		queue = append(queue, p)
	}
	for len(queue) > 0 {
		pkg := queue[0]
		queue = queue[1:]
		for _, imp := range packageImports(t, "../"+strings.TrimPrefix(pkg, module)) {
			if !strings.HasPrefix(imp, module) {
				continue
			}
			if _, seen := from[imp]; seen {
				continue
			}
			from[imp] = pkg
			if imp == ledger {
				chain := []string{imp}
				for p := pkg; p != ""; p = from[p] {
					chain = append([]string{p}, chain...)
				}
				t.Errorf("the read side imports the ledger: %s", strings.Join(chain, " -> "))
				continue
			}
			queue = append(queue, imp)
		}
	}
	if len(from) < len(readSide)+3 {
		t.Fatalf("only %d packages reached from %v: the scan read nothing", len(from), readSide)
	}
}

// packageImports returns the import paths of the non-test Go files of the
// package in dir.
func packageImports(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	fset := token.NewFileSet()
	for _, e := range ents {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range f.Imports {
			p, err := strconv.Unquote(s.Path.Value)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, p)
		}
	}
	return out
}
