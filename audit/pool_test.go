package audit_test

import (
	"encoding/json"
	"testing"

	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/jackpot"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/internal/ledgertest"
	"github.com/wagerlog/wagerlog/internal/testgames"
	"github.com/wagerlog/wagerlog/ledger"
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
	openGameTable(h, "t1", "prog/test")
	openGameTable(h, "t2", "prog/test")
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

	opts := audit.Options{Games: poolCatalog(), SubjectPrefix: jetstream.DefaultSubjectPrefix}
	mustClean(t, h.Stream, opts)
	for _, r := range rounds {
		mustAllMatch(t, dispute(t, h.Stream, r, opts))
	}
}
