package bingo

import (
	"errors"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

func dec(s string) decimal.Decimal { return decimal.RequireFromString(s) }

// Three cards: share their first row, so both complete the
// line on its fifth ball; A-1 then completes its bingo.
var (
	rowsA2 = [][]int{{1, 10, 20, 30, 40}, {4, 53, 62, 71, 81}, {5, 12, 54, 63, 82}}
	rowsB1 = [][]int{{6, 13, 21, 31, 41}, {7, 55, 64, 72, 83}, {8, 14, 56, 65, 84}}
	// drawA1 completes A-1's first row on ball 5 (40) and the card on
	// ball 15 (90); ball 6 is 6, a number of B-1 only.
	drawA1 = []int{1, 10, 20, 30, 40, 6, 2, 51, 60, 70, 80, 3, 11, 52, 61, 90}
)

func threeCards(tb testing.TB) []SoldCard {
	return []SoldCard{
		{mustCard(tb, "A-1", sampleRows), dec("1.00")},
		{mustCard(tb, "A-2", rowsA2), dec("2.00")},
		{mustCard(tb, "B-1", rowsB1), dec("1.00")},
	}
}

func TestSettleGame(t *testing.T) {
	cards := threeCards(t)
	t.Run("OK", func(t *testing.T) {
		g, err := SettleGame(cards, Prizes{Line: dec("0.60"), Bingo: dec("2.40")}, 2, drawA1)
		if err != nil {
			t.Fatal(err)
		}
		if g.Line.Index != 5 || g.Line.Ball != 40 || len(g.Line.Winners) != 2 {
			t.Fatalf("line = %+v", g.Line)
		}
		// In proportion to the prices, 1.00 and 2.00.
		if w := g.Line.Winners; w[0].Card != (CardID{"A", 1}) || !w[0].Amount.Equal(dec("0.20")) || !w[1].Amount.Equal(dec("0.40")) || w[1].Index != 1 {
			t.Fatalf("line winners = %+v", w)
		}
		if g.Bingo.Index != 16 || g.Bingo.Ball != 90 || len(g.Bingo.Winners) != 1 || !g.Bingo.Winners[0].Amount.Equal(dec("2.40")) {
			t.Fatalf("bingo = %+v", g.Bingo)
		}
		want := []string{"2.6", "0.4", "0"}
		for i, r := range g.Returned {
			if !r.Equal(dec(want[i])) {
				t.Errorf("card %d returned %s, want %s", i, r, want[i])
			}
		}
		if !g.Sales.Equal(dec("4")) || !g.HallRevenue.Equal(dec("1.00")) || g.Balls != 16 {
			t.Fatalf("sales %s, hall %s, balls %d", g.Sales, g.HallRevenue, g.Balls)
		}
	})
	t.Run("Remainder", func(t *testing.T) {
		// 1.00 shared 1:2 is 0.33 + 0.66 and a remainder of 0.01, which
		// goes to A-1, the first winning card in card-number order.
		g, err := SettleGame(cards, Prizes{Line: dec("1.00"), Bingo: dec("2.00")}, 2, drawA1)
		if err != nil {
			t.Fatal(err)
		}
		w := g.Line.Winners
		if !w[0].Amount.Equal(dec("0.34")) || !w[0].Remainder.Equal(dec("0.01")) || !w[1].Amount.Equal(dec("0.66")) || !g.Line.Remainder.Equal(dec("0.01")) {
			t.Fatalf("line = %+v", g.Line)
		}
	})
	t.Run("NoCards", func(t *testing.T) {
		g, err := SettleGame(nil, Prizes{Line: dec("0"), Bingo: dec("0")}, 2, drawA1[:3])
		if err != nil || len(g.Line.Winners) != 0 || !g.Sales.IsZero() || !g.HallRevenue.IsZero() || g.Balls != 3 {
			t.Fatalf("%+v, %v", g, err)
		}
	})
	t.Run("Err", func(t *testing.T) {
		pr := Prizes{Line: dec("0.60"), Bingo: dec("2.40")}
		for name, tt := range map[string]struct {
			cards []SoldCard
			pr    Prizes
			balls []int
			want  error
		}{
			"ErrNotOver":   {cards, pr, drawA1[:15], ErrGameNotOver},
			"ErrAfterOver": {cards, pr, append(drawA1[:16:16], 77), ErrBadResult},
			"ErrTwice":     {cards, pr, []int{1, 1}, ErrBadResult},
			"ErrDuplicate": {append(cards[:3:3], cards[0]), pr, drawA1, ErrDuplicateCard},
			"ErrPrice":     {[]SoldCard{{cards[0].Card, dec("0.001")}}, Prizes{}, drawA1, ErrBadAmount},
			"ErrFree":      {[]SoldCard{{cards[0].Card, dec("0")}}, Prizes{}, drawA1, ErrBadAmount},
			"ErrPrizes":    {cards, Prizes{Line: dec("2"), Bingo: dec("2.01")}, drawA1, ErrBadAmount},
			"ErrNegative":  {cards, Prizes{Line: dec("-1"), Bingo: dec("2")}, drawA1, ErrBadAmount},
		} {
			t.Run(name, func(t *testing.T) {
				if _, err := SettleGame(tt.cards, tt.pr, 2, tt.balls); !errors.Is(err, tt.want) || ErrorCode(err) == "" {
					t.Fatalf("SettleGame = %v, want %v", err, tt.want)
				}
			})
		}
	})
}

func TestDivide(t *testing.T) {
	card := func(id string) Card {
		c := GenerateCard(1, CardID{"A", 1})
		c.ID, _ = ParseCardID(id)
		return c
	}
	t.Run("CardNumberOrder", func(t *testing.T) {
		// A-10 comes after A-2 (numbers, not text), B-1 after both.
		ws := []SoldCard{{card("B-1"), dec("1")}, {card("A-10"), dec("1")}, {card("A-2"), dec("1")}}
		shares, rem := Divide(dec("1.00"), ws, 2)
		got := []string{}
		for _, s := range shares {
			got = append(got, s.Card.String()+"="+s.Amount.String())
		}
		if strings.Join(got, " ") != "A-2=0.34 A-10=0.33 B-1=0.33" || !rem.Equal(dec("0.01")) {
			t.Fatalf("Divide = %v, %s", got, rem)
		}
	})
	t.Run("ScaleZero", func(t *testing.T) {
		ws := []SoldCard{{card("A-1"), dec("3")}, {card("A-2"), dec("3")}, {card("A-3"), dec("1")}}
		shares, rem := Divide(dec("100"), ws, 0)
		// 100·3/7 = 42.86 → 42, 42, and 100/7 = 14.29 → 14: 98, remainder 2.
		if !shares[0].Amount.Equal(dec("44")) || !shares[1].Amount.Equal(dec("42")) || !shares[2].Amount.Equal(dec("14")) || !rem.Equal(dec("2")) {
			t.Fatalf("Divide = %+v, %s", shares, rem)
		}
	})
	t.Run("None", func(t *testing.T) {
		if shares, rem := Divide(dec("1"), nil, 2); len(shares) != 0 || !rem.IsZero() {
			t.Fatal(shares, rem)
		}
	})
}

// balances applies transfers to symbolic accounts.
func balances(ts []Transfer) map[string]decimal.Decimal {
	b := map[string]decimal.Decimal{}
	for _, t := range ts {
		b[t.From] = b[t.From].Sub(t.Amount)
		b[t.To] = b[t.To].Add(t.Amount)
	}
	return b
}

func bets(cards []SoldCard) []games.Bet {
	out := make([]games.Bet, len(cards))
	for i, c := range cards {
		out[i] = games.Bet{Code: c.Card.BetCode(), Stake: c.Price}
	}
	return out
}

func TestPaytable_SettleWhole(t *testing.T) {
	pt := Paytables()[0]
	cards := threeCards(t)
	bs := bets(cards)
	pr, closing, err := pt.CloseSales(bs, 2)
	if err != nil {
		t.Fatal(err)
	}
	if !pr.Line.Equal(dec("0.60")) || !pr.Bingo.Equal(dec("2.40")) {
		t.Fatalf("prizes %+v", pr)
	}
	t.Run("OK", func(t *testing.T) {
		rs, err := pt.SettleWhole(bs, 2, Results(drawA1))
		if err != nil {
			t.Fatal(err)
		}
		b := balances(append(closing, rs.Transfers...))
		// The stakes start with the sales: they and the pool end empty.
		if !b[AccountStakes].Add(dec("4")).IsZero() || !b[AccountPrizePool].IsZero() || !b[AccountHouse].Equal(dec("1")) || !b[AccountPunter].Equal(dec("3")) {
			t.Fatalf("balances %v", b)
		}
		want := []games.Outcome{games.OutcomeWon, games.OutcomeWon, games.OutcomeLost}
		for i, s := range rs.Bets {
			if s.Outcome != want[i] || !s.Returned.Equal(rs.Game.Returned[i]) || !s.Residue.IsZero() {
				t.Errorf("bet %d: %+v", i, s)
			}
		}
		if !strings.Contains(rs.Bets[0].Rule, "line on ball 5") || !strings.Contains(rs.Bets[0].Rule, "bingo on ball 16") {
			t.Errorf("rule %q", rs.Bets[0].Rule)
		}
		// Replayed, the same game settles the same.
		again, _ := pt.SettleWhole(bs, 2, Results(drawA1))
		if len(again.Transfers) != len(rs.Transfers) || again.Bets[1].Rule != rs.Bets[1].Rule {
			t.Fatal("a replay settles differently")
		}
	})
	t.Run("Void", func(t *testing.T) {
		rs, err := pt.SettleWhole(bs, 2, append(Results(drawA1[:7]), Void{VoidBallAnnounced}))
		if err != nil {
			t.Fatal(err)
		}
		b := balances(append(closing, rs.Transfers...))
		if !b[AccountStakes].Add(dec("4")).IsZero() || !b[AccountPrizePool].IsZero() || !b[AccountPunter].Equal(dec("4")) || !b[AccountHouse].IsZero() {
			t.Fatalf("balances %v", b)
		}
		for i, s := range rs.Bets {
			if s.Outcome != games.OutcomePush || !s.Returned.Equal(cards[i].Price) {
				t.Errorf("bet %d: %+v", i, s)
			}
		}
		if rs.Game.Void == nil || rs.Game.Line.Index != 0 {
			t.Fatalf("game %+v", rs.Game)
		}
	})
	t.Run("Err", func(t *testing.T) {
		if _, err := pt.SettleWhole(bs, 2, Results(drawA1[:10])); !errors.Is(err, ErrGameNotOver) {
			t.Fatalf("unfinished: %v", err)
		}
		bad := append(bs[:3:3], games.Bet{Code: "card:A-1", Stake: dec("1")})
		if _, err := pt.SettleWhole(bad, 2, Results(drawA1)); !errors.Is(err, ErrBadBetCode) || !strings.HasPrefix(err.Error(), "bet 3:") {
			t.Fatalf("bad code: %v", err)
		}
		late := append(bs[:3:3], games.Bet{Code: bs[0].Code, Stake: dec("1"), Since: 2})
		if _, err := pt.SettleWhole(late, 2, Results(drawA1)); !errors.Is(err, ErrBadBetCode) {
			t.Fatalf("late card: %v", err)
		}
	})
}

func TestPaytable_Settle(t *testing.T) {
	pt := Paytables()[0]
	b := bets(threeCards(t))[0]
	s, err := pt.Settle(b, 2, Results(drawA1))
	if err != nil || s.Outcome != games.OutcomeOpen || !s.Returned.IsZero() {
		t.Fatalf("in play: %+v, %v", s, err)
	}
	s, err = pt.Settle(b, 2, append(Results(drawA1[:3]), Void{VoidReglamento36}))
	if err != nil || s.Outcome != games.OutcomePush || !s.Returned.Equal(dec("1.00")) {
		t.Fatalf("void: %+v, %v", s, err)
	}
	all := make([]int, NumbersMax)
	for i := range all {
		all[i] = NumbersMax - i
	}
	if _, err := pt.Settle(b, 2, Results(all)); !errors.Is(err, ErrRoundSettlement) || ErrorCode(err) != CodeRoundSettlement {
		t.Fatalf("all balls: %v", err)
	}
	if _, err := pt.Settle(games.Bet{Code: b.Code, Stake: dec("1.001")}, 2, nil); !errors.Is(err, ErrBadAmount) {
		t.Fatalf("stake: %v", err)
	}
}

func TestPaytable_RoundOverWith(t *testing.T) {
	pt := Paytables()[0]
	bs := bets(threeCards(t))
	if pt.RoundOverWith(bs, Results(drawA1[:15])) || !pt.RoundOverWith(bs, Results(drawA1)) {
		t.Fatal("the game ends on A-1's bingo, ball 16")
	}
	if err := pt.CheckResultWith(Ball(77), Results(drawA1[:15]), bs); err != nil {
		t.Fatal(err)
	}
	if err := pt.CheckResultWith(Ball(77), Results(drawA1), bs); BrokenRule(err) != RuleGameOver {
		t.Fatalf("after the bingo: %v", err)
	}
	if err := pt.CheckResultWith(Ball(1), Results(drawA1[:3]), bs); BrokenRule(err) != RuleBallTwice {
		t.Fatalf("twice: %v", err)
	}
}

func TestDetector_Check(t *testing.T) {
	cards := threeCards(t)
	plain := []Card{cards[0].Card, cards[1].Card, cards[2].Card}
	d := NewDetector(plain)
	a1, b1 := CardID{"A", 1}, CardID{"B", 1}
	draw := func(n int) {
		t.Helper()
		if _, err := d.Draw(n); err != nil {
			t.Fatal(err)
		}
	}
	for _, n := range drawA1[:4] {
		draw(n)
	}
	if v := d.Check(Claim{a1, PrizeLine}); v.Correct || !strings.Contains(v.Reason, "misses [40]") {
		t.Fatalf("early line: %+v", v)
	}
	draw(40)
	if v := d.Check(Claim{a1, PrizeLine}); !v.Correct || v.Balls != 5 {
		t.Fatalf("line: %+v", v)
	}
	if v := d.Check(Claim{b1, PrizeLine}); v.Correct {
		t.Fatalf("B-1 line: %+v", v)
	}
	if v := d.Check(Claim{a1, PrizeBingo}); v.Correct || !strings.Contains(v.Reason, "misses") {
		t.Fatalf("early bingo: %+v", v)
	}
	// B-1 completes its first row after the line was won: no prize.
	for _, n := range []int{6, 13, 21, 31, 41} {
		draw(n)
	}
	if v := d.Check(Claim{b1, PrizeLine}); v.Correct || !strings.Contains(v.Reason, "completed it later") {
		t.Fatalf("late line: %+v", v)
	}
	for _, v := range []ClaimVerdict{d.Check(Claim{CardID{"C", 1}, PrizeLine}), d.Check(Claim{a1, "house"})} {
		if v.Correct {
			t.Fatalf("%+v", v)
		}
	}
	// A wrong claim changed nothing: the game goes on to A-1's bingo.
	for _, n := range drawA1[6:] {
		draw(n)
	}
	if !d.Over() || d.Bingo().Index != 20 || d.Line().Index != 5 {
		t.Fatalf("line %+v bingo %+v", d.Line(), d.Bingo())
	}
	if v := d.Check(Claim{a1, PrizeBingo}); !v.Correct {
		t.Fatalf("bingo: %+v", v)
	}
}
