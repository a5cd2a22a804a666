package projections

// The projections know no game: the test games (internal/testgames) show
// that they carry rounds of several results, bets taken down and a
// commission charged at placement, and that a game without board rows
// shows its results as they are.

import (
	"encoding/json"
	"testing"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/internal/ledgertest"
	"github.com/wagerlog/wagerlog/internal/testgames"
	"github.com/wagerlog/wagerlog/ledger"
)

var testCatalog = games.NewCatalog(sicbo.Game{}, testgames.Game{PT: testgames.Coin{}}, testgames.Game{PT: testgames.Race{}})

// newGameHarness opens a ledger that knows the test games on a new
// embedded stream.
func newGameHarness(tb testing.TB) *harness {
	tb.Helper()
	h := &harness{T: tb, Clock: ledgertest.NewClock(), Stream: ledgertest.OpenStream(tb, tb.TempDir())}
	l, err := ledger.Open(testCtx(tb), h.Stream, ledger.Options{Games: testCatalog, Clock: h.Clock.Now})
	if err != nil {
		tb.Fatalf("open ledger: %v", err)
	}
	tb.Cleanup(func() { _ = l.Close() })
	h.Ledger = l
	return h
}

// TestFold_RoundOfSeveralResults follows a race round over three throws:
// bets placed between throws (Since), a commission at placement, a bet
// taken down, a bet that stays open over a throw; the round's status
// after each throw comes from the ledger's lifecycle, and a rebuild from
// the stream gives the same answers.
func TestFold_RoundOfSeveralResults(t *testing.T) {
	h := newGameHarness(t)
	s := openProj(t, "", Options{Games: testCatalog})
	runProjector(t, s, h.Stream)
	h.Deposit("ann", "100")
	h.Deposit("bob", "100")
	h.OpenGameTable("r1", "race/test")
	round := h.OpenRound("r1")
	throw := func(face int) {
		t.Helper()
		h.CloseBetting("r1", round)
		h.Must(&ledger.RecordResult{Meta: ledger.Meta{Actor: ledgertest.Dealer}, Table: "r1", Round: round, Result: testgames.FaceJSON(face)})
	}
	status := func(want string) RoundView {
		t.Helper()
		waitFor(t, s, h.LastSeq())
		rv, err := s.Round(round)
		if err != nil || rv.Status != want {
			t.Fatalf("round: status %s (%v), want %s", rv.Status, err, want)
		}
		return rv
	}

	h.Bet("r1", round, "ann", bet("next:3", "10"))
	throw(3)
	rv := status(RoundBetting)
	if rv.Dice != nil || string(rv.Result) != `{"face":3}` || len(rv.Results) != 1 || string(rv.Results[0]) != `{"face":3}` {
		t.Fatalf("after one throw: dice %v result %s results %s", rv.Dice, rv.Result, rv.Results)
	}
	if b := rv.Bets[0]; b.Status != BetWon || !b.Returned.Equal(dec("60")) {
		t.Fatalf("next:3 after a 3: %+v", b)
	}

	h.Bet("r1", round, "ann", ledger.BetRequest{Code: "hold", Stake: dec("10"), Working: true})
	slip := h.Bet("r1", round, "bob", bet("hold", "15"), bet("next:4", "5"))
	h.Must(&ledger.TakeDown{Meta: ledger.Meta{Actor: ledgertest.Frontend}, Table: "r1", Round: round, Player: "bob", Bet: slip.Bets[0].Bet})
	rv = status(RoundBetting)
	if !rv.Totals.PlacementCommission.Equal(dec("2.5")) || !rv.Totals.TakenDown.Equal(dec("15")) || !rv.Totals.Staked.Equal(dec("40")) {
		t.Fatalf("totals %+v", rv.Totals)
	}
	byBet := func(rv RoundView) map[string]RoundBet {
		out := map[string]RoundBet{}
		for _, b := range rv.Bets {
			out[b.Player+" "+b.Code] = b
		}
		return out
	}
	bets := byBet(rv)
	if b := bets["bob hold"]; b.Status != BetTakenDown || !b.Returned.Equal(dec("15")) || !b.PlacementCommission.Equal(dec("1.5")) || b.Since != 1 {
		t.Fatalf("bob's hold: %+v", b)
	}
	if b := bets["ann hold"]; !b.Working || b.Status != BetOpen || !b.PlacementCommission.Equal(dec("1")) {
		t.Fatalf("ann's hold: %+v", b)
	}

	throw(5)
	bets = byBet(status(RoundBetting))
	if bets["bob next:4"].Status != BetLost || bets["ann hold"].Status != BetOpen {
		t.Fatalf("after a 5: next:4 %s, hold %s", bets["bob next:4"].Status, bets["ann hold"].Status)
	}

	throw(6)
	rv = status(RoundSettled)
	if len(rv.Results) != 3 || string(rv.Results[2]) != `{"face":6}` || string(rv.Result) != `{"face":6}` {
		t.Fatalf("results %s, result %s", rv.Results, rv.Result)
	}
	bets = byBet(rv)
	if bets["ann hold"].Status != BetLost || bets["ann next:3"].SettledSeq >= bets["ann hold"].SettledSeq {
		t.Fatalf("bets settled at their throws: %+v", bets)
	}

	// The wallets as the ledger has them.
	for _, row := range h.LedgerBalances() {
		b, err := s.Balance(row.Account, row.Currency)
		if err != nil || !b.Balance.Equal(row.Balance) {
			t.Errorf("%s: %s (%v), ledger %s", row.Account, b.Balance, err, row.Balance)
		}
	}
	// Bob's wallet history shows the take-down's refund.
	wp, err := s.WalletHistory("bob", Page{})
	if err != nil || len(wp.Entries) == 0 || wp.Entries[0].Type != "bet.taken_down" || !wp.Entries[0].Amount.Equal(dec("15")) {
		t.Fatalf("bob's history: %+v %v", wp.Entries, err)
	}
	// The daily totals of hold: two placed, one taken down, their
	// commission.
	d, err := s.Daily("2026-11-01", "2026-11-01", "r1")
	if err != nil {
		t.Fatal(err)
	}
	var hold *DailyTotals
	for i := range d.Rows {
		if d.Rows[i].Code == "hold" {
			hold = &d.Rows[i]
		}
	}
	if hold == nil || hold.Bets != 2 || hold.TakenDowns != 1 || !hold.TakenDown.Equal(dec("15")) || !hold.Commission.Equal(dec("2.5")) || hold.Losses != 1 {
		t.Fatalf("daily hold: %+v", hold)
	}

	// The board: one entry per settled result of the round (two steps
	// and the last), newest first; the race game has no rows, so the
	// result shows as it is, and the game's statistics count them.
	b, err := s.Board("r1")
	if err != nil || len(b.Results) != 3 {
		t.Fatalf("board %+v %v", b, err)
	}
	row, _ := json.Marshal(b.Results[0])
	var members map[string]json.RawMessage
	if err := json.Unmarshal(row, &members); err != nil || string(members["result"]) != `{"face":6}` {
		t.Fatalf("row %s", row)
	}
	if fs, ok := b.Stats.(testgames.FaceStats); !ok || fs.Faces != [6]int{0, 0, 1, 0, 1, 1} {
		t.Fatalf("stats %#v", b.Stats)
	}

	// A rebuild from the stream gives the same answers.
	fresh := openProj(t, "", Options{Games: testCatalog})
	applyAll(t, fresh, readRaw(t, h.Stream), 7)
	for _, q := range []func(*Store) (any, error){
		func(s *Store) (any, error) { return s.Round(round) },
		func(s *Store) (any, error) { return s.Board("r1") },
		func(s *Store) (any, error) { return s.Daily("2026-11-01", "2026-11-01", "") },
		func(s *Store) (any, error) { return s.PlayerBets("bob", Page{}) },
	} {
		a, errA := q(s)
		c, errC := q(fresh)
		ja, _ := json.Marshal(a)
		jc, _ := json.Marshal(c)
		if errA != nil || errC != nil || string(ja) != string(jc) {
			t.Errorf("live and rebuilt differ:\n%s\n%s", ja, jc)
		}
	}
}

// TestStore_Board_Unknown: a store without a catalog, or whose catalog
// does not know the table's paytable, serves the board's rows with their
// results and no statistics.
func TestStore_Board_UnknownGame(t *testing.T) {
	h := newHarness(t)
	s := openProj(t, "", Options{Games: games.NewCatalog(testgames.Game{PT: testgames.Coin{}})})
	runProjector(t, s, h.Stream)
	h.Deposit("ann", "100")
	h.OpenTable("t1", sicbo.IDLive)
	r := h.OpenRound("t1")
	h.CloseBetting("t1", r)
	h.Result("t1", r, [3]int{1, 2, 3})
	waitFor(t, s, h.LastSeq())
	b, err := s.Board("t1")
	if err != nil || b.Stats != nil || len(b.Results) != 1 {
		t.Fatalf("board %+v %v", b, err)
	}
	j, _ := json.Marshal(b.Results[0])
	var members map[string]json.RawMessage
	if err := json.Unmarshal(j, &members); err != nil || string(members["result"]) != `{"dice":[1,2,3]}` || members["total"] != nil {
		t.Fatalf("row %s", j)
	}
}
