package bingo

import (
	"fmt"

	"github.com/go-json-experiment/json"
	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
	"github.com/wagerlog/wagerlog/internal/jsonerr"
)

// SessionBytesMax bounds a session's terms as JSON: 64 series of about
// 120 bytes each, with room.
const SessionBytesMax = 16 << 10

// ParseSession reads a session's terms (games.Sessioned), the series it
// sells as the hall announces them when it opens (seed 002 bingo IV: "se
// anunciará la serie o series a vender, el número de cartones de la misma
// y el valor facial de cada uno"):
//
//	{"series":[{"id":"A","face":"1.00","from":1,"to":420,"seed":7}]}
//
// strictly (exact member names, no other member), checked by
// Session.Check at the currency's scale: 1..SeriesMax series, each once,
// numbers 1 ≤ from ≤ to ≤ 999,999, a face value on the scale, and at most
// cards_max cards in all, so the session can never sell more. A double
// series is announced with "double":true: its cards are sold for twice
// the face value and play two consecutive games (Sale). Errors wrap
// ErrBadSeries, ErrBadAmount or ErrTooManyCards.
func (p *Paytable) ParseSession(raw []byte, scale int32) (games.SessionTerms, error) {
	if len(raw) > SessionBytesMax {
		return nil, fmt.Errorf("%w: a session of %d bytes is over the %d-byte limit", ErrBadSeries, len(raw), SessionBytesMax)
	}
	var s Session
	if err := json.Unmarshal(raw, &s, kit.Strict()); err != nil {
		return nil, fmt.Errorf("%w: a session is {\"series\":[{\"id\",\"face\",\"from\",\"to\",\"double\",\"seed\"}]}: %v", ErrBadSeries, jsonerr.Stable(err))
	}
	if err := s.Check(p, scale); err != nil {
		return nil, err
	}
	canon, err := games.CanonicalJSON(s)
	if err != nil {
		return nil, err
	}
	t := &sessionTerms{s: s, canon: canon, max: p.data.CardsMax, index: make(map[string]int, len(s.Series))}
	for i, se := range s.Series {
		t.index[se.ID] = i
	}
	return t, nil
}

// sessionTerms are an open session's series (games.SessionTerms).
type sessionTerms struct {
	s     Session
	canon []byte
	max   int
	index map[string]int // series id → its place in s.Series
}

// JSON is the terms' canonical encoding.
func (t *sessionTerms) JSON() []byte { return t.canon }

// SalesMax is the paytable's cards_max: the most cards the session sells
// over all its games.
func (t *sessionTerms) SalesMax() int { return t.max }

// Sale checks that a card sold in the session is in one of its series at
// that series' price (Series.Price: the face value, twice it for a double
// card) and says how it plays: a card of a single series plays its face
// value in the game it is sold for; a double card's first half plays
// there and its second half (Series.Halves: the same numbers, the same
// face value) is held for the session's next game.
func (t *sessionTerms) Sale(code string, price decimal.Decimal) (games.SessionSale, error) {
	c, err := ParseBetCode(code)
	if err != nil {
		return games.SessionSale{}, err
	}
	i, ok := t.index[c.ID.Series]
	if !ok || !t.s.Series[i].Holds(c.ID) {
		return games.SessionSale{}, fmt.Errorf("%w: card %s is in no series the session announced", ErrBadSeries, c.ID)
	}
	se := t.s.Series[i]
	if !price.Equal(se.Price()) {
		kind := "face value"
		if se.Double {
			kind = "double cards at twice the face value"
		}
		return games.SessionSale{}, fmt.Errorf("%w: card %s sold at %s; series %s sells %s %s", ErrBadSeries, c.ID, price, se.ID, kind, se.Price())
	}
	first, second := se.Halves(c)
	if !se.Double {
		return games.SessionSale{Stake: price}, nil
	}
	return games.SessionSale{Stake: first.Price, Held: second.Price}, nil
}

var _ games.Sessioned = (*Paytable)(nil)
