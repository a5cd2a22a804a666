package ledger_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/drawpoker"
	"github.com/wagerlog/wagerlog/ledger"
)

// TestLedger_DrawPokerPoolProperty plays passes of one pool over two
// linked tables, a Caribbean and a Draw Poker one (seed 004, 6.3: tables
// of several games may share a pool): random slips (any player on any
// seat, any bet, the exchange among them) and then a deal consistent with
// what was accepted (a seat that paid for an exchange exchanges its first
// card, a seat with a call plays, a seat without one folds). The ledger
// must take the deal and settle the round; a Draw Poker seat that
// exchanged or folded never wins the pool; the books balance, the pool
// never goes below zero, and verify finds nothing.
func TestLedger_DrawPokerPoolProperty(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		h := newHarness(rapidTB{TB: t, rt: rt})
		players := []string{"ann", "bob", "cat"}
		for _, p := range players {
			h.deposit(p, "100000")
		}
		h.openCaribbean("c1")
		h.must(&ledger.OpenTable{
			Meta: ledger.Meta{Actor: supervisor}, Table: "d1", Paytable: drawpoker.IDExchangeOne, Currency: "EUR",
			Limits: map[string]ledger.Limit{"ante": {Min: dec("1"), Max: dec("100")}, "exchange": {Min: dec("1"), Max: dec("100")},
				"call": {Min: dec("2"), Max: dec("200")}, "progressive": {Min: dec("1"), Max: dec("1")}},
			Band: ledger.Limit{Min: dec("1"), Max: dec("200")}, Dealer: dealer.ID,
		})
		h.must(configure("jp-1", poolParams(t, "jp-1", 1)))
		h.must(link("jp-1", "c1"))
		h.must(link("jp-1", "d1"))
		for pass := range 3 {
			table := []string{"d1", "c1", "d1"}[pass]
			round := h.openRound(table)
			for range rapid.IntRange(1, 8).Draw(rt, "slips") {
				player := rapid.SampledFrom(players).Draw(rt, "player")
				seat := rapid.IntRange(1, 3).Draw(rt, "seat")
				plans := [][]string{{"ante"}, {"ante", "call"}, {"ante", "progressive"}, {"ante", "call", "progressive"}, {"call"}, {"progressive"}}
				if table == "d1" {
					plans = append(plans, []string{"ante", "exchange", "progressive"}, []string{"exchange"}, []string{"ante", "exchange", "call", "progressive"})
				}
				var bets []ledger.BetRequest
				for _, kind := range rapid.SampledFrom(plans).Draw(rt, "plan") {
					stake := map[string]string{"ante": "5", "exchange": "5", "call": "10", "progressive": "1"}[kind]
					bets = append(bets, ledger.BetRequest{Code: fmt.Sprintf("%s:%d", kind, seat), Stake: dec(stake)})
				}
				before := h.lastSeq()
				if _, err := h.exec(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: frontend}, Table: table, Round: round, Player: player, Bets: bets}); err != nil {
					if code := ledger.CodeOf(err); code != "bet_refused" {
						rt.Fatalf("slip %+v refused with %s: %v", bets, code, err)
					}
					if h.lastSeq() != before {
						rt.Fatalf("a refused slip wrote events")
					}
				}
			}
			h.closeBetting(table, round)
			called, paid, seated := map[int]bool{}, map[int]bool{}, map[int]bool{}
			for _, b := range h.round(round).Bets {
				kind, seat, err := drawpoker.ParseBet(b.Code)
				if err != nil {
					rt.Fatal(err)
				}
				seated[seat] = true
				called[seat] = called[seat] || kind == drawpoker.BetCall
				paid[seat] = paid[seat] || kind == drawpoker.BetExchange
			}
			if len(seated) == 0 {
				h.must(&ledger.Cancel{Meta: ledger.Meta{Actor: supervisor}, Table: table, Round: round, Reason: "no bets"})
				continue
			}
			deck := pokerDeck()
			r := rand.New(rand.NewPCG(rapid.Uint64().Draw(rt, "deck"), 0))
			r.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
			type exchangeJSON struct {
				Discard []string `json:"discard"`
				Draw    []string `json:"draw"`
			}
			type seatJSON struct {
				Seat     int           `json:"seat"`
				Cards    []string      `json:"cards"`
				Fold     bool          `json:"fold,omitempty"`
				Exchange *exchangeJSON `json:"exchange,omitempty"`
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
				s := seatJSON{Seat: seat, Cards: deck[:5], Fold: !called[seat]}
				deck = deck[5:]
				if paid[seat] {
					s.Exchange = &exchangeJSON{Discard: s.Cards[:1], Draw: deck[:1]}
					deck = deck[1:]
				}
				deal.Seats = append(deal.Seats, s)
			}
			raw, _ := json.Marshal(deal)
			if _, err := h.exec(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: table, Round: round, Result: raw}); err != nil {
				rt.Fatalf("accepted bets %v, the deal %s refused: %v", h.round(round).Bets, raw, err)
			}
			if st := h.round(round).Status; st != ledger.RoundSettled {
				rt.Fatalf("round %s is %s after its deal", round, st)
			}
			for _, b := range h.round(round).Bets {
				kind, seat, _ := drawpoker.ParseBet(b.Code)
				if table == "d1" && kind == drawpoker.BetProgressive && (paid[seat] || !called[seat]) && b.Settlement.Outcome != games.OutcomeLost {
					rt.Fatalf("%s on a seat that exchanged (%v) or folded (%v) is %s: %s", b.Code, paid[seat], !called[seat], b.Settlement.Outcome, b.Settlement.Rule)
				}
			}
			crapsCheckMoney(rt, h, table)
			poolNeverNegative(rapidTB{TB: t, rt: rt}, h)
		}
		h.verifyClean()
	})
}
