package api_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games/craps"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/projections"
	"github.com/wagerlog/wagerlog/replay"
)

// crapsState is the answer of GET /v1/tables/{table}/state for craps.
type crapsState struct {
	Seq         uint64                 `json:"seq"`
	Round       string                 `json:"round"`
	Number      int64                  `json:"number"`
	RoundStatus string                 `json:"round_status"`
	Results     []json.RawMessage      `json:"results"`
	OpenBets    []projections.RoundBet `json:"open_bets"`
	State       *craps.HandState       `json:"state"`
}

// TestAPI_CrapsHand plays one shooter's hand through HTTP on a real
// JetStream: line, come, place, buy, lay, odds and field bets, a working
// place bet, a take-down, a no roll (a die left the table), the table's
// state between rolls, payouts to the cent against amounts worked out by
// hand from the seed's payouts (seeds/003_79f68ae152380a01.txt), the
// 50-roll board with the next shooter's hand in progress, verification
// clean and the dispute replay of the hand listing, roll by roll, the
// bets each roll decided and the bets still open.
func TestAPI_CrapsHand(t *testing.T) {
	e := newAuditedEnv(t)
	e.deposit("ann", "1000")
	e.deposit("bob", "1000")
	e.must(201, "POST", "/v1/tables", ledger.RoleSupervisor, map[string]any{
		"table": "c1", "paytable": craps.IDPeru1999, "currency": "EUR",
		"limits": map[string]any{"*": map[string]string{"min": "1", "max": "500"}},
		"band":   map[string]string{"min": "0.50", "max": "1000"},
		"dealer": dealerActor,
	})
	round := e.openRound("c1")
	type wbet struct {
		Code    string `json:"code"`
		Stake   string `json:"stake"`
		Working bool   `json:"working,omitempty"`
	}
	slip := func(player string, bets ...wbet) ledger.Result {
		t.Helper()
		return e.must(201, "POST", "/v1/tables/c1/slips", ledger.RoleFrontend, map[string]any{"player": player, "round": round, "bets": bets}).result(t)
	}
	var last uint64
	roll := func(a, b int) {
		t.Helper()
		e.must(200, "POST", e.roundPath("c1", round, "close-betting"), ledger.RoleDealer, nil)
		last = e.must(200, "POST", e.roundPath("c1", round, "result"), ledger.RoleDealer, map[string][]int{"dice": {a, b}}).result(t).LastSeq
	}
	wallets := func(ann, bob string) {
		t.Helper()
		if got := e.balance("ann", last); !got.Equal(dec(ann)) {
			t.Errorf("ann = %s, want %s", got, ann)
		}
		if got := e.balance("bob", last); !got.Equal(dec(bob)) {
			t.Errorf("bob = %s, want %s", got, bob)
		}
	}
	state := func() crapsState {
		t.Helper()
		var s crapsState
		mustJSON(t, e.must(200, "GET", fmt.Sprintf("/v1/tables/c1/state?min_seq=%d", last), ledger.RoleDealer, nil).body, &s)
		if s.State == nil {
			t.Fatalf("no craps state in %+v", s)
		}
		return s
	}

	// Come-out. Come is refused with no point; ann plays pass and the
	// field, bob don't pass and a place 8 that works on the come-out.
	if p := e.must(422, "POST", "/v1/tables/c1/slips", ledger.RoleFrontend, map[string]any{"player": "ann", "round": round, "bets": []wbet{{Code: "come", Stake: "10"}}}).problem(t); p.Code != "bet_refused" {
		t.Fatalf("come on the come-out: %s", p.Code)
	}
	line := slip("ann", wbet{Code: "pass", Stake: "10"}, wbet{Code: "field", Stake: "5"})
	bobFirst := slip("bob", wbet{Code: "dont_pass", Stake: "10"}, wbet{Code: "place:8", Stake: "12", Working: true})
	last = bobFirst.LastSeq
	if s := state(); !s.State.ComeOut || s.State.Rolls != 0 || len(s.OpenBets) != 4 || s.Number != 1 {
		t.Fatalf("state on the come-out: %+v", s)
	}

	// A die leaves the table: no roll. Then 3-3 sets the point 6; the
	// field loses.
	e.must(200, "POST", e.roundPath("c1", round, "close-betting"), ledger.RoleDealer, nil)
	e.must(200, "POST", e.roundPath("c1", round, "reshake"), ledger.RoleDealer, map[string]string{"reason": events.ReshakeDieOut})
	e.must(422, "POST", e.roundPath("c1", round, "result"), ledger.RoleDealer, map[string][]int{"dice": {3, 3, 1}})
	last = e.must(200, "POST", e.roundPath("c1", round, "result"), ledger.RoleDealer, map[string][]int{"dice": {3, 3}}).result(t).LastSeq
	wallets("985", "978")
	s := state()
	if s.RoundStatus != projections.RoundBetting || s.State.Point != 6 || s.State.ComeOut || s.State.Rolls != 1 || len(s.OpenBets) != 3 || len(s.Results) != 1 {
		t.Fatalf("state on the point 6: %+v", s)
	}

	// On the point: pass refused; ann's odds (6:5 on 6), a come bet and
	// buy 4 (5% of 20 = 1.00 at placement); bob lays the 10 (5% of what
	// 40 wins at 1:2, 20 → 1.00).
	if p := e.must(422, "POST", "/v1/tables/c1/slips", ledger.RoleFrontend, map[string]any{"player": "ann", "round": round, "bets": []wbet{{Code: "pass_odds", Stake: "31"}}}).problem(t); p.Code != "bet_refused" {
		t.Fatalf("odds above 3x: %s", p.Code)
	}
	second := slip("ann", wbet{Code: "pass_odds", Stake: "20"}, wbet{Code: "come", Stake: "10"}, wbet{Code: "buy:4", Stake: "20"})
	lay := slip("bob", wbet{Code: "lay:10", Stake: "40"})
	last = lay.LastSeq
	wallets("934", "937")

	// 2-2: the come bet travels to 4, buy 4 pays 2:1 (40, 60 back).
	roll(2, 2)
	wallets("994", "937")
	// Bob takes his place 8 down: the stake back. Ann cannot take pass down.
	down := e.must(200, "POST", e.roundPath("c1", round, "bets/"+bobFirst.Bets[1].Bet+"/take-down"), ledger.RoleFrontend, map[string]string{"player": "bob"}).result(t)
	last = down.LastSeq
	wallets("994", "949")
	if p := e.must(422, "POST", e.roundPath("c1", round, "bets/"+line.Bets[0].Bet+"/take-down"), ledger.RoleFrontend, map[string]string{"player": "ann"}).problem(t); p.Code != "bet_refused" {
		t.Fatalf("take-down of pass: %s", p.Code)
	}

	// 5-3: an 8, which the place 8 would have won; nothing is decided.
	roll(5, 3)
	wallets("994", "949")
	// 4-2: the point is made. Pass wins 10 (20 back), its odds 20 × 6/5
	// = 24 (44 back); don't pass loses. The come bet on 4 and the lay
	// stay up.
	roll(4, 2)
	wallets("1058", "949")
	if s := state(); !s.State.ComeOut || s.State.PointsMade != 1 || s.State.Last != craps.EventPointMade || len(s.OpenBets) != 2 {
		t.Fatalf("state after the point made: %+v", s)
	}

	// Come-out again: ann places the 5 (off on the come-out), bob the 9
	// as working.
	third := slip("ann", wbet{Code: "place:5", Stake: "12"})
	working := slip("bob", wbet{Code: "place:9", Stake: "10", Working: true})
	last = working.LastSeq
	wallets("1046", "939")
	// 1-6: a natural 7 on the come-out, not a seven-out. The come bet on
	// 4 loses, the lay of the 10 wins 40 × 1/2 = 20 (60 back), the
	// working place 9 loses, the place 5 is off and stays.
	roll(1, 6)
	wallets("1046", "999")
	fourth := slip("ann", wbet{Code: "pass", Stake: "10"})
	last = fourth.LastSeq
	// 5-4: the point 9. 3-4: the seven-out: pass and place 5 lose.
	roll(5, 4)
	roll(3, 4)
	wallets("1036", "999")
	var rv projections.RoundView
	mustJSON(t, e.must(200, "GET", fmt.Sprintf("/v1/rounds/%s?min_seq=%d", round, last), ledger.RoleAuditor, nil).body, &rv)
	if rv.Status != projections.RoundSettled || len(rv.Results) != 7 || len(rv.Reshakes) != 1 || rv.Reshakes[0].Reason != events.ReshakeDieOut ||
		!rv.Totals.PlacementCommission.Equal(dec("2")) || !rv.Totals.TakenDown.Equal(dec("12")) {
		t.Fatalf("round view: %s, %d results, reshakes %+v, totals %+v", rv.Status, len(rv.Results), rv.Reshakes, rv.Totals)
	}
	wantReturned := map[string]string{"pass": "20", "field": "0", "dont_pass": "0", "place:8": "12", "pass_odds": "44", "come": "0",
		"buy:4": "60", "lay:10": "60", "place:5": "0", "place:9": "0"}
	for _, b := range rv.Bets {
		want := wantReturned[b.Code]
		if b.Bet == fourth.Bets[0].Bet {
			want = "0"
		}
		if !b.Returned.Equal(dec(want)) {
			t.Errorf("%s returned %s, want %s", b.Code, b.Returned, want)
		}
	}
	e.must(409, "POST", "/v1/tables/c1/slips", ledger.RoleFrontend, map[string]any{"player": "ann", "round": round, "bets": []wbet{{Code: "field", Stake: "5"}}})

	// The next shooter's hand, in progress: 2-3 sets the point 5.
	hand1 := round
	round = e.openRound("c1")
	slip("ann", wbet{Code: "pass", Stake: "10"})
	roll(2, 3)
	s = state()
	if s.Round != round || s.Number != 2 || s.State.Point != 5 || s.State.Rolls != 1 || len(s.OpenBets) != 1 {
		t.Fatalf("state of hand 2: %+v", s)
	}

	// The board: one row per roll, both hands, newest first.
	var board struct {
		Results []struct {
			Round string `json:"round"`
			Dice  [2]int `json:"dice"`
			Total int    `json:"total"`
		} `json:"results"`
		Stats craps.BoardStats `json:"stats"`
	}
	mustJSON(t, e.must(200, "GET", fmt.Sprintf("/v1/tables/c1/board?min_seq=%d", last), ledger.RoleViewer, nil).body, &board)
	if len(board.Results) != 8 || board.Results[0].Round != round || board.Results[0].Total != 5 || board.Results[1].Dice != [2]int{3, 4} {
		t.Fatalf("board rows %+v", board.Results)
	}
	st := board.Stats
	if st.Rolls != 8 || st.PointsMade != 1 || st.SevenOuts != 1 || st.Naturals != 1 || st.Point != 5 || st.Shooter != round ||
		st.ShooterNumber != 2 || st.ShooterRolls != 1 || st.Totals[5].Count.Count != 2 || !slices.Equal(st.Hot, []int{6}) {
		t.Fatalf("board stats %+v", st)
	}

	// Verification: clean, projections compared.
	var vr struct {
		Clean       bool              `json:"clean"`
		Violations  []json.RawMessage `json:"violations"`
		Projections struct {
			Compared bool `json:"compared"`
		} `json:"projections"`
	}
	e.waitProjected()
	mustJSON(t, e.must(200, "POST", "/v1/audit/verify", ledger.RoleAuditor, map[string]any{}).body, &vr)
	if !vr.Clean || !vr.Projections.Compared {
		t.Errorf("verify: clean %v compared %v violations %s", vr.Clean, vr.Projections.Compared, vr.Violations)
	}

	// The dispute replay of hand 1: every bet re-settled matches, and each
	// roll lists the bets it decided and those still open after it.
	var rr replay.RoundReplay
	mustJSON(t, e.must(200, "GET", "/v1/audit/rounds/"+hand1+"/replay", ledger.RoleAuditor, nil).body, &rr)
	if !rr.Match || !rr.ChainOK || len(rr.Steps) != 7 || len(rr.Problems) != 0 {
		t.Fatalf("replay: match %v chain %v steps %d problems %v", rr.Match, rr.ChainOK, len(rr.Steps), rr.Problems)
	}
	ids := func(ids ...string) []string { return ids }
	betIDs := func(bs []ledger.SlipBet) []string {
		out := make([]string, len(bs))
		for i, b := range bs {
			out[i] = b.Bet
		}
		return out
	}
	ann1, bob1, ann2 := betIDs(line.Bets), betIDs(bobFirst.Bets), betIDs(second.Bets)
	for i, want := range []struct{ decided, open []string }{
		{ids(ann1[1]), ids(ann1[0], bob1[0], bob1[1])},                                    // 3-3: the field; place 8 still up
		{ids(ann2[2]), ids(ann1[0], bob1[0], bob1[1], ann2[0], ann2[1], lay.Bets[0].Bet)}, // 2-2: buy 4
		{ids(), ids(ann1[0], bob1[0], ann2[0], ann2[1], lay.Bets[0].Bet)},                 // 5-3, place 8 taken down before it
		{ids(ann1[0], bob1[0], ann2[0]), ids(ann2[1], lay.Bets[0].Bet)},                   // 4-2: the point made
		{ids(ann2[1], lay.Bets[0].Bet, working.Bets[0].Bet), ids(third.Bets[0].Bet)},      // 1-6: natural
		{ids(), ids(third.Bets[0].Bet, fourth.Bets[0].Bet)},                               // 5-4
		{ids(third.Bets[0].Bet, fourth.Bets[0].Bet), ids()},                               // 3-4: seven-out
	} {
		got := rr.Steps[i]
		slices.Sort(got.Decided)
		slices.Sort(got.Open)
		slices.Sort(want.decided)
		slices.Sort(want.open)
		if got.Index != i || !slices.Equal(got.Decided, want.decided) || !slices.Equal(got.Open, want.open) {
			t.Errorf("step %d (%s): decided %v open %v, want %v and %v", i, got.Result, got.Decided, got.Open, want.decided, want.open)
		}
	}
	if string(rr.Steps[6].Result) != `{"dice":[3,4]}` {
		t.Errorf("step 6 result %s", rr.Steps[6].Result)
	}
}
