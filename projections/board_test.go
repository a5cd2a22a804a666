package projections

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games/sicbo"
)

func TestBoardRec_EncodeDecode(t *testing.T) {
	var b boardRec
	at := time.Date(2026, 11, 29, 23, 0, 0, 123, time.UTC)
	for i := range 60 {
		b.settle(BoardResult{Round: "r" + string(rune('a'+i%26)) + string(rune('a'+i/26)), Number: int64(i + 1),
			Dice: [3]int{1 + i%6, 1 + (i/6)%6, 6}, Seq: uint64(100 + i), At: at.Add(time.Duration(i) * time.Second)}, 50)
	}
	if len(b.results) != 50 || b.results[0].Number != 11 || b.results[49].Number != 60 {
		t.Fatalf("board holds %d results, %d..%d; want 50, 11..60", len(b.results), b.results[0].Number, b.results[len(b.results)-1].Number)
	}
	var c boardRec
	if err := c.decode(b.encode()); err != nil {
		t.Fatal(err)
	}
	for i := range b.results {
		want := b.results[i]
		want.Total, want.Size, want.Parity = classify(want.Dice)
		if got := c.results[i]; got != want {
			t.Fatalf("result %d: %+v, want %+v", i, got, want)
		}
	}
	for _, bad := range [][]byte{nil, {2, 0}, {1}, b.encode()[:40], append(b.encode(), 0)} {
		if err := new(boardRec).decode(bad); err == nil {
			t.Errorf("decode(%x) accepted", bad)
		}
	}
}

func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		dice         [3]int
		total        int
		size, parity string
	}{
		{[3]int{1, 1, 2}, 4, Small, Even},
		{[3]int{3, 3, 4}, 10, Small, Even},
		{[3]int{5, 5, 1}, 11, Big, Odd},
		{[3]int{6, 6, 5}, 17, Big, Odd},
		{[3]int{2, 2, 2}, 6, Triple, Triple},
		{[3]int{6, 6, 6}, 18, Triple, Triple},
		{[3]int{1, 1, 1}, 3, Triple, Triple},
		{[3]int{1, 2, 6}, 9, Small, Odd},
	} {
		total, size, parity := classify(tc.dice)
		if total != tc.total || size != tc.size || parity != tc.parity {
			t.Errorf("%v: %d %s %s, want %d %s %s", tc.dice, total, size, parity, tc.total, tc.size, tc.parity)
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
	s := openProj(t, "", Options{})
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
			if r.Round != w.round || r.Dice != w.dice {
				t.Fatalf("result %d: round %s dice %v, want %s %v", i, r.Round, r.Dice, w.round, w.dice)
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
		st := b.Stats
		for _, c := range []struct {
			name string
			got  Count
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
