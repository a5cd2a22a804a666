package ledger_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/wagerlog/wagerlog/games/poker"
	"github.com/wagerlog/wagerlog/ledger"
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
		}
	})
}
