package audit_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/internal/ledgertest"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// cardSeat is one seat of a Caribbean or Draw Poker deal as the dealer
// records it.
type cardSeat struct {
	Seat     int       `json:"seat"`
	Cards    []string  `json:"cards"`
	Fold     bool      `json:"fold,omitempty"`
	Exchange *exchange `json:"exchange,omitempty"`
}

type exchange struct {
	Discard []string `json:"discard"`
	Draw    []string `json:"draw"`
}

// TestVerify_ComplementaryCardGames is the property of passes of one pool
// with complementary prizes over linked tables of two games, Caribbean
// poker and Draw Poker (seed 004, 6.3 and 6.5.1), from a fixed seed:
// seats ante, some buy a card (Draw Poker), some call and the others do
// not go, some stake their progressive bet with promotional credits. The
// stream verifies clean (money conserved, credits included; every draw of
// the revealed seed drawn again equal to the recorded one); seats that
// exchanged or did not go qualify for the draws and win some of them;
// finance's credits row balances; every pass's dispute matches; and a
// copy of the stream with one drawn value changed is reported
// draw_mismatch.
func TestVerify_ComplementaryCardGames(t *testing.T) {
	cat := registry.New()
	h := ledgertest.NewDrawing(t, cat)
	fin := events.Actor{ID: "fin-1", Role: ledger.RoleFinance}
	tables := map[string]string{"c1": "poker/caribbean", "d1": "drawpoker/exchange-one", "d2": "drawpoker/exchange-one"}
	order := []string{"c1", "d1", "d2"}
	for _, tb := range order {
		h.OpenGameTable(tb, tables[tb])
	}
	h.Must(&ledger.ConfigurePool{Meta: ledger.Meta{Actor: fin}, Pool: "jp-c", Currency: "EUR", Params: drawParams(t, 1)})
	for _, tb := range order {
		h.Must(&ledger.LinkPool{Meta: ledger.Meta{Actor: ledgertest.Supervisor}, Pool: "jp-c", Table: tb})
	}
	for p := range 6 {
		h.Deposit(fmt.Sprintf("p%d", p+1), "1000")
	}
	rng := rand.New(rand.NewPCG(4, 6))
	var deck []string
	for _, r := range "23456789TJQKA" {
		for _, s := range "SHDC" {
			deck = append(deck, string(r)+string(s))
		}
	}
	const passes = 30
	credited := 0
	// forfeited are the bets of seats that exchanged or did not go.
	forfeited := map[string]bool{}
	for i := range passes {
		if i == passes/2 {
			h.Must(&ledger.ConfigurePool{Meta: ledger.Meta{Actor: fin}, Pool: "jp-c", Currency: "EUR", Params: drawParams(t, 2), Reason: "a new seed"})
		}
		tb := order[i%len(order)]
		round := h.OpenRound(tb)
		rng.Shuffle(len(deck), func(a, b int) { deck[a], deck[b] = deck[b], deck[a] })
		dealt := deck[5:]
		deal := struct {
			Dealer []string   `json:"dealer"`
			Seats  []cardSeat `json:"seats"`
		}{Dealer: deck[:5]}
		seats := rng.Perm(6)[:1+rng.IntN(3)]
		slices.Sort(seats)
		for _, s := range seats {
			seat := s + 1
			player := fmt.Sprintf("p%d", seat)
			bets := []ledger.BetRequest{ledgertest.BetOf(fmt.Sprintf("ante:%d", seat), "5")}
			cs := cardSeat{Seat: seat, Cards: dealt[:5], Fold: rng.IntN(3) == 0}
			dealt = dealt[5:]
			if tables[tb] == "drawpoker/exchange-one" && rng.IntN(3) == 0 {
				bets = append(bets, ledgertest.BetOf(fmt.Sprintf("exchange:%d", seat), "5"))
				cs.Exchange = &exchange{Discard: cs.Cards[:1], Draw: dealt[:1]}
				dealt = dealt[1:]
			}
			if !cs.Fold {
				bets = append(bets, ledgertest.BetOf(fmt.Sprintf("call:%d", seat), "10"))
			}
			prog := ledgertest.BetOf(fmt.Sprintf("progressive:%d", seat), "1")
			byCredits := rng.IntN(2) == 0
			if !byCredits {
				bets = append(bets, prog)
			}
			h.Must(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: ledgertest.Frontend}, Table: tb, Round: round, Player: player, Bets: bets})
			if byCredits {
				slip := &ledger.PlaceSlip{Meta: ledger.Meta{Actor: ledgertest.Frontend}, Table: tb, Round: round, Player: player,
					Bets: []ledger.BetRequest{prog}, Funding: posting.FundingCredits}
				if _, err := h.Exec(slip); err == nil {
					credited++
				} else if ledger.CodeOf(err) != "insufficient_funds" {
					t.Fatalf("a progressive bet paid with credits: %v", err)
				} else {
					slip.Funding = ""
					h.Must(slip)
				}
			}
			if cs.Fold || cs.Exchange != nil {
				forfeited[fmt.Sprintf("%s/%d", round, seat)] = true
			}
			deal.Seats = append(deal.Seats, cs)
		}
		h.CloseBetting(tb, round)
		raw, err := json.Marshal(deal)
		if err != nil {
			t.Fatal(err)
		}
		h.Must(&ledger.RecordResult{Meta: ledger.Meta{Actor: ledgertest.Dealer}, Table: tb, Round: round, Result: raw})
	}
	if credited == 0 {
		t.Fatal("no progressive bet was paid with credits: change the seed")
	}

	opts := audit.Options{Games: cat, SubjectPrefix: jetstream.DefaultSubjectPrefix}
	mustClean(t, h.Stream, opts)
	drawn, seeds := readDraws(t, h.Stream)
	if len(drawn) != passes || len(seeds) != 1 {
		t.Fatalf("%d passes drawn, %d seeds revealed; want %d and 1", len(drawn), len(seeds), passes)
	}
	// Forfeited seats qualify ("siempre podrá ser acreedor de los premios
	// complementarios") and some win.
	qualified, won := 0, 0
	for _, d := range drawn {
		for _, b := range d.p.Bets {
			if forfeited[fmt.Sprintf("%s/%d", d.p.Round, b.Seat)] {
				qualified++
			}
		}
		for _, z := range d.p.Prizes {
			if forfeited[fmt.Sprintf("%s/%d", d.p.Round, z.Seat)] {
				won++
			}
		}
	}
	if qualified == 0 || won == 0 {
		t.Fatalf("seats that exchanged or did not go: %d bets drawn for, %d prizes won; want some of each (change the seed)", qualified, won)
	}
	t.Logf("%d passes, %d progressive bets paid with credits, %d draws for seats that exchanged or did not go, %d of their prizes", passes, credited, qualified, won)
	per, err := audit.ParsePeriod("month:2026-11", time.UTC)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := audit.Reconcile(context.Background(), h.Stream, per, opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Discrepancies) != 0 {
		t.Fatalf("discrepancies %+v", rec.Discrepancies)
	}
	for _, x := range rec.Totals {
		if x.Scope == audit.ScopeCredits && (!x.CreditsIssued.IsPositive() || !x.CreditsSpent.IsPositive() ||
			!x.Closing.Equal(x.Opening.Add(x.CreditsIssued).Sub(x.CreditsSpent).Add(x.CreditsRefunded).Sub(x.CreditsExpired))) {
			t.Fatalf("credits row %+v", x)
		}
	}
	for _, d := range drawn {
		mustAllMatch(t, dispute(t, h.Stream, d.p.Round, opts))
	}

	// One drawn value of a revealed pass changed in a copy of the stream.
	var at uint64
	for _, d := range drawn {
		if d.p.Commitment == seeds[0].Commitment && len(d.p.Prizes) > 0 {
			at = d.seq
			break
		}
	}
	if at == 0 {
		t.Fatal("no pass of the revealed seed won a complementary prize: change the seed")
	}
	cp, _ := copyStream(t, h.Stream, func(seq uint64, _ *events.Envelope, p events.Payload) events.Payload {
		if seq == at {
			p.(*events.JackpotDrawn).Prizes[0].Value++
		}
		return p
	})
	rep := verify(t, cp, 0, 0, opts)
	if !slices.ContainsFunc(rep.Violations, func(v audit.Violation) bool { return v.Kind == audit.KindDrawMismatch }) {
		t.Fatalf("verify did not report the doctored draw: %v", rep.Violations)
	}
}
