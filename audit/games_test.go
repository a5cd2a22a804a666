package audit_test

// The verifier, the reconciliation and the dispute report on streams the
// real ledger wrote with the test games (internal/testgames) beside Sic
// Bo: commissions, jackpot pools, rounds of several results, open bets and
// take-downs, which Sic Bo never has.

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/internal/ledgertest"
	"github.com/wagerlog/wagerlog/internal/testgames"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// testCatalog is Sic Bo and the two test games.
func testCatalog() *games.Catalog {
	return games.NewCatalog(sicbo.Game{}, testgames.Game{PT: testgames.Coin{}}, testgames.Game{PT: testgames.Race{}},
		testgames.Game{PT: testgames.Pot{}}, testgames.Game{PT: testgames.Duel{}})
}

// gameOptions are the audit options of a stream with the test games.
func gameOptions() audit.Options {
	return audit.Options{Games: testCatalog(), SubjectPrefix: jetstream.DefaultSubjectPrefix}
}

func face(h *ledgertest.Harness, table, round string, n int) {
	h.T.Helper()
	h.Must(&ledger.RecordResult{Meta: ledger.Meta{Actor: ledgertest.Dealer}, Table: table, Round: round, Result: testgames.FaceJSON(n)})
}

// mustClean verifies the whole stream and fails on any violation.
func mustClean(t *testing.T, src audit.Source, opts audit.Options) {
	t.Helper()
	rep := verify(t, src, 0, 0, opts)
	if !rep.Clean {
		for _, v := range rep.Violations {
			t.Errorf("violation %v", v)
		}
		t.FailNow()
	}
}

func dispute(t *testing.T, src audit.Source, round string, opts audit.Options) *audit.DisputeReport {
	t.Helper()
	rep, err := audit.Dispute(context.Background(), src, round, opts)
	if err != nil {
		t.Fatalf("dispute: %v", err)
	}
	return rep
}

// mustAllMatch fails when a bet of the dispute report does not match its
// re-computation, or a player's wallet moved by anything but the round.
func mustAllMatch(t *testing.T, rep *audit.DisputeReport) {
	t.Helper()
	for _, b := range rep.Bets {
		if b.Outcome != "open" && !b.Match {
			t.Errorf("bet %s (%s) does not match: %+v", b.Bet, b.Code, b)
		}
	}
	for _, p := range rep.Players {
		if !p.Other.IsZero() {
			t.Errorf("player %s: %s moved outside the round: %+v", p.Player, p.Other, p)
		}
	}
	if rep.Totals.Mismatches != 0 || !rep.Chain.RoundIntact {
		t.Errorf("totals %+v, round intact %v", rep.Totals, rep.Chain.RoundIntact)
	}
}

// TestVerify_PausedDuringBetting pauses a Sic Bo round while it takes
// bets and resumes it: the round is betting again (a copy of the lifecycle
// once resumed it as closed), takes another bet, and verifies clean; its
// dispute report says betting, then settled.
func TestVerify_PausedDuringBetting(t *testing.T) {
	h := ledgertest.New(t)
	h.Deposit("ann", "100")
	h.OpenTable("t1", sicbo.IDLive)
	round := h.OpenRound("t1")
	h.Bet("t1", round, "ann", ledgertest.BetOf("small", "10"))
	h.Must(&ledger.Pause{Meta: ledger.Meta{Actor: ledgertest.Dealer}, Table: "t1", Round: round, Reason: "shaker jammed"})
	h.Must(&ledger.Resume{Meta: ledger.Meta{Actor: ledgertest.Supervisor}, Table: "t1", Round: round})
	h.Bet("t1", round, "ann", ledgertest.BetOf("big", "5"))
	opts := options()
	mustClean(t, h.Stream, opts)
	rep := dispute(t, h.Stream, round, opts)
	if rep.Round.Status != string(ledger.RoundBetting) || len(rep.Bets) != 2 {
		t.Fatalf("status %s, %d bets; want betting and 2", rep.Round.Status, len(rep.Bets))
	}

	h.CloseBetting("t1", round)
	h.Result("t1", round, [3]int{1, 2, 3})
	mustClean(t, h.Stream, opts)
	rep = dispute(t, h.Stream, round, opts)
	if rep.Round.Status != string(ledger.RoundSettled) {
		t.Fatalf("status %s, want settled", rep.Round.Status)
	}
	mustAllMatch(t, rep)
}

// TestVerify_CommissionAndJackpot plays the coin game: a commission on a
// win, a side bet feeding a jackpot pool, a correction that reverses both;
// the stream verifies clean, the reconciliation shows the commission and
// the pool and reconciles, and the dispute report matches every bet.
func TestVerify_CommissionAndJackpot(t *testing.T) {
	h := ledgertest.NewWith(t, testCatalog())
	h.Deposit("ann", "100")
	h.OpenGameTable("c1", "coin/test")
	r1 := h.OpenRound("c1")
	h.Bet("c1", r1, "ann", ledgertest.BetOf("heads", "20"), ledgertest.BetOf("side", "10"))
	h.CloseBetting("c1", r1)
	face(h, "c1", r1, 1)
	// Tails after all: both bets lose, the commission goes back, the
	// pool keeps its contribution.
	h.Must(&ledger.CorrectResult{Meta: ledger.Meta{Actor: ledgertest.Supervisor}, Table: "c1", Round: r1, Result: testgames.FaceJSON(2), Reason: "wrong face"})
	r2 := h.OpenRound("c1")
	h.Bet("c1", r2, "ann", ledgertest.BetOf("heads", "10"), ledgertest.BetOf("side", "10"))
	h.CloseBetting("c1", r2)
	face(h, "c1", r2, 3)

	opts := gameOptions()
	mustClean(t, h.Stream, opts)

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
	// Round 2's heads won 10 less a 5% commission; each side bet sent 10%
	// of its stake to pool p1 (round 1's contribution was reversed with
	// its settlement and made again).
	rows := map[string]audit.ReconRow{}
	for _, x := range rec.Totals {
		if !x.Difference.IsZero() {
			t.Errorf("%s %s does not reconcile: %+v", x.Scope, x.Table, x)
		}
		rows[x.Scope+" "+x.Table] = x
	}
	table, wallets, pool := rows[audit.ScopeTable+" c1"], rows[audit.ScopeWallets+" "], rows[audit.ScopePool+" p1"]
	if !table.Commissions.Equal(dec("0.50")) || !wallets.Commissions.Equal(dec("0.50")) || !table.Contributions.Equal(dec("2")) {
		t.Errorf("table %+v\nwallets %+v", table, wallets)
	}
	if !pool.Contributions.Equal(dec("2")) || !pool.Closing.Equal(dec("2")) {
		t.Errorf("pool %+v", pool)
	}
	var csv bytes.Buffer
	if err := rec.WriteCSV(&csv); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(csv.String(), "game_flows") {
		t.Fatalf("the CSV has no game flows section:\n%s", csv.String())
	}
	var html bytes.Buffer
	if err := rec.WriteHTML(&html); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(html.String(), "jackpot contributions") {
		t.Fatal("the HTML has no game flows section")
	}

	for _, round := range []string{r1, r2} {
		rep := dispute(t, h.Stream, round, opts)
		mustAllMatch(t, rep)
	}
	rep := dispute(t, h.Stream, r2, opts)
	if pl := rep.Players[0]; !pl.Commission.Equal(dec("0.5")) {
		t.Errorf("player's commission %s, want 0.5", pl.Commission)
	}
}

// raceRounds plays two race rounds: one over three throws with bets placed
// between throws, a working bet, a bet that stays open over a throw, a
// commission at placement and a take-down; one cancelled after a throw
// that settled a bet, refunding the bet still open.
func raceRounds(h *ledgertest.Harness) (played, cancelled string) {
	h.T.Helper()
	h.Deposit("ann", "100")
	h.Deposit("bob", "100")
	h.OpenGameTable("r1", "race/test")
	played = h.OpenRound("r1")
	h.Bet("r1", played, "ann", ledgertest.BetOf("next:3", "10"))
	h.CloseBetting("r1", played)
	face(h, "r1", played, 3)
	h.Bet("r1", played, "ann", ledger.BetRequest{Code: "hold", Stake: dec("10"), Working: true})
	slip := h.Bet("r1", played, "bob", ledgertest.BetOf("hold", "15"), ledgertest.BetOf("next:4", "5"))
	h.Must(&ledger.TakeDown{Meta: ledger.Meta{Actor: ledgertest.Frontend}, Table: "r1", Round: played, Player: "bob", Bet: slip.Bets[0].Bet})
	h.CloseBetting("r1", played)
	face(h, "r1", played, 5)
	h.CloseBetting("r1", played)
	face(h, "r1", played, 6)

	cancelled = h.OpenRound("r1")
	h.Bet("r1", cancelled, "ann", ledgertest.BetOf("next:1", "10"))
	h.CloseBetting("r1", cancelled)
	face(h, "r1", cancelled, 2)
	h.Bet("r1", cancelled, "ann", ledgertest.BetOf("hold", "20.05"))
	h.Must(&ledger.Cancel{Meta: ledger.Meta{Actor: ledgertest.Supervisor}, Table: "r1", Round: cancelled, Reason: "wheel fault"})
	return played, cancelled
}

// TestVerify_SeveralResults verifies the race rounds clean, reconciles the
// commissions charged at placement and the take-down, and disputes both
// rounds.
func TestVerify_SeveralResults(t *testing.T) {
	h := ledgertest.NewWith(t, testCatalog())
	played, cancelled := raceRounds(h)
	opts := gameOptions()
	mustClean(t, h.Stream, opts)

	// Every range that starts inside the played round (its bets placed
	// before the range re-settled on their settlement's result alone)
	// verifies clean too.
	last := h.LastSeq()
	for from := uint64(2); from <= last; from += 3 {
		var buf bytes.Buffer
		if _, err := audit.Export(context.Background(), h.Stream, &buf, from, last, audit.ExportOptions{
			Stream: jetstream.DefaultStream, SubjectPrefix: jetstream.DefaultSubjectPrefix,
		}); err != nil {
			t.Fatal(err)
		}
		rep, err := audit.VerifyArchive(context.Background(), &buf, opts)
		if err != nil {
			t.Fatal(err)
		}
		// Unsigned: consistent, never "clean" (every event must be
		// covered by a verified signed seal for that).
		if len(rep.Violations) != 0 || rep.Verdict != audit.VerdictNotAuthenticated {
			t.Errorf("archive from %d: %s %+v", from, rep.Verdict, rep.Violations)
		}
	}

	p, _ := audit.ParsePeriod("day:2026-11-01", time.UTC)
	rec, err := audit.Reconcile(context.Background(), h.Stream, p, opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Discrepancies) != 0 {
		t.Fatalf("discrepancies %+v", rec.Discrepancies)
	}
	for _, x := range rec.Totals {
		if x.Scope == audit.ScopeTable && (!x.Commissions.Equal(dec("4.51")) || !x.TakenDown.Equal(dec("15"))) {
			t.Errorf("table: commissions %s (want 1 + 1.50 + 2.01), taken down %s (want 15)", x.Commissions, x.TakenDown)
		}
		if !x.Difference.IsZero() {
			t.Errorf("%s %s does not reconcile: %+v", x.Scope, x.Table, x)
		}
	}

	rep := dispute(t, h.Stream, played, opts)
	mustAllMatch(t, rep)
	outcomes := map[string]int{}
	for _, b := range rep.Bets {
		outcomes[b.Outcome]++
	}
	if rep.Round.Status != string(ledger.RoundSettled) || len(rep.Dice.Results) != 3 || outcomes["won"] != 1 || outcomes["lost"] != 2 || outcomes[string(ledger.BetTakenDown)] != 1 {
		t.Fatalf("status %s, results %s, outcomes %v", rep.Round.Status, rep.Dice.Results, outcomes)
	}
	var html bytes.Buffer
	if err := rep.WriteHTML(&html); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(html.String(), `{&#34;face&#34;: 3}, {&#34;face&#34;: 5}, {&#34;face&#34;: 6}`) {
		t.Errorf("the HTML does not list the three throws")
	}
	rep = dispute(t, h.Stream, cancelled, opts)
	mustAllMatch(t, rep)
	if rep.Round.Status != string(ledger.RoundCancelled) || len(rep.Bets) != 2 || rep.Bets[0].Outcome != "lost" || rep.Bets[1].Outcome != "refunded" {
		t.Fatalf("status %s, bets %+v", rep.Round.Status, rep.Bets)
	}
}

// TestVerify_DoctoredRace writes a race round by hand in which a bet the
// throws leave open is settled as won, and that settled bet is then taken
// down: both are reported where they are, and nothing else is.
func TestVerify_DoctoredRace(t *testing.T) {
	store := openStore(t, t.TempDir())
	t.Cleanup(func() { store.Close() })
	b := newBuilder(t, store)
	pt := testgames.Race{}
	w, inPlay := posting.WalletAccount, posting.InPlayAccount("t1")
	zero := decimal.Zero
	want := map[uint64][]audit.Kind{}

	b.add(events.TypeWalletDeposited, cashier, "", "", &events.WalletDeposited{Player: "p1", Amount: dec("100"), Currency: "EUR", BalanceBefore: zero, BalanceAfter: dec("100")},
		post(posting.AccountCashier, w("p1"), "100", "EUR"))
	b.add(events.TypeTableOpened, supervisor, "t1", "", &events.TableOpened{Table: "t1", Game: pt.Game(), Paytable: pt.ID(), PaytableHash: pt.Hash(),
		Currency: "EUR", Scale: 2, Limits: map[string]events.Limit{"*": {Min: dec("1"), Max: dec("100")}}, Band: events.Limit{Min: dec("1"), Max: dec("100")}, Dealer: "d1"})
	b.add(events.TypeRoundOpened, dealer, "t1", "r1", &events.RoundOpened{Table: "t1", Round: "r1", Number: 1, Paytable: pt.ID(), PaytableHash: pt.Hash()})
	place := func(slip, bet, code, before, after string, commission string, postings ...events.Posting) uint64 {
		pb := events.PlacedBet{Bet: bet, Code: code, Stake: dec("10")}
		total := dec("10")
		if commission != "" {
			pb.Commission = dec(commission)
			total = total.Add(pb.Commission)
		}
		return b.add(events.TypeBetPlaced, frontend, "t1", "r1", &events.BetPlaced{Slip: slip, Player: "p1", Table: "t1", Round: "r1", Currency: "EUR",
			Bets: []events.PlacedBet{pb}, Total: total, BalanceBefore: dec(before), BalanceAfter: dec(after)}, postings...)
	}
	settle := func(slip, bet, code string, n int, outcome, win, returned string, postings ...events.Posting) uint64 {
		return b.add(events.TypeBetSettled, dealer, "t1", "r1", &events.BetSettled{Table: "t1", Round: "r1", Slip: slip, Bet: bet, Player: "p1", Code: code,
			Stake: dec("10"), Currency: "EUR", Result: testgames.FaceJSON(n), Outcome: outcome, Win: dec(win), Returned: dec(returned), Residue: zero,
			Rule: "by hand", Paytable: pt.ID(), PaytableHash: pt.Hash()}, postings...)
	}
	throw := func(n, bets int, staked string) {
		b.add(events.TypeRoundBettingClosed, dealer, "t1", "r1", &events.RoundBettingClosed{Table: "t1", Round: "r1", Bets: bets, Staked: dec(staked)})
		b.add(events.TypeRoundResult, dealer, "t1", "r1", &events.RoundResult{Table: "t1", Round: "r1", Result: testgames.FaceJSON(n)})
	}

	place("s1", "b1", "next:3", "100", "90", "", post(w("p1"), inPlay, "10", "EUR"))
	throw(3, 1, "10")
	settle("s1", "b1", "next:3", 3, "won", "50", "60", post(inPlay, w("p1"), "10", "EUR"), post(posting.HouseAccount("t1"), w("p1"), "50", "EUR"))
	b.add(events.TypeRoundStepSettled, dealer, "t1", "r1", &events.RoundStepSettled{Table: "t1", Round: "r1", Results: 1, Decided: 1, Open: 0})
	place("s2", "b2", "hold", "150", "139", "1", post(w("p1"), inPlay, "10", "EUR"), post(w("p1"), posting.CommissionAccount("t1"), "1", "EUR"))
	place("s3", "b3", "hold", "139", "128", "1", post(w("p1"), inPlay, "10", "EUR"), post(w("p1"), posting.CommissionAccount("t1"), "1", "EUR"))
	throw(5, 3, "30")
	// A 5 decides no hold: b2 stays open, yet it is paid as won.
	s := settle("s2", "b2", "hold", 5, "won", "10", "20", post(inPlay, w("p1"), "10", "EUR"), post(posting.HouseAccount("t1"), w("p1"), "10", "EUR"))
	want[s] = []audit.Kind{audit.KindPayoutMismatch}
	b.add(events.TypeRoundStepSettled, dealer, "t1", "r1", &events.RoundStepSettled{Table: "t1", Round: "r1", Results: 2, Decided: 1, Open: 1})
	// The bet it paid is then taken down: its stake leaves play twice.
	s = b.add(events.TypeBetTakenDown, frontend, "t1", "r1", &events.BetTakenDown{Table: "t1", Round: "r1", Slip: "s2", Bet: "b2", Player: "p1", Code: "hold", Stake: dec("10"), Currency: "EUR"},
		post(inPlay, w("p1"), "10", "EUR"))
	want[s] = []audit.Kind{audit.KindBetUnresolved}
	// A step that states the wrong counts, after a throw that decides b3
	// (a 2) without settling it.
	throw(2, 3, "30")
	s = b.add(events.TypeRoundStepSettled, dealer, "t1", "r1", &events.RoundStepSettled{Table: "t1", Round: "r1", Results: 3, Decided: 1, Open: 0})
	want[s] = []audit.Kind{audit.KindBetUnresolved, audit.KindTotalsMismatch}

	rep := verify(t, store, 0, 0, gameOptions())
	for seq := uint64(1); seq <= b.seq; seq++ {
		got := kindsAt(rep, seq)
		for _, k := range want[seq] {
			if !got[k] {
				t.Errorf("seq %d: %s not reported (got %v)", seq, k, got)
			}
			delete(got, k)
		}
		for k := range got {
			t.Errorf("seq %d: unexpected %s", seq, k)
		}
	}
	if t.Failed() {
		for _, v := range rep.Violations {
			t.Log(v)
		}
	}

	// The dispute report marks the payment of the open bet.
	d := dispute(t, store, "r1", gameOptions())
	var found bool
	for _, row := range d.Bets {
		if row.Bet == "b2" && row.Outcome == "won" {
			found = true
			if row.Match || !strings.Contains(row.Note, "open") {
				t.Errorf("b2's row %+v", row)
			}
		}
	}
	if !found || d.Totals.Mismatches == 0 {
		t.Fatalf("bets %+v", d.Bets)
	}
}

// TestVerify_RoundsSettledTogether verifies streams of the two test games
// whose rounds are settled as a whole: a pot whose winners share the
// prizes (the prize pool funded and emptied, the rake to the commission),
// and a duel against a player's bank in custody (the bank taken, its wins
// and losses, the cagnotte, the bank given back). Every bet and transfer
// is settled again from the paytable; the dispute report of each round
// matches.
func TestVerify_RoundsSettledTogether(t *testing.T) {
	h := ledgertest.NewWith(t, testCatalog())
	for _, p := range []string{"ann", "bob", "cid"} {
		h.Deposit(p, "100")
	}
	h.OpenGameTable("p1", "pot/test")
	pot := h.OpenRound("p1")
	for _, b := range []struct{ player, code, stake string }{{"ann", "pick:3", "10"}, {"bob", "pick:3", "20"}, {"cid", "pick:5", "3.33"}} {
		h.Must(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: ledgertest.Frontend}, Table: "p1", Round: pot, Player: b.player, Bets: []ledger.BetRequest{ledgertest.BetOf(b.code, b.stake)}})
	}
	h.CloseBetting("p1", pot)
	face(h, "p1", pot, 3)

	h.OpenGameTable("d1", "duel/test")
	h.Must(&ledger.TakeBank{Meta: ledger.Meta{Actor: ledgertest.Dealer}, Table: "d1", Player: "ann", Amount: dec("50")})
	var duels []string
	for i, n := range []int{2, 5} {
		r := h.OpenRound("d1")
		duels = append(duels, r)
		h.Must(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: ledgertest.Frontend}, Table: "d1", Round: r, Player: "bob", Bets: []ledger.BetRequest{ledgertest.BetOf("high", []string{"10", "20"}[i])}})
		h.CloseBetting("d1", r)
		face(h, "d1", r, n)
	}
	h.Must(&ledger.ReleaseBank{Meta: ledger.Meta{Actor: ledgertest.Dealer}, Table: "d1"})

	opts := gameOptions()
	mustClean(t, h.Stream, opts)
	for _, r := range append([]string{pot}, duels...) {
		mustAllMatch(t, dispute(t, h.Stream, r, opts))
	}
}
