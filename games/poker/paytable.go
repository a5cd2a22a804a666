package poker

import (
	"slices"
	"strings"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// GameName is the game name of every poker paytable.
const GameName = "poker"

// Bet codes, which are also the bet kinds (one stake limit each).
const (
	// BetAnte is the ante, placed before any card is dealt.
	BetAnte = "ante"
	// BetCall is the call ("ir"), placed after the player has seen the
	// cards: CallMultiple times the ante. A player who does not call folds
	// ("no ir") and loses the ante.
	BetCall = "call"
)

// QualifyAceKing is the one dealer qualification the package implements:
// the dealer plays with ace-king or better (AceKing).
const QualifyAceKing = "ace_king"

// Data is a Caribbean poker paytable as data: everything that decides what
// the ante and the call pay. Every field is covered by the content hash.
type Data struct {
	// ID names the paytable, "poker/caribbean".
	ID string `json:"id"`
	// Version counts revisions of the same id, from 1.
	Version int `json:"version"`
	// Game is always "poker".
	Game string `json:"game"`
	// Source cites the text the paytable transcribes.
	Source string `json:"source"`
	// Ante is what the ante pays when it wins: when the dealer does not
	// qualify, or qualifies and loses ("1:1").
	Ante Odds `json:"ante"`
	// CallMultiple is the call as a multiple of the ante (2).
	CallMultiple int64 `json:"call_multiple"`
	// DealerQualifies is the dealer's qualification, QualifyAceKing.
	// Another rule would need its own exact counts (RTP), so New refuses
	// it.
	DealerQualifies string `json:"dealer_qualifies"`
	// Call pays the call by the player's hand when the dealer qualifies
	// and the player wins: one line per category, high_card being the
	// ace-king (or better high card) that beats a qualifying dealer.
	Call []Line `json:"call"`
}

// Line is one line of the call's paytable.
type Line struct {
	// Hand is the player's category.
	Hand Category `json:"hand"`
	// Odds is what the call wins, "50:1".
	Odds Odds `json:"odds"`
	// Name is the hand's name in the source ("Escalera de Color").
	Name string `json:"name"`
}

// Odds are X:Y odds (the kit's): a winning bet wins X/Y of its stake
// and gets the stake back.
type Odds = kit.Odds

// OddsMax bounds both terms of odds.
const OddsMax = 10000

// Paytable is a validated, immutable Caribbean poker paytable. Get one
// from New, Paytables or Lookup; a *Paytable is safe for concurrent use.
type Paytable struct {
	data Data
	kit.Canon
	call [CategoriesCount]Line
}

// New validates paytable data and returns the paytable. It returns an
// error wrapping ErrBadPaytable when the game is not "poker", the id, the
// source or a line's name is empty, the version is below 1, the ante's or
// a line's odds are not exact X:Y odds within OddsMax, the call multiple
// is not 1..10, the qualification is not QualifyAceKing, or the call lines
// are not one per category. The data is copied.
func New(d Data) (*Paytable, error) {
	d.Call = slices.Clone(d.Call)
	if err := kit.CheckIdentity(d.ID, d.Game, GameName, d.Version); err != nil {
		return nil, err
	}
	bad := kit.Refusal[*Paytable](d.ID)
	switch {
	case strings.TrimSpace(d.Source) == "":
		return bad("empty source")
	case d.CallMultiple < 1 || d.CallMultiple > 10:
		return bad("call multiple %d, want 1..10", d.CallMultiple)
	case d.DealerQualifies != QualifyAceKing:
		return bad("dealer qualification %q: only %q is implemented", d.DealerQualifies, QualifyAceKing)
	}
	if err := d.Ante.CheckDecimal(OddsMax, OddsMax); err != nil {
		return bad("ante: %v", err)
	}
	p := &Paytable{data: d}
	seen := [CategoriesCount]bool{}
	for i, l := range d.Call {
		if int(l.Hand) >= CategoriesCount {
			return bad("call line %d: no category %d", i, l.Hand)
		}
		if seen[l.Hand] {
			return bad("call line %d: a second line for %s", i, l.Hand)
		}
		if err := l.Odds.CheckDecimal(OddsMax, OddsMax); err != nil {
			return bad("call line %d (%s): %v", i, l.Hand, err)
		}
		if strings.TrimSpace(l.Name) == "" {
			return bad("call line %d (%s): empty name", i, l.Hand)
		}
		seen[l.Hand] = true
		p.call[l.Hand] = l
	}
	if len(d.Call) != CategoriesCount {
		return bad("%d call lines, want one for each of the %d categories", len(d.Call), CategoriesCount)
	}
	p.Canon = kit.NewCanon(d.ID, d.Game, d.Version, d.Source, canonicalData(d))
	return p, nil
}

// canonicalData is the data as it is hashed (kit.NewCanon): Data with
// its fields in declaration order and the call lines by category, lowest
// first.
func canonicalData(d Data) Data {
	d.Call = slices.Clone(d.Call)
	slices.SortFunc(d.Call, func(a, b Line) int { return int(a.Hand) - int(b.Hand) })
	return d
}

// Data returns a copy of the paytable's data.
func (p *Paytable) Data() Data {
	d := p.data
	d.Call = slices.Clone(d.Call)
	return d
}

// CallOdds returns what the call pays for a winning hand of category c.
func (p *Paytable) CallOdds(c Category) Odds { return p.call[c].Odds }

// Kinds returns the bet kinds: ante, call and the progressive side bet.
func (p *Paytable) Kinds() []string { return []string{BetAnte, BetCall, BetProgressive} }

// BetKind validates a bet code (ParseBet: "ante", "call", or a kind and a
// seat, "call:3", "progressive:3") and returns its kind. It returns an
// error wrapping ErrBadBetCode for any other code.
func (p *Paytable) BetKind(code string) (string, error) {
	kind, _, err := ParseBet(code)
	return kind, err
}

// ParseResult decodes a result strictly: a one-player round (ParseRound)
// or a deal with seats (table.go). Every error is a *ResultError (code
// invalid_result).
func (p *Paytable) ParseResult(raw []byte) (games.Result, error) {
	return parseAny(raw)
}

// RoundOver reports whether a round with these results is complete: a
// round is one result, both hands.
func (p *Paytable) RoundOver(results []games.Result) bool { return len(results) > 0 }
