package bingo

import (
	"errors"
	"testing"
)

func TestSession(t *testing.T) {
	pt := Paytables()[0]
	s := Session{Series: []Series{
		{ID: "A", Face: dec("1.00"), From: 1, To: 420, Seed: 1979},
		{ID: "B12", Face: dec("0.50"), From: 1, To: 80, Double: true},
	}}
	t.Run("OK", func(t *testing.T) {
		if err := s.Check(pt, 2); err != nil || s.Cards() != 500 {
			t.Fatalf("Check = %v, %d cards", err, s.Cards())
		}
		if !s.Series[1].Price().Equal(dec("1.00")) || !s.Series[0].Price().Equal(dec("1.00")) {
			t.Fatal("a double card costs two faces")
		}
		c := GenerateCard(s.Series[1].Seed, CardID{"B12", 7})
		first, second := s.Series[1].Halves(c)
		if first != second || !first.Price.Equal(dec("0.50")) {
			t.Fatalf("halves %v %v", first, second)
		}
		sold := []SoldCard{{GenerateCard(1979, CardID{"A", 3}), dec("1.00")}, {GenerateCard(1979, CardID{"A", 1}), dec("1.00")},
			{GenerateCard(1979, CardID{"A", 2}), dec("1.00")}, {GenerateCard(1979, CardID{"A", 9}), dec("1.00")}, first}
		if err := s.Sold(sold); err != nil {
			t.Fatal(err)
		}
		const want = "Cartones vendidos 5, de la serie A del número 1 al 3 y de la serie A del número 9 al 9 y de la serie B12 del número 7 al 7. Premio de línea 0.67, premio de bingo 2.70. Comienza la partida."
		if got := Announcement(sold, Prizes{Line: dec("0.675").Truncate(2), Bingo: dec("2.7")}, 2, false); got != want {
			t.Fatalf("Announcement = %s", got)
		}
	})
	t.Run("Err", func(t *testing.T) {
		for name, tt := range map[string]struct {
			s    Session
			want error
		}{
			"ErrNone":    {Session{}, ErrBadSeries},
			"ErrID":      {Session{Series: []Series{{ID: "a", Face: dec("1"), From: 1, To: 2}}}, ErrBadSeries},
			"ErrTwice":   {Session{Series: []Series{s.Series[0], s.Series[0]}}, ErrBadSeries},
			"ErrRange":   {Session{Series: []Series{{ID: "A", Face: dec("1"), From: 3, To: 2}}}, ErrBadSeries},
			"ErrFace":    {Session{Series: []Series{{ID: "A", Face: dec("0"), From: 1, To: 2}}}, ErrBadAmount},
			"ErrTooMany": {Session{Series: []Series{{ID: "A", Face: dec("1"), From: 1, To: 60_000}, {ID: "B", Face: dec("1"), From: 1, To: 40_001}}}, ErrTooManyCards},
		} {
			t.Run(name, func(t *testing.T) {
				if err := tt.s.Check(pt, 2); !errors.Is(err, tt.want) || ErrorCode(err) == "" {
					t.Fatalf("Check = %v, want %v", err, tt.want)
				}
			})
		}
		if err := s.Sold([]SoldCard{{GenerateCard(1, CardID{"C", 1}), dec("1.00")}}); !errors.Is(err, ErrBadSeries) {
			t.Fatalf("foreign series: %v", err)
		}
		if err := s.Sold([]SoldCard{{GenerateCard(1, CardID{"A", 1}), dec("2.00")}}); !errors.Is(err, ErrBadSeries) {
			t.Fatalf("wrong price: %v", err)
		}
		if err := s.Sold([]SoldCard{{GenerateCard(1, CardID{"A", 421}), dec("1.00")}}); !errors.Is(err, ErrBadSeries) {
			t.Fatalf("beyond the series: %v", err)
		}
	})
}

// TestSeries_DoubleCard plays a double card's two halves in two
// consecutive games: each half is a unit of play at the face value in its
// game, settled with that game's cards and balls alone.
func TestSeries_DoubleCard(t *testing.T) {
	pt := Paytables()[0]
	se := Series{ID: "D", Face: dec("0.50"), From: 1, To: 2, Double: true}
	a, b := se.Halves(mustCard(t, "D-1", sampleRows))
	other := SoldCard{mustCard(t, "D-2", rowsB1), dec("0.50")}
	game1, err := pt.SettleWhole(bets([]SoldCard{a, other}), 2, Results(drawA1))
	if err != nil {
		t.Fatal(err)
	}
	// The next game draws B-1's numbers first: the other card wins.
	draw2 := []int{6, 13, 21, 31, 41, 7, 55, 64, 72, 83, 8, 14, 56, 65, 84}
	game2, err := pt.SettleWhole(bets([]SoldCard{b, other}), 2, Results(draw2))
	if err != nil {
		t.Fatal(err)
	}
	if !game1.Game.Returned[0].Equal(dec("0.75")) || !game2.Game.Returned[0].IsZero() || !game2.Game.Returned[1].Equal(dec("0.75")) {
		t.Fatalf("game 1 %v, game 2 %v", game1.Game.Returned, game2.Game.Returned)
	}
	if !game1.Game.Sales.Equal(dec("1")) || !game2.Game.Sales.Equal(dec("1")) || !se.Price().Equal(dec("1")) {
		t.Fatal("each half is sold at the face value in its own game")
	}
}
