package bingo

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/internal/testsize"
)

// oracle finds a game's winners without the detector: each row is
// complete at the latest position of its numbers in the draw, a card's
// line at its earliest row, its bingo at its latest; the prizes go to
// the cards whose line (bingo) comes at the earliest position of all.
// perm is the whole draw, all 90 balls.
func oracle(cards []Card, perm []int) (lineAt int, line []int, bingoAt int, bingo []int) {
	var pos [NumbersMax + 1]int
	for i, n := range perm {
		pos[n] = i + 1
	}
	lineOf := make([]int, len(cards))
	bingoOf := make([]int, len(cards))
	lineAt, bingoAt = NumbersMax+1, NumbersMax+1
	for i, c := range cards {
		lineOf[i] = NumbersMax + 1
		for _, row := range c.Rows {
			done := 0
			for _, n := range row {
				done = max(done, pos[n])
			}
			lineOf[i] = min(lineOf[i], done)
			bingoOf[i] = max(bingoOf[i], done)
		}
		lineAt, bingoAt = min(lineAt, lineOf[i]), min(bingoAt, bingoOf[i])
	}
	for i := range cards {
		if lineOf[i] == lineAt {
			line = append(line, i)
		}
		if bingoOf[i] == bingoAt {
			bingo = append(bingo, i)
		}
	}
	return lineAt, line, bingoAt, bingo
}

// randomGame sells n cards of random series and prices, some of them with
// the numbers of another card (so that prizes are often shared), and
// draws all 90 balls.
func randomGame(rng *rand.Rand, n int) ([]SoldCard, []int) {
	prices := []string{"1.00", "1.00", "0.50", "2.00", "1.25", "0.01"}
	series := []string{"A", "B", "C12"}
	next := map[string]int{}
	cards := make([]SoldCard, n)
	for i := range cards {
		s := series[rng.IntN(len(series))]
		next[s] += 1 + rng.IntN(3)
		id := CardID{Series: s, Number: next[s]}
		c := GenerateCard(rng.Uint64(), id)
		if i > 0 && rng.IntN(10) == 0 {
			c.Rows = cards[rng.IntN(i)].Card.Rows
		}
		cards[i] = SoldCard{Card: c, Price: dec(prices[rng.IntN(len(prices))])}
	}
	// Card order in a game is the order of sale, not card-number order.
	rng.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
	perm := rng.Perm(NumbersMax)
	for i := range perm {
		perm[i]++
	}
	return cards, perm
}

// TestProperty_RandomGames plays random games with thousands of cards and
// checks, for each: the detector and SettleGame find the oracle's winners
// on the oracle's balls; each prize is exactly the sum of its shares (the
// prize pool ends empty), each share is the proportional share rounded
// down plus, for the first winner in card-number order only, a remainder
// below one unit per winner; the round's transfers conserve money; and the
// game replayed settles to the same bytes.
func TestProperty_RandomGames(t *testing.T) {
	pt := Paytables()[0]
	games, cardsPer := 24, 3000
	if !testsize.Full() {
		games, cardsPer = 4, 2000
	}
	rng := rand.New(rand.NewPCG(17, 1979))
	shared := 0
	for g := range games {
		n := cardsPer
		if g%3 == 1 {
			n = 1 + rng.IntN(12) // few cards: long games, ties on late balls
		}
		cards, perm := randomGame(rng, n)
		plain := make([]Card, len(cards))
		for i, c := range cards {
			plain[i] = c.Card
		}
		lineAt, line, bingoAt, bingo := oracle(plain, perm)
		balls := perm[:bingoAt]

		// The detector, ball by ball.
		d := NewDetector(plain)
		for _, b := range balls {
			st, err := d.Draw(b)
			if err != nil {
				t.Fatalf("game %d: %v", g, err)
			}
			if (st.Index == lineAt) != (st.Line != nil) || st.Index == lineAt && !slices.Equal(st.Line, line) {
				t.Fatalf("game %d ball %d: line %v, oracle %v on %d", g, st.Index, st.Line, line, lineAt)
			}
			if (st.Index == bingoAt) != (st.Bingo != nil) || st.Index == bingoAt && !slices.Equal(st.Bingo, bingo) {
				t.Fatalf("game %d ball %d: bingo %v, oracle %v on %d", g, st.Index, st.Bingo, bingo, bingoAt)
			}
		}
		if !d.Over() {
			t.Fatalf("game %d: not over after the oracle's bingo", g)
		}

		// The settlement.
		bs := bets(cards)
		prizes, closing, err := pt.CloseSales(bs, 2)
		if err != nil {
			t.Fatal(err)
		}
		rs, err := pt.SettleWhole(bs, 2, Results(balls))
		if err != nil {
			t.Fatalf("game %d: %v", g, err)
		}
		gs := rs.Game
		if gs.Line.Index != lineAt || gs.Bingo.Index != bingoAt {
			t.Fatalf("game %d: line %d bingo %d, oracle %d %d", g, gs.Line.Index, gs.Bingo.Index, lineAt, bingoAt)
		}
		for _, p := range []struct {
			res    PrizeResult
			amount decimal.Decimal
			want   []int
		}{{gs.Line, prizes.Line, line}, {gs.Bingo, prizes.Bingo, bingo}} {
			checkShares(t, p.res, p.amount, p.want, cards)
		}
		b := balances(append(closing, rs.Transfers...))
		sales := gs.Sales
		if !b[AccountStakes].Add(sales).IsZero() || !b[AccountPrizePool].IsZero() ||
			!b[AccountPunter].Add(b[AccountHouse]).Equal(sales) || !b[AccountHouse].Equal(gs.HallRevenue) ||
			!gs.HallRevenue.Add(prizes.Total()).Equal(sales) {
			t.Fatalf("game %d: balances %v, sales %s", g, b, sales)
		}
		paid := decimal.Zero
		for i, s := range rs.Bets {
			paid = paid.Add(s.Returned)
			if !s.Returned.Equal(gs.Returned[i]) {
				t.Fatalf("game %d bet %d: %s, game says %s", g, i, s.Returned, gs.Returned[i])
			}
		}
		if !paid.Equal(prizes.Total()) {
			t.Fatalf("game %d: paid %s of prizes %s", g, paid, prizes.Total())
		}

		if len(gs.Line.Winners) > 1 || len(gs.Bingo.Winners) > 1 {
			shared++
		}

		// Replayed: the same bytes.
		again, err := pt.SettleWhole(bs, 2, Results(balls))
		if err != nil {
			t.Fatal(err)
		}
		j1, _ := json.Marshal(rs)
		j2, _ := json.Marshal(again)
		if string(j1) != string(j2) {
			t.Fatalf("game %d: a replay settles differently", g)
		}
	}
	if shared == 0 {
		t.Fatal("no game shared a prize: the remainder rule went untested")
	}
}

// checkShares checks one prize against the oracle's winners.
func checkShares(t *testing.T, res PrizeResult, amount decimal.Decimal, want []int, cards []SoldCard) {
	t.Helper()
	got := make([]int, len(res.Winners))
	total, sum := decimal.Zero, decimal.Zero
	for i, w := range res.Winners {
		got[i] = w.Index
		total = total.Add(cards[w.Index].Price)
		sum = sum.Add(w.Amount)
		if i > 0 && cards[res.Winners[i-1].Index].Card.ID.Compare(w.Card) >= 0 {
			t.Fatalf("%s winners not in card-number order: %v", res.Prize, res.Winners)
		}
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Fatalf("%s winners %v, oracle %v", res.Prize, got, want)
	}
	if !sum.Equal(amount) || !res.Amount.Equal(amount) {
		t.Fatalf("%s shares add up to %s of %s", res.Prize, sum, amount)
	}
	unit := decimal.New(1, -2)
	if res.Remainder.Sign() < 0 || res.Remainder.Cmp(unit.Mul(decimal.NewFromInt(int64(len(want))))) >= 0 {
		t.Fatalf("%s remainder %s with %d winners", res.Prize, res.Remainder, len(want))
	}
	for i, w := range res.Winners {
		exact := amount.Mul(w.Price).DivRound(total, 20)
		base := w.Amount.Sub(w.Remainder)
		if !base.Equal(exact.Truncate(2)) || (i > 0 && !w.Remainder.IsZero()) {
			t.Fatalf("%s share of %s: %s (remainder %s), exact %s", res.Prize, w.Card, w.Amount, w.Remainder, exact)
		}
	}
}
