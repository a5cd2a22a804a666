package projections

import (
	"testing"

	"github.com/wagerlog/wagerlog/games/craps"
	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/internal/ledgertest"
	"github.com/wagerlog/wagerlog/ledger"
)

// TestStore_Board_CrapsRolls plays two shooters' hands and checks that the
// board holds one entry per roll, the hand in progress included, and that
// craps' statistics (points made, seven-outs, the current point and
// shooter) come from them. A hand cancelled mid-way leaves its rolls and
// no shooter. A board too small for the first hand still reads its point:
// the hand's earlier rolls are given to the game.
func TestStore_Board_CrapsRolls(t *testing.T) {
	h := newHarness(t)
	big := openProj(t, "", Options{Games: registry.New()})
	small := openProj(t, "", Options{Games: registry.New(), BoardSize: 3})
	runProjector(t, big, h.Stream)
	runProjector(t, small, h.Stream)
	h.Deposit("ana", "1000")
	h.Must(&ledger.OpenTable{
		Meta: ledger.Meta{Actor: ledgertest.Supervisor}, Table: "c1", Paytable: craps.IDPeru1999, Currency: "EUR",
		Limits: map[string]ledger.Limit{"*": {Min: dec("1"), Max: dec("100")}},
		Band:   ledger.Limit{Min: dec("1"), Max: dec("100")}, Dealer: ledgertest.Dealer.ID,
	})
	hand := func(rolls ...[2]int) string {
		t.Helper()
		round := h.OpenRound("c1")
		h.Bet("c1", round, "ana", bet("pass", "10"))
		for _, r := range rolls {
			h.CloseBetting("c1", round)
			h.Must(&ledger.RecordResult{Meta: ledger.Meta{Actor: ledgertest.Dealer}, Table: "c1", Round: round, Result: sicbo.ResultJSON(r[0], r[1])})
		}
		return round
	}
	// Hand 1: point 6, a 4, the 6 made, a natural, point 9, seven-out.
	first := hand([2]int{3, 3}, [2]int{2, 2}, [2]int{1, 5}, [2]int{5, 6}, [2]int{4, 5}, [2]int{3, 4})
	// Hand 2, in progress: point 5, a 12.
	second := hand([2]int{2, 3}, [2]int{6, 6})
	waitFor(t, big, h.LastSeq())
	waitFor(t, small, h.LastSeq())

	b, err := big.Board("c1")
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Results) != 8 || b.Results[0].Round != second || b.Results[7].Round != first {
		t.Fatalf("board of %d results, newest %s, oldest %s", len(b.Results), b.Results[0].Round, b.Results[7].Round)
	}
	if string(b.Results[0].Row) != `{"dice":[6,6],"total":12}` {
		t.Errorf("newest row %s", b.Results[0].Row)
	}
	s, ok := b.Stats.(craps.BoardStats)
	if !ok {
		t.Fatalf("stats %T", b.Stats)
	}
	if s.Rolls != 8 || s.PointsMade != 1 || s.SevenOuts != 1 || s.Naturals != 1 || s.Point != 5 ||
		s.Shooter != second || s.ShooterNumber != 2 || s.ShooterRolls != 2 {
		t.Errorf("stats %+v", s)
	}
	if s.Last[5].Event != craps.EventSevenOut || s.Last[5].Point != 9 {
		t.Errorf("hand 1's last roll %+v, want a seven-out on 9", s.Last[5])
	}

	// Hand 2 is cancelled with its point on: its rolls stay on the
	// board, but no shooter is on the table any more.
	h.Must(&ledger.Cancel{Meta: ledger.Meta{Actor: ledgertest.Supervisor}, Table: "c1", Round: second, Reason: "dice machine fault"})
	waitFor(t, big, h.LastSeq())
	waitFor(t, small, h.LastSeq())
	b, err = big.Board("c1")
	if err != nil {
		t.Fatal(err)
	}
	if s := b.Stats.(craps.BoardStats); len(b.Results) != 8 || s.Shooter != "" || s.Point != 0 || s.ShooterRolls != 0 {
		t.Errorf("after the cancel: %d results, stats %+v", len(b.Results), s)
	}

	b, err = small.Board("c1")
	if err != nil {
		t.Fatal(err)
	}
	s = b.Stats.(craps.BoardStats)
	if len(b.Results) != 3 || s.Rolls != 3 || s.Last[0].Event != craps.EventSevenOut || s.Last[0].Point != 9 || s.SevenOuts != 1 {
		t.Errorf("small board: %d results, stats %+v", len(b.Results), s)
	}
}
