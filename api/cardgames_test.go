package api_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/wagerlog/wagerlog/games/blackjack"
	"github.com/wagerlog/wagerlog/games/war"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/projections"
	"github.com/wagerlog/wagerlog/replay"
)

// cardTable drives a card game's table through HTTP: the shoe, slips,
// and each card or decision as a result (betting closed before each, as
// a dealer's terminal does).
type cardTable struct {
	t     *testing.T
	e     *env
	table string
	round string
	last  uint64
}

func openCardTable(t *testing.T, e *env, table, paytable string) *cardTable {
	t.Helper()
	e.must(201, "POST", "/v1/tables", ledger.RoleSupervisor, map[string]any{
		"table": table, "paytable": paytable, "currency": "EUR",
		"limits": map[string]any{"*": map[string]string{"min": "1", "max": "500"}},
		"band":   map[string]string{"min": "0.50", "max": "1000"},
		"dealer": dealerActor,
	})
	return &cardTable{t: t, e: e, table: table}
}

func (c *cardTable) slip(player string, bets ...bet) ledger.Result {
	c.t.Helper()
	r := c.e.must(201, "POST", "/v1/tables/"+c.table+"/slips", ledger.RoleFrontend, map[string]any{"player": player, "round": c.round, "bets": bets}).result(c.t)
	c.last = r.LastSeq
	return r
}

func (c *cardTable) refuseSlip(player, code string, bets ...bet) {
	c.t.Helper()
	before := c.e.lastSeq()
	if p := c.e.must(422, "POST", "/v1/tables/"+c.table+"/slips", ledger.RoleFrontend, map[string]any{"player": player, "round": c.round, "bets": bets}).problem(c.t); p.Code != code {
		c.t.Fatalf("slip %v: %s, want %s", bets, p.Code, code)
	}
	if after := c.e.lastSeq(); after != before {
		c.t.Fatalf("a refused slip moved the stream from %d to %d", before, after)
	}
}

func (c *cardTable) closeIfBetting() {
	c.t.Helper()
	var rv projections.RoundView
	mustJSON(c.t, c.e.must(200, "GET", fmt.Sprintf("/v1/rounds/%s?min_seq=%d", c.round, c.e.lastSeq()), ledger.RoleAuditor, nil).body, &rv)
	if rv.Status == projections.RoundBetting {
		c.e.must(200, "POST", c.e.roundPath(c.table, c.round, "close-betting"), ledger.RoleDealer, nil)
	}
}

func (c *cardTable) record(result string) {
	c.t.Helper()
	c.closeIfBetting()
	c.last = c.e.must(200, "POST", c.e.roundPath(c.table, c.round, "result"), ledger.RoleDealer, json.RawMessage(result)).result(c.t).LastSeq
}

func (c *cardTable) refuse(result string) {
	c.t.Helper()
	c.closeIfBetting()
	before := c.e.lastSeq()
	if p := c.e.must(422, "POST", c.e.roundPath(c.table, c.round, "result"), ledger.RoleDealer, json.RawMessage(result)).problem(c.t); p.Code != "invalid_result" {
		c.t.Fatalf("%s: %s, want invalid_result", result, p.Code)
	}
	if after := c.e.lastSeq(); after != before {
		c.t.Fatalf("a refused result moved the stream from %d to %d", before, after)
	}
}

func (c *cardTable) wallet(player, want string) {
	c.t.Helper()
	if got := c.e.balance(player, c.last); !got.Equal(dec(want)) {
		c.t.Errorf("%s = %s, want %s", player, got, want)
	}
}

// state reads the table's state after the last write, the game's part
// into v.
func (c *cardTable) state(v any) projections.TableState {
	c.t.Helper()
	body := c.e.must(200, "GET", fmt.Sprintf("/v1/tables/%s/state?min_seq=%d", c.table, c.last), ledger.RoleDealer, nil).body
	var s struct {
		Round    string                 `json:"round"`
		Results  []json.RawMessage      `json:"results"`
		OpenBets []projections.RoundBet `json:"open_bets"`
		State    json.RawMessage        `json:"state"`
	}
	mustJSON(c.t, body, &s)
	mustJSON(c.t, s.State, v)
	return projections.TableState{Round: s.Round, Results: s.Results, OpenBets: s.OpenBets}
}

// verifyAndReplay checks that the verifier finds the log clean and that
// the dispute replay of the round re-settles every bet to what was paid,
// with every result allowed by the rules.
func (c *cardTable) verifyAndReplay(round string, results int) replay.RoundReplay {
	c.t.Helper()
	var vr struct {
		Clean      bool              `json:"clean"`
		Violations []json.RawMessage `json:"violations"`
	}
	c.e.waitProjected()
	mustJSON(c.t, c.e.must(200, "POST", "/v1/audit/verify", ledger.RoleAuditor, map[string]any{}).body, &vr)
	if !vr.Clean {
		c.t.Errorf("verify: violations %s", vr.Violations)
	}
	var rr replay.RoundReplay
	mustJSON(c.t, c.e.must(200, "GET", "/v1/audit/rounds/"+round+"/replay", ledger.RoleAuditor, nil).body, &rr)
	if !rr.Match || !rr.ChainOK || len(rr.Steps) != results || len(rr.Problems) != 0 {
		c.t.Fatalf("replay: match %v chain %v steps %d problems %v", rr.Match, rr.ChainOK, len(rr.Steps), rr.Problems)
	}
	for _, s := range rr.Steps {
		if !s.Allowed {
			c.t.Errorf("replay step %d %s not allowed: %s", s.Index, s.Result, s.Refusal)
		}
	}
	return rr
}

// TestAPI_War plays a War round with a tie and a war through HTTP on a
// real JetStream: the shoe, the tie bet, the raise placed as a slip
// before the "war" decision recorded on the result route, the table's
// state at the decision, payouts, verification and the dispute replay.
// Each route is tried with a role that may not use it.
func TestAPI_War(t *testing.T) {
	e := newAuditedEnv(t)
	e.deposit("ann", "100")
	c := openCardTable(t, e, "w1", war.IDChile2010)
	e.must(409, "POST", "/v1/tables/w1/rounds", ledger.RoleDealer, nil) // shoe_required
	e.must(403, "POST", "/v1/tables/w1/shoes", ledger.RoleFrontend, map[string]int{"cut_cards": 60})
	e.must(400, "POST", "/v1/tables/w1/shoes", ledger.RoleDealer, map[string]int{"cut_cards": 10})
	e.must(201, "POST", "/v1/tables/w1/shoes", ledger.RoleDealer, map[string]int{"cut_cards": 60})
	c.round = e.openRound("w1")
	c.slip("ann", bet{"main:1", "10"}, bet{"tie:1", "1"})
	c.record(`{"card":"7S","to":"seat:1"}`)
	e.must(403, "POST", e.roundPath("w1", c.round, "result"), ledger.RoleFrontend, json.RawMessage(`{"card":"7D","to":"dealer"}`))
	c.record(`{"card":"7D","to":"dealer"}`)
	var ws war.RoundState
	s := c.state(&ws)
	if ws.Phase != "decide" || ws.Deciding != 1 || len(ws.Seats) != 1 || !ws.Seats[0].Tied || ws.Dealer == nil || ws.Dealer.At != 1 || len(s.OpenBets) != 1 || s.OpenBets[0].Code != "main:1" {
		t.Fatalf("state at the tie: %+v, open %+v", ws, s.OpenBets)
	}
	c.wallet("ann", "100") // 89 + the tie bet's 11
	// War without the raise is refused; the round stays closed (only a
	// result moves it on) and the player surrenders.
	c.refuse(`{"decision":"war","seat":1}`)
	c.record(`{"decision":"surrender","seat":1}`)
	c.wallet("ann", "105")

	// A second round: the war.
	c.round = e.openRound("w1")
	c.slip("ann", bet{"main:1", "10"})
	c.record(`{"card":"QS","to":"seat:1"}`)
	c.record(`{"card":"QH","to":"dealer"}`)
	c.refuseSlip("ann", "bet_refused", bet{"war:1", "20"})
	e.must(403, "POST", "/v1/tables/w1/slips", ledger.RoleDealer, map[string]any{"player": "ann", "round": c.round, "bets": []bet{{"war:1", "10"}}})
	c.slip("ann", bet{"war:1", "10"})
	c.wallet("ann", "85")
	c.record(`{"decision":"war","seat":1}`)
	for _, burn := range []string{"2C", "3C", "4C"} {
		c.record(`{"burn":"` + burn + `"}`)
	}
	c.record(`{"card":"KS","to":"seat:1"}`)
	s = c.state(&ws)
	if ws.Phase != "war" || ws.Seats[0].Decision != war.GoToWar || *ws.Seats[0].DecisionAt != 2 || ws.Seats[0].War.At != 6 || len(ws.Burned) != 3 || len(s.OpenBets) != 2 {
		t.Fatalf("state in the war: %+v, open %+v", ws, s.OpenBets)
	}
	c.record(`{"card":"5D","to":"dealer"}`)
	// The raise wins 10, the bet pushes: 85 + 20 + 10.
	c.wallet("ann", "115")
	// The board holds whole rounds: both, with their pairs.
	var board struct {
		Results []json.RawMessage `json:"results"`
		Stats   war.BoardStats    `json:"stats"`
	}
	mustJSON(t, e.must(200, "GET", fmt.Sprintf("/v1/tables/w1/board?min_seq=%d", c.last), ledger.RoleViewer, nil).body, &board)
	if st := board.Stats; len(board.Results) != 11 || st.Rounds != 2 || st.Incomplete != 0 || st.Ties.Count != 2 || st.Wars.Count != 1 || st.WarsWon != 1 ||
		st.Surrenders.Count != 1 || len(st.Beads) != 2 || st.Beads[1].Pairs[0].War[0] != "KS" {
		t.Fatalf("board: %d rows, stats %+v", len(board.Results), board.Stats)
	}
	rr := c.verifyAndReplay(c.round, 8)
	if string(rr.Steps[2].Result) != `{"decision":"war","seat":1}` || len(rr.Steps[7].Decided) != 2 {
		t.Fatalf("replay steps %+v", rr.Steps)
	}
}

// TestAPI_Blackjack plays a blackjack round through HTTP on a real
// JetStream: two seats, a split and a double as slips before their
// decisions, the table's state with each seat's hands, cards and
// decisions and their positions in the round, the round view with the
// bets' since and placed_seq, payouts, verification and the dispute
// replay with every card and decision allowed.
func TestAPI_Blackjack(t *testing.T) {
	e := newAuditedEnv(t)
	e.deposit("ann", "100")
	e.deposit("cat", "100")
	c := openCardTable(t, e, "b1", blackjack.IDChile2010)
	e.must(201, "POST", "/v1/tables/b1/shoes", ledger.RoleDealer, map[string]int{"cut_cards": 70})
	c.round = e.openRound("b1")
	c.slip("ann", bet{"main:1", "10"})
	c.slip("cat", bet{"main:2", "10"})
	for _, card := range []string{`{"card":"8S","to":"seat:1"}`, `{"card":"TC","to":"seat:2"}`, `{"card":"9H","to":"dealer"}`,
		`{"card":"8D","to":"seat:1"}`, `{"card":"9C","to":"seat:2"}`} {
		c.record(card)
	}
	var bs blackjack.RoundState
	c.state(&bs)
	if bs.Phase != "play" || bs.Turn == nil || bs.Turn.Seat != 1 || bs.Turn.Card || len(bs.Seats) != 2 || bs.Seats[1].Hands[0].Points != 19 {
		t.Fatalf("state after the deal: %+v", bs)
	}
	c.refuseSlip("ann", "bet_refused", bet{"double:1:0", "5"})
	c.refuseSlip("cat", "bet_refused", bet{"split:2:0", "10"})
	split := c.slip("ann", bet{"split:1:0", "10"})
	c.record(`{"decision":"split","seat":1,"hand":0}`)
	c.record(`{"card":"3C","to":"seat:1"}`)
	s := c.state(&bs)
	h := bs.Seats[0].Hands
	if len(h) != 2 || len(h[0].Cards) != 2 || h[0].Cards[1] != (blackjack.CardAt{Card: "3C", At: 6}) || h[1].Cards[0] != (blackjack.CardAt{Card: "8D", At: 3}) ||
		len(bs.Seats[0].Decisions) != 1 || bs.Seats[0].Decisions[0] != (blackjack.DecisionAt{Hand: 0, Decision: blackjack.Split, At: 5}) {
		t.Fatalf("state after the split: %+v", bs.Seats[0])
	}
	if len(s.OpenBets) != 3 || s.OpenBets[2].Code != "split:1:0" || s.OpenBets[2].Since != 5 || s.OpenBets[2].Bet != split.Bets[0].Bet {
		t.Fatalf("open bets after the split: %+v", s.OpenBets)
	}
	c.slip("ann", bet{"double:1:0", "10"})
	c.record(`{"decision":"double","seat":1,"hand":0}`)
	c.record(`{"card":"KC","to":"seat:1"}`)
	c.refuse(`{"decision":"hit","seat":1,"hand":0}`) // 21
	c.record(`{"card":"9D","to":"seat:1","hand":1}`)
	c.record(`{"decision":"stand","seat":1,"hand":1}`)
	c.record(`{"decision":"stand","seat":2,"hand":0}`)
	c.refuse(`{"card":"2D","to":"seat:2"}`) // the dealer draws
	c.record(`{"card":"7C","to":"dealer"}`)
	c.record(`{"card":"TD","to":"dealer"}`)
	// The dealer busts (9 7 T): every hand wins 1:1.
	c.wallet("ann", "130")
	c.wallet("cat", "110")
	var rv projections.RoundView
	mustJSON(t, e.must(200, "GET", fmt.Sprintf("/v1/rounds/%s?min_seq=%d", c.round, c.last), ledger.RoleAuditor, nil).body, &rv)
	if rv.Status != projections.RoundSettled || len(rv.Results) != 14 || len(rv.Bets) != 4 {
		t.Fatalf("round view: %s, %d results, %d bets", rv.Status, len(rv.Results), len(rv.Bets))
	}
	for _, b := range rv.Bets {
		if b.PlacedSeq == 0 || !b.Returned.Equal(dec("20")) {
			t.Errorf("bet %s since %d placed at %d returned %s", b.Code, b.Since, b.PlacedSeq, b.Returned)
		}
	}
	var board struct {
		Results []json.RawMessage    `json:"results"`
		Stats   blackjack.BoardStats `json:"stats"`
	}
	mustJSON(t, e.must(200, "GET", fmt.Sprintf("/v1/tables/b1/board?min_seq=%d", c.last), ledger.RoleViewer, nil).body, &board)
	if st := board.Stats; len(board.Results) != 14 || st.Rounds != 1 || st.Dealer.Bust.Count != 1 || !st.DealerBustRate.Equal(dec("100")) ||
		len(st.Seats) != 2 || st.Seats[0].Hands != 2 || st.Seats[0].Won.Count != 2 || len(st.Beads) != 1 || st.Beads[0].Result != "bust" {
		t.Fatalf("board: %d rows, stats %+v", len(board.Results), board.Stats)
	}
	rr := c.verifyAndReplay(c.round, 14)
	if string(rr.Steps[7].Result) != `{"decision":"double","seat":1,"hand":0}` {
		t.Fatalf("replay step 7 %s", rr.Steps[7].Result)
	}
}
