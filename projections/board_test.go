package projections

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/games/sicbo"
)

func TestBoardRec_EncodeDecode(t *testing.T) {
	var b boardRec
	at := time.Date(2026, 11, 29, 23, 0, 0, 123, time.UTC)
	for i := range 60 {
		b.settle(boardEntry{Round: "r" + string(rune('a'+i%26)) + string(rune('a'+i/26)), Number: int64(i + 1),
			Result: sicbo.Dice{1 + i%6, 1 + (i/6)%6, 6}.JSON(), Seq: uint64(100 + i), At: at.Add(time.Duration(i) * time.Second),
			Corrected: false}, 50)
	}
	b.results[3].Result = []byte(`{"pocket":"00"}`)
	b.results[4].Corrected = true
	b.results[5].Index, b.results[5].Step = 7, true
	b.results[6].Commission = decimal.RequireFromString("1.30") // a cagnotte
	b.results[7].Commission, b.results[7].Index = decimal.RequireFromString("0.01"), 2
	if len(b.results) != 50 || b.results[0].Number != 11 || b.results[49].Number != 60 {
		t.Fatalf("board holds %d results, %d..%d; want 50, 11..60", len(b.results), b.results[0].Number, b.results[len(b.results)-1].Number)
	}
	var c boardRec
	if err := c.decode(b.encode()); err != nil {
		t.Fatal(err)
	}
	for i := range b.results {
		want, got := b.results[i], c.results[i]
		if got.Round != want.Round || got.Number != want.Number || got.Seq != want.Seq || !got.At.Equal(want.At) ||
			string(got.Result) != string(want.Result) || got.Corrected != want.Corrected || got.Index != want.Index || got.Step != want.Step ||
			!got.Commission.Equal(want.Commission) {
			t.Fatalf("result %d: %+v, want %+v", i, got, want)
		}
	}
	// A board without commissions is stored as before: no flag 8.
	var plain boardRec
	plain.settle(boardEntry{Round: "r", Number: 1, Result: []byte(`{"dice":[1,2,3]}`), Seq: 1, At: at}, 50)
	enc := plain.encode()
	plain.results[0].Commission = decimal.RequireFromString("0.5")
	if withC := plain.encode(); len(withC) != len(enc)+4 || enc[len(enc)-1] != 0 || withC[len(enc)-1] != flagCommission {
		t.Errorf("a commission's encoding: %x then %x", enc, withC)
	}
	badC := append(append([]byte(nil), enc[:len(enc)-1]...), flagCommission, 3, 'x', 'y', 'z')
	// A commission spelled otherwise than decimal's String spells it: with
	// an exponent, written again it would be 72 bytes, past the 64 a board
	// entry holds.
	expC := append(append([]byte(nil), enc[:len(enc)-1]...), flagCommission, 5, '1', 'e', '-', '7', '0')
	// One entry with a round id of 255 bytes and nothing after it.
	long := append([]byte{boardFormat, 1, 255}, strings.Repeat("a", 255)...)
	for _, bad := range [][]byte{nil, {1, 0}, {2}, b.encode()[:40], append(b.encode(), 0), badC, expC, long} {
		if err := new(boardRec).decode(bad); err == nil {
			t.Errorf("decode(%x) accepted", bad)
		}
	}
}

// TestBoardResult_MarshalJSON: a row's game members stand where the Sic
// Bo board has always had dice, total, size and parity; a game without
// rows shows its result.
func TestBoardResult_MarshalJSON(t *testing.T) {
	at := time.Date(2026, 11, 29, 23, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		row  BoardResult
		want string
	}{
		{BoardResult{Round: "r1", Number: 7, Result: []byte(`{"dice":[2,2,5]}`), Row: sicbo.Game{}.BoardRow(sicbo.Dice{2, 2, 5}), At: at, Seq: 9},
			`{"round":"r1","number":7,"dice":[2,2,5],"total":9,"size":"small","parity":"odd","at":"2026-11-29T23:00:00Z","seq":9}`},
		{BoardResult{Round: "r2", Number: 8, Result: []byte(`{"pocket":"00"}`), At: at, Seq: 10, Corrected: true},
			`{"round":"r2","number":8,"result":{"pocket":"00"},"at":"2026-11-29T23:00:00Z","seq":10,"corrected":true}`},
	} {
		got, err := json.Marshal(tc.row)
		if err != nil || string(got) != tc.want {
			t.Errorf("got %s (%v), want %s", got, err, tc.want)
		}
	}
}

// TestStore_Board_120Rounds completes 120 rounds on a table (with cancelled
// rounds and reshakes in between, which are not results) and checks that the
// board holds exactly the last 50, newest first, with statistics counted
// here from the dice the test rolled. Then it corrects the newest round
// (its dice change in place) and one that has left the board (nothing
// changes).
func TestStore_Board_120Rounds(t *testing.T) {
	h := newHarness(t)
	s := openProj(t, "", Options{Games: registry.New()})
	runProjector(t, s, h.Stream)
	h.Deposit("ana", "10000")
	h.OpenTable("t1", sicbo.IDLive)
	rng := rand.New(rand.NewPCG(120, 50))
	type done struct {
		round string
		dice  [3]int
	}
	var completed []done
	for i := 0; len(completed) < 120; i++ {
		r := h.OpenRound("t1")
		h.Bet("t1", r, "ana", bet("big", "1"), bet("total:10", "1"))
		h.CloseBetting("t1", r)
		if i%7 == 3 {
			h.Cancel("t1", r)
			continue
		}
		if i%5 == 0 {
			h.Reshake("t1", r)
		}
		d := [3]int{1 + rng.IntN(6), 1 + rng.IntN(6), 1 + rng.IntN(6)}
		if i%17 == 0 {
			d = [3]int{d[0], d[0], d[0]} // some triples
		}
		h.Result("t1", r, d)
		completed = append(completed, done{r, d})
	}
	waitFor(t, s, h.LastSeq())

	check := func(t *testing.T, want []done) {
		t.Helper()
		b, err := s.Board("t1")
		if err != nil {
			t.Fatal(err)
		}
		if len(b.Results) != 50 || b.Size != 50 {
			t.Fatalf("board holds %d results (size %d), want 50", len(b.Results), b.Size)
		}
		last := want[len(want)-50:]
		for i, r := range b.Results {
			w := last[len(last)-1-i]
			if r.Round != w.round || string(r.Result) != string(sicbo.Dice(w.dice).JSON()) {
				t.Fatalf("result %d: round %s result %s, want %s %v", i, r.Round, r.Result, w.round, w.dice)
			}
			if i > 0 && r.Number >= b.Results[i-1].Number {
				t.Fatalf("result %d: number %d not older than %d", i, r.Number, b.Results[i-1].Number)
			}
		}
		// Count the statistics here, from the dice rolled.
		var big, small, odd, even, triples int
		faces := map[int]int{}
		totals := map[int]int{}
		for _, d := range last {
			sum := d.dice[0] + d.dice[1] + d.dice[2]
			totals[sum]++
			for _, f := range d.dice {
				faces[f]++
			}
			if d.dice[0] == d.dice[1] && d.dice[1] == d.dice[2] {
				triples++
				continue
			}
			if sum > 10 {
				big++
			} else {
				small++
			}
			if sum%2 == 1 {
				odd++
			} else {
				even++
			}
		}
		pct := func(n, of int) decimal.Decimal {
			return decimal.NewFromInt(int64(n)).Mul(decimal.NewFromInt(100)).DivRound(decimal.NewFromInt(int64(of)), 2)
		}
		st, ok := b.Stats.(sicbo.BoardStats)
		if !ok {
			t.Fatalf("stats %T, want sicbo.BoardStats", b.Stats)
		}
		for _, c := range []struct {
			name string
			got  sicbo.Count
			want int
		}{{"big", st.Big, big}, {"small", st.Small, small}, {"odd", st.Odd, odd}, {"even", st.Even, even}, {"triples", st.Triples, triples}} {
			if c.got.Count != c.want || !c.got.Percent.Equal(pct(c.want, 50)) {
				t.Errorf("%s: %d (%s%%), want %d (%s%%)", c.name, c.got.Count, c.got.Percent, c.want, pct(c.want, 50))
			}
		}
		if st.Results != 50 || big+small+triples != 50 || triples == 0 {
			t.Errorf("results %d, big+small+triples %d, triples %d", st.Results, big+small+triples, triples)
		}
		most, least := 0, 1<<30
		for f := 1; f <= 6; f++ {
			most, least = max(most, faces[f]), min(least, faces[f])
			if fc := st.Faces[f-1]; fc.Face != f || fc.Count.Count != faces[f] || !fc.Percent.Equal(pct(faces[f], 150)) {
				t.Errorf("face %d: %+v, want %d", f, fc, faces[f])
			}
		}
		var hot, cold []int
		for f := 1; f <= 6; f++ {
			if faces[f] == most {
				hot = append(hot, f)
			}
			if faces[f] == least {
				cold = append(cold, f)
			}
		}
		if !slices.Equal(st.Hot, hot) || !slices.Equal(st.Cold, cold) {
			t.Errorf("hot %v cold %v, want %v %v", st.Hot, st.Cold, hot, cold)
		}
		for i, tc := range st.Totals {
			if tc.Total != i+3 || tc.Count.Count != totals[i+3] || !tc.Percent.Equal(pct(totals[i+3], 50)) {
				t.Errorf("total %d: %+v, want %d", i+3, tc, totals[i+3])
			}
		}
	}
	t.Run("Last50", func(t *testing.T) { check(t, completed) })

	t.Run("Corrected", func(t *testing.T) {
		newest := &completed[len(completed)-1]
		d := [3]int{1, 2, 3}
		if newest.dice == d {
			d = [3]int{4, 5, 6}
		}
		if _, err := h.Correct("t1", newest.round, d); err != nil {
			t.Fatal(err)
		}
		newest.dice = d
		gone := completed[len(completed)-60] // off the board, still correctable
		gd := [3]int{6, 6, 6}
		if gone.dice == gd {
			gd = [3]int{5, 5, 5}
		}
		if _, err := h.Correct("t1", gone.round, gd); err != nil {
			t.Fatal(err)
		}
		waitFor(t, s, h.LastSeq())
		check(t, completed)
		b, _ := s.Board("t1")
		if !b.Results[0].Corrected || b.Results[1].Corrected {
			t.Errorf("corrected flags: %v %v, want true false", b.Results[0].Corrected, b.Results[1].Corrected)
		}
	})
}

// FuzzBoardRec checks that no stored board makes the decoder panic, and
// that a board it takes encodes again (as the fold does when it adds a
// result) into one that decodes to the same entries.
func FuzzBoardRec(f *testing.F) {
	at := time.Date(2026, 11, 29, 23, 0, 0, 123, time.UTC)
	var b boardRec
	b.settle(boardEntry{Round: "r1", Number: 1, Result: sicbo.Dice{1, 2, 3}.JSON(), Seq: 9, At: at}, 50)
	b.settle(boardEntry{Round: "r2", Number: 2, Result: []byte(`{"ball":59}`), Seq: 12, At: at, Index: 15, Corrected: true,
		Commission: decimal.RequireFromString("1.30"), Payees: 3,
		Payouts: []games.BoardPayout{{Code: "card:A-1:1,2", Paid: decimal.RequireFromString("3.38")}},
		Funded:  []decimal.Decimal{decimal.RequireFromString("0.90")}}, 50)
	f.Add(b.encode())
	f.Add([]byte{boardFormat, 0})
	// A commission spelled with an exponent, whose plain spelling is
	// longer than the stored one.
	var e boardRec
	e.settle(boardEntry{Round: "r1", Number: 1, Result: []byte(`{}`), Seq: 1, At: at}, 50)
	f.Add(append(e.encode()[:len(e.encode())-1], flagCommission, 5, '1', 'e', '-', '7', '0'))
	f.Fuzz(func(t *testing.T, v []byte) {
		var got boardRec
		if err := got.decode(v); err != nil {
			return
		}
		var again boardRec
		if err := again.decode(got.encode()); err != nil {
			t.Fatalf("a board that decoded does not decode once encoded again: %v", err)
		}
		if len(again.results) != len(got.results) {
			t.Fatalf("%d entries, then %d", len(got.results), len(again.results))
		}
		for i, want := range got.results {
			r := again.results[i]
			if r.Round != want.Round || r.Number != want.Number || r.Seq != want.Seq || !r.At.Equal(want.At) ||
				string(r.Result) != string(want.Result) || r.Corrected != want.Corrected || r.Step != want.Step ||
				r.Index != want.Index || !r.Commission.Equal(want.Commission) || r.Payees != want.Payees ||
				len(r.Payouts) != len(want.Payouts) || len(r.Funded) != len(want.Funded) {
				t.Fatalf("entry %d: %+v, then %+v", i, want, r)
			}
		}
	})
}
