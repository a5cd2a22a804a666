package main

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/wagerlog/wagerlog/games/kit"
)

// TestSettleCmd_Craps settles craps bets over a sequence of rolls: the
// --jsonl line of docs/games/craps.md answers as craps.SettleSequence says (the 3-3
// comes out with place 6 off and sets the point, the 2-5 sevens out), a
// buy bet pays its commission whatever happens, come odds read their own
// point, an empty list is open, and the craps errors keep their codes.
// Flags take --rolls, --point and --working.
func TestSettleCmd_Craps(t *testing.T) {
	in := `{"paytable":"craps/peru-1999","bet":"place:6","stake":"12","point":null,"working":false,"rolls":[[3,3],[2,5]]}
{"paytable":"craps/peru-1999","bet":"buy:4","stake":"20","point":4,"working":false,"rolls":[[1,1],[2,2],[3,4]]}
{"paytable":"craps/peru-1999","bet":"come_odds:5","stake":"10","point":6,"rolls":[[1,2],[2,3]]}
{"paytable":"craps/peru-1999","bet":"lay:4","stake":"40","point":9,"rolls":[]}
{"paytable":"craps/peru-1999","bet":"pass","stake":"10","point":6,"rolls":[[1,1]]}
{"paytable":"craps/peru-1999","bet":"pass","stake":"10","point":7,"rolls":[[1,1]]}
{"paytable":"craps/peru-1999","bet":"pass","stake":"10","rolls":[[1,2,3]]}
{"paytable":"sicbo/live","bet":"big","stake":"1","rolls":[[1,2]]}
`
	out, _, err := sicboRun(t, in, "settle", "--jsonl")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 8 {
		t.Fatalf("%d answers:\n%s", len(lines), out)
	}
	want := `{"outcome":"lost","decided_at":1,"win":"0.00","returned":"0.00","commission":"0.00","residue":"0","rule":"place:6 loses (the roll 2-5 is a 7, before the 6)","paytable":"craps/peru-1999","paytable_hash":"fbf7a4a9046ff4592990456a7bd93234496fa1eb11d701cc35a3346d76ef609b","bet":"place:6","stake":"12.00","working":false,"rolls":[[3,3],[2,5]],"scale":2,"line":1}`
	if lines[0] != want {
		t.Errorf("line 1:\n got %s\nwant %s", lines[0], want)
	}
	for i, w := range map[int]struct {
		outcome, returned, commission string
		at                            int // -1: open
	}{
		1: {"won", "60.00", "1.00", 1},  // buy 4 on the point 4: the 2-2 pays 2:1; 5% of 20 charged
		2: {"won", "25.00", "0.00", 1},  // come odds on 5 while the table's point is 6: 10 + 10 × 3/2
		3: {"open", "0.00", "1.00", -1}, // no roll: open; 5% of what 40 could win at 1:2
	} {
		var r kit.Answer
		if err := json.Unmarshal([]byte(lines[i]), &r); err != nil {
			t.Fatal(err)
		}
		if r.Outcome != w.outcome || r.Returned != w.returned || r.Commission != w.commission ||
			(w.at < 0) != (r.DecidedAt == nil) || (r.DecidedAt != nil && *r.DecidedAt != w.at) {
			t.Errorf("line %d: %s, want %+v", i+1, lines[i], w)
		}
	}
	for i, code := range map[int]string{4: "bet_not_allowed_now", 5: "invalid_point", 6: "invalid_dice", 7: "invalid_request"} {
		var r kit.Answer
		if err := json.Unmarshal([]byte(lines[i]), &r); err != nil || r.Outcome != "error" || r.Code != code {
			t.Errorf("line %d: %s, want code %s", i+1, lines[i], code)
		}
	}

	out, _, err = sicboRun(t, "", "settle", "--paytable", "craps/peru-1999", "--bet", "place:6", "--stake", "12", "--scale", "0", "--rolls", "3-3,6-2,4-2")
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range [][]string{{"point", "come-out"}, {"rolls", "3-3", "6-2", "4-2"}, {"outcome", "won"}, {"decided", "at", "roll", "2"},
		{"win", "14"}, {"returned", "26"}, {"commission", "0"}, {"residue", "0", "(round_down)"}} {
		if !hasRow(out, row) {
			t.Errorf("no row %q in:\n%s", strings.Join(row, " "), out)
		}
	}
	if _, _, err := sicboRun(t, "", "settle", "--paytable", "sicbo/live", "--rolls", "1-2", "--bet", "big", "--stake", "5"); !errors.Is(err, kit.ErrRequest) {
		t.Errorf("rolls on Sic Bo: %v", err)
	}
}

// TestPaytableCmd_Craps lists craps with each bet's house edge per bet
// decided and per roll (docs/games/craps.md's table).
func TestPaytableCmd_Craps(t *testing.T) {
	out, _, err := sicboRun(t, "", "paytable", "craps/peru-1999")
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range [][]string{
		{"BET", "NAME", "PAYS", "RTP", "RTP", "%", "EDGE/BET", "%", "ROLLS", "EDGE/ROLL", "%"},
		{"pass", "Línea", "Ganadora", "(Pass", "Line)", "1:1", "488/495", "98.5859", "1.4141", "557/165", "0.4189"},
		{"place:6", "Apuesta", "a", "favor", "del", "6", "(Place)", "7:6", "65/66", "98.4848", "1.5152", "36/11", "0.4630"},
	} {
		if !hasRow(out, row) {
			t.Errorf("no row %q in:\n%s", strings.Join(row, " "), out)
		}
	}
	out, _, err = sicboRun(t, "", "paytable", "craps/peru-1999", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Bets []paytableBetView `json:"bets"`
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	for _, b := range v.Bets {
		if b.Code == "hard:4" && (b.HouseEdge != "1/9" || b.ExpectedRolls != "4" || b.EdgePerRoll != "1/36" || b.EdgePerRollPercent != "2.7778") {
			t.Errorf("hard:4 %+v", b)
		}
	}
}
