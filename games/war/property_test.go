package war

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/cards"
	"github.com/wagerlog/wagerlog/internal/testsize"
)

// TestRound_Property plays whole rounds with random seats, tie bets and
// decisions, placing each raise through CheckPlacement before its
// decision, and checks: RoundOver only at the end, every bet decided
// then and never changed once decided, money against the test's own
// evaluation of the cards, and replay from the results' JSON.
func TestRound_Property(t *testing.T) {
	p := chile(t)
	rounds := 2000
	if !testsize.Full() {
		rounds = 300
	}
	rng := rand.New(rand.NewPCG(4, 2010))
	shoe := cards.Cards(p.Decks())
	// A small shoe of few ranks makes ties common enough to test wars.
	for i := range rounds {
		cards.Shuffle(rng, shoe)
		deck := shoe
		if i%2 == 0 {
			deck = tiesOften(shoe)
		}
		t.Run(fmt.Sprint(i), func(t *testing.T) { randomRound(t, p, rng, deck) })
	}
}

// tiesOften keeps the shoe's nines and tens, shuffled as they were.
func tiesOften(shoe []cards.Card) []cards.Card {
	var out []cards.Card
	for _, c := range shoe {
		if c.Rank() == '9' || c.Rank() == 'T' {
			out = append(out, c)
		}
	}
	return out
}

func randomRound(t *testing.T, p *Paytable, rng *rand.Rand, shoe []cards.Card) {
	ten := decimal.NewFromInt(10)
	var results []games.Result
	var bets []games.Bet
	pos := 0
	draw := func() cards.Card { pos++; return shoe[pos-1] }
	add := func(r Result) {
		t.Helper()
		if err := p.CheckResult(r, results); err != nil {
			t.Fatalf("%s: %v", r, err)
		}
		results = append(results, r)
	}
	place := func(code string) {
		t.Helper()
		b := games.Bet{Code: code, Stake: ten, Since: len(results)}
		if err := p.CheckPlacement(b, results, bets); err != nil {
			t.Fatalf("%s: %v", code, err)
		}
		bets = append(bets, b)
	}
	var seats []int
	for s := 1; s <= 5; s++ {
		if rng.IntN(2) == 0 || (s == 5 && len(seats) == 0) {
			seats = append(seats, s)
			place(fmt.Sprintf("main:%d", s))
			if rng.IntN(2) == 0 {
				place(fmt.Sprintf("tie:%d", s))
			}
		}
	}
	card := map[int]cards.Card{}
	for _, s := range seats {
		card[s] = draw()
		add(CardTo(card[s], s))
	}
	dealer := draw()
	add(DealerCard(dealer))
	decision := map[int]Decision{}
	for _, s := range seats {
		if rankOf(card[s]) != rankOf(dealer) {
			continue
		}
		d := Surrender
		if rng.IntN(3) > 0 {
			d = GoToWar
			place(fmt.Sprintf("war:%d", s))
		}
		decision[s] = d
		add(Decide(d, s))
	}
	warCard := map[int]cards.Card{}
	var dealerWar cards.Card
	if p.Deciding(results) == nil && !p.RoundOver(results) {
		for range p.Settings().BurnBeforeWar {
			add(Burn(draw()))
		}
		for _, s := range seats {
			if decision[s] == GoToWar {
				warCard[s] = draw()
				add(CardTo(warCard[s], s))
			}
		}
		dealerWar = draw()
		add(DealerCard(dealerWar))
	}
	for k := range results {
		if p.RoundOver(results[:k]) {
			t.Fatalf("over after %d of %d results", k, len(results))
		}
	}
	if !p.RoundOver(results) {
		t.Fatal("not over")
	}
	final := map[string]games.Settlement{}
	for _, b := range bets {
		s, err := p.Settle(b, 2, results)
		if err != nil || !s.Outcome.Decided() {
			t.Fatalf("%s: %+v %v", b.Code, s, err)
		}
		final[b.Code] = s
		for k := b.Since; k < len(results); k++ {
			early, _ := p.Settle(b, 2, results[:k])
			if early.Outcome.Decided() && (early.Outcome != s.Outcome || !early.Returned.Equal(s.Returned)) {
				t.Fatalf("%s changed after it was decided", b.Code)
			}
		}
	}
	// The test's own evaluation.
	for _, s := range seats {
		want := decimal.Zero
		pc, dc := rankOf(card[s]), rankOf(dealer)
		switch {
		case pc > dc:
			want = decimal.NewFromInt(20)
		case pc < dc:
		case decision[s] == Surrender:
			want = decimal.NewFromInt(5)
		case rankOf(warCard[s]) >= rankOf(dealerWar):
			want = decimal.NewFromInt(30) // the bet back, the raise and its win
		}
		got := final[fmt.Sprintf("main:%d", s)].Returned
		if w, ok := final[fmt.Sprintf("war:%d", s)]; ok {
			got = got.Add(w.Returned)
		}
		if !got.Equal(want) {
			t.Fatalf("seat %d: %s returned, want %s (%s vs %s)", s, got, want, card[s], dealer)
		}
		if tb, ok := final[fmt.Sprintf("tie:%d", s)]; ok && (tb.Outcome == games.OutcomeWon) != (pc == dc) {
			t.Fatalf("seat %d tie bet %s", s, tb.Outcome)
		}
	}
	again := make([]games.Result, len(results))
	for i, r := range results {
		pr, err := p.ParseResult(r.JSON())
		if err != nil || !pr.Equal(r) || p.CheckResult(pr, again[:i]) != nil {
			t.Fatalf("replay %s: %v", r.JSON(), err)
		}
		again[i] = pr
	}
	for _, b := range bets {
		if s, err := p.Settle(b, 2, again); err != nil || s.Rule != final[b.Code].Rule {
			t.Fatalf("replayed %s: %v", b.Code, err)
		}
	}
}
