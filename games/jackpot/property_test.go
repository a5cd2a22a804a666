package jackpot

import (
	"testing"

	"github.com/shopspring/decimal"
	"pgregory.net/rapid"

	"github.com/wagerlog/wagerlog/games/poker"
)

// propertyPools are the configurations the property test plays: the
// catalog pool; one with two reserves, a ceiling, an odd commission and a
// casino-funded reset; one in a currency without decimals.
func propertyPools(t testing.TB) []*Pool {
	jp1, err := Lookup(IDPool1)
	if err != nil {
		t.Fatal(err)
	}
	return []*Pool{
		jp1,
		testPool(t, func(p *Params) {
			p.CommissionPercent = dec("12.5")
			p.Reserves = []Reserve{{Name: "over", Percent: dec("7.5")}, {Name: "next", Percent: dec("15")}}
			p.Base = dec("500")
			p.Ceiling = dec("20000")
			p.Reset = ResetFromCasino
		}),
		testPool(t, func(p *Params) {
			p.Scale = 0
			p.CommissionPercent = dec("15")
			p.Reserves = []Reserve{{Name: "r", Percent: dec("33.3333")}}
			p.Reset = ResetFromReserves
		}),
	}
}

// TestPool_Conservation plays many passes on several tables linked to one
// pool, with hands biased towards the prize categories, and checks to the
// smallest unit that the bets collected less the commission (plus what the
// casino put in for shortfalls and resets, zero when the pools cover
// everything) equal the pools' growth plus the prizes paid; that every
// split adds up to its bet; that the regulator report of the period
// balances and agrees; and that no account goes negative and the main pool
// never ends a pass below its base.
func TestPool_Conservation(t *testing.T) {
	pools := propertyPools(t)
	// What the runs exercised, so that a generator that stops reaching
	// the prizes fails the test instead of passing it vacuously.
	seen := map[string]int{}
	rapid.Check(t, func(t *rapid.T) {
		pool := pools[rapid.IntRange(0, len(pools)-1).Draw(t, "pool")]
		params := pool.Params()
		unit := decimal.New(1, -params.Scale)
		tables := rapid.IntRange(2, 4).Draw(t, "tables")
		passes := rapid.IntRange(1, 40).Draw(t, "passes")
		state := NewState(pool)
		for i := range tables {
			var err error
			if state, err = state.Link(string(rune('A' + i))); err != nil {
				t.Fatal(err)
			}
		}
		opening := pool.Opening()
		bal := opening.Clone()
		var all []Movement
		z := decimal.Zero
		bets, commission, casino, prizes := z, z, z, z
		for range passes {
			table := string(rune('A' + rapid.IntRange(0, tables-1).Draw(t, "table")))
			var err error
			if state, err = state.OpenRound(table, pool.Hash()); err != nil {
				t.Fatal(err)
			}
			if _, err := state.Configure(pool); err == nil {
				t.Fatal("parameters changed with a round open")
			}
			seats := rapid.IntRange(0, 7).Draw(t, "seats")
			deck := rapid.Permutation(deckOf()).Draw(t, "deck")
			var hands []SeatHand
			for s := 1; s <= seats; s++ {
				bet := decimal.New(rapid.Int64Range(1, 50000).Draw(t, "bet"), -params.Scale)
				split, err := pool.Contribute(bal, bet)
				if err != nil {
					t.Fatal(err)
				}
				sum := split.Commission.Add(split.Main)
				for _, r := range split.Reserves {
					sum = sum.Add(r)
				}
				exact := bet.Mul(params.CommissionPercent).Div(decimal.NewFromInt(100))
				if !sum.Equal(bet) || split.Commission.GreaterThan(exact) || exact.Sub(split.Commission).Cmp(unit) >= 0 {
					t.Fatalf("split of %s: %+v", bet, split)
				}
				ms := pool.Movements(split, s)
				bal = pool.Apply(bal, ms)
				all = append(all, ms...)
				bets = bets.Add(bet)
				commission = commission.Add(split.Commission)
				var h poker.Hand
				h, deck = deal(t, deck)
				forfeit := rapid.SampledFrom([]string{ForfeitNone, ForfeitNone, ForfeitNone, ForfeitFolded, ForfeitExchanged}).Draw(t, "forfeit")
				hands = append(hands, SeatHand{Seat: s, Bet: bet, Cards: h, Forfeit: forfeit})
			}
			r, err := pool.PayPass(bal, hands)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range r.Movements {
				seen[m.Kind+" "+m.Hand]++
				if m.From == AccountCasino {
					seen["casino"]++
				}
			}
			for i, z := range r.Prizes {
				h := hands[i]
				line, ok := pool.PrizeFor(poker.Eval(h.Cards).Category())
				switch {
				case z.Prize.Sign() < 0:
					t.Fatalf("negative prize %+v", z)
				case h.Forfeit != ForfeitNone || !ok:
					if !z.Prize.IsZero() {
						t.Fatalf("seat %d wins %s with %s, forfeit %q", z.Seat, z.Prize, z.Hand, h.Forfeit)
					}
				case line.Fixed():
					if !z.Prize.Equal(h.Bet.Mul(decimal.NewFromInt(line.Multiple))) {
						t.Fatalf("fixed prize %+v for bet %s", z, h.Bet)
					}
				case line.CapMultiple > 0:
					if z.Prize.GreaterThan(h.Bet.Mul(decimal.NewFromInt(line.CapMultiple))) {
						t.Fatalf("prize %+v above the cap for bet %s", z, h.Bet)
					}
				}
			}
			if r.After.Main.LessThan(params.Base) || negative(r.After) {
				t.Fatalf("after the pass: %+v", r.After)
			}
			bal = r.After
			all = append(all, r.Movements...)
			casino = casino.Add(r.CasinoFunding)
			prizes = prizes.Add(r.PrizesPaid)
			if state, err = state.CloseRound(table); err != nil {
				t.Fatal(err)
			}
		}
		growth := bal.Total().Sub(opening.Total())
		if !bets.Sub(commission).Add(casino).Equal(growth.Add(prizes)) {
			t.Fatalf("bets %s − commission %s + casino %s ≠ growth %s + prizes %s", bets, commission, casino, growth, prizes)
		}
		rep := pool.Summarize(opening, all)
		if !rep.Balanced || !rep.Closing.Total().Equal(bal.Total()) || !rep.Closing.Main.Equal(bal.Main) ||
			!rep.Commission.Equal(commission) || !rep.Contributions.Equal(bets.Sub(commission)) || !rep.Prizes.Equal(prizes) ||
			!rep.ResetsFromCasino.Add(rep.ShortfallsFromCasino).Equal(casino) || !rep.Bets.Equal(bets) {
			t.Fatalf("report %+v disagrees: bets %s, commission %s, prizes %s, casino %s, closing %+v", rep, bets, commission, prizes, casino, bal)
		}
	})
	t.Logf("movements seen: %v", seen)
	for _, k := range []string{"prize flush", "prize full_house", "prize four_of_a_kind", "prize straight_flush", "prize royal_flush", "reset ", "shortfall flush", "casino"} {
		if seen[k] == 0 {
			t.Errorf("no run had a %q movement", k)
		}
	}
}

func deckOf() []poker.Card {
	d := make([]poker.Card, poker.DeckCards)
	for i := range d {
		d[i] = poker.CardAt(i)
	}
	return d
}

// deal takes a hand from the deck, often rigged to a prize category so
// that the pool pays in most runs: a category and a rank are drawn, and
// the hand is made from the deck's cards when they are all there.
func deal(t *rapid.T, deck []poker.Card) (poker.Hand, []poker.Card) {
	want := rapid.SampledFrom([]string{"any", "flush", "full", "quads", "straight_flush", "royal"}).Draw(t, "rig")
	suit := rapid.IntRange(0, 3).Draw(t, "suit")
	rank := rapid.IntRange(2, 13).Draw(t, "rank")
	var pick []poker.Card
	at := func(r, s int) poker.Card { return poker.CardAt((r-2)*4 + s) }
	switch want {
	case "royal":
		for r := 10; r <= 14; r++ {
			pick = append(pick, at(r, suit))
		}
	case "straight_flush":
		lo := min(rank, 9)
		for r := lo; r < lo+5; r++ {
			pick = append(pick, at(r, suit))
		}
	case "quads":
		for s := range 4 {
			pick = append(pick, at(rank, s))
		}
	case "full":
		other := rank%13 + 2
		pick = []poker.Card{at(rank, 0), at(rank, 1), at(rank, 2), at(other, 0), at(other, 1)}
	case "flush":
		for _, r := range []int{2, 4, 7, 9, 12} {
			pick = append(pick, at((r+rank-2)%13+2, suit))
		}
	}
	rest := deck
	var h poker.Hand
	n := 0
	for _, c := range pick {
		i := index(rest, c)
		if i < 0 {
			n = 0
			rest = deck
			break
		}
		h[n] = c
		n++
		rest = append(append([]poker.Card(nil), rest[:i]...), rest[i+1:]...)
	}
	for n < poker.HandCards {
		h[n] = rest[0]
		rest = rest[1:]
		n++
	}
	return h, rest
}

func index(d []poker.Card, c poker.Card) int {
	for i, x := range d {
		if x == c {
			return i
		}
	}
	return -1
}
