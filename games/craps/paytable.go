package craps

import (
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// GameName is the game name of every craps paytable.
const GameName = "craps"

// Limits of paytable data.
const (
	// RulesMax bounds the lines of a paytable: one per bet code, plus the
	// field's and the line odds' lines by number, take about 70.
	RulesMax = 256
	// DefaultOddsMultiple is the odds multiple of Data whose OddsMultiple
	// is 0: odds up to three times the line bet (docs/games/craps.md).
	DefaultOddsMultiple = 3
	// OddsMultipleMax bounds OddsMultiple (tables offering "100x odds"
	// exist; more is a typing mistake).
	OddsMultipleMax = 100
	// CommissionPercentMax bounds the buy and lay commission.
	CommissionPercentMax = 25
)

// Data is a paytable as data: everything that decides what a bet pays and
// costs. Every field is covered by the content hash.
type Data struct {
	// ID names the paytable, "craps/peru-1999".
	ID string `json:"id"`
	// Version counts revisions of the same id, from 1.
	Version int `json:"version"`
	// Game is always "craps".
	Game string `json:"game"`
	// Source cites the text the paytable transcribes.
	Source string `json:"source"`
	// OddsMultiple caps odds at that multiple of the stake of the line
	// bets they stand behind; 0 means DefaultOddsMultiple. The canonical
	// form (and so the hash) holds the value in force.
	OddsMultiple int `json:"odds_multiple"`
	// CommissionPercent is the commission on buy and lay bets, in percent
	// of its base: the stake of a buy bet, what a lay bet could win (seed
	// 003, arts. 9 and 10: "un adicional del 5%").
	CommissionPercent int `json:"commission_percent"`
	// Rules are the paytable's lines. Their order does not matter: the
	// canonical form sorts them.
	Rules []Rule `json:"rules"`
}

// Rule is one line of a paytable: what a bet pays when it wins.
type Rule struct {
	// Bet is a full bet code ("place:6", "field", "pass_odds").
	Bet string `json:"bet"`
	// Number keys the line of the bets whose payout depends on a number:
	// the winning total of field (2..12), the line bet's point of pass_odds
	// and dont_pass_odds. 0 is the bet's line for every number without a
	// line of its own, and the only Number of every other bet.
	Number int `json:"number,omitempty"`
	// Odds is what the line pays.
	Odds Odds `json:"odds"`
	// Name is the bet's name in the source text ("Big 6", "Cuatro (4) o
	// Diez (10)").
	Name string `json:"name"`
}

// line is a Rule resolved for one bet code.
type line struct {
	rule int // index into Paytable.data.Rules
	odds Odds
}

// Paytable is a validated, immutable paytable. Get one from New, Paytables
// or Lookup; a *Paytable is safe for concurrent use.
type Paytable struct {
	data Data
	kit.Canon
	max    *big.Rat
	codes  []Bet
	byCode map[string]Bet       // offered code -> bet, so settling parses nothing
	lines  map[Bet]map[int]line // bet -> number (0: default) -> line
}

// keyed returns the numbers a bet's lines may key on, nil for a bet whose
// one line has Number 0.
func keyed(b Bet) []int {
	switch b.kind {
	case KindField:
		return []int{2, 3, 4, 9, 10, 11, 12}
	case KindPassOdds, KindDontPassOdds:
		p := Points()
		return p[:]
	}
	return nil
}

// New validates paytable data and returns the paytable. It returns an
// error wrapping ErrBadPaytable when the game is not "craps", the id or a
// name is empty, the version is below 1, the odds multiple is outside
// 0..OddsMultipleMax or the commission outside 1..CommissionPercentMax,
// there are no rules or more than RulesMax, a rule's bet does not parse,
// its Number is not one the bet keys on, its odds are outside
// OddsWinMax:OddsPerMax, two lines price the same bet and number, or a bet
// with lines leaves a winning number without one. The data is copied.
func New(d Data) (*Paytable, error) {
	d.Rules = slices.Clone(d.Rules)
	if d.OddsMultiple == 0 {
		d.OddsMultiple = DefaultOddsMultiple
	}
	if err := kit.CheckIdentity(d.ID, d.Game, GameName, d.Version); err != nil {
		return nil, err
	}
	bad := kit.Refusal[*Paytable](d.ID)
	switch {
	case d.OddsMultiple < 1 || d.OddsMultiple > OddsMultipleMax:
		return bad("odds multiple %d, want 1..%d", d.OddsMultiple, OddsMultipleMax)
	case d.CommissionPercent < 1 || d.CommissionPercent > CommissionPercentMax:
		return bad("commission %d%%, want 1..%d", d.CommissionPercent, CommissionPercentMax)
	case len(d.Rules) == 0 || len(d.Rules) > RulesMax:
		return bad("%d rules, want 1..%d", len(d.Rules), RulesMax)
	}
	p := &Paytable{data: d, lines: make(map[Bet]map[int]line), byCode: make(map[string]Bet), max: new(big.Rat)}
	for i, r := range d.Rules {
		b, err := ParseBet(r.Bet)
		if err != nil {
			return bad("rule %d: %v", i, err)
		}
		if r.Number != 0 && !slices.Contains(keyed(b), r.Number) {
			if keyed(b) == nil {
				return bad("rule %d (%s): number %d, want 0 for a bet paid alike on every win", i, r.Bet, r.Number)
			}
			return bad("rule %d (%s): number %d, want 0 or one of %v", i, r.Bet, r.Number, keyed(b))
		}
		if err := r.Odds.Check(OddsWinMax, OddsPerMax); err != nil {
			return bad("rule %d (%s): %v", i, r.Bet, err)
		}
		if strings.TrimSpace(r.Name) == "" {
			return bad("rule %d (%s): empty name", i, r.Bet)
		}
		ls := p.lines[b]
		if ls == nil {
			ls = make(map[int]line)
			p.lines[b] = ls
		}
		if l, dup := ls[r.Number]; dup {
			return bad("rules %d and %d both price %s number %d", l.rule, i, r.Bet, r.Number)
		}
		ls[r.Number] = line{rule: i, odds: r.Odds}
		if m := r.Odds.Rat(); m.Cmp(p.max) > 0 {
			p.max = m
		}
	}
	for _, b := range AllBets() {
		ls, ok := p.lines[b]
		if !ok {
			continue
		}
		if _, def := ls[0]; !def {
			for _, n := range keyed(b) {
				if _, ok := ls[n]; !ok {
					return bad("%s has no line for number %d and no default line", b, n)
				}
			}
		}
		p.codes = append(p.codes, b)
		p.byCode[b.String()] = b
	}
	p.Canon = kit.NewCanon(d.ID, d.Game, d.Version, d.Source, canonicalData(d))
	return p, nil
}

// canonicalData is the data as it is hashed (kit.NewCanon): Data with
// its fields in declaration order and the rules sorted by bet, then
// number.
func canonicalData(d Data) Data {
	d.Rules = slices.Clone(d.Rules)
	slices.SortStableFunc(d.Rules, func(a, b Rule) int {
		if c := strings.Compare(a.Bet, b.Bet); c != 0 {
			return c
		}
		return a.Number - b.Number
	})
	return d
}

// Data returns a copy of the paytable's data, with the odds multiple in
// force.
func (p *Paytable) Data() Data {
	d := p.data
	d.Rules = slices.Clone(d.Rules)
	return d
}

// OddsMultiple returns how many times the line bet's stake odds may be.
func (p *Paytable) OddsMultiple() int { return p.data.OddsMultiple }

// MaxMultiple returns the largest X/Y of any line: no bet wins more than
// stake·MaxMultiple.
func (p *Paytable) MaxMultiple() *big.Rat { return new(big.Rat).Set(p.max) }

// Bets returns the bets the paytable offers, in listing order.
func (p *Paytable) Bets() []Bet { return slices.Clone(p.codes) }

// Kinds returns the kinds of bet this paytable offers, in listing order:
// the keys a table's stake limits may use.
func (p *Paytable) Kinds() []string {
	var out []string
	for _, b := range p.codes {
		if len(out) == 0 || out[len(out)-1] != string(b.kind) {
			out = append(out, string(b.kind))
		}
	}
	return out
}

// BetKind validates a bet code against this paytable and returns its kind
// ("place" for "place:6"). It returns a *BetCodeError wrapping
// ErrBadBetCode or ErrBetNotOffered.
func (p *Paytable) BetKind(code string) (string, error) {
	b, err := p.bet(code)
	if err != nil {
		return "", err
	}
	return string(b.kind), nil
}

// bet parses a code offered by this paytable.
func (p *Paytable) bet(code string) (Bet, error) {
	if b, ok := p.byCode[code]; ok {
		return b, nil
	}
	b, err := ParseBet(code)
	if err != nil {
		return Bet{}, err
	}
	if _, ok := p.lines[b]; !ok {
		return Bet{}, betCodeError(code, ErrBetNotOffered, "paytable %s has no line for %s", p.data.ID, code)
	}
	return b, nil
}

// lineFor returns the line that pays b winning with number n (the field's
// total, the line odds' point): n's own line, else the default line.
func (p *Paytable) lineFor(b Bet, n int) line {
	ls := p.lines[b]
	if l, ok := ls[n]; ok && n != 0 {
		return l
	}
	return ls[0]
}

// Pays writes what a bet pays as a player reads it: "7:6", or by number
// "2:1 on 2, 12, else 1:1" for the field and "4, 10 2:1 / 5, 9 3:2 / 6,
// 8 6:5" for line odds. It returns "" for a bet the paytable does not
// offer.
func (p *Paytable) Pays(code string) string {
	b, err := p.bet(code)
	if err != nil {
		return ""
	}
	ks := keyed(b)
	if ks == nil {
		return p.lines[b][0].odds.String()
	}
	var groups []string
	var order []Odds
	byOdds := map[Odds][]string{}
	for _, n := range ks {
		o := p.lineFor(b, n).odds
		if _, seen := byOdds[o]; !seen {
			order = append(order, o)
		}
		byOdds[o] = append(byOdds[o], fmt.Sprint(n))
	}
	if len(order) == 1 {
		return order[0].String()
	}
	for _, o := range order {
		groups = append(groups, strings.Join(byOdds[o], ", ")+" "+o.String())
	}
	return strings.Join(groups, " / ")
}

// Name returns the source's name of the bet, or "" for a bet the paytable
// does not offer.
func (p *Paytable) Name(code string) string {
	b, err := p.bet(code)
	if err != nil {
		return ""
	}
	for _, n := range append([]int{0}, keyed(b)...) {
		if l, ok := p.lines[b][n]; ok {
			return p.data.Rules[l.rule].Name
		}
	}
	return ""
}

// RTP returns the exact RTP per bet decided of every offered bet, in
// listing order, as the generic layers read it (the package function RTP
// gives the per-roll edge and more).
func (p *Paytable) RTP() []games.BetRTP {
	rs := RTP(p)
	out := make([]games.BetRTP, len(rs))
	for i, r := range rs {
		out[i] = games.BetRTP{Code: r.Code, Kind: string(r.Kind), Pays: r.Pays, RTP: r.RTP}
	}
	return out
}
