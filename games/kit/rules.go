package kit

import (
	"fmt"
	"slices"
	"strings"

	"github.com/shopspring/decimal"
)

// Rule is one line of a paytable whose lines are keyed by a line name L
// (blackjack's and War's): what it pays and what a player reads. Its JSON
// members, in this order, are part of those paytables' canonical bytes.
type Rule[L ~string] struct {
	// Line is one of the game's Line… constants.
	Line L `json:"line"`
	// Odds is what the line pays, "X:Y".
	Odds Odds `json:"odds"`
	// Name is the line's name as a player reads it.
	Name string `json:"name"`
}

// IndexRules checks a paytable's rules against its lines and returns
// what each line pays: every rule names one of lines, once, with odds
// that pass CheckDecimal(winMax, perMax) and a name, and every line has
// its rule. The error says which rule is wrong; the game wraps it in its
// paytable error.
func IndexRules[L ~string](rules []Rule[L], lines []L, winMax, perMax int64) (map[L]Odds, error) {
	odds := make(map[L]Odds, len(lines))
	for i, r := range rules {
		if !slices.Contains(lines, r.Line) {
			return nil, fmt.Errorf("rule %d: %q is not a line (%v)", i, r.Line, lines)
		}
		if _, dup := odds[r.Line]; dup {
			return nil, fmt.Errorf("rule %d: a second line for %s", i, r.Line)
		}
		if err := r.Odds.CheckDecimal(winMax, perMax); err != nil {
			return nil, fmt.Errorf("rule %d (%s): %v", i, r.Line, err)
		}
		if strings.TrimSpace(r.Name) == "" {
			return nil, fmt.Errorf("rule %d (%s): empty name", i, r.Line)
		}
		odds[r.Line] = r.Odds
	}
	if len(odds) != len(lines) {
		return nil, fmt.Errorf("%d lines, want one for each of %v", len(odds), lines)
	}
	return odds, nil
}

// SortRules returns a copy of rules in their canonical order, by line
// (a stable sort, so the hash never depends on how the data listed them).
func SortRules[L ~string](rules []Rule[L]) []Rule[L] {
	out := slices.Clone(rules)
	slices.SortStableFunc(out, func(a, b Rule[L]) int { return strings.Compare(string(a.Line), string(b.Line)) })
	return out
}

// Strings returns names of a string kind (a paytable's kinds of bet) as
// plain strings, in their order.
func Strings[S ~string](names []S) []string {
	out := make([]string, len(names))
	for i, s := range names {
		out[i] = string(s)
	}
	return out
}

// Percent reads a paytable setting written as a percentage in (0, 100]
// (or [0, 100] when zero is allowed) with at most 4 decimals, and returns
// it as a fraction: "50" is 0.5. name is the setting's JSON name, for
// the error.
func Percent(name, s string, zero bool) (decimal.Decimal, error) {
	v, err := decimal.NewFromString(s)
	if err != nil || v.Sign() < 0 || (v.Sign() == 0 && !zero) || v.Cmp(decimal.NewFromInt(100)) > 0 || v.Exponent() < -4 {
		return decimal.Decimal{}, fmt.Errorf("%s %q: want a decimal percentage in (0, 100] with at most 4 decimals", name, s)
	}
	return v.Div(decimal.NewFromInt(100)), nil
}
