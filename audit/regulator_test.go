package audit_test

import (
	"context"
	"math/big"
	"testing"

	"github.com/wagerlog/wagerlog/audit"
)

// TestRegulator_TheoreticalRTP checks the theoretical RTP of table t2
// against the research's outcome counts, by hand: small wins on 105 of the
// 216 outcomes at 1:1, total 10 on 27 at 6:1 (CLM 2016). dave staked 1000
// on small and 500 on total 10.
func TestRegulator_TheoreticalRTP(t *testing.T) {
	sc := newScenario(t)
	opts := reportOptions(t)
	rep, err := audit.Regulator(context.Background(), sc.store, mustPeriod(t, "2026-11-01", "2026-11-04", opts), opts)
	if err != nil {
		t.Fatal(err)
	}
	want := big.NewRat(1000*105*2+500*27*7, 216*1500)
	for _, g := range rep.Games {
		if g.Table != "t2" {
			continue
		}
		if g.TheoreticalRTP == nil || g.TheoreticalRTP.Exact != want.RatString() {
			t.Fatalf("t2 theoretical RTP %+v, want %s", g.TheoreticalRTP, want.RatString())
		}
		// dave got back 1000+1000 and 500+3000 on 1500 staked.
		if g.ActualRTP == nil || g.ActualRTP.Exact != big.NewRat(5500, 1500).RatString() || !g.GGR.Equal(dec("-4000")) {
			t.Fatalf("t2 row %+v", g)
		}
		return
	}
	t.Fatal("no row for t2")
}

// TestRegulator_Corrections: the corrected round counts once as played and
// once as corrected; its reversed settlements are not in the totals, and
// the large win of round 1 stands while nothing of round 3 is large.
func TestRegulator_Corrections(t *testing.T) {
	sc := newScenario(t)
	opts := reportOptions(t)
	rep, err := audit.Regulator(context.Background(), sc.store, mustPeriod(t, "2026-11-01", "2026-11-01", opts), opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Games) != 1 {
		t.Fatalf("games %+v", rep.Games)
	}
	g := rep.Games[0]
	// Round 1: 5 bets, 35.01 staked, returns 362 (alice's triple 2+360).
	// Round 3 after correction: 4 bets, 35.01 staked, returns 8 (carol).
	if g.RoundsPlayed != 2 || g.RoundsCancelled != 1 || g.RoundsCorrected != 1 || g.Reshakes != 1 ||
		g.BetsSettled != 9 || !g.SettledStakes.Equal(dec("70.02")) || !g.Returned.Equal(dec("370")) || !g.Refunded.Equal(dec("18")) {
		t.Fatalf("row %+v", g)
	}
	if len(rep.LargeWins) != 1 || !rep.LargeWins[0].Win.Equal(dec("360")) || rep.LargeWins[0].ReversedSeq != 0 {
		t.Fatalf("large wins %+v", rep.LargeWins)
	}
	kinds := map[string]int{}
	for _, e := range rep.SignificantEvents {
		kinds[e.Kind]++
		if e.Actor.ID == "" {
			t.Fatalf("significant event without an actor: %+v", e)
		}
	}
	for _, k := range []string{"table.opened", "large_win", "round.paused", "round.cancelled", "round.result_corrected", "wallet.adjusted", "table.limits_changed"} {
		if kinds[k] != 1 {
			t.Errorf("%d %s events, want 1 (%v)", kinds[k], k, kinds)
		}
	}
	if len(rep.Days) != 1 || rep.Days[0].NoActivity {
		t.Fatalf("days %+v", rep.Days)
	}
}
