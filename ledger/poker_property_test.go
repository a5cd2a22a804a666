package ledger_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
	"pgregory.net/rapid"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games/poker"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// pokerDeck is the 52 cards as the poker package writes them.
func pokerDeck() []string {
	var out []string
	for _, r := range "23456789TJQKA" {
		for _, s := range "CDHS" {
			out = append(out, string(r)+string(s))
		}
	}
	return out
}

// TestLedger_PokerAcceptedIsSettleable places random slips on two
// Caribbean tables linked to one pool (any player on any seat, any bet,
// sometimes with a working flag) and then records a deal consistent
// with what was accepted (a seat with a call plays, a seat with only an
// ante folds): the ledger must take it and settle the round, whatever
// slips it accepted, with the books balanced.
func TestLedger_PokerAcceptedIsSettleable(t *testing.T) {
	rapidDefaults(t)
	rapid.Check(t, func(rt *rapid.T) {
		h := newHarness(rapidTB{TB: t, rt: rt})
		players := []string{"ann", "bob", "cat"}
		for _, p := range players {
			h.deposit(p, "100000")
		}
		h.openCaribbean("c1")
		h.openCaribbean("c2")
		h.must(configure("jp-1", poolParams(t, "jp-1", 1)))
		h.must(link("jp-1", "c1"))
		h.must(link("jp-1", "c2"))
		for pass := range 2 {
			table := []string{"c1", "c2"}[pass%2]
			round := h.openRound(table)
			slips := rapid.IntRange(1, 8).Draw(rt, "slips")
			for range slips {
				player := rapid.SampledFrom(players).Draw(rt, "player")
				// A slip is a seat's bets in the order a player places
				// them, or a bet alone; seats 1..3 so that players meet.
				seat := rapid.IntRange(1, 3).Draw(rt, "seat")
				plan := rapid.SampledFrom([][]string{
					{poker.BetAnte}, {poker.BetAnte, poker.BetCall}, {poker.BetAnte, poker.BetProgressive},
					{poker.BetAnte, poker.BetCall, poker.BetProgressive}, {poker.BetCall}, {poker.BetProgressive},
				}).Draw(rt, "plan")
				var bets []ledger.BetRequest
				for _, kind := range plan {
					stake := map[string]string{poker.BetAnte: "5", poker.BetCall: "10", poker.BetProgressive: "1"}[kind]
					bets = append(bets, ledger.BetRequest{Code: fmt.Sprintf("%s:%d", kind, seat), Stake: dec(stake),
						Working: rapid.IntRange(0, 5).Draw(rt, "working") == 0})
				}
				before := h.lastSeq()
				_, err := h.exec(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: frontend}, Table: table, Round: round, Player: player, Bets: bets})
				if err != nil {
					if code := ledger.CodeOf(err); code != "bet_refused" && code != "invalid_request" {
						rt.Fatalf("slip %+v refused with %s: %v", bets, code, err)
					}
					if h.lastSeq() != before {
						rt.Fatalf("a refused slip wrote events")
					}
				}
			}
			h.closeBetting(table, round)
			// A deal consistent with the accepted bets.
			called, seated := map[int]bool{}, map[int]bool{}
			for _, b := range h.round(round).Bets {
				if b.Working {
					rt.Fatalf("bet %s accepted with a working flag", b.Code)
				}
				kind, seat, err := poker.ParseBet(b.Code)
				if err != nil {
					rt.Fatal(err)
				}
				seated[seat] = true
				called[seat] = called[seat] || kind == poker.BetCall
			}
			deck := pokerDeck()
			r := rand.New(rand.NewPCG(rapid.Uint64().Draw(rt, "deck"), 0))
			r.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
			type seatJSON struct {
				Seat  int      `json:"seat"`
				Cards []string `json:"cards"`
				Fold  bool     `json:"fold,omitempty"`
			}
			deal := struct {
				Dealer []string   `json:"dealer"`
				Seats  []seatJSON `json:"seats"`
			}{Dealer: deck[:5]}
			deck = deck[5:]
			for _, seat := range slices.Sorted(func(yield func(int) bool) {
				for s := range seated {
					if !yield(s) {
						return
					}
				}
			}) {
				deal.Seats = append(deal.Seats, seatJSON{Seat: seat, Cards: deck[:5], Fold: !called[seat]})
				deck = deck[5:]
			}
			if len(deal.Seats) == 0 {
				h.must(&ledger.Cancel{Meta: ledger.Meta{Actor: supervisor}, Table: table, Round: round, Reason: "no bets"})
				continue
			}
			raw, _ := json.Marshal(deal)
			if _, err := h.exec(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: table, Round: round, Result: raw}); err != nil {
				rt.Fatalf("accepted bets %v, the deal %s refused: %v", h.round(round).Bets, raw, err)
			}
			if st := h.round(round).Status; st != ledger.RoundSettled {
				rt.Fatalf("round %s is %s after its deal", round, st)
			}
			crapsCheckMoney(rt, h, table)
			poolNeverNegative(rapidTB{TB: t, rt: rt}, h)
		}
		h.verifyClean()
		// Seats and a linked pool: the pool's balances at each result
		// are the round model's too.
		checkReadersAgree(rapidTB{TB: t, rt: rt}, h)
	})
}

// poolNeverNegative walks the stream and fails when a pool's main account
// is below zero after any event, or any pool account after a round.settled:
// a pass is written funding first.
func poolNeverNegative(tb testing.TB, h *harness) {
	tb.Helper()
	bal := map[string]decimal.Decimal{}
	for _, e := range h.readAll() {
		for _, p := range e.Postings {
			bal[p.From+" "+p.Currency] = bal[p.From+" "+p.Currency].Sub(p.Amount)
			bal[p.To+" "+p.Currency] = bal[p.To+" "+p.Currency].Add(p.Amount)
		}
		for k, v := range bal {
			acct, _, _ := strings.Cut(k, " ")
			if !posting.IsPoolAccount(acct) || !v.IsNegative() {
				continue
			}
			if strings.HasSuffix(acct, ":main") || e.Type == events.TypeRoundSettled {
				tb.Fatalf("%s is %s after event %d (%s)", acct, v, e.Seq, e.Type)
			}
		}
	}
}

// TestLedger_PoolFundedFirst plays the pass that took the main pool below
// zero when prizes were posted before the shortfall funding: a four of a
// kind on a progressive bet of 2 (1,000) and a flush (50) against a main
// pool of 600. The pass is written funding first: the settlements that pay
// nothing, jackpot.pass_funded (r1 then the house), the prizes, then
// round.settled with the reset; the main pool is never below zero after
// any event, and verify finds nothing.
func TestLedger_PoolFundedFirst(t *testing.T) {
	h := newHarness(t)
	h.deposit("ann", "1000")
	h.deposit("bob", "1000")
	h.openCaribbean("c1")
	h.must(&ledger.ChangeLimits{Meta: ledger.Meta{Actor: supervisor}, Table: "c1", Reason: "test",
		Limits: map[string]ledger.Limit{"ante": {Min: dec("1"), Max: dec("100")}, "call": {Min: dec("2"), Max: dec("200")}, "progressive": {Min: dec("1"), Max: dec("2")}}})
	h.must(configure("jp-1", poolParams(t, "jp-1", 1)))
	h.must(&ledger.AdjustPool{Meta: ledger.Meta{Actor: finance}, Pool: "jp-1", Account: "jackpot:jp-1:main", Amount: dec("-400"), Reason: "test: a low pool"})
	h.must(&ledger.AdjustPool{Meta: ledger.Meta{Actor: finance}, Pool: "jp-1", Account: "jackpot:jp-1:reserve:r1", Amount: dec("100"), Reason: "test: a reserve"})
	h.must(link("jp-1", "c1"))
	round := h.openRound("c1")
	h.bet("c1", round, "ann", b("ante:1", "10"), b("call:1", "20"), b("progressive:1", "2"))
	h.bet("c1", round, "bob", b("ante:2", "10"), b("progressive:2", "1"))
	h.closeBetting("c1", round)
	h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "c1", Round: round, Result: json.RawMessage(
		`{"dealer":["AH","KD","5C","7S","9H"],"seats":[{"seat":1,"cards":["2H","2D","2C","2S","9D"]},{"seat":2,"cards":["KC","JC","8C","6C","3C"],"fold":true}]}`)})
	var types []events.Type
	for _, e := range h.eventsOf(round) {
		if e.Seq > 0 && (e.Type == events.TypeBetSettled || e.Type == events.TypeJackpotPassFunded || e.Type == events.TypeRoundSettled) {
			types = append(types, e.Type)
		}
	}
	// ann's ante and call, bob's ante and progressive (folded: no prize),
	// the funding, ann's progressive prize, the round.
	want := []events.Type{events.TypeBetSettled, events.TypeBetSettled, events.TypeBetSettled, events.TypeBetSettled,
		events.TypeJackpotPassFunded, events.TypeBetSettled, events.TypeRoundSettled}
	if !slices.Equal(types, want) {
		t.Fatalf("the pass's events %v, want %v", types, want)
	}
	// main 600 + 1.44 + 0.72 (bob's folded bet) = 602.16; the prize 1,000
	// needs 397.84: r1's 100 + 0.36 + 0.18, then 297.30 from c1's house;
	// the empty main pool restarts at 1,000 from c1's house.
	h.wantBalances(map[string]string{
		"jackpot:jp-1:main": "1000", "jackpot:jp-1:reserve:r1": "0",
		posting.WalletAccount("ann"): "2408",     // 1000 − 32 + 20 (ante 1:1) + 420 (call 20:1) + 1000
		posting.HouseAccount("c1"):   "-1697.30", // −410 to ann, +10 bob's ante, −297.30, −1000
	})
	rs := roundSettled(h, round)
	if rs.Funds.Pool.Order != events.PassFundedFirst || rs.Funds.Pool.Funded != 2 || len(rs.Transfers) != 3 {
		t.Fatalf("round.settled funds %+v, transfers %+v", rs.Funds.Pool, rs.Transfers)
	}
	poolNeverNegative(t, h)
	h.verifyClean()
	h.restart()
	h.verifyClean()
}
