package ledger_test

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/shopspring/decimal"
	"pgregory.net/rapid"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/craps"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// crapsPropRollsMax bounds the rolls of one check (a hand lasts 8.5 rolls
// on average; a check plays hands until it has rolled this many).
const crapsPropRollsMax = 40

// crapsPropCodes are the bets the property test places, each evaluated by
// crapsModel below, independently of games/craps' settlement.
var crapsPropCodes = []string{"pass", "dont_pass", "come", "field", "place:5", "place:6", "place:8", "place:9",
	"hard:8", "pass_odds", "buy:4", "lay:10"}

// crapsModelBet is a bet as the model follows it: where the table stood
// when it was placed and what it cost.
type crapsModelBet struct {
	id, player, code string
	cents            int64 // stake in cents
	commission       int64 // cents charged at placement
	working          bool
	since            int // rolls of the hand before the bet
	takenDown        bool
}

// crapsModelOutcome is the model's answer for a bet: its outcome, what it
// returns in cents, and the index of the deciding roll (-1: open).
type crapsModelOutcome struct {
	outcome  string
	returned int64
	at       int
}

// crapsModel settles b over a hand's rolls from the rules of docs/games/craps.md
// (Craps) and the seed's payouts, written out again here: line bets travel
// to their own point, place, buy and hardways are off on a come-out roll
// unless working, lay and the field always work, odds pay true odds.
func crapsModel(b crapsModelBet, rolls [][2]int) crapsModelOutcome {
	point := 0 // the table's point before each roll
	own := 0   // a line bet's own point
	for i, r := range rolls {
		n := r[0] + r[1]
		comeOut := point == 0
		win := func(x, y int64) crapsModelOutcome {
			return crapsModelOutcome{"won", b.cents + b.cents*x/y, i}
		}
		lose := crapsModelOutcome{"lost", 0, i}
		if i >= b.since {
			works := !comeOut || b.working
			switch b.code {
			case "pass", "come":
				switch {
				case own == 0 && (n == 7 || n == 11):
					return win(1, 1)
				case own == 0 && (n == 2 || n == 3 || n == 12):
					return lose
				case own == 0:
					own = n
				case n == own:
					return win(1, 1)
				case n == 7:
					return lose
				}
			case "dont_pass":
				switch {
				case own == 0 && (n == 2 || n == 3):
					return win(1, 1)
				case own == 0 && n == 12:
					return crapsModelOutcome{"push", b.cents, i}
				case own == 0 && (n == 7 || n == 11):
					return lose
				case own == 0:
					own = n
				case n == 7:
					return win(1, 1)
				case n == own:
					return lose
				}
			case "field":
				switch n {
				case 2, 12:
					return win(2, 1)
				case 3, 4, 9, 10, 11:
					return win(1, 1)
				}
				return lose
			case "place:5", "place:6", "place:8", "place:9", "buy:4":
				var num int
				fmt.Sscanf(b.code[len(b.code)-1:], "%d", &num)
				x, y := map[int][2]int64{5: {7, 5}, 6: {7, 6}, 8: {7, 6}, 9: {7, 5}, 4: {2, 1}}[num][0], map[int][2]int64{5: {7, 5}, 6: {7, 6}, 8: {7, 6}, 9: {7, 5}, 4: {2, 1}}[num][1]
				switch {
				case !works:
				case n == num:
					return win(x, y)
				case n == 7:
					return lose
				}
			case "hard:8":
				switch {
				case !works:
				case r == [2]int{4, 4}:
					return win(9, 1)
				case n == 7 || n == 8:
					return lose
				}
			case "pass_odds":
				// Behind pass, placed while the point is on: the point
				// at placement is the line bet's.
				p := b.pointAt(rolls)
				x, y := map[int][2]int64{4: {2, 1}, 10: {2, 1}, 5: {3, 2}, 9: {3, 2}, 6: {6, 5}, 8: {6, 5}}[p][0], map[int][2]int64{4: {2, 1}, 10: {2, 1}, 5: {3, 2}, 9: {3, 2}, 6: {6, 5}, 8: {6, 5}}[p][1]
				switch n {
				case p:
					return win(x, y)
				case 7:
					return lose
				}
			case "lay:10":
				switch n {
				case 7:
					return win(1, 2)
				case 10:
					return lose
				}
			}
		}
		// The table's point moves with the roll.
		switch {
		case comeOut && (n == 4 || n == 5 || n == 6 || n == 8 || n == 9 || n == 10):
			point = n
		case !comeOut && (n == point || n == 7):
			point = 0
		}
	}
	return crapsModelOutcome{"open", 0, -1}
}

// pointAt is the table's point when b was placed.
func (b crapsModelBet) pointAt(rolls [][2]int) int {
	point := 0
	for _, r := range rolls[:b.since] {
		n := r[0] + r[1]
		switch {
		case point == 0 && (n == 4 || n == 5 || n == 6 || n == 8 || n == 9 || n == 10):
			point = n
		case point != 0 && (n == point || n == 7):
			point = 0
		}
	}
	return point
}

// crapsModelCommission is the buy and lay commission in cents: 5% of the
// stake (buy) or of what the bet could win (lay 10 at 1:2), rounded up.
func crapsModelCommission(code string, cents int64) int64 {
	base := map[string][2]int64{"buy:4": {1, 1}, "lay:10": {1, 2}}[code]
	if base[1] == 0 {
		return 0
	}
	num, den := cents*base[0]*5, base[1]*100
	return (num + den - 1) / den
}

// TestLedger_CrapsHandsProperty plays whole shooters' hands through the real
// ledger on a real JetStream, with random lawful bets (the paytable's
// Placer says which the table's state takes), working flags and
// take-downs, and checks after every roll that money is conserved (the
// balances of each currency add up to zero, no wallet goes below zero, the
// table's in-play account holds exactly the open bets' stakes) and that
// the hand's point matches the game's fold of the rolls; after the hand,
// that every bet's outcome, payout and deciding roll match an independent
// evaluation of the rules (crapsModel) and each wallet its money; and that
// a restart rebuilds the same state.
func TestLedger_CrapsHandsProperty(t *testing.T) {
	t.Parallel()
	rapidDefaults(t)
	pt, err := craps.Lookup(craps.IDPeru1999)
	if err != nil {
		t.Fatal(err)
	}
	players := []string{"ann", "bob"}
	seen := map[string]int{} // outcomes and take-downs over every check
	rapid.Check(t, func(rt *rapid.T) {
		h := newHarness(rapidTB{TB: t, rt: rt})
		for _, p := range players {
			h.deposit(p, "10000")
		}
		h.openTestTable("c1", craps.IDPeru1999)
		wallet := map[string]int64{"ann": 1_000_000, "bob": 1_000_000} // cents, by the model
		for rolled := 0; rolled < crapsPropRollsMax; {
			round := h.openRound("c1")
			var rolls [][2]int
			var bets []*crapsModelBet
			for {
				// Bets in the hand's state, each checked by the game's
				// Placer against the player's open bets first.
				results := make([]games.Result, len(rolls))
				for i, r := range rolls {
					results[i] = craps.Roll(r)
				}
				for _, p := range players {
					var open []games.Bet
					for _, b := range bets {
						if b.player == p && !b.takenDown && crapsModel(*b, rolls).outcome == "open" {
							open = append(open, games.Bet{Code: b.code, Stake: decimal.New(b.cents, -2), Since: b.since, Working: b.working})
						}
					}
					var reqs []ledger.BetRequest
					var placed []*crapsModelBet
					for range rapid.IntRange(0, 2).Draw(rt, "bets") {
						code := rapid.SampledFrom(crapsPropCodes).Draw(rt, "code")
						cents := int64(rapid.IntRange(2, 40).Draw(rt, "stake")) * 50
						working := rapid.IntRange(0, 3).Draw(rt, "working") == 0
						gb := games.Bet{Code: code, Stake: decimal.New(cents, -2), Since: len(rolls), Working: working}
						if pt.CheckPlacement(gb, results, open) != nil {
							continue
						}
						open = append(open, gb)
						reqs = append(reqs, ledger.BetRequest{Code: code, Stake: gb.Stake, Working: working})
						placed = append(placed, &crapsModelBet{player: p, code: code, cents: cents, working: working, since: len(rolls),
							commission: crapsModelCommission(code, cents)})
					}
					if len(reqs) == 0 {
						continue
					}
					res := h.bet("c1", round, p, reqs...)
					for i, b := range placed {
						b.id = res.Bets[i].Bet
						wallet[p] -= b.cents + b.commission
					}
					bets = append(bets, placed...)
				}
				// Now and then a bet comes down, where the game allows it.
				if len(rolls) > 0 && rapid.IntRange(0, 3).Draw(rt, "take down") == 0 {
					for _, b := range bets {
						if b.takenDown || crapsModel(*b, rolls).outcome != "open" {
							continue
						}
						var others []games.Bet
						for _, o := range bets {
							if o != b && o.player == b.player && !o.takenDown && crapsModel(*o, rolls).outcome == "open" {
								others = append(others, games.Bet{Code: o.code, Stake: decimal.New(o.cents, -2), Since: o.since, Working: o.working})
							}
						}
						gb := games.Bet{Code: b.code, Stake: decimal.New(b.cents, -2), Since: b.since, Working: b.working}
						if pt.CheckTakeDown(gb, results, others) != nil {
							continue
						}
						h.must(&ledger.TakeDown{Meta: ledger.Meta{Actor: frontend}, Table: "c1", Round: round, Player: b.player, Bet: b.id})
						b.takenDown = true
						wallet[b.player] += b.cents
						break
					}
				}
				// The roll.
				roll := [2]int{rapid.IntRange(1, 6).Draw(rt, "die"), rapid.IntRange(1, 6).Draw(rt, "die")}
				rolls = append(rolls, roll)
				rolled++
				h.closeBetting("c1", round)
				h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "c1", Round: round, Result: rollJSON(roll[0], roll[1])})
				crapsCheckMoney(rt, h, "c1")
				// The point: the model's table against the game's fold.
				results = append(results, craps.Roll(roll))
				state := pt.State(results).(craps.HandState)
				model := crapsModelBet{since: len(rolls)}
				if state.Over {
					break
				}
				if got := model.pointAt(rolls); got != state.Point {
					rt.Fatalf("after rolls %v the model's point is %d, the game's %d", rolls, got, state.Point)
				}
			}
			// The hand is over: every bet against the model.
			r := h.round(round)
			if r.Status != ledger.RoundSettled {
				rt.Fatalf("hand %s after a seven-out is %s", round, r.Status)
			}
			byID := map[string]*ledger.Bet{}
			for _, b := range r.Bets {
				byID[b.ID] = b
			}
			for _, b := range bets {
				got := byID[b.id]
				if b.takenDown {
					seen["taken_down"]++
					if got.Status != ledger.BetTakenDown {
						rt.Fatalf("%s %s: %s, want taken_down", b.id, b.code, got.Status)
					}
					continue
				}
				want := crapsModel(*b, rolls)
				if want.outcome == "open" {
					rt.Fatalf("the model leaves %s (%s since %d) open after the seven-out of %v", b.id, b.code, b.since, rolls)
				}
				wallet[b.player] += want.returned
				seen[b.code+" "+want.outcome]++
				seen[want.outcome]++
				if got.Status != ledger.BetSettled || string(got.Settlement.Outcome) != want.outcome ||
					!got.Settlement.Returned.Equal(decimal.New(want.returned, -2)) || got.Step != want.at+1 ||
					!got.Commission.Equal(decimal.New(b.commission, -2)) {
					rt.Fatalf("%s (%s, %s since roll %d, working %v) over %v: ledger %s %s returned %s at roll %d commission %s; model %+v commission %d",
						b.id, b.code, decimal.New(b.cents, -2), b.since, b.working, rolls,
						got.Status, got.Settlement.Outcome, got.Settlement.Returned, got.Step-1, got.Commission, want, b.commission)
				}
			}
			for _, p := range players {
				if got := h.balance(posting.WalletAccount(p)); !got.Equal(decimal.New(wallet[p], -2)) {
					rt.Fatalf("wallet of %s is %s, the model says %s", p, got, decimal.New(wallet[p], -2))
				}
			}
		}
		before := h.snapshot()
		h.restart()
		if after := h.snapshot(); !reflect.DeepEqual(after, before) {
			rt.Fatalf("state after a restart differs:\n got %+v\nwant %+v", after, before)
		}
		crapsCheckMoney(rt, h, "c1")
		// Take-downs and hands of several rolls, read alike by every
		// reader (the round model).
		checkReadersAgree(rapidTB{TB: t, rt: rt}, h)
	})
	t.Logf("bets over every check: %v", seen)
	if seen["won"] == 0 || seen["lost"] == 0 || seen["taken_down"] == 0 {
		t.Errorf("the checks won %d, lost %d and took down %d bets: the hands did not play", seen["won"], seen["lost"], seen["taken_down"])
	}
}

// crapsCheckMoney checks the books: each currency adds up to zero, no
// wallet is below zero, and the table's in-play account holds the stakes of
// its open bets.
func crapsCheckMoney(rt *rapid.T, h *harness, table string) {
	rt.Helper()
	var problem string
	h.inspect(func(s *ledger.State) {
		if problem = booksError(s.Balances()); problem != "" {
			return
		}
		inPlay := decimal.Zero
		for _, id := range s.Rounds() {
			r, _ := s.Round(id)
			if r.Table != table {
				continue
			}
			for _, b := range r.Bets {
				if b.Status == ledger.BetOpen {
					inPlay = inPlay.Add(b.Stake)
				}
			}
		}
		if got := s.Balance(posting.InPlayAccount(table), "EUR"); !got.Equal(inPlay) {
			problem = fmt.Sprintf("%s holds %s, the open bets stake %s", posting.InPlayAccount(table), got, inPlay)
		}
	})
	if problem != "" {
		rt.Fatal(problem)
	}
}
