package bingo

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

// TestGame_BoardPayouts: random games of 400 printed cards, settled by
// SettleGame (the Detector), then put on a board the way the ledger's
// projections keep them (one entry per ball, the last one with the cards
// paid and the prizes funded): the board's line and bingo balls, their
// numbers, its winners and their flags are those of the settlement. A
// game with more winners than the board keeps lists the first
// games.BoardPayoutsMax and counts them all.
func TestGame_BoardPayouts(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 2026))
	var entries []games.BoardEntry
	var want []GameSettlement
	for g := range 30 {
		printed := GenerateSeries(uint64(g), "A", 1, 400)
		cards := make([]SoldCard, len(printed))
		for i, c := range printed {
			cards[i] = SoldCard{Card: c, Price: decimal.New(int64(1+i%3), 0)}
		}
		draw := rng.Perm(NumbersMax)
		d := NewDetector(printed)
		var balls []int
		for _, b := range draw {
			balls = append(balls, b+1)
			if _, err := d.Draw(b + 1); err != nil {
				t.Fatal(err)
			}
			if d.Over() {
				break
			}
		}
		st, err := SettleGame(cards, Prizes{Line: decimal.RequireFromString("120.35"), Bingo: decimal.RequireFromString("480.05")}, 2, balls)
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, st)
		round := string(rune('a'+g%26)) + string(rune('a'+g/26))
		for i, b := range balls {
			entries = append(entries, games.BoardEntry{Round: round, Number: int64(g + 1), Result: Ball(b), Index: i, Over: i == len(balls)-1})
		}
		last := &entries[len(entries)-1]
		for i, r := range st.Returned {
			if r.IsPositive() {
				last.Payees++
				if len(last.Payouts) < games.BoardPayoutsMax {
					last.Payouts = append(last.Payouts, games.BoardPayout{Code: cards[i].Card.BetCode(), Paid: r})
				}
			}
		}
		last.Funded = []decimal.Decimal{st.Line.Amount, st.Bingo.Amount}
	}
	s := Game{}.Board(Paytables()[0], entries).(BoardStats)
	if s.Games != len(want) || len(s.Last) != len(want) {
		t.Fatalf("%d games on the board, want %d", s.Games, len(want))
	}
	for g, st := range want {
		l := s.Last[g]
		if l.LineBall != st.Line.Index || l.LineNumber != st.Line.Ball || l.BingoBall != st.Bingo.Index || l.BingoNumber != st.Bingo.Ball ||
			!l.LinePrize.Equal(st.Line.Amount) || !l.BingoPrize.Equal(st.Bingo.Amount) {
			t.Fatalf("game %d: line %d (%d) bingo %d (%d), want %d (%d), %d (%d)", g, l.LineBall, l.LineNumber, l.BingoBall, l.BingoNumber,
				st.Line.Index, st.Line.Ball, st.Bingo.Index, st.Bingo.Ball)
		}
		var line, bingo, paid []string
		for _, w := range l.Winners {
			paid = append(paid, w.Card)
			if w.Line {
				line = append(line, w.Card)
			}
			if w.Bingo {
				bingo = append(bingo, w.Card)
			}
		}
		ids := func(ws []Share) []string {
			var out []string
			for _, w := range ws {
				if slices.Contains(paid, w.Card.String()) {
					out = append(out, w.Card.String())
				}
			}
			return out
		}
		// Winners are listed in the order the cards were sold, which is
		// card-number order here, that of a prize's winners.
		if !slices.Equal(line, ids(st.Line.Winners)) || !slices.Equal(bingo, ids(st.Bingo.Winners)) {
			t.Fatalf("game %d: line winners %v, bingo winners %v; want %v, %v", g, line, bingo, ids(st.Line.Winners), ids(st.Bingo.Winners))
		}
		n := 0
		for _, r := range st.Returned {
			if r.IsPositive() {
				n++
			}
		}
		if l.WinnersCount != n || len(l.Winners) != min(n, games.BoardPayoutsMax) {
			t.Fatalf("game %d: %d winners listed of %d, want %d", g, len(l.Winners), l.WinnersCount, n)
		}
	}
}
