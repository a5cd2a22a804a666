package baccarat

import (
	"fmt"
	"slices"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// GameName is the game name of every baccarat paytable.
const GameName = "baccarat"

// Forms of the game. A paytable is of one form, which decides its bets,
// its result's shape and its drawing rules.
const (
	// FormPuntoBanco is house-banked punto banco: bets on the player, the
	// banker and a tie; fixed drawing rules for both sides.
	FormPuntoBanco = "punto_banco"
	// FormDeuxTableaux is player-banked baccarat à deux tableaux (seed
	// 002, "bacará a dos paños"): punters bet on two tableaux against a
	// player's bank; the casino takes a cagnotte from the bank's net win.
	FormDeuxTableaux = "deux_tableaux"
)

// DecksMax bounds a paytable's shoe.
const DecksMax = 16

// Data is a paytable as data: everything that decides what a bet pays and
// which results are valid. Every field is covered by the content hash.
type Data struct {
	// ID names the paytable, "baccarat/punto-banco".
	ID string `json:"id"`
	// Version counts revisions of the same id, from 1.
	Version int `json:"version"`
	// Game is always "baccarat".
	Game string `json:"game"`
	// Source cites the text the paytable transcribes.
	Source string `json:"source"`
	// Form is FormPuntoBanco or FormDeuxTableaux.
	Form string `json:"form"`
	// Decks is the shoe's decks: no coup shows a card more often, and the
	// exact figures are computed for it.
	Decks int `json:"decks"`
	// Rules are the paytable's lines, one per kind of the form.
	Rules []Rule `json:"rules"`
	// CommissionPercent is the percentage of a banker win the house takes
	// as commission (punto banco; "5"), rounded up to the currency's
	// smallest unit. Empty for deux tableaux.
	CommissionPercent string `json:"commission_percent,omitempty"`
	// CagnottePercent is the percentage of the bank's net win over a coup
	// that goes to the casino's cagnotte (deux tableaux; "5"), rounded up
	// to the currency's smallest unit. Empty for punto banco. The seed
	// leaves it to the table: a table with another rate plays under
	// another paytable id or version.
	CagnottePercent string `json:"cagnotte_percent,omitempty"`
}

// Rule is one line of a paytable: what a kind of bet pays when it wins.
type Rule struct {
	// Bet is a kind of the paytable's form ("banker", "tableau").
	Bet Kind `json:"bet"`
	// Odds is what the line pays, "X:Y".
	Odds Odds `json:"odds"`
	// Name is the bet's name in the source ("banca", "a caballo").
	Name string `json:"name"`
}

// Odds are X:Y odds (the kit's): a winning bet wins X/Y of its stake
// and gets the stake back.
type Odds = kit.Odds

// OddsMax bounds both terms of odds.
const OddsMax = 1000

// Paytable is a validated, immutable baccarat paytable of one form. Get one
// from New, Paytables or Lookup; a *Paytable is safe for concurrent use.
type Paytable struct {
	data Data
	kit.Canon
	lines      map[Kind]Rule
	commission decimal.Decimal // fraction of a banker win, punto banco
	cagnotte   decimal.Decimal // fraction of the bank's net win, deux tableaux
}

// New validates paytable data and returns the paytable. It returns an error
// wrapping ErrBadPaytable when the game is not "baccarat", the id or a name
// is empty, the version is below 1, the form is unknown, the decks are not
// 1..DecksMax, the rules are not one line per kind of the form with valid
// odds, or the form's percentage (commission for punto banco, cagnotte for
// deux tableaux) is missing, not a decimal in [0, 100), or given for the
// other form. The data is copied.
func New(d Data) (*Paytable, error) {
	d.Rules = slices.Clone(d.Rules)
	if err := kit.CheckIdentity(d.ID, d.Game, GameName, d.Version); err != nil {
		return nil, err
	}
	bad := kit.Refusal[*Paytable](d.ID)
	switch {
	case d.Form != FormPuntoBanco && d.Form != FormDeuxTableaux:
		return bad("form %q, want %s or %s", d.Form, FormPuntoBanco, FormDeuxTableaux)
	case d.Decks < 1 || d.Decks > DecksMax:
		return bad("%d decks, want 1..%d", d.Decks, DecksMax)
	}
	p := &Paytable{data: d, lines: make(map[Kind]Rule)}
	for i, r := range d.Rules {
		if !slices.Contains(kindsOf(d.Form), r.Bet) {
			return bad("rule %d: %q is not a kind of %s (%v)", i, r.Bet, d.Form, kindsOf(d.Form))
		}
		if _, dup := p.lines[r.Bet]; dup {
			return bad("rule %d: a second line for %s", i, r.Bet)
		}
		if err := r.Odds.CheckDecimal(OddsMax, OddsMax); err != nil {
			return bad("rule %d (%s): %v", i, r.Bet, err)
		}
		if strings.TrimSpace(r.Name) == "" {
			return bad("rule %d (%s): empty name", i, r.Bet)
		}
		p.lines[r.Bet] = r
	}
	if len(p.lines) != len(kindsOf(d.Form)) {
		return bad("%d lines, want one for each of %v", len(p.lines), kindsOf(d.Form))
	}
	percent := func(name, s string) (decimal.Decimal, error) {
		v, err := decimal.NewFromString(s)
		if err != nil || v.Sign() < 0 || v.Cmp(decimal.NewFromInt(100)) >= 0 || v.Exponent() < -4 {
			return decimal.Decimal{}, fmt.Errorf("%s %q: want a decimal in [0, 100) with at most 4 decimals", name, s)
		}
		return v.Div(decimal.NewFromInt(100)), nil
	}
	var err error
	if d.Form == FormPuntoBanco {
		if d.CagnottePercent != "" {
			return bad("a cagnotte is taken only in deux tableaux")
		}
		if p.commission, err = percent("commission_percent", d.CommissionPercent); err != nil {
			return bad("%v", err)
		}
	} else {
		if d.CommissionPercent != "" {
			return bad("a commission is taken only in punto banco")
		}
		if p.cagnotte, err = percent("cagnotte_percent", d.CagnottePercent); err != nil {
			return bad("%v", err)
		}
	}
	p.Canon = kit.NewCanon(d.ID, d.Game, d.Version, d.Source, canonicalData(d))
	return p, nil
}

// canonicalData is the data as it is hashed (kit.NewCanon): Data with
// its fields in declaration order and the rules sorted by bet.
func canonicalData(d Data) Data {
	d.Rules = slices.Clone(d.Rules)
	slices.SortStableFunc(d.Rules, func(a, b Rule) int { return strings.Compare(string(a.Bet), string(b.Bet)) })
	return d
}

// Form returns FormPuntoBanco or FormDeuxTableaux.
func (p *Paytable) Form() string { return p.data.Form }

// Decks returns the shoe's decks.
func (p *Paytable) Decks() int { return p.data.Decks }

// Data returns a copy of the paytable's data.
func (p *Paytable) Data() Data {
	d := p.data
	d.Rules = slices.Clone(d.Rules)
	return d
}

// CommissionRate returns the fraction of a banker win taken as commission
// (0.05), zero for deux tableaux.
func (p *Paytable) CommissionRate() decimal.Decimal { return p.commission }

// CagnotteRate returns the fraction of the bank's net win taken as
// cagnotte (0.05), zero for punto banco.
func (p *Paytable) CagnotteRate() decimal.Decimal { return p.cagnotte }

// Kinds returns the kinds of bet the paytable offers, in listing order.
func (p *Paytable) Kinds() []string {
	ks := kindsOf(p.data.Form)
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = string(k)
	}
	return out
}

// Bets returns the bets the paytable offers, in listing order.
func (p *Paytable) Bets() []Bet { return betsOf(p.data.Form) }

// BetKind validates a bet code against this paytable and returns its kind.
// It returns an error wrapping ErrBadBetCode for a code that does not parse
// and ErrBetNotOffered for a bet of the other form.
func (p *Paytable) BetKind(code string) (string, error) {
	b, err := p.bet(code)
	if err != nil {
		return "", err
	}
	return string(b.kind), nil
}

func (p *Paytable) bet(code string) (Bet, error) {
	b, err := ParseBet(code)
	if err != nil {
		return Bet{}, err
	}
	if formOf(b.kind) != p.data.Form {
		return Bet{}, fmt.Errorf("%w: %q is a %s bet; %s is %s", ErrBetNotOffered, code, formOf(b.kind), p.data.ID, p.data.Form)
	}
	return b, nil
}

// Pays writes what a bet pays, "1:1", or "" for a bet not offered.
func (p *Paytable) Pays(code string) string {
	b, err := p.bet(code)
	if err != nil {
		return ""
	}
	s := p.lines[b.kind].Odds.String()
	if b.kind == KindBanker && p.commission.Sign() > 0 {
		s += " less " + p.commission.Mul(decimal.NewFromInt(100)).String() + "% commission"
	}
	return s
}

// ParseResult decodes a result of the paytable's form strictly and checks
// its cards against the drawing rules and the shoe: see ParseCoup and
// ParseDeuxCoup. Every error is a *ResultError (code invalid_result).
func (p *Paytable) ParseResult(raw []byte) (games.Result, error) {
	if p.data.Form == FormPuntoBanco {
		c, err := ParseCoup(raw, p.data.Decks)
		if err != nil {
			return nil, err
		}
		return c, nil
	}
	c, err := ParseDeuxCoup(raw, p.data.Decks)
	if err != nil {
		return nil, err
	}
	return c, nil
}

// RoundOver reports whether a round with these results is complete: a
// coup is one result.
func (p *Paytable) RoundOver(results []games.Result) bool { return len(results) > 0 }

// Settle settles one bet against the round's one result, a coup; see the
// package functions SettlePuntoBanco and SettleDeux. For deux tableaux the
// Win is paid by the bank, not the house, and the cagnotte is a matter of
// the whole coup: SettleCoup.
func (p *Paytable) Settle(b games.Bet, scale int32, results []games.Result) (games.Settlement, error) {
	if b.Since != 0 || len(results) != 1 {
		return games.Settlement{}, resultError(RuleResultShape, "a baccarat bet is settled against the round's one coup (placed before result %d of %d)", b.Since, len(results))
	}
	if b.Working {
		return games.Settlement{}, fmt.Errorf("%w: %q: baccarat bets have no working flag", ErrBadBetCode, b.Code)
	}
	switch c := results[0].(type) {
	case Coup:
		if p.data.Form != FormPuntoBanco {
			break
		}
		return SettlePuntoBanco(p, b.Code, b.Stake, scale, c)
	case DeuxCoup:
		if p.data.Form != FormDeuxTableaux {
			break
		}
		return SettleDeux(p, b.Code, b.Stake, scale, c)
	}
	return games.Settlement{}, resultError(RuleResultShape, "a %T is not a %s result", results[0], p.data.Form)
}

// RTP returns the exact RTP of every offered bet, in listing order; see
// PuntoBancoRTP and DeuxRTP.
func (p *Paytable) RTP() []games.BetRTP {
	var rs []BetRTP
	if p.data.Form == FormPuntoBanco {
		rs = PuntoBancoRTP(p)
	} else {
		rs = DeuxRTP(p).Bets
	}
	out := make([]games.BetRTP, len(rs))
	for i, r := range rs {
		out[i] = games.BetRTP{Code: r.Code, Kind: string(r.Kind), Pays: r.Pays, RTP: r.RTP}
	}
	return out
}
