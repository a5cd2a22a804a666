package blackjack

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/cards"
	"github.com/wagerlog/wagerlog/internal/testsize"
)

// refHand is the test's own record of a hand, kept from the results it
// writes, independently of Round.
type refHand struct {
	cards               Hand
	doubled, split, sur bool
}

// TestRound_Property plays whole rounds with random seats, side bets and
// decisions (some refused, which must leave the round as it was), placing
// each double and split as a bet through CheckPlacement just before its
// decision. For every round it checks that:
//
//   - CheckPlacement accepts a double or split exactly when CheckResult
//     accepts the decision;
//   - RoundOver is false until the dealer's last card and true after it,
//     and every bet is decided then;
//   - a bet once decided keeps its settlement as results are added;
//   - money is conserved: what the bets return equals what the test's own
//     evaluation of the hands (kept apart from Round) says, and each
//     settlement's returned amount is the stake plus the win, the stake,
//     or less than the stake, as its outcome says;
//   - replay: the results' JSON parses back to equal results, which fold
//     and settle to the same settlements.
func TestRound_Property(t *testing.T) {
	p := chile(t)
	rounds := 400
	if !testsize.Full() {
		rounds = 100
	}
	rng := rand.New(rand.NewPCG(18, 2010))
	shoe := cards.Cards(p.Decks())
	for i := range rounds {
		cards.Shuffle(rng, shoe)
		t.Run(fmt.Sprint(i), func(t *testing.T) { randomRound(t, p, rng, shoe) })
	}
}

func randomRound(t *testing.T, p *Paytable, rng *rand.Rand, shoe []cards.Card) {
	ten := decimal.NewFromInt(10)
	var results []games.Result
	var bets []games.Bet
	pos := 0
	draw := func() cards.Card { pos++; return shoe[pos-1] }
	add := func(r Result) error {
		if err := p.CheckResult(r, results); err != nil {
			return err
		}
		results = append(results, r)
		if rng.IntN(40) == 0 && !p.RoundOver(results) && p.CheckResult(CutCardOut(), results) == nil {
			results = append(results, CutCardOut())
		}
		return nil
	}
	mustAdd := func(r Result) {
		t.Helper()
		if err := add(r); err != nil {
			t.Fatalf("%s after %d results: %v", r, len(results), err)
		}
	}
	place := func(code string, stake decimal.Decimal) error {
		b := games.Bet{Code: code, Stake: stake, Since: len(results)}
		err := p.CheckPlacement(b, results, bets)
		if err == nil {
			bets = append(bets, b)
		}
		return err
	}
	// Seats and their bets.
	var seats []int
	for s := 1; s <= 4; s++ {
		if rng.IntN(2) == 0 || (s == 4 && len(seats) == 0) {
			seats = append(seats, s)
		}
	}
	ref := map[int][]*refHand{}
	for _, s := range seats {
		if err := place(fmt.Sprintf("main:%d", s), ten); err != nil {
			t.Fatal(err)
		}
		if err := place(fmt.Sprintf("main:%d", s), ten); err == nil {
			t.Fatal("a second main bet")
		}
		switch rng.IntN(3) {
		case 0:
			if err := place(fmt.Sprintf("perfect_pairs:%d", s), decimal.NewFromInt(5)); err != nil {
				t.Fatal(err)
			}
		case 1:
			if err := place(fmt.Sprintf("perfect_pairs:%d", s), decimal.NewFromInt(9)); BrokenRule(err) != RuleBetStake {
				t.Fatalf("Perfect Pairs of 9 on 10: %v", err)
			}
		}
	}
	if err := place("perfect_pairs:5", decimal.NewFromInt(5)); err == nil && !contains(seats, 5) {
		t.Fatal("Perfect Pairs without a main bet")
	}
	// The deal.
	for _, s := range seats {
		c := draw()
		mustAdd(CardTo(c, s, 0))
		ref[s] = []*refHand{{cards: Hand{c}}}
	}
	up := draw()
	mustAdd(DealerCard(up))
	for _, s := range seats {
		c := draw()
		mustAdd(CardTo(c, s, 0))
		ref[s][0].cards = append(ref[s][0].cards, c)
	}
	for _, s := range seats {
		err := place(fmt.Sprintf("insurance:%d", s), decimal.NewFromInt(5))
		if (err == nil) != (up.Rank() == 'A') {
			t.Fatalf("insurance with %s up: %v", up, err)
		}
		if err == nil {
			if err := place(fmt.Sprintf("insurance:%d", s), decimal.NewFromInt(1)); BrokenRule(err) != RuleBetStake {
				t.Fatalf("insurance above half the bet: %v", err)
			}
		}
	}
	// Play, with random decisions.
	for guard := 0; ; guard++ {
		if guard > 400 {
			t.Fatal("the round does not end")
		}
		rd, err := p.Fold(results)
		if err != nil {
			t.Fatal(err)
		}
		seat, hand, owed, ok := rd.Turn()
		if !ok {
			break
		}
		if owed {
			c := draw()
			mustAdd(CardTo(c, seat, hand))
			ref[seat][hand].cards = append(ref[seat][hand].cards, c)
			continue
		}
		d := allDecisions()[rng.IntN(len(allDecisions()))]
		if d == Hit && ref[seat][hand].cards.Points() >= 17 && rng.IntN(3) > 0 {
			d = Stand
		}
		r := Decide(d, seat, hand)
		decisionErr := p.CheckResult(r, results)
		if d == Double || d == Split {
			code := fmt.Sprintf("%s:%d:%d", d, seat, hand)
			placeErr := p.CheckPlacement(games.Bet{Code: code, Stake: ten, Since: len(results)}, results, bets)
			if (placeErr == nil) != (decisionErr == nil) {
				t.Fatalf("%s: placement %v, decision %v", code, placeErr, decisionErr)
			}
			if placeErr != nil && BrokenRule(placeErr) != BrokenRule(decisionErr) {
				t.Fatalf("%s: placement rule %q, decision rule %q", code, BrokenRule(placeErr), BrokenRule(decisionErr))
			}
			if decisionErr == nil {
				if err := place(code, decimal.NewFromInt(11)); BrokenRule(err) != RuleBetStake {
					t.Fatalf("%s of 11 on 10: %v", code, err)
				}
				if err := place(code, ten); err != nil {
					t.Fatal(err)
				}
				if err := place(code, ten); BrokenRule(err) != RuleBetNotNow {
					t.Fatalf("%s twice for one decision: %v", code, err)
				}
			}
		}
		if decisionErr != nil {
			if BrokenRule(decisionErr) == "" {
				t.Fatalf("%s refused without a rule: %v", r, decisionErr)
			}
			continue
		}
		mustAdd(r)
		hs := ref[seat]
		switch d {
		case Double:
			hs[hand].doubled = true
		case Split:
			nh := &refHand{cards: Hand{hs[hand].cards[1]}, split: true}
			hs[hand].cards, hs[hand].split = hs[hand].cards[:1:1], true
			ref[seat] = append(hs, nh)
		case Surrender:
			hs[hand].sur = true
		}
	}
	var dealer Hand = Hand{up}
	for !p.RoundOver(results) {
		c := draw()
		mustAdd(DealerCard(c))
		dealer = append(dealer, c)
	}
	for k := range results {
		if p.RoundOver(results[:k]) {
			t.Fatalf("over after %d of %d results", k, len(results))
		}
	}
	// Settle every bet, at every prefix, and against the reference.
	final := make([]games.Settlement, len(bets))
	for i, b := range bets {
		s, err := p.Settle(b, 2, results)
		if err != nil || !s.Outcome.Decided() {
			t.Fatalf("%s: %+v %v", b.Code, s, err)
		}
		final[i] = s
		checkMoney(t, b, s)
		for k := b.Since; k < len(results); k++ {
			early, err := p.Settle(b, 2, results[:k])
			if err != nil {
				t.Fatalf("%s at %d: %v", b.Code, k, err)
			}
			if early.Outcome.Decided() && (early.Outcome != s.Outcome || !early.Returned.Equal(s.Returned)) {
				t.Fatalf("%s decided %s at %d, %s at the end", b.Code, early.Outcome, k, s.Outcome)
			}
		}
	}
	for _, seat := range seats {
		want := decimal.Zero
		for _, h := range ref[seat] {
			want = want.Add(refReturn(h, dealer, ten))
		}
		got := decimal.Zero
		for i, b := range bets {
			if bt, _ := ParseBet(b.Code); bt.Seat() == seat && (bt.Kind() == KindMain || bt.Kind() == KindDouble || bt.Kind() == KindSplit) {
				got = got.Add(final[i].Returned)
			}
		}
		if !got.Equal(want) {
			t.Fatalf("seat %d: bets return %s, the hands %s (dealer %s, results %d)", seat, got, want, dealer, len(results))
		}
	}
	// Replay from the JSON.
	again := make([]games.Result, len(results))
	for i, r := range results {
		pr, err := p.ParseResult(r.JSON())
		if err != nil || !pr.Equal(r) || string(pr.JSON()) != string(r.JSON()) {
			t.Fatalf("%s: %v", r.JSON(), err)
		}
		if err := p.CheckResult(pr, again[:i]); err != nil {
			t.Fatalf("replay %s: %v", r.JSON(), err)
		}
		again[i] = pr
	}
	for i, b := range bets {
		s, err := p.Settle(b, 2, again)
		if err != nil || s.Outcome != final[i].Outcome || !s.Returned.Equal(final[i].Returned) || s.Rule != final[i].Rule {
			t.Fatalf("replayed %s: %+v %v", b.Code, s, err)
		}
	}
}

// refReturn is what a hand's stakes return, evaluated apart from Round.
func refReturn(h *refHand, dealer Hand, stake decimal.Decimal) decimal.Decimal {
	if h.doubled {
		stake = stake.Add(stake)
	}
	pt := h.cards.Points()
	natural := len(h.cards) == 2 && pt == 21 && !h.split
	dnat := len(dealer) == 2 && dealer.Points() == 21
	switch {
	case h.sur:
		return stake.Div(decimal.NewFromInt(2))
	case pt > 21:
		return decimal.Zero
	case dnat && natural:
		return stake
	case dnat:
		return decimal.Zero
	case natural:
		return stake.Mul(decimal.NewFromFloat(2.5))
	case dealer.Points() > 21 || pt > dealer.Points():
		return stake.Add(stake)
	case pt == dealer.Points():
		return stake
	}
	return decimal.Zero
}

// checkMoney checks one settlement against its outcome: the amounts
// balance and never exceed the paytable's largest payout (25:1).
func checkMoney(t *testing.T, b games.Bet, s games.Settlement) {
	t.Helper()
	switch s.Outcome {
	case games.OutcomeWon:
		if s.Win.Sign() <= 0 || !s.Returned.Equal(b.Stake.Add(s.Win)) {
			t.Fatalf("%s: %+v", b.Code, s)
		}
	case games.OutcomePush:
		if s.Win.Sign() != 0 || !s.Returned.Equal(b.Stake) {
			t.Fatalf("%s: %+v", b.Code, s)
		}
	case games.OutcomeLost:
		if s.Win.Sign() != 0 || s.Returned.Cmp(b.Stake) >= 0 || s.Returned.Sign() < 0 {
			t.Fatalf("%s: %+v", b.Code, s)
		}
	}
	if s.Residue.Sign() < 0 || s.Returned.Cmp(b.Stake.Mul(decimal.NewFromInt(26))) > 0 {
		t.Fatalf("%s: %+v", b.Code, s)
	}
}

func contains(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}
