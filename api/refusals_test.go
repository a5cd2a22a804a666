package api_test

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/bingo"
	"github.com/wagerlog/wagerlog/games/craps"
	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/ledger"
)

// docStatuses reads the status of every code docs/ERRORS.md documents,
// from its tables' rows (| `code` | status | meaning |).
func docStatuses(t *testing.T) map[string]int {
	t.Helper()
	doc, err := os.ReadFile("../docs/ERRORS.md")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int{}
	for _, m := range regexp.MustCompile("(?m)^\\| `([a-z_]+)` \\| (\\d{3}) \\|").FindAllSubmatch(doc, -1) {
		status, _ := strconv.Atoi(string(m[2]))
		out[string(m[1])] = status
	}
	if len(out) < 40 {
		t.Fatalf("docs/ERRORS.md: %d codes read from its tables", len(out))
	}
	return out
}

// refusalTable is one paytable's table as the refusals test sets it up:
// open, with a shoe or a bank when its game needs them, a round taking
// bets, and a bet code the table accepts.
type refusalTable struct {
	pt    games.Paytable
	table string
	round string
	code  string
}

// setUpRefusals opens a table of pt and a round taking bets, and finds a
// bet code of the paytable that a slip of 5 places there (the first of
// its RTP listing that the game takes at a round's start).
func setUpRefusals(t *testing.T, e *env, pt games.Paytable, table string) refusalTable {
	t.Helper()
	e.must(201, "POST", "/v1/tables", ledger.RoleSupervisor, map[string]any{
		"table": table, "paytable": pt.ID(), "currency": "EUR",
		"limits": map[string]any{"*": map[string]string{"min": "1", "max": "100"}},
		"band":   map[string]string{"min": "0.50", "max": "1000"},
		"dealer": dealerActor,
	})
	if _, ok := pt.(games.Shoed); ok {
		// The cut card's place is the game's rule; the first the game
		// takes starts the shoe (a refused one writes nothing).
		started := false
		for _, cut := range []int{10, 52, 78} {
			if r := e.req("POST", "/v1/tables/"+table+"/shoes", ledger.RoleDealer, map[string]any{"cut_cards": cut}); r.status == 201 {
				started = true
				break
			}
		}
		if !started {
			t.Fatalf("%s: no shoe started", pt.ID())
		}
	}
	if _, ok := pt.(games.PlayerBanked); ok {
		e.must(200, "POST", "/v1/wallets/banker-"+table+"/deposit", ledger.RoleCashier, map[string]any{"amount": "1000", "currency": "EUR"})
		e.must(201, "POST", "/v1/tables/"+table+"/bank", ledger.RoleDealer, map[string]any{"player": "banker-" + table, "amount": "1000"})
	}
	rt := refusalTable{pt: pt, table: table, round: e.openRound(table)}
	// The listing's codes, then each kind's first seat (a blackjack main
	// bet, which the RTP listing leaves to the strategy tables).
	var codes []string
	for _, b := range pt.RTP() {
		codes = append(codes, b.Code)
	}
	for _, k := range pt.Kinds() {
		codes = append(codes, k+":1", k)
	}
	for _, code := range codes {
		r := e.req("POST", "/v1/tables/"+table+"/slips", ledger.RoleFrontend, map[string]any{"player": "ann", "round": rt.round, "bets": []bet{{Code: code, Stake: "5"}}})
		if r.status == 201 {
			rt.code = code
			break
		}
	}
	if rt.code == "" {
		t.Fatalf("%s: no bet of its listing is placed at a round's start", pt.ID())
	}
	return rt
}

// TestContract_DocumentedRefusals sends each refusal that docs/ERRORS.md
// and docs/API.md document for slips, results and take-downs to a table
// of every paytable of the catalog where it applies, and checks that the
// answer is the documented code with the status of docs/ERRORS.md's
// table, and that nothing was written.
func TestContract_DocumentedRefusals(t *testing.T) {
	e := newEnv(t, envOptions{})
	status := docStatuses(t)
	e.deposit("ann", "10000")
	slip := func(rt refusalTable, player string, b map[string]any) (string, any) {
		return "/v1/tables/" + rt.table + "/slips", map[string]any{"player": player, "round": rt.round, "bets": []map[string]any{b}}
	}
	type refusal struct {
		name string
		code string
		// skip says why the refusal does not apply to a paytable ("" when
		// it does).
		skip func(pt games.Paytable) string
		req  func(rt refusalTable) (method, path, role string, body any)
	}
	always := func(games.Paytable) string { return "" }
	// Betting open.
	open := []refusal{
		{"unknown bet code", "invalid_bet_code", always, func(rt refusalTable) (string, string, string, any) {
			p, b := slip(rt, "ann", map[string]any{"code": "no such bet", "stake": "5"})
			return "POST", p, ledger.RoleFrontend, b
		}},
		{"working flag on a game without one", "bet_refused",
			func(pt games.Paytable) string {
				if pt.Game() == "craps" {
					return "craps has the working flag"
				}
				return ""
			},
			func(rt refusalTable) (string, string, string, any) {
				p, b := slip(rt, "ann", map[string]any{"code": rt.code, "stake": "5", "working": true})
				return "POST", p, ledger.RoleFrontend, b
			}},
		{"stake below the table's minimum", "stake_below_limit", always, func(rt refusalTable) (string, string, string, any) {
			p, b := slip(rt, "ann", map[string]any{"code": rt.code, "stake": "0.50"})
			return "POST", p, ledger.RoleFrontend, b
		}},
		{"stake above the table's maximum", "stake_above_limit", always, func(rt refusalTable) (string, string, string, any) {
			p, b := slip(rt, "ann", map[string]any{"code": rt.code, "stake": "500"})
			return "POST", p, ledger.RoleFrontend, b
		}},
		{"stake with too many decimals", "invalid_amount", always, func(rt refusalTable) (string, string, string, any) {
			p, b := slip(rt, "ann", map[string]any{"code": rt.code, "stake": "5.001"})
			return "POST", p, ledger.RoleFrontend, b
		}},
		{"wallet short of the stake", "insufficient_funds", always, func(rt refusalTable) (string, string, string, any) {
			code := rt.code
			if rt.pt.Game() == "bingo" {
				// A card number is sold once a game: another card.
				code = bingo.GenerateCard(0, bingo.CardID{Series: "A", Number: 2}).BetCode()
			}
			if _, seated := rt.pt.(games.Seated); seated {
				// A seat is one player's box, and ann's bets hold seat 1:
				// the broke player sits at another.
				kind, _, _ := strings.Cut(code, ":")
				code = kind + ":2"
			}
			p, b := slip(rt, "broke", map[string]any{"code": code, "stake": "5"})
			return "POST", p, ledger.RoleFrontend, b
		}},
		{"result while betting is open", "invalid_round_state", always, func(rt refusalTable) (string, string, string, any) {
			return "POST", e.roundPath(rt.table, rt.round, "result"), ledger.RoleDealer, map[string]any{"nothing": true}
		}},
		{"result for a round the table does not have", "round_not_found", always, func(rt refusalTable) (string, string, string, any) {
			return "POST", e.roundPath(rt.table, uuid.NewString(), "result"), ledger.RoleDealer, map[string]any{"nothing": true}
		}},
		{"take-down of a bet the round does not have", "bet_not_found", always, func(rt refusalTable) (string, string, string, any) {
			return "POST", e.roundPath(rt.table, rt.round, "bets/"+uuid.NewString()+"/take-down"), ledger.RoleFrontend, map[string]any{"player": "ann"}
		}},
	}
	// Betting closed.
	closed := []refusal{
		{"slip after betting closed", "round_not_open", always, func(rt refusalTable) (string, string, string, any) {
			p, b := slip(rt, "ann", map[string]any{"code": rt.code, "stake": "5"})
			return "POST", p, ledger.RoleFrontend, b
		}},
		{"result with members of no game", "invalid_result", always, func(rt refusalTable) (string, string, string, any) {
			return "POST", e.roundPath(rt.table, rt.round, "result"), ledger.RoleDealer, map[string]any{"nothing": true}
		}},
		{"result with members of another game", "invalid_result", always, func(rt refusalTable) (string, string, string, any) {
			body := map[string]any{"pocket": "00"}
			if rt.pt.Game() == "roulette" {
				body = map[string]any{"dice": []int{1, 2, 3}}
			}
			return "POST", e.roundPath(rt.table, rt.round, "result"), ledger.RoleDealer, body
		}},
	}
	run := func(t *testing.T, rt refusalTable, cases []refusal) {
		for _, c := range cases {
			if why := c.skip(rt.pt); why != "" {
				continue
			}
			want, ok := status[c.code]
			if !ok {
				t.Fatalf("%s: docs/ERRORS.md documents no code %s", c.name, c.code)
			}
			method, path, role, body := c.req(rt)
			before := e.lastSeq()
			r := e.req(method, path, role, body)
			got := ""
			if r.status >= 400 {
				got = r.problem(t).Code
			}
			if after := e.lastSeq(); after != before {
				t.Errorf("%s: %s answered %d and wrote events %d..%d", rt.pt.ID(), c.name, r.status, before+1, after)
			}
			if r.status == want && got == c.code {
				continue
			}
			t.Errorf("%s: %s answered %s, docs/ERRORS.md says %d %s", rt.pt.ID(), c.name, r, want, c.code)
		}
	}
	for i, pt := range registry.New().Paytables() {
		t.Run(pt.ID(), func(t *testing.T) {
			rt := setUpRefusals(t, e, pt, fmt.Sprintf("rf%d", i))
			run(t, rt, open)
			e.must(200, "POST", e.roundPath(rt.table, rt.round, "close-betting"), ledger.RoleDealer, nil)
			run(t, rt, closed)
		})
	}
}

// TestContract_BingoSessionRefusals: a malformed card or bet code answers
// the same code inside a session as outside one (invalid_card,
// invalid_bet_code, docs/ERRORS.md), and a card of no announced series
// bet_refused, each with the docs' status.
func TestContract_BingoSessionRefusals(t *testing.T) {
	e := newEnv(t, envOptions{})
	status := docStatuses(t)
	e.deposit("ann", "100")
	e.must(201, "POST", "/v1/tables", ledger.RoleSupervisor, map[string]any{
		"table": "bg", "paytable": bingo.IDEs1979, "currency": "EUR",
		"limits": map[string]any{"card": map[string]string{"min": "1", "max": "10"}},
		"band":   map[string]string{"min": "0.50", "max": "1000"},
		"dealer": dealerActor,
	})
	card := bingo.ExampleCard().BetCode()
	// Card A-1 with its first two numbers swapped: the same numbers out of
	// their columns' order.
	parts := strings.Split(strings.TrimPrefix(card, "card:A-1:"), ",")
	parts[0], parts[1] = parts[1], parts[0]
	badCard := "card:A-1:" + strings.Join(parts, ",")
	cases := []struct {
		name, code, bet string
	}{
		{"a card whose numbers break its rules", "invalid_card", badCard},
		{"a code that is no card", "invalid_bet_code", "line:17"},
	}
	send := func(round, label string) {
		t.Helper()
		for _, c := range cases {
			before := e.lastSeq()
			r := e.req("POST", "/v1/tables/bg/slips", ledger.RoleFrontend, map[string]any{"player": "ann", "round": round, "bets": []bet{{Code: c.bet, Stake: "1.00"}}})
			p := r.problem(t)
			if r.status != status[c.code] || p.Code != c.code {
				t.Errorf("%s, %s: %d %s (%s), docs/ERRORS.md says %d %s", label, c.name, r.status, p.Code, p.Detail, status[c.code], c.code)
			}
			if e.lastSeq() != before {
				t.Errorf("%s, %s: the refusal wrote events", label, c.name)
			}
		}
	}
	round := e.openRound("bg")
	send(round, "outside a session")
	e.must(200, "POST", e.roundPath("bg", round, "close-betting"), ledger.RoleDealer, nil)
	e.must(200, "POST", e.roundPath("bg", round, "cancel"), ledger.RoleSupervisor, map[string]any{"reason": "test"})
	e.must(201, "POST", "/v1/tables/bg/sessions", ledger.RoleSupervisor, map[string]any{"session": "eve", "terms": map[string]any{"series": []map[string]any{{"id": "A", "face": "1.00", "from": 1, "to": 420}}}})
	round = e.openRound("bg")
	send(round, "inside a session")
	// A well-formed card of no announced series is the session's
	// refusal.
	other := bingo.GenerateCard(0, bingo.CardID{Series: "B", Number: 1}).BetCode()
	r := e.req("POST", "/v1/tables/bg/slips", ledger.RoleFrontend, map[string]any{"player": "ann", "round": round, "bets": []bet{{Code: other, Stake: "1.00"}}})
	if p := r.problem(t); r.status != status["bet_refused"] || p.Code != "bet_refused" {
		t.Errorf("a card of no series: %d %s, docs say %d bet_refused", r.status, p.Code, status["bet_refused"])
	}
}

// TestContract_CrapsLineBetWithOddsStays: a don't pass with odds behind
// it is not taken down (docs/GAMES.md, Craps: the odds come down first),
// answered bet_refused with the docs' status; after the odds, it comes
// down.
func TestContract_CrapsLineBetWithOddsStays(t *testing.T) {
	e := newEnv(t, envOptions{})
	status := docStatuses(t)
	e.deposit("ann", "100")
	e.must(201, "POST", "/v1/tables", ledger.RoleSupervisor, map[string]any{
		"table": "cr", "paytable": craps.IDPeru1999, "currency": "EUR",
		"limits": map[string]any{"*": map[string]string{"min": "1", "max": "100"}},
		"band":   map[string]string{"min": "0.50", "max": "1000"},
		"dealer": dealerActor,
	})
	round := e.openRound("cr")
	line := e.slip("cr", round, "ann", bet{"dont_pass", "10"}).Bets[0].Bet
	e.must(200, "POST", e.roundPath("cr", round, "close-betting"), ledger.RoleDealer, nil)
	e.must(200, "POST", e.roundPath("cr", round, "result"), ledger.RoleDealer, json.RawMessage(`{"dice":[2,2]}`))
	odds := e.slip("cr", round, "ann", bet{"dont_pass_odds", "10"}).Bets[0].Bet
	p := e.refused(status["bet_refused"], "bet_refused", "POST", e.roundPath("cr", round, "bets/"+line+"/take-down"), ledger.RoleFrontend, map[string]any{"player": "ann"})
	if !strings.Contains(p.Detail, "dont_pass_odds") {
		t.Errorf("detail %q does not name the odds", p.Detail)
	}
	e.must(200, "POST", e.roundPath("cr", round, "bets/"+odds+"/take-down"), ledger.RoleFrontend, map[string]any{"player": "ann"})
	e.must(200, "POST", e.roundPath("cr", round, "bets/"+line+"/take-down"), ledger.RoleFrontend, map[string]any{"player": "ann"})
}
