package poker

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
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

// Odds are X:Y odds: a winning bet wins X/Y of its stake and gets the
// stake back.
type Odds struct {
	Win int64
	Per int64
}

// OddsMax bounds both terms of odds.
const OddsMax = 10000

// String writes "50:1".
func (o Odds) String() string { return fmt.Sprintf("%d:%d", o.Win, o.Per) }

// MarshalText writes "50:1".
func (o Odds) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// UnmarshalText reads "50:1".
func (o *Odds) UnmarshalText(b []byte) error {
	w, p, ok := strings.Cut(string(b), ":")
	x, err1 := strconv.ParseInt(w, 10, 64)
	y, err2 := strconv.ParseInt(p, 10, 64)
	if !ok || err1 != nil || err2 != nil {
		return fmt.Errorf("odds %q: want X:Y", cut(string(b)))
	}
	*o = Odds{x, y}
	return nil
}

// multiple is X/Y as an exact decimal; validate has checked it is one.
func (o Odds) multiple() decimal.Decimal {
	return decimal.NewFromInt(o.Win).DivRound(decimal.NewFromInt(o.Per), 16)
}

func (o Odds) validate() error {
	if o.Win < 1 || o.Per < 1 || o.Win > OddsMax || o.Per > OddsMax {
		return fmt.Errorf("odds %s: want X:Y with 1 ≤ X, Y ≤ %d", o, OddsMax)
	}
	if !o.multiple().Mul(decimal.NewFromInt(o.Per)).Equal(decimal.NewFromInt(o.Win)) {
		return fmt.Errorf("odds %s are not an exact decimal multiple", o)
	}
	return nil
}

// Paytable is a validated, immutable Caribbean poker paytable. Get one
// from New, Paytables or Lookup; a *Paytable is safe for concurrent use.
type Paytable struct {
	data      Data
	canonical []byte
	hash      string
	call      [CategoriesCount]Line
}

// New validates paytable data and returns the paytable. It returns an
// error wrapping ErrBadPaytable when the game is not "poker", the id, the
// source or a line's name is empty, the version is below 1, the ante's or
// a line's odds are not exact X:Y odds within OddsMax, the call multiple
// is not 1..10, the qualification is not QualifyAceKing, or the call lines
// are not one per category. The data is copied.
func New(d Data) (*Paytable, error) {
	d.Call = slices.Clone(d.Call)
	bad := func(format string, args ...any) (*Paytable, error) {
		return nil, fmt.Errorf("%w %q: %s", ErrBadPaytable, d.ID, fmt.Sprintf(format, args...))
	}
	switch {
	case d.ID == "":
		return bad("empty id")
	case d.Game != GameName:
		return bad("game %q, want %q", d.Game, GameName)
	case d.Version < 1:
		return bad("version %d, want 1 or more", d.Version)
	case strings.TrimSpace(d.Source) == "":
		return bad("empty source")
	case d.CallMultiple < 1 || d.CallMultiple > 10:
		return bad("call multiple %d, want 1..10", d.CallMultiple)
	case d.DealerQualifies != QualifyAceKing:
		return bad("dealer qualification %q: only %q is implemented", d.DealerQualifies, QualifyAceKing)
	}
	if err := d.Ante.validate(); err != nil {
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
		if err := l.Odds.validate(); err != nil {
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
	p.canonical = canonicalJSON(d)
	p.hash = games.ContentHash(p.canonical)
	return p, nil
}

// canonicalJSON is the hashed form of the data: compact JSON of Data with
// its fields in declaration order and the call lines by category, lowest
// first.
func canonicalJSON(d Data) []byte {
	d.Call = slices.Clone(d.Call)
	slices.SortFunc(d.Call, func(a, b Line) int { return int(a.Hand) - int(b.Hand) })
	b, err := games.CanonicalJSON(d)
	if err != nil {
		panic(fmt.Sprintf("poker: canonical JSON of %q: %v", d.ID, err))
	}
	return b
}

// ID returns the paytable's id, "poker/caribbean".
func (p *Paytable) ID() string { return p.data.ID }

// Game returns "poker".
func (p *Paytable) Game() string { return p.data.Game }

// Version returns the paytable's version.
func (p *Paytable) Version() int { return p.data.Version }

// Source cites the text the paytable transcribes.
func (p *Paytable) Source() string { return p.data.Source }

// Hash returns the hex SHA-256 of CanonicalJSON.
func (p *Paytable) Hash() string { return p.hash }

// CanonicalJSON returns the bytes that Hash digests.
func (p *Paytable) CanonicalJSON() []byte { return slices.Clone(p.canonical) }

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
