package roulette

import (
	"math/big"
	"slices"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// GameName is the game name of every roulette paytable.
const GameName = "roulette"

// Data is a paytable as data: everything that decides what a bet pays. A
// variant (another payout, la partage, another wheel) is new Data under a
// new id or version, never new code. Every field is covered by the content
// hash. Which pockets a bet covers is not data but the standard table
// layout (see layout.go), the same in every casino.
type Data struct {
	// ID names the paytable, "roulette/french".
	ID string `json:"id"`
	// Version counts revisions of the same id, from 1.
	Version int `json:"version"`
	// Game is always "roulette".
	Game string `json:"game"`
	// Source cites the text the paytable transcribes.
	Source string `json:"source"`
	// Pockets lists the wheel's pockets in canonical order: "0", "00" on
	// a double-zero wheel, then "1".."36". Only these two wheels are
	// valid, because the layout's geometry is known for them alone; the
	// list is data so that the hash, and an auditor reading the canonical
	// JSON, see which wheel the table spins.
	Pockets []string `json:"pockets"`
	// LaPartage returns half the stake of an even-money bet (red, black,
	// odd, even, low, high) when the ball lands in a zero, instead of
	// losing it all; the half is rounded down to the currency's smallest
	// unit (see Settle).
	LaPartage bool `json:"la_partage"`
	// Rules price the kinds the paytable offers, one rule per kind. Their
	// order in Data does not matter: the canonical form sorts them.
	Rules []Rule `json:"rules"`
}

// Rule is one line of a paytable: what every bet of a kind pays when it
// wins. Roulette pays by kind alone: every split pays the same.
type Rule struct {
	// Kind is the bet kind the rule prices ("split").
	Kind Kind `json:"kind"`
	// Odds is what a winning bet of the kind pays, "17:1".
	Odds Odds `json:"odds"`
	// Name is the bet's name at the table ("Medio pleno").
	Name string `json:"name"`
}

// offer is a bet the paytable offers, with the rule that prices it.
type offer struct {
	bet      Bet
	rule     int // index into Paytable.data.Rules
	multiple decimal.Decimal
}

// Paytable is a validated, immutable paytable. Get one from New, Paytables
// or Lookup; a *Paytable is safe for concurrent use.
type Paytable struct {
	data Data
	kit.Canon
	wheel   layout
	max     decimal.Decimal
	codes   []Bet            // offered bets, in listing order
	offered map[string]offer // bet code -> its offer
}

// New validates paytable data and returns the paytable. It returns an error
// wrapping ErrBadPaytable when the game is not "roulette", the id is empty,
// the version is below 1, the pockets are not exactly those of a single- or
// a double-zero wheel in canonical order, there are no rules, a rule names
// an unknown kind or a kind twice, a kind has no bet on the wheel's layout
// (first_four on a double-zero wheel, top_line on a single-zero one), its
// odds are not an exact decimal multiple within OddsWinMax:OddsPerMax, its
// name is empty, or la partage is on with no even-money kind to apply to.
// The data is copied.
func New(d Data) (*Paytable, error) {
	d.Pockets = slices.Clone(d.Pockets)
	d.Rules = slices.Clone(d.Rules)
	if err := kit.CheckIdentity(d.ID, d.Game, GameName, d.Version); err != nil {
		return nil, err
	}
	bad := kit.Refusal[*Paytable](d.ID)
	switch {
	case len(d.Rules) == 0 || len(d.Rules) > len(Kinds()):
		return bad("%d rules, want 1..%d (one per kind)", len(d.Rules), len(Kinds()))
	}
	var wheel layout
	switch {
	case slices.Equal(d.Pockets, pocketNames(layout{doubleZero: false})):
	case slices.Equal(d.Pockets, pocketNames(layout{doubleZero: true})):
		wheel.doubleZero = true
	default:
		return bad("pockets %v: want 0, 1..36 (single zero) or 0, 00, 1..36 (double zero), in that order", d.Pockets)
	}
	byKind := make(map[Kind]int, len(d.Rules))
	partage := false
	for i, r := range d.Rules {
		if _, ok := r.Kind.arity(); !ok {
			return bad("rule %d: unknown bet kind %q", i, r.Kind)
		}
		if j, dup := byKind[r.Kind]; dup {
			return bad("rules %d and %d both price %s", j, i, r.Kind)
		}
		if len(wheel.bets(r.Kind)) == 0 {
			return bad("rule %d: %s has no bet on a %s wheel", i, r.Kind, wheelName(wheel))
		}
		if err := r.Odds.CheckDecimal(OddsWinMax, OddsPerMax); err != nil {
			return bad("rule %d (%s): %v", i, r.Kind, err)
		}
		if strings.TrimSpace(r.Name) == "" {
			return bad("rule %d (%s): empty name", i, r.Kind)
		}
		byKind[r.Kind] = i
		partage = partage || r.Kind.EvenMoney()
	}
	if d.LaPartage && !partage {
		return bad("la partage with no even-money bet to apply to")
	}
	p := &Paytable{data: d, wheel: wheel, max: decimal.Zero, offered: make(map[string]offer)}
	for _, k := range Kinds() {
		i, ok := byKind[k]
		if !ok {
			continue
		}
		m := d.Rules[i].Odds.Multiple()
		if m.Cmp(p.max) > 0 {
			p.max = m
		}
		for _, b := range wheel.bets(k) {
			p.offered[b.String()] = offer{bet: b, rule: i, multiple: m}
			p.codes = append(p.codes, b)
		}
	}
	p.Canon = kit.NewCanon(d.ID, d.Game, d.Version, d.Source, canonicalData(d))
	return p, nil
}

// pocketNames writes a layout's pockets as Data lists them.
func pocketNames(l layout) []string {
	ps := l.pockets()
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.String()
	}
	return out
}

func wheelName(l layout) string {
	if l.doubleZero {
		return "double-zero"
	}
	return "single-zero"
}

// canonicalData is the data as it is hashed (kit.NewCanon): Data with
// its fields in declaration order, the pockets in canonical order (New
// admits no other) and the rules sorted by kind.
func canonicalData(d Data) Data {
	d.Rules = slices.Clone(d.Rules)
	slices.SortStableFunc(d.Rules, func(a, b Rule) int { return strings.Compare(string(a.Kind), string(b.Kind)) })
	return d
}

// Data returns a copy of the paytable's data.
func (p *Paytable) Data() Data {
	d := p.data
	d.Pockets = slices.Clone(d.Pockets)
	d.Rules = slices.Clone(d.Rules)
	return d
}

// DoubleZero reports whether the wheel has the pocket 00.
func (p *Paytable) DoubleZero() bool { return p.wheel.doubleZero }

// LaPartage reports whether even-money bets return half the stake on a
// zero.
func (p *Paytable) LaPartage() bool { return p.data.LaPartage }

// Pockets returns the wheel's pockets in canonical order: the sample space
// of the exact RTP.
func (p *Paytable) Pockets() []Pocket { return p.wheel.pockets() }

// MaxMultiple returns the largest X/Y of any rule: 35 for every catalog
// paytable. No bet returns more than stake·(1+MaxMultiple).
func (p *Paytable) MaxMultiple() *big.Rat { return p.max.Rat() }

// Bets returns the bets the paytable offers, in listing order.
func (p *Paytable) Bets() []Bet { return slices.Clone(p.codes) }

// Kinds returns the kinds of bet this paytable offers, in listing order:
// the keys a table's stake limits may use.
func (p *Paytable) Kinds() []string {
	var out []string
	for _, k := range Kinds() {
		if p.offers(k) {
			out = append(out, string(k))
		}
	}
	return out
}

// offers reports whether the paytable has a rule for kind k.
func (p *Paytable) offers(k Kind) bool {
	for _, r := range p.data.Rules {
		if r.Kind == k {
			return true
		}
	}
	return false
}

// BetKind validates a bet code against this paytable and returns its kind
// ("split" for "split:0-00"). It returns a *BetCodeError wrapping
// ErrBadBetCode for a code that does not parse and ErrBetNotOffered for one
// the paytable does not offer.
func (p *Paytable) BetKind(code string) (string, error) {
	o, err := p.bet(code)
	if err != nil {
		return "", err
	}
	return string(o.bet.kind), nil
}

// bet returns the offer of a code, or why it is refused.
func (p *Paytable) bet(code string) (offer, error) {
	if o, ok := p.offered[code]; ok {
		return o, nil
	}
	b, err := ParseBet(code)
	if err != nil {
		return offer{}, err
	}
	if !p.offers(b.kind) {
		return offer{}, betCodeError(code, ErrBetNotOffered, "paytable %s has no %s bets", p.data.ID, b.kind)
	}
	return offer{}, betCodeError(code, ErrBetNotOffered, "%s is not a bet of the %s layout of %s", code, wheelName(p.wheel), p.data.ID)
}

// Pays writes what a bet pays as a player reads it: "35:1", or "1:1, la
// partage" for an even-money bet that returns half on a zero. It returns
// "" for a bet the paytable does not offer.
func (p *Paytable) Pays(code string) string {
	o, ok := p.offered[code]
	if !ok {
		return ""
	}
	s := p.data.Rules[o.rule].Odds.String()
	if p.data.LaPartage && o.bet.kind.EvenMoney() {
		s += ", la partage"
	}
	return s
}

// Name returns the table's name of the bet ("Medio pleno"), or "" for a
// bet the paytable does not offer.
func (p *Paytable) Name(code string) string {
	o, ok := p.offered[code]
	if !ok {
		return ""
	}
	return p.data.Rules[o.rule].Name
}

// Settle settles one bet against the round's one result, a pocket; see the
// package function Settle. A roulette round has exactly one result, and
// every bet is placed before it (b.Since is 0); anything else is an error
// wrapping ErrBadPocket. b.Working is ignored: roulette has no such flag.
func (p *Paytable) Settle(b games.Bet, scale int32, results []games.Result) (games.Settlement, error) {
	pocket, err := kit.OneResult[Pocket](b, results, ErrBadPocket, "roulette")
	if err != nil {
		return games.Settlement{}, err
	}
	return Settle(p, b.Code, b.Stake, scale, pocket)
}

// RoundOver reports whether a round with these results is complete: a
// roulette round ends with its first spin.
func (p *Paytable) RoundOver(results []games.Result) bool { return len(results) > 0 }

// RTP returns the exact RTP of every offered bet, in listing order, as the
// generic layers read it (the package function RTP gives more detail).
func (p *Paytable) RTP() []games.BetRTP {
	rs := RTP(p)
	out := make([]games.BetRTP, len(rs))
	for i, r := range rs {
		out[i] = games.BetRTP{Code: r.Code, Kind: string(r.Kind), Pays: r.Pays, RTP: r.RTP}
	}
	return out
}
