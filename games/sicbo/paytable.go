package sicbo

import (
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// GameName is the game name of every Sic Bo paytable.
const GameName = "sicbo"

// RulesMax bounds the lines of a paytable: one line per bet code and dice
// count would take 3·6 + 2·6 + 6 + 14 + 2·15 + 20 + 30 + 4 + 9 = 143.
const RulesMax = 256

// Data is a paytable as data: everything that decides what a bet pays. A
// variant (another casino's totals, a combination that pays more when one of
// its numbers shows twice) is new Data under a new id or version, never new
// code. Every field is covered by the content hash.
type Data struct {
	// ID names the paytable, "sicbo/live".
	ID string `json:"id"`
	// Version counts revisions of the same id, from 1.
	Version int `json:"version"`
	// Game is always "sicbo".
	Game string `json:"game"`
	// Source cites the text the paytable transcribes.
	Source string `json:"source"`
	// Rules are the paytable's lines. Their order in Data does not matter:
	// the canonical form sorts them.
	Rules []Rule `json:"rules"`
}

// Rule is one line of a paytable: what a bet pays when it wins.
type Rule struct {
	// Bet is either a full bet code ("total:4"), which prices that bet
	// alone, or a bare kind ("single", "combo"), which prices every bet of
	// the kind alike. For a code that has lines of its own, the kind's lines
	// do not apply at all. A kind without numbers ("small") is both.
	Bet string `json:"bet"`
	// Hits is, for the kinds that pay by how many dice match (single:
	// 1..3 dice show N; double: 2..3; combo: 2..3 dice show A or B, both
	// present), the dice count this line pays; 0 for every other kind. A
	// winning roll whose count has no line loses, so a table can pay the
	// combination more when a number shows twice (Hits 3), or not pay a
	// double on a triple (no Hits 3 line).
	Hits int `json:"hits,omitempty"`
	// Odds is what the line pays, "X:1" or "3:2".
	Odds Odds `json:"odds"`
	// Name is the bet's name in the source text ("Par igual").
	Name string `json:"name"`
}

// line is a Rule resolved for one bet code.
type line struct {
	rule     int // index into Paytable.data.Rules
	hits     int
	odds     Odds
	multiple decimal.Decimal
}

// Paytable is a validated, immutable paytable. Get one from New, Paytables
// or Lookup; a *Paytable is safe for concurrent use.
type Paytable struct {
	data Data
	kit.Canon
	max   decimal.Decimal
	codes []Bet             // offered bets, in listing order
	lines map[string][]line // bet code -> its lines, by increasing hits
}

// New validates paytable data and returns the paytable. It returns an error
// wrapping ErrBadPaytable when the game is not "sicbo", the id or name is
// empty, the version is below 1, there are no rules or more than RulesMax, a
// rule's bet does not parse, its Hits do not fit its kind, its odds are not
// an exact decimal multiple within OddsWinMax:OddsPerMax, two lines price the
// same bet and dice count, or a kind line is shadowed for every code by code
// lines. The data is copied.
func New(d Data) (*Paytable, error) {
	d.Rules = slices.Clone(d.Rules)
	if err := kit.CheckIdentity(d.ID, d.Game, GameName, d.Version); err != nil {
		return nil, err
	}
	bad := kit.Refusal[*Paytable](d.ID)
	switch {
	case len(d.Rules) == 0 || len(d.Rules) > RulesMax:
		return bad("%d rules, want 1..%d", len(d.Rules), RulesMax)
	}
	type key struct {
		bet  string
		hits int
	}
	seen := make(map[key]int, len(d.Rules))
	byBet := make(map[string][]int) // bet (code or kind) -> rule indexes
	for i, r := range d.Rules {
		k, err := ruleTarget(r.Bet)
		if err != nil {
			return bad("rule %d: %v", i, err)
		}
		s, _ := spec(k)
		if !s.allowsHits(r.Hits) {
			if s.counts() {
				return bad("rule %d (%s): hits %d, want one of %v", i, r.Bet, r.Hits, s.hits)
			}
			return bad("rule %d (%s): hits %d, want 0 for a kind that does not count dice", i, r.Bet, r.Hits)
		}
		if err := r.Odds.CheckDecimal(OddsWinMax, OddsPerMax); err != nil {
			return bad("rule %d (%s): %v", i, r.Bet, err)
		}
		if strings.TrimSpace(r.Name) == "" {
			return bad("rule %d (%s): empty name", i, r.Bet)
		}
		if j, dup := seen[key{r.Bet, r.Hits}]; dup {
			return bad("rules %d and %d both price %s with %d hits", j, i, r.Bet, r.Hits)
		}
		seen[key{r.Bet, r.Hits}] = i
		byBet[r.Bet] = append(byBet[r.Bet], i)
	}
	p := &Paytable{data: d, lines: make(map[string][]line), max: decimal.Zero}
	used := make([]bool, len(d.Rules))
	for _, b := range AllBets() {
		code := b.String()
		idx, own := byBet[code]
		if !own {
			idx = byBet[string(b.kind)]
		}
		if len(idx) == 0 {
			continue
		}
		ls := make([]line, 0, len(idx))
		for _, i := range idx {
			r := d.Rules[i]
			used[i] = true
			ls = append(ls, line{rule: i, hits: r.Hits, odds: r.Odds, multiple: r.Odds.Multiple()})
		}
		slices.SortFunc(ls, func(a, b line) int { return a.hits - b.hits })
		p.lines[code] = ls
		p.codes = append(p.codes, b)
	}
	for i, u := range used {
		if !u {
			return bad("rule %d (%s) applies to no bet: every code of the kind has lines of its own", i, d.Rules[i].Bet)
		}
	}
	for _, r := range d.Rules {
		if m := r.Odds.Multiple(); m.Cmp(p.max) > 0 {
			p.max = m
		}
	}
	p.Canon = kit.NewCanon(d.ID, d.Game, d.Version, d.Source, canonicalData(d))
	return p, nil
}

// ruleTarget parses a rule's Bet as a bare kind or a full code and returns
// its kind.
func ruleTarget(bet string) (Kind, error) {
	if s, ok := spec(Kind(bet)); ok && s.args > 0 {
		return Kind(bet), nil
	}
	b, err := ParseBet(bet)
	if err != nil {
		return "", err
	}
	return b.kind, nil
}

// canonicalData is the data as it is hashed (kit.NewCanon): Data with
// its fields in declaration order and the rules sorted by bet, then hits.
func canonicalData(d Data) Data {
	d.Rules = slices.Clone(d.Rules)
	slices.SortStableFunc(d.Rules, func(a, b Rule) int {
		if c := strings.Compare(a.Bet, b.Bet); c != 0 {
			return c
		}
		return a.Hits - b.Hits
	})
	return d
}

// Data returns a copy of the paytable's data.
func (p *Paytable) Data() Data {
	d := p.data
	d.Rules = slices.Clone(d.Rules)
	return d
}

// MaxMultiple returns the largest X/Y of any line: 180 for sicbo/live. No
// bet returns more than stake·(1+MaxMultiple).
func (p *Paytable) MaxMultiple() *big.Rat { return p.max.Rat() }

// Bets returns the bets the paytable offers, in listing order.
func (p *Paytable) Bets() []Bet { return slices.Clone(p.codes) }

// BetKind validates a bet code against this paytable and returns its kind
// ("total" for "total:9"). It returns a *BetCodeError wrapping ErrBadBetCode
// for a code that does not parse and ErrBetNotOffered for one the paytable
// has no line for.
func (p *Paytable) BetKind(code string) (string, error) {
	b, _, err := p.bet(code)
	if err != nil {
		return "", err
	}
	return string(b.kind), nil
}

// Settle settles one bet against the round's one result, three dice; see
// the package function Settle.
func (p *Paytable) Settle(b games.Bet, scale int32, results []games.Result) (games.Settlement, error) {
	d, err := kit.OneResult[Dice](b, results, ErrBadDice, "Sic Bo")
	if err != nil {
		return games.Settlement{}, err
	}
	return Settle(p, b.Code, b.Stake, scale, d)
}

// RoundOver reports whether a round with these results is complete: a Sic
// Bo round ends with its first result.
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

// bet parses a code and returns its lines in this paytable.
func (p *Paytable) bet(code string) (Bet, []line, error) {
	b, err := ParseBet(code)
	if err != nil {
		return Bet{}, nil, err
	}
	ls, ok := p.lines[code]
	if !ok {
		return Bet{}, nil, betCodeError(code, ErrBetNotOffered, "paytable %s has no line for %s bets", p.data.ID, b.kind)
	}
	return b, ls, nil
}

// Pays writes what a bet pays: "8:1" when one line pays every winning
// roll alike, else each line with its dice count,
// "1 die 1:1 / 2 dice 2:1 / 3 dice 3:1". It returns "" for a bet the
// paytable does not offer.
func (p *Paytable) Pays(code string) string {
	ls := p.lines[code]
	if len(ls) == 0 {
		return ""
	}
	s, _ := spec(p.codesKind(code))
	uniform := len(ls) == len(s.hits) || !s.counts()
	for _, l := range ls {
		uniform = uniform && l.odds == ls[0].odds
	}
	if uniform {
		return ls[0].odds.String()
	}
	parts := make([]string, len(ls))
	for i, l := range ls {
		unit := "dice"
		if l.hits == 1 {
			unit = "die"
		}
		parts[i] = fmt.Sprintf("%d %s %s", l.hits, unit, l.odds)
	}
	return strings.Join(parts, " / ")
}

// codesKind returns the kind of an offered code.
func (p *Paytable) codesKind(code string) Kind {
	k, _, _ := strings.Cut(code, ":")
	return Kind(k)
}

// Name returns the source's name of the bet ("Par igual"), or "" for a bet
// the paytable does not offer.
func (p *Paytable) Name(code string) string {
	ls := p.lines[code]
	if len(ls) == 0 {
		return ""
	}
	return p.data.Rules[ls[0].rule].Name
}
