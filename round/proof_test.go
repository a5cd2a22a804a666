package round_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
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
// model, not from the ledger (the write side). What it still takes from
// the ledger is named in docs/ARCHITECTURE.md: account names and the
// postings a payload implies.
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
