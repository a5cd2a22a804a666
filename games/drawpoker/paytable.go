package drawpoker

import (
	"fmt"
	"slices"
	"strings"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
	"github.com/wagerlog/wagerlog/games/poker"
)

// GameName is the game name of every Draw Poker paytable, the prefix of
// their ids.
const GameName = "drawpoker"

// Bet kinds: games/poker's, a seat's ante, call and progressive bet.
const (
	BetAnte        = poker.BetAnte
	BetCall        = poker.BetCall
	BetProgressive = poker.BetProgressive
)

// QualifyPairOfEights is the one dealer qualification the package
// implements: a pair of eights or better (PairOfEights).
const QualifyPairOfEights = "pair_of_eights"

// PairOfEights is the lowest hand that qualifies the dealer: a pair of
// eights with four, three and two, of mixed suits.
var PairOfEights = poker.Eval(poker.Hand{poker.MustCard("8S"), poker.MustCard("8H"), poker.MustCard("4D"), poker.MustCard("3C"), poker.MustCard("2S")})

// ExchangeMaxLimit bounds the exchanges a paytable may allow: a hand is
// five cards.
const ExchangeMaxLimit = poker.HandCards

// Data is a Draw Poker paytable as data: everything that decides what the
// ante and the call pay and which exchanges a deal may record. Every
// field is covered by the content hash.
type Data struct {
	// ID names the paytable, "drawpoker/caribbean-draw".
	ID string `json:"id"`
	// Version counts revisions of the same id, from 1.
	Version int `json:"version"`
	// Game is always "drawpoker".
	Game string `json:"game"`
	// Source cites the texts the paytable transcribes.
	Source string `json:"source"`
	// Ante is what the ante pays when it wins: when the dealer does not
	// qualify, or qualifies and loses ("1:1").
	Ante poker.Odds `json:"ante"`
	// CallMultiple is the call as a multiple of the ante (2).
	CallMultiple int64 `json:"call_multiple"`
	// DealerQualifies is the dealer's qualification,
	// QualifyPairOfEights.
	DealerQualifies string `json:"dealer_qualifies"`
	// ExchangeMax is the most cards a seat that calls may exchange (2).
	ExchangeMax int `json:"exchange_max"`
	// DealerExchangeMax is the most cards the dealer may exchange (2).
	DealerExchangeMax int `json:"dealer_exchange_max"`
	// Call pays the call by the player's final hand when the dealer
	// qualifies and the player wins: one line per category from a pair
	// up (a hand that beats a pair of eights is at least a pair).
	Call []poker.Line `json:"call"`
}

// Paytable is a validated, immutable Draw Poker paytable. Get one from
// New, Paytables or Lookup; a *Paytable is safe for concurrent use.
type Paytable struct {
	data Data
	kit.Canon
	call [poker.CategoriesCount]poker.Line
}

// New validates paytable data and returns the paytable. It returns an
// error wrapping ErrBadPaytable when the game is not "drawpoker", the id,
// the source or a line's name is empty, the version is below 1, odds are
// not exact X:Y odds within poker.OddsMax, the call multiple is not
// 1..10, the qualification is not QualifyPairOfEights, an exchange
// maximum is not 0..ExchangeMaxLimit, or the call lines are not one per
// category from a pair to a royal flush. The data is copied.
func New(d Data) (*Paytable, error) {
	d.Call = slices.Clone(d.Call)
	bad := func(format string, args ...any) (*Paytable, error) {
		return nil, fmt.Errorf("%w %q: %s", ErrBadPaytable, d.ID, fmt.Sprintf(format, args...))
	}
	switch {
	case d.ID == "" || !strings.HasPrefix(d.ID, GameName+"/"):
		return bad("the id is %s/<variant>", GameName)
	case d.Game != GameName:
		return bad("game %q, want %q", d.Game, GameName)
	case d.Version < 1:
		return bad("version %d, want 1 or more", d.Version)
	case strings.TrimSpace(d.Source) == "":
		return bad("empty source")
	case d.CallMultiple < 1 || d.CallMultiple > 10:
		return bad("call multiple %d, want 1..10", d.CallMultiple)
	case d.DealerQualifies != QualifyPairOfEights:
		return bad("dealer qualification %q: only %q is implemented", d.DealerQualifies, QualifyPairOfEights)
	case d.ExchangeMax < 0 || d.ExchangeMax > ExchangeMaxLimit || d.DealerExchangeMax < 0 || d.DealerExchangeMax > ExchangeMaxLimit:
		return bad("exchange maximums %d and %d, want 0..%d", d.ExchangeMax, d.DealerExchangeMax, ExchangeMaxLimit)
	}
	if err := checkOdds(d.Ante); err != nil {
		return bad("ante: %v", err)
	}
	p := &Paytable{data: d}
	seen := [poker.CategoriesCount]bool{}
	for i, l := range d.Call {
		switch {
		case int(l.Hand) >= poker.CategoriesCount || l.Hand < poker.Pair:
			return bad("call line %d: %s never beats a qualifying dealer", i, l.Hand)
		case seen[l.Hand]:
			return bad("call line %d: a second line for %s", i, l.Hand)
		case strings.TrimSpace(l.Name) == "":
			return bad("call line %d (%s): empty name", i, l.Hand)
		}
		if err := checkOdds(l.Odds); err != nil {
			return bad("call line %d (%s): %v", i, l.Hand, err)
		}
		seen[l.Hand] = true
		p.call[l.Hand] = l
	}
	if want := poker.CategoriesCount - int(poker.Pair); len(d.Call) != want {
		return bad("%d call lines, want one for each of the %d categories from a pair", len(d.Call), want)
	}
	p.Canon = kit.NewCanon(d.ID, d.Game, d.Version, d.Source, canonicalData(d))
	return p, nil
}

// checkOdds checks odds are within poker.OddsMax and an exact decimal
// multiple, so that every residue can be posted.
func checkOdds(o poker.Odds) error {
	if err := o.Check(poker.OddsMax, poker.OddsMax); err != nil {
		return err
	}
	return o.CheckExact()
}

// canonicalData is the data as it is hashed: its fields in declaration
// order and the call lines by category, lowest first.
func canonicalData(d Data) Data {
	d.Call = slices.Clone(d.Call)
	slices.SortFunc(d.Call, func(a, b poker.Line) int { return int(a.Hand) - int(b.Hand) })
	return d
}

// Data returns a copy of the paytable's data.
func (p *Paytable) Data() Data {
	d := p.data
	d.Call = slices.Clone(d.Call)
	return d
}

// CallOdds returns what the call pays for a winning hand of category c;
// zero odds below a pair.
func (p *Paytable) CallOdds(c poker.Category) poker.Odds { return p.call[c].Odds }

// Kinds returns the bet kinds: ante, call and the progressive side bet.
func (p *Paytable) Kinds() []string { return []string{BetAnte, BetCall, BetProgressive} }

// BetKind validates a bet code ("ante:3", "call:3", "progressive:3";
// "ante" and "call" alone are seat 1) and returns its kind. It returns an
// error wrapping ErrBadBetCode for any other code.
func (p *Paytable) BetKind(code string) (string, error) {
	kind, _, err := parseBet(code)
	return kind, err
}

// parseBet is poker.ParseBet with this game's message.
func parseBet(code string) (kind string, seat int, err error) {
	kind, seat, err = poker.ParseBet(code)
	if err != nil {
		if len(code) > 16 {
			code = code[:16] + "..."
		}
		return "", 0, fmt.Errorf("%w: %q: a Draw Poker bet is ante:<seat>, call:<seat> or progressive:<seat>, seats 1..%d", ErrBadBetCode, code, poker.SeatsMax)
	}
	return kind, seat, nil
}

// ParseResult decodes a deal strictly (ParseDeal under this paytable's
// exchange maximums). Every error is a *ResultError (code
// invalid_result).
func (p *Paytable) ParseResult(raw []byte) (games.Result, error) {
	return p.ParseDeal(raw)
}

// RoundOver reports whether a round with these results is complete: a
// round is one deal.
func (p *Paytable) RoundOver(results []games.Result) bool { return len(results) > 0 }

// ProgressiveBet reports whether code is a progressive side bet
// (games.Progressive).
func (p *Paytable) ProgressiveBet(code string) bool {
	kind, _, err := parseBet(code)
	return err == nil && kind == BetProgressive
}

// BetSeat returns the seat of a bet code (games.Seated).
func (p *Paytable) BetSeat(code string) (int, bool) {
	_, seat, err := parseBet(code)
	return seat, err == nil
}

// Seats returns the boxes of the table (games.Seated): Caribbean poker's
// seven, so that the tables linked to one pool have one layout.
func (p *Paytable) Seats() int { return poker.SeatsMax }

// CheckPlacement validates a bet placed in a round (games.Placer), as at
// a Caribbean table (poker.CheckSeatBets): one ante per seat, one call of
// exactly CallMultiple antes beside it, one progressive bet beside it, no
// working flag, nothing once the deal is recorded.
func (p *Paytable) CheckPlacement(b games.Bet, results []games.Result, open []games.Bet) error {
	if _, _, err := parseBet(b.Code); err != nil {
		return err
	}
	return poker.CheckSeatBets(b, results, open, p.data.CallMultiple)
}
