package bingo

import (
	"fmt"
	"slices"
	"strings"

	"github.com/shopspring/decimal"
)

// SeriesMax bounds the series of one session.
const SeriesMax = 64

// Series is a series of cards a session sells, as announced before the
// sale: "se anunciará la serie o series a vender, el número de cartones de
// la misma y el valor facial de cada uno" (seed 002 bingo IV). Its cards
// are numbered From..To ("seriados y numerados", II).
type Series struct {
	// ID is the series: one to three capital letters, then up to six
	// digits (the seed's "(letra) … (número de identificación)").
	ID string `json:"id"`
	// Face is each card's face value ("valor facial"), its price in one
	// game.
	Face decimal.Decimal `json:"face"`
	From int             `json:"from"`
	To   int             `json:"to"`
	// Double is true for a series of double cards: "cartones dobles de
	// dos partes iguales, considerándose, a todos los efectos, unidades de
	// juego independientes de igual valor facial cada una de ambas partes
	// … El cartón doble será válido para dos partidas consecutivas"
	// (I, II). A double card is sold for 2·Face and plays two consecutive
	// games, one half in each, each half a SoldCard of Face in its game
	// (Halves).
	Double bool `json:"double,omitzero"`
	// Seed is the seed the series was printed from (GenerateCard),
	// recorded so that anyone can reprint its cards; zero when the series
	// was not printed by this package.
	Seed uint64 `json:"seed,omitzero"`
}

// Cards is how many cards the series numbers.
func (s Series) Cards() int { return s.To - s.From + 1 }

// Price is what one card of the series costs: Face, or 2·Face for a
// double card, whose halves are two units of play.
func (s Series) Price() decimal.Decimal {
	if s.Double {
		return s.Face.Add(s.Face)
	}
	return s.Face
}

// Holds reports whether card id belongs to the series.
func (s Series) Holds(id CardID) bool {
	return id.Series == s.ID && id.Number >= s.From && id.Number <= s.To
}

// Halves returns the two units of play of a double card c of this series:
// the same card at Face, the first for the game it was sold for and the
// second for the next. Either half may be played in either game (II: "una
// u otra de las dos partes"), and they have the same numbers in the same
// places, so which one a player marks makes no difference to the ledger.
func (s Series) Halves(c Card) (first, second SoldCard) {
	return SoldCard{Card: c, Price: s.Face}, SoldCard{Card: c, Price: s.Face}
}

// Session is the series a session sells, announced before the sale.
type Session struct {
	Series []Series `json:"series"`
}

// Cards is how many cards the session's series number together.
func (s Session) Cards() int {
	n := 0
	for _, se := range s.Series {
		n += se.Cards()
	}
	return n
}

// Check validates a session under paytable p at a currency scale: one to
// SeriesMax series, each with a valid id (once), a range 1 ≤ From ≤ To ≤
// CardNumberMax and a face value that is an amount; and at most
// p.CardsMax cards in all (ErrTooManyCards). Other errors wrap
// ErrBadSeries or ErrBadAmount.
func (s Session) Check(p *Paytable, scale int32) error {
	if err := checkScale(scale); err != nil {
		return err
	}
	if len(s.Series) == 0 || len(s.Series) > SeriesMax {
		return fmt.Errorf("%w: %d series; a session sells 1..%d", ErrBadSeries, len(s.Series), SeriesMax)
	}
	total := 0
	for i, se := range s.Series {
		switch {
		case !validSeries(se.ID):
			return fmt.Errorf("%w: series %d: id %q is not one to three capital letters then up to six digits", ErrBadSeries, i+1, cut(se.ID))
		case slices.ContainsFunc(s.Series[:i], func(o Series) bool { return o.ID == se.ID }):
			return fmt.Errorf("%w: series %s announced twice", ErrBadSeries, se.ID)
		case se.From < 1 || se.To < se.From || se.To > CardNumberMax:
			return fmt.Errorf("%w: series %s: cards %d to %d; want 1 ≤ from ≤ to ≤ %d", ErrBadSeries, se.ID, se.From, se.To, CardNumberMax)
		}
		if err := checkAmount("face value of series "+se.ID, se.Face, scale, false); err != nil {
			return err
		}
		total += se.Cards()
	}
	if total > p.data.CardsMax {
		return fmt.Errorf("%w: the session's series hold %d cards, at most %d under %s", ErrTooManyCards, total, p.data.CardsMax, p.data.ID)
	}
	return nil
}

// Sold checks cards sold for one game against the session: each card in
// an announced series, at that series' face value. Its errors wrap
// ErrBadSeries.
func (s Session) Sold(cards []SoldCard) error {
	for i, c := range cards {
		j := slices.IndexFunc(s.Series, func(se Series) bool { return se.Holds(c.Card.ID) })
		if j < 0 {
			return fmt.Errorf("%w: card %d, %s, is in no announced series", ErrBadSeries, i+1, c.Card.ID)
		}
		if !c.Price.Equal(s.Series[j].Face) {
			return fmt.Errorf("%w: card %s sold at %s; series %s has face value %s", ErrBadSeries, c.Card.ID, c.Price, s.Series[j].ID, s.Series[j].Face)
		}
	}
	return nil
}

// SoldRange is a run of consecutive cards sold in one series.
type SoldRange struct {
	Series string `json:"series"`
	From   int    `json:"from"`
	To     int    `json:"to"`
}

// Ranges returns the cards sold as runs of consecutive numbers, by series
// then number: what the hall announces ("del número … al …").
func Ranges(cards []SoldCard) []SoldRange {
	ids := make([]CardID, len(cards))
	for i, c := range cards {
		ids[i] = c.Card.ID
	}
	slices.SortFunc(ids, CardID.Compare)
	var out []SoldRange
	for _, id := range ids {
		if n := len(out); n > 0 && out[n-1].Series == id.Series && out[n-1].To+1 == id.Number {
			out[n-1].To = id.Number
			continue
		}
		out = append(out, SoldRange{Series: id.Series, From: id.Number, To: id.Number})
	}
	return out
}

// Announcement writes what the Jefe de Mesa announces when sales close,
// in the seed's formula (IV): «Cartones vendidos N, de la serie A del
// número 1 al 420 y de la serie B del número 1 al 80», then the prizes,
// then the start of the game. double selects the formula of double cards
// ("Cartones dobles vendidos …"), whose prizes are those of each half.
func Announcement(cards []SoldCard, prizes Prizes, scale int32, double bool) string {
	var b strings.Builder
	if double {
		b.WriteString("Cartones dobles vendidos ")
	} else {
		b.WriteString("Cartones vendidos ")
	}
	fmt.Fprintf(&b, "%d", len(cards))
	for i, r := range Ranges(cards) {
		if i == 0 {
			b.WriteString(", de la serie ")
		} else {
			b.WriteString(" y de la serie ")
		}
		fmt.Fprintf(&b, "%s del número %d al %d", r.Series, r.From, r.To)
	}
	fmt.Fprintf(&b, ". Premio de línea %s, premio de bingo %s", prizes.Line.StringFixed(scale), prizes.Bingo.StringFixed(scale))
	if double {
		b.WriteString(", para cada una de las partes del cartón doble")
	}
	b.WriteString(". Comienza la partida.")
	return b.String()
}
