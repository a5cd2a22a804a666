package api_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/wagerlog/wagerlog/games/baccarat"
	"github.com/wagerlog/wagerlog/games/craps"
	"github.com/wagerlog/wagerlog/games/roulette"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/ledger"
)

// docRound is a round played for docs/ROUNDS.md's examples: a table of
// paytable, slips, then results.
type docRound struct {
	name     string
	paytable string
	bets     []bet
	results  []string
}

var docRounds = []docRound{
	{"sicbo", sicbo.IDLive, []bet{{"small", "10"}, {"triple:5", "2"}}, []string{`{"dice":[2,2,5]}`}},
	{"roulette", roulette.IDFrenchLaPartage, []bet{{"red", "10"}, {"straight:0", "1"}}, []string{`{"pocket":"0"}`}},
	{"punto-banco", baccarat.IDPuntoBanco, []bet{{"banker", "10"}, {"player", "5"}},
		[]string{`{"player":["4S","9H","7D"],"banker":["KC","5H","3S"]}`}},
	{"craps", craps.IDPeru1999, []bet{{"pass", "10"}, {"buy:4", "20"}},
		[]string{`{"dice":[2,2]}`, `{"dice":[5,6]}`, `{"dice":[3,1]}`}},
}

var (
	docUUID = regexp.MustCompile(`"[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}"`)
	docTime = regexp.MustCompile(`"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z"`)
)

// docNormal is a round view as the docs show it: ids and times, which
// change with every run, replaced by placeholders; the rest is the real
// answer, indented.
func docNormal(t *testing.T, body []byte) string {
	t.Helper()
	var out bytes.Buffer
	if err := json.Indent(&out, body, "", "  "); err != nil {
		t.Fatal(err)
	}
	s := docUUID.ReplaceAllString(strings.TrimSpace(out.String()), `"0193…"`)
	return docTime.ReplaceAllString(s, `"2026-12-05T10:00:00Z"`)
}

// TestDocs_RoundViews plays one real round of each game of docRounds
// through the API and checks that docs/ROUNDS.md shows its round view
// (GET /v1/rounds/{round}) as the server answers it, ids and times aside
// (go test ./api -run TestDocs_RoundViews -update rewrites the examples):
// the docs' examples cannot drift from the answers.
func TestDocs_RoundViews(t *testing.T) {
	const path = "../docs/ROUNDS.md"
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	update := flag.Lookup("update") != nil && flag.Lookup("update").Value.String() == "true"
	out := string(doc)
	for _, dr := range docRounds {
		// A fresh server per game, so that the sequences in the example
		// are the game's own.
		e := newEnv(t, envOptions{})
		e.deposit("alice", "100")
		e.must(201, "POST", "/v1/tables", ledger.RoleSupervisor, map[string]any{
			"table": "t1", "paytable": dr.paytable, "currency": "EUR",
			"limits": map[string]any{"*": map[string]string{"min": "1", "max": "100"}},
			"band":   map[string]string{"min": "0.50", "max": "1000"},
			"dealer": dealerActor,
		})
		round := e.openRound("t1")
		e.slip("t1", round, "alice", dr.bets...)
		for _, res := range dr.results {
			var rv struct{ Status string }
			mustJSON(t, e.must(200, "GET", fmt.Sprintf("/v1/rounds/%s?min_seq=%d", round, e.lastSeq()), ledger.RoleAuditor, nil).body, &rv)
			if rv.Status == string(ledger.RoundBetting) {
				e.must(200, "POST", e.roundPath("t1", round, "close-betting"), ledger.RoleDealer, nil)
			}
			e.must(200, "POST", e.roundPath("t1", round, "result"), ledger.RoleDealer, json.RawMessage(res))
		}
		got := docNormal(t, e.must(200, "GET", fmt.Sprintf("/v1/rounds/%s?min_seq=%d", round, e.lastSeq()), ledger.RoleAuditor, nil).body)
		begin, end := "<!-- round-view:"+dr.name+":begin -->\n```json\n", "```\n<!-- round-view:"+dr.name+":end -->"
		i, j := strings.Index(out, begin), strings.Index(out, end)
		if i < 0 || j < i {
			t.Fatalf("%s has no %q ... %q section", path, begin, end)
		}
		if want := out[i+len(begin) : j]; want != got+"\n" {
			if !update {
				t.Errorf("the %s round view in %s is stale; run go test ./api -run TestDocs_RoundViews -update\nwant:\n%s", dr.name, path, got)
				continue
			}
			out = out[:i+len(begin)] + got + "\n" + out[j:]
		}
	}
	if update && out != string(doc) {
		if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
