package roulette

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"
	"github.com/wagerlog/wagerlog/games"
)

// entries makes board entries of pockets written as strings, oldest first,
// rounds numbered from 1.
func entries(t testing.TB, pockets ...string) []games.BoardEntry {
	t.Helper()
	out := make([]games.BoardEntry, len(pockets))
	at := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	for i, s := range pockets {
		p, err := ParsePocket(s)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = games.BoardEntry{Round: fmt.Sprintf("r%d", i+1), Number: int64(i + 1), Seq: uint64(10 * (i + 1)), At: at.Add(time.Duration(i) * time.Minute), Result: p}
	}
	return out
}

func wantCount(t *testing.T, name string, got Count, n int, pct string) {
	t.Helper()
	if got.Count != n || !got.Percent.Equal(decimal.RequireFromString(pct)) {
		t.Errorf("%s: %d (%s%%), want %d (%s%%)", name, got.Count, got.Percent, n, pct)
	}
}

// TestGame_Board checks the statistics of a known sequence of ten spins
// on a double-zero table.
func TestGame_Board(t *testing.T) {
	es := entries(t, "17", "0", "32", "17", "00", "5", "36", "17", "32", "12")
	es[8].Corrected = true
	st, ok := Game{}.Board(nil, es).(BoardStats)
	if !ok {
		t.Fatalf("Board returns %T", Game{}.Board(nil, es))
	}
	if st.BoardGame() != "roulette" || st.Results != 10 {
		t.Fatalf("game %s results %d", st.BoardGame(), st.Results)
	}
	wantCount(t, "red", st.Red, 5, "50")
	wantCount(t, "black", st.Black, 3, "30")
	wantCount(t, "green", st.Green, 2, "20")
	wantCount(t, "odd", st.Odd, 4, "40")
	wantCount(t, "even", st.Even, 4, "40")
	wantCount(t, "low", st.Low, 5, "50")
	wantCount(t, "high", st.High, 3, "30")
	for i, n := range []int{2, 3, 3} {
		if g := st.Dozens[i]; g.Group != i+1 || g.Count.Count != n {
			t.Errorf("dozen %d: %+v, want %d", i+1, g, n)
		}
	}
	for i, n := range []int{0, 6, 2} {
		if g := st.Columns[i]; g.Group != i+1 || g.Count.Count != n {
			t.Errorf("column %d: %+v, want %d", i+1, g, n)
		}
	}
	wantCount(t, "column 2", st.Columns[1].Count, 6, "60")
	if got := strings.Join(st.Hot, ","); got != "17,32,12,36,5" {
		t.Errorf("hot %s", got)
	}
	if got := strings.Join(st.Cold, ","); got != "1,2,3,4,6" {
		t.Errorf("cold %s", got)
	}
	var last []string
	for _, s := range st.Last {
		last = append(last, s.Pocket+"/"+string(s.Colour))
	}
	if got := strings.Join(last, " "); got != "12/red 32/red 17/black 36/red 5/red 00/green 17/black 32/red 0/green 17/black" {
		t.Errorf("last %s", got)
	}
	if st.Last[0].Round != "r10" || st.Last[0].Number != 10 || st.Last[1].Corrected != true || st.Last[0].Corrected {
		t.Errorf("last[0..1] %+v %+v", st.Last[0], st.Last[1])
	}
	if len(st.Numbers) != 38 || st.Numbers[1].Pocket != "00" || st.Numbers[1].Count.Count != 1 || st.Numbers[1].Colour != ColourGreen {
		t.Errorf("numbers %+v", st.Numbers[:2])
	}
	counts := map[string]int{}
	for _, pc := range st.Numbers {
		counts[pc.Pocket] = pc.Count.Count
	}
	if counts["17"] != 3 || counts["32"] != 2 || counts["1"] != 0 || counts["12"] != 1 {
		t.Errorf("counts %v", counts)
	}
	wantCount(t, "17", st.Numbers[slices.IndexFunc(st.Numbers, func(p PocketCount) bool { return p.Pocket == "17" })].Count, 3, "30")

	b, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`"results":10,"last":[{"round":"r10","number":10,"pocket":"12","colour":"red"},{"round":"r9","number":9,"pocket":"32","colour":"red","corrected":true}`,
		`"red":{"count":5,"percent":"50"}`, `"dozens":[{"group":1,"count":2,"percent":"20"}`,
		`"hot":["17","32","12","36","5"]`, `"numbers":[{"pocket":"0","colour":"green","count":1,"percent":"10"},{"pocket":"00"`,
	} {
		if !strings.Contains(string(b), want) {
			t.Errorf("JSON lacks %s:\n%s", want, b)
		}
	}
}

// TestPaytable_Board checks the board of a known wheel: 00 is skipped on a
// single-zero wheel and always listed (and cold) on a double-zero one.
func TestPaytable_Board(t *testing.T) {
	fr, _ := Lookup(IDFrench)
	am, _ := Lookup(IDAmerican)
	es := entries(t, "17", "0", "32", "17", "00", "5", "36", "17", "32", "12")
	st := fr.Board(es)
	if st.Results != 9 || len(st.Numbers) != 37 || len(st.Last) != 9 {
		t.Errorf("french: %d results, %d numbers, %d last", st.Results, len(st.Numbers), len(st.Last))
	}
	wantCount(t, "red", st.Red, 5, "55.56")
	wantCount(t, "black", st.Black, 3, "33.33")
	wantCount(t, "green", st.Green, 1, "11.11")

	one := entries(t, "17")
	if got := strings.Join(am.Board(one).Cold, ","); got != "0,00,1,2,3" {
		t.Errorf("american cold %s", got)
	}
	if got := (Game{}).Board(nil, one).(BoardStats); strings.Join(got.Cold, ",") != "0,1,2,3,4" || len(got.Numbers) != 37 {
		t.Errorf("game cold %v numbers %d", got.Cold, len(got.Numbers))
	}
	// Given the table's paytable, the game knows the wheel.
	if got := (Game{}).Board(am, one).(BoardStats); strings.Join(got.Cold, ",") != "0,00,1,2,3" || len(got.Numbers) != 38 {
		t.Errorf("game on the american wheel: cold %v numbers %d", got.Cold, len(got.Numbers))
	}
}

func TestGame_BoardLimits(t *testing.T) {
	empty := Game{}.Board(nil, nil).(BoardStats)
	if empty.Results != 0 || len(empty.Hot) != 0 || len(empty.Cold) != 0 || len(empty.Last) != 0 || len(empty.Numbers) != 37 || !empty.Red.Percent.IsZero() {
		t.Errorf("empty board %+v", empty)
	}
	if b, _ := json.Marshal(empty); !strings.Contains(string(b), `"last":[],`) || !strings.Contains(string(b), `"hot":[],"cold":[]`) {
		t.Errorf("empty board JSON %s", b)
	}
	var ps []string
	for i := range 60 {
		ps = append(ps, fmt.Sprint(i%37))
	}
	es := entries(t, ps...)
	es = append(es, games.BoardEntry{Round: "other", Result: otherResult{}}, games.BoardEntry{Round: "nil"})
	st := Game{}.Board(nil, es).(BoardStats)
	if st.Results != 60 || len(st.Last) != LastMax || st.Last[0].Number != 60 || st.Last[LastMax-1].Number != 11 {
		t.Errorf("results %d, last %d from %d to %d", st.Results, len(st.Last), st.Last[0].Number, st.Last[len(st.Last)-1].Number)
	}
	// 0..22 came twice, 23..36 once; the hot ties go to the latest.
	if got := strings.Join(st.Hot, ","); got != "22,21,20,19,18" {
		t.Errorf("hot %s", got)
	}
	if got := strings.Join(st.Cold, ","); got != "23,24,25,26,27" {
		t.Errorf("cold %s", got)
	}
}
