package audit_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/jackpot"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/internal/ledgertest"
	"github.com/wagerlog/wagerlog/internal/testgames"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

func poolCatalog() *games.Catalog {
	return games.NewCatalog(sicbo.Game{}, testgames.Game{PT: testgames.Prog{}}).WithPools(jackpot.Parser{})
}

func poolJSON(t *testing.T, id string) json.RawMessage {
	t.Helper()
	p, err := jackpot.Lookup(jackpot.IDPool1)
	if err != nil {
		t.Fatal(err)
	}
	ps := p.Params()
	ps.Pool = id
	q, err := jackpot.New(ps)
	if err != nil {
		t.Fatal(err)
	}
	return q.CanonicalJSON()
}

// TestVerify_ProgressivePools verifies a stream with a pool shared by two
// tables: passes with prizes, a shortfall and a reset, an adjustment and
// a decommission, then re-settles every pass in its dispute report.
func TestVerify_ProgressivePools(t *testing.T) {
	h := ledgertest.NewWith(t, poolCatalog())
	fin := events.Actor{ID: "fin-1", Role: ledger.RoleFinance}
	for _, p := range []string{"ann", "bob", "cid"} {
		h.Deposit(p, "100")
	}
	h.OpenGameTable("t1", "prog/test")
	h.OpenGameTable("t2", "prog/test")
	h.Must(&ledger.ConfigurePool{Meta: ledger.Meta{Actor: fin}, Pool: "jp-1", Currency: "EUR", Params: poolJSON(t, "jp-1")})
	for _, tb := range []string{"t1", "t2"} {
		h.Must(&ledger.LinkPool{Meta: ledger.Meta{Actor: ledgertest.Supervisor}, Pool: "jp-1", Table: tb})
	}
	bet := func(tb, round, player, code, stake string) {
		h.Must(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: ledgertest.Frontend}, Table: tb, Round: round, Player: player,
			Bets: []ledger.BetRequest{ledgertest.BetOf(code, stake)}})
	}
	pass := func(tb, round string, seats ...testgames.PassSeat) {
		h.CloseBetting(tb, round)
		h.Must(&ledger.RecordResult{Meta: ledger.Meta{Actor: ledgertest.Dealer}, Table: tb, Round: round, Result: testgames.PassJSON(seats)})
	}
	var rounds []string
	// t1: a flush (50 × 2) and nothing.
	r := h.OpenRound("t1")
	bet("t1", r, "ann", "progressive:1", "2")
	bet("t1", r, "bob", "progressive:2", "5")
	pass("t1", r, testgames.PassSeat{Seat: 1, Cards: []string{"2H", "7H", "9H", "JH", "KH"}}, testgames.PassSeat{Seat: 2, Cards: []string{"3D", "5C", "7S", "9S", "JD"}})
	rounds = append(rounds, r)
	// t2: four of a kind for 5 (2,500: a shortfall from the reserve and
	// the casino) and a straight flush that folded.
	r = h.OpenRound("t2")
	bet("t2", r, "cid", "progressive:4", "5")
	bet("t2", r, "ann", "progressive:6", "1")
	pass("t2", r, testgames.PassSeat{Seat: 4, Cards: []string{"2H", "2D", "2C", "2S", "9H"}},
		testgames.PassSeat{Seat: 6, Cards: []string{"9C", "8C", "7C", "6C", "5C"}, Fold: true})
	rounds = append(rounds, r)
	// New parameters between rounds (version 2: a 5% commission); the
	// next pass is settled under them, and verified with them.
	v2, err := jackpot.Lookup(jackpot.IDPool1)
	if err != nil {
		t.Fatal(err)
	}
	ps := v2.Params()
	ps.Version, ps.CommissionPercent = 2, dec("5")
	pv2, err := jackpot.New(ps)
	if err != nil {
		t.Fatal(err)
	}
	h.Must(&ledger.ConfigurePool{Meta: ledger.Meta{Actor: fin}, Pool: "jp-1", Currency: "EUR", Params: pv2.CanonicalJSON(), Reason: "commission lowered"})
	// t1: a royal flush takes the main pool; it restarts at its base.
	r = h.OpenRound("t1")
	bet("t1", r, "bob", "progressive:1", "3")
	pass("t1", r, testgames.PassSeat{Seat: 1, Cards: []string{"AD", "KD", "QD", "JD", "TD"}})
	rounds = append(rounds, r)

	h.Must(&ledger.AdjustPool{Meta: ledger.Meta{Actor: fin}, Pool: "jp-1", Account: "jackpot:jp-1:main", Amount: dec("-10"), Reason: "meter test"})
	for _, tb := range []string{"t1", "t2"} {
		h.Must(&ledger.UnlinkPool{Meta: ledger.Meta{Actor: ledgertest.Supervisor}, Pool: "jp-1", Table: tb})
	}
	h.Must(&ledger.DecommissionPool{Meta: ledger.Meta{Actor: fin}, Pool: "jp-1", Reason: "game withdrawn"})

	h.Must(&ledger.ConfigurePool{Meta: ledger.Meta{Actor: fin}, Pool: "jp-2", Currency: "EUR", Params: poolJSON(t, "jp-2")})

	opts := audit.Options{Games: poolCatalog(), SubjectPrefix: jetstream.DefaultSubjectPrefix}
	mustClean(t, h.Stream, opts)
	for _, r := range rounds {
		mustAllMatch(t, dispute(t, h.Stream, r, opts))
	}

	// Finance's reconciliation: every row balances, the pool's own row
	// with its contributions, prizes, the casino's funding, the
	// adjustment and the decommission.
	p, err := audit.ParsePeriod("day:2026-11-01", time.UTC)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := audit.Reconcile(context.Background(), h.Stream, p, opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Discrepancies) != 0 {
		t.Fatalf("discrepancies %+v", rec.Discrepancies)
	}
	rows := map[string]audit.ReconRow{}
	for _, x := range rec.Totals {
		rows[x.Scope+" "+x.Table] = x
	}
	jp := rows[audit.ScopePool+" jp-1"]
	if !jp.Closing.IsZero() || !jp.PoolPrizes.IsPositive() || !jp.PoolFunding.IsPositive() || !jp.PoolAdjustments.Equal(dec("-10")) ||
		!jp.PoolTransfers.IsNegative() || !jp.Difference.IsZero() {
		t.Fatalf("pool row %+v", jp)
	}
	if w := rows[audit.ScopeWallets+" "]; !w.PoolPrizes.Equal(jp.PoolPrizes) {
		t.Fatalf("wallets received %s of prizes, the pool paid %s", w.PoolPrizes, jp.PoolPrizes)
	}

	// The regulator's lines per pool: opening + in − out = closing, the
	// prizes by hand.
	reg, err := audit.Regulator(context.Background(), h.Stream, p, opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(reg.Pools) != 2 || reg.Pools[0].Pool != "jp-1" || reg.Pools[1].Pool != "jp-2" {
		t.Fatalf("pools %+v", reg.Pools)
	}
	r1 := reg.Pools[0]
	hands := map[string]int{}
	for _, l := range r1.PrizesByHand {
		hands[l.Hand] = l.Count
	}
	// Bets 2 + 5 + 5 + 1 at 10% and 3 at 5%: commission 1.30 + 0.15,
	// contributions 14.55.
	if !r1.Balanced || !r1.Opening.IsZero() || !r1.Closing.IsZero() || r1.Bets != 5 || !r1.Staked.Equal(dec("16")) ||
		!r1.Commission.Equal(dec("1.45")) || !r1.Contributions.Equal(dec("14.55")) || !r1.BaseFunding.Equal(dec("1000")) ||
		hands["flush"] != 1 || hands["four_of_a_kind"] != 1 || hands["royal_flush"] != 1 || len(hands) != 3 ||
		!r1.ShortfallsFromCasino.IsPositive() || !r1.ResetsFromCasino.IsPositive() || !r1.FromReserves.IsPositive() ||
		!r1.AdjustmentsOut.Equal(dec("10")) || !r1.TransfersOut.Equal(r1.Opening.Add(r1.In).Sub(r1.Prizes).Sub(r1.AdjustmentsOut)) {
		t.Fatalf("jp-1 %+v", r1)
	}
	if !reg.Pools[1].Balanced || !reg.Pools[1].Closing.Equal(dec("1000")) {
		t.Fatalf("jp-2 %+v", reg.Pools[1])
	}
	var zip, pdf bytes.Buffer
	if err := reg.WriteCSV(&zip); err != nil || !bytes.Contains(zip.Bytes(), []byte("pools.csv")) || !bytes.Contains(zip.Bytes(), []byte("pool_prizes.csv")) {
		t.Fatalf("the CSV zip has no pools files: %v", err)
	}
	if err := reg.WritePDF(&pdf); err != nil || pdf.Len() == 0 {
		t.Fatalf("PDF: %v", err)
	}
	checkPoolHTML(t, reg, rec)

	// A doctored adjustment whose posting moves 50 into jp-2 while it says
	// 40: the pool's balance differs from the sum of its movements, and
	// both the verifier and the reconciliation say so.
	b := newBuilder(t, h.Stream)
	seq := b.add(events.TypeJackpotAdjusted, fin, "", "", &events.JackpotAdjusted{Pool: "jp-2", Account: "jackpot:jp-2:main",
		Amount: dec("40"), Currency: "EUR", Reason: "doctored", BalanceBefore: dec("1000"), BalanceAfter: dec("1040")},
		post(posting.AccountCasino, "jackpot:jp-2:main", "50", "EUR"))
	if rep := verify(t, h.Stream, 0, 0, opts); !kindsAt(rep, seq)[audit.KindPostingsMismatch] {
		t.Fatalf("the doctored adjustment is not reported: %+v", rep.Violations)
	}
	rec, err = audit.Reconcile(context.Background(), h.Stream, p, opts)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, d := range rec.Discrepancies {
		if d.Scope == audit.ScopePool && d.Table == "jp-2" && d.Amount.Equal(dec("10")) {
			found = true
		}
	}
	if !found {
		t.Fatalf("the reconciliation does not find jp-2 off by 10: %+v", rec.Discrepancies)
	}
	if reg, err = audit.Regulator(context.Background(), h.Stream, p, opts); err != nil || reg.Pools[1].Balanced {
		t.Fatalf("the regulator's jp-2 line balances over a doctored adjustment: %v %+v", err, reg.Pools)
	}
	var page bytes.Buffer
	if err := reg.WriteHTML(&page); err != nil {
		t.Fatal(err)
	}
	// The check is the last cell of the pool's second table (what went out).
	out := page.String()[strings.Index(page.String(), "<th>Adjustments in</th>"):]
	if row := htmlRow(out, "jp-2", "EUR"); len(row) != 11 || row[10] != "NOT BALANCED" {
		t.Fatalf("the regulator's HTML does not say jp-2 is not balanced: %q", row)
	}
}
