package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/blackjack"
	"github.com/wagerlog/wagerlog/games/cards"
	"github.com/wagerlog/wagerlog/games/war"
	"github.com/wagerlog/wagerlog/ledger"
)

// The demo's card tables, dealt from a shoe.
const (
	// DemoBlackjackTable is the blackjack table: a whole round (the deal,
	// every seat's decisions, the dealer's draws) per interval.
	DemoBlackjackTable = "demo-blackjack"
	// DemoWarTable is the War table: a whole round per interval.
	DemoWarTable = "demo-war"
	// demoDealStepsMax bounds the steps of one demo deal.
	demoDealStepsMax = 400
)

// demoCardSpecs are the card tables of the demo, appended to demoTables'.
func demoCardSpecs(band ledger.Limit) []demoSpec {
	return []demoSpec{
		{DemoBlackjackTable, blackjack.IDChile2010, map[string]ledger.Limit{"*": {Min: band.Min, Max: decimal.RequireFromString("200")}}},
		{DemoWarTable, war.IDChile2010, map[string]ledger.Limit{"*": {Min: band.Min, Max: decimal.RequireFromString("200")}}},
	}
}

// demoSpec is a demo table before its paytable is looked up.
type demoSpec struct {
	id, paytable string
	limits       map[string]ledger.Limit
}

// demoDeal is a demoGame whose round is a deal of cards from a shoe
// (blackjack, War): the demo plays a whole round per interval, each seat a
// demo player, each card and decision a result, a decision's money a bet
// placed just before it. What the rules take is the game's own answer
// through the seam (games.Placer, games.ResultChecker), asked before a
// command is sent.
type demoDeal interface {
	demoGame
	// cut is where the demo's shoes put the cut card.
	cut() int
	// side returns a side bet code and stake for a seat with a main bet
	// of stake main, or "".
	side(rng *rand.Rand, seat int, main decimal.Decimal) (string, decimal.Decimal)
	// next returns the round's next step after results (a nil result
	// when the card drawn fits nowhere). mains are the seats' main stakes.
	next(rng *rand.Rand, pt games.Paytable, results []games.Result, mains map[int]decimal.Decimal) demoStep
}

// demoStep is one result of a deal and, for a decision that adds money,
// the bet seat's player places just before it (code "" for none).
type demoStep struct {
	result games.Result
	code   string
	stake  decimal.Decimal
	seat   int
}

// ensureShoe starts a shoe at a card table with none in play, its cut card
// where deal puts it.
func (d *demo) ensureShoe(ctx context.Context, t *demoTable, deal interface{ cut() int }) error {
	tv, _, err := d.table(ctx, t.id)
	if err != nil {
		return err
	}
	if tv.Shoe > 0 && !tv.ShoeOver {
		return nil
	}
	if _, err := d.led.Execute(ctx, &ledger.StartShoe{Meta: ledger.Meta{Actor: t.dealer}, Table: t.id, CutCards: deal.cut()}); err != nil {
		return fmt.Errorf("start shoe: %w", err)
	}
	return nil
}

// startShoe starts a new shoe at a card table, its cut card where deal
// puts it.
func (d *demo) startShoe(ctx context.Context, t *demoTable, deal interface{ cut() int }) error {
	if _, err := d.led.Execute(ctx, &ledger.StartShoe{Meta: ledger.Meta{Actor: t.dealer}, Table: t.id, CutCards: deal.cut()}); err != nil {
		return fmt.Errorf("start shoe: %w", err)
	}
	return nil
}

// playDeal plays a whole round of a card game: each demo player sits at
// a seat now and then with a main bet (and a side bet), then every card
// and decision as a result, with betting closed before each.
func (d *demo) playDeal(ctx context.Context, t *demoTable, deal demoDeal, round string) error {
	mains := map[int]decimal.Decimal{}
	players := map[int]string{}
	for i, p := range demoPlayers() {
		if d.rng.IntN(4) == 0 {
			continue // sits this round out
		}
		seat := i + 1
		main := d.stakes[1+d.rng.IntN(len(d.stakes)-1)]
		bets := []ledger.BetRequest{{Code: "main:" + strconv.Itoa(seat), Stake: main}}
		if code, stake := deal.side(d.rng, seat, main); code != "" {
			bets = append(bets, ledger.BetRequest{Code: code, Stake: stake})
		}
		_, err := d.led.Execute(ctx, &ledger.PlaceSlip{Meta: ledger.Meta{Actor: demoActor(ledger.RoleFrontend)}, Table: t.id, Round: round, Player: p, Bets: bets})
		switch {
		case errors.Is(err, ledger.ErrInsufficientFunds):
			continue
		case err != nil:
			return fmt.Errorf("slip of %s: %w", p, err)
		}
		mains[seat], players[seat] = main, p
	}
	if len(mains) == 0 {
		// Nobody sat down: the round deals nothing.
		_, err := d.led.Execute(ctx, &ledger.Cancel{Meta: ledger.Meta{Actor: demoActor(ledger.RoleSupervisor)}, Table: t.id, Round: round, Reason: "no player sat down"})
		return err
	}
	var results []games.Result
	for steps := 0; !t.paytable.RoundOver(results); steps++ {
		if steps > demoDealStepsMax {
			return fmt.Errorf("the deal did not end after %d steps", steps)
		}
		st := deal.next(d.rng, t.paytable, results, mains)
		res := st.result
		if res == nil {
			continue
		}
		if st.code != "" {
			if _, err := d.led.Execute(ctx, &ledger.PlaceSlip{
				Meta: ledger.Meta{Actor: demoActor(ledger.RoleFrontend)}, Table: t.id, Round: round, Player: players[st.seat],
				Bets: []ledger.BetRequest{{Code: st.code, Stake: st.stake}},
			}); err != nil {
				if errors.Is(err, ledger.ErrInsufficientFunds) {
					continue // the player cannot pay: another decision
				}
				return fmt.Errorf("%s of %s: %w", st.code, players[st.seat], err)
			}
		}
		if _, err := d.led.Execute(ctx, &ledger.CloseBetting{Meta: ledger.Meta{Actor: t.dealer}, Table: t.id, Round: round}); err != nil {
			return fmt.Errorf("close betting: %w", err)
		}
		if _, err := d.led.Execute(ctx, &ledger.RecordResult{Meta: ledger.Meta{Actor: t.dealer}, Table: t.id, Round: round, Result: res.JSON()}); err != nil {
			return fmt.Errorf("record result %s: %w", res.JSON(), err)
		}
		results = append(results, res)
	}
	d.log.Debug("demo deal settled", "table", t.id, "round", round, "results", len(results))
	return nil
}

// demoCard draws a card and returns the first candidate result for it
// that the rules take after results, or nil (a sixth copy of a card, say).
func demoCard(rng *rand.Rand, rc games.ResultChecker, results []games.Result, candidates func(cards.Card) []games.Result) games.Result {
	c, err := cards.Parse(string("A23456789TJQK"[rng.IntN(13)]) + string("SHDC"[rng.IntN(4)]))
	if err != nil {
		return nil
	}
	for _, r := range candidates(c) {
		if rc.CheckResult(r, results) == nil {
			return r
		}
	}
	return nil
}

// demoSeats returns the seats of mains in order.
func demoSeats(mains map[int]decimal.Decimal) []int {
	var out []int
	for s := 1; s <= blackjack.SeatsMax; s++ {
		if _, ok := mains[s]; ok {
			out = append(out, s)
		}
	}
	return out
}

// blackjackDemo plays blackjack with Perfect Pairs: the players hit,
// stand, double, split and surrender at random among what the cards
// allow, the dealer draws to his rule, and the cut card comes out now and
// then.
type blackjackDemo struct{}

func (blackjackDemo) bet(*rand.Rand, games.Paytable) string { return "main:1" }

func (blackjackDemo) result(*rand.Rand, games.Paytable) json.RawMessage {
	return blackjack.CutCardOut().JSON()
}

func (blackjackDemo) cut() int { return 78 }

func (blackjackDemo) side(rng *rand.Rand, seat int, main decimal.Decimal) (string, decimal.Decimal) {
	if rng.IntN(3) != 0 {
		return "", decimal.Zero
	}
	// Perfect Pairs at half the bet: within its 10%..80%, and at least
	// the table's minimum of 1 for the demo's bets of 2 and more.
	return "perfect_pairs:" + strconv.Itoa(seat), main.Div(decimal.NewFromInt(2)).RoundDown(2)
}

func (blackjackDemo) next(rng *rand.Rand, pt games.Paytable, results []games.Result, mains map[int]decimal.Decimal) demoStep {
	bj, ok := pt.(*blackjack.Paytable)
	if !ok {
		return demoStep{}
	}
	rd, err := bj.Fold(results)
	if err != nil {
		return demoStep{}
	}
	if !rd.CutCard() && rng.IntN(600) == 0 {
		return demoStep{result: blackjack.CutCardOut()}
	}
	if seat, hand, owed, play := rd.Turn(); play && !owed {
		// A player's decision; double on 10 or 11 and split a pair more
		// often than not, else hit below 17.
		h := rd.Seat(seat).Hands[hand].Cards
		d := blackjack.Stand
		switch t := h.Points(); {
		case h.Pair() && rng.IntN(3) > 0:
			d = blackjack.Split
		case (t == 10 || t == 11) && rng.IntN(3) > 0:
			d = blackjack.Double
		case t == 16 && rng.IntN(4) == 0:
			d = blackjack.Surrender
		case t < 17:
			d = blackjack.Hit
		}
		r := blackjack.Decide(d, seat, hand)
		if bj.CheckResult(r, results) != nil {
			r = blackjack.Decide(blackjack.Stand, seat, hand)
			d = blackjack.Stand
		}
		if d == blackjack.Double || d == blackjack.Split {
			return demoStep{result: r, code: string(d) + ":" + strconv.Itoa(seat) + ":" + strconv.Itoa(hand), stake: mains[seat], seat: seat}
		}
		return demoStep{result: r}
	}
	return demoStep{result: demoCard(rng, bj, results, func(c cards.Card) []games.Result {
		var out []games.Result
		for _, s := range demoSeats(mains) {
			for h := range blackjack.HandsLimit {
				out = append(out, blackjack.CardTo(c, s, h))
			}
		}
		return append(out, blackjack.DealerCard(c))
	})}
}

// warDemo plays War: on a tie the player goes to war (raising the bet)
// more often than he surrenders; the cut card comes out now and then.
type warDemo struct{}

func (warDemo) bet(*rand.Rand, games.Paytable) string { return "main:1" }

func (warDemo) result(*rand.Rand, games.Paytable) json.RawMessage { return war.CutCardOut().JSON() }

func (warDemo) cut() int { return 60 }

func (warDemo) side(rng *rand.Rand, seat int, main decimal.Decimal) (string, decimal.Decimal) {
	if rng.IntN(4) != 0 {
		return "", decimal.Zero
	}
	return "tie:" + strconv.Itoa(seat), decimal.NewFromInt(1)
}

func (warDemo) next(rng *rand.Rand, pt games.Paytable, results []games.Result, mains map[int]decimal.Decimal) demoStep {
	wp, ok := pt.(*war.Paytable)
	if !ok {
		return demoStep{}
	}
	if s := wp.Deciding(results); s != nil {
		if rng.IntN(3) > 0 {
			return demoStep{result: war.Decide(war.GoToWar, s.Number), code: "war:" + strconv.Itoa(s.Number), stake: mains[s.Number], seat: s.Number}
		}
		return demoStep{result: war.Decide(war.Surrender, s.Number)}
	}
	if rng.IntN(150) == 0 && wp.CheckResult(war.CutCardOut(), results) == nil {
		return demoStep{result: war.CutCardOut()}
	}
	return demoStep{result: demoCard(rng, wp, results, func(c cards.Card) []games.Result {
		var out []games.Result
		for _, s := range demoSeats(mains) {
			out = append(out, war.CardTo(c, s))
		}
		return append(out, war.DealerCard(c), war.Burn(c))
	})}
}
