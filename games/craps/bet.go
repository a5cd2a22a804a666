package craps

import (
	"strconv"
	"strings"
)

// Kind is the part of a bet code before ':' ("place" for "place:6"). The
// ledger's per-kind stake limits are keyed by it.
type Kind string

// The kinds of craps bet. Each one's winning condition is code (see
// step.go); what it pays is paytable data.
const (
	// Line bets (standard rules: the seed's surviving articles do not
	// describe them).
	KindPass     Kind = "pass"
	KindDontPass Kind = "dont_pass"
	KindCome     Kind = "come"
	KindDontCome Kind = "dont_come"
	// Odds behind line bets (arts. 11-12).
	KindPassOdds     Kind = "pass_odds"
	KindDontPassOdds Kind = "dont_pass_odds"
	KindComeOdds     Kind = "come_odds"      // come_odds:P, P the come bet's point
	KindDontComeOdds Kind = "dont_come_odds" // dont_come_odds:P
	// One-roll bets (art. 6).
	KindField    Kind = "field"
	KindAnySeven Kind = "any_seven"
	KindAnyCraps Kind = "any_craps"
	KindTwo      Kind = "two"
	KindThree    Kind = "three"
	KindEleven   Kind = "eleven"
	KindTwelve   Kind = "twelve"
	// Big 6 and big 8 (art. 7).
	KindBig6 Kind = "big6"
	KindBig8 Kind = "big8"
	// Hardways (art. 8): hard:N, N in 4, 6, 8, 10.
	KindHard Kind = "hard"
	// For a number (art. 9): place:N and buy:N.
	KindPlace Kind = "place"
	KindBuy   Kind = "buy"
	// Against a number (art. 10): place_lose:N and lay:N.
	KindPlaceLose Kind = "place_lose"
	KindLay       Kind = "lay"
)

// BetCodeLenMax bounds the length of a bet code; the longest valid one,
// "dont_come_odds:10", is 17 bytes.
const BetCodeLenMax = 32

// Kinds returns every kind of craps bet, in the order of listings and RTP
// tables.
func Kinds() []Kind {
	return []Kind{
		KindPass, KindDontPass, KindCome, KindDontCome,
		KindPassOdds, KindDontPassOdds, KindComeOdds, KindDontComeOdds,
		KindField, KindAnySeven, KindAnyCraps, KindTwo, KindThree, KindEleven, KindTwelve,
		KindBig6, KindBig8, KindHard,
		KindPlace, KindBuy, KindPlaceLose, KindLay,
	}
}

// Points are the numbers that become a point: 4, 5, 6, 8, 9 and 10. An
// array value, so no caller can change it.
func Points() [6]int { return [6]int{4, 5, 6, 8, 9, 10} }

// IsPoint reports whether n is 4, 5, 6, 8, 9 or 10.
func IsPoint(n int) bool {
	switch n {
	case 4, 5, 6, 8, 9, 10:
		return true
	}
	return false
}

// numbers returns the numbers a kind takes after ':', nil for a kind
// without.
func numbers(k Kind) []int {
	switch k {
	case KindComeOdds, KindDontComeOdds, KindPlace, KindBuy, KindPlaceLose, KindLay:
		p := Points()
		return p[:]
	case KindHard:
		return []int{4, 6, 8, 10}
	}
	return nil
}

// known reports whether k is a kind of craps bet.
func known(k Kind) bool {
	for _, x := range Kinds() {
		if x == k {
			return true
		}
	}
	return false
}

// Bet is a parsed bet code. The zero Bet is not a valid bet; get one from
// ParseBet or AllBets.
type Bet struct {
	kind Kind
	num  int // the number after ':', 0 for a kind without
}

// ParseBet parses a bet code in its one canonical spelling: a kind alone
// ("field", "pass_odds") or a kind and its number ("place:6", "hard:8",
// "come_odds:4"). It returns a *BetCodeError wrapping ErrBadBetCode for an
// unknown kind, a missing, extra or non-canonical number ("place:06"), or
// a number the kind does not take ("place:7", "hard:5").
func ParseBet(code string) (Bet, error) {
	if len(code) > BetCodeLenMax {
		return Bet{}, betCodeError(code, ErrBadBetCode, "longer than %d bytes", BetCodeLenMax)
	}
	name, arg, hasArg := strings.Cut(code, ":")
	k := Kind(name)
	if !known(k) {
		return Bet{}, betCodeError(code, ErrBadBetCode, "unknown bet kind %q (kinds: %s)", name, kindList())
	}
	nums := numbers(k)
	if nums == nil {
		if hasArg {
			return Bet{}, betCodeError(code, ErrBadBetCode, "%s takes no number: write %q", k, string(k))
		}
		return Bet{kind: k}, nil
	}
	if !hasArg {
		return Bet{}, betCodeError(code, ErrBadBetCode, "%s needs a number: %s", k, usage(k))
	}
	n, err := strconv.Atoi(arg)
	if err != nil || strconv.Itoa(n) != arg {
		return Bet{}, betCodeError(code, ErrBadBetCode, "%q is not a number: %s", arg, usage(k))
	}
	for _, x := range nums {
		if x == n {
			return Bet{kind: k, num: n}, nil
		}
	}
	return Bet{}, betCodeError(code, ErrBadBetCode, "%s takes no %d: %s", k, n, usage(k))
}

// Kind returns the bet's kind.
func (b Bet) Kind() Kind { return b.kind }

// Number returns the number after ':' (the place number, the hardway, the
// come bet's point of come odds), 0 for a bet without.
func (b Bet) Number() int { return b.num }

// String returns the bet's canonical code.
func (b Bet) String() string {
	if b.num == 0 {
		return string(b.kind)
	}
	return string(b.kind) + ":" + strconv.Itoa(b.num)
}

// AllBets returns every valid bet code of craps, whatever a paytable
// offers, kind by kind in listing order and, within a kind, by number.
func AllBets() []Bet {
	var out []Bet
	for _, k := range Kinds() {
		nums := numbers(k)
		if nums == nil {
			out = append(out, Bet{kind: k})
			continue
		}
		for _, n := range nums {
			out = append(out, Bet{kind: k, num: n})
		}
	}
	return out
}

// oneRoll reports whether the bet is decided by the next roll, whatever
// it is.
func (b Bet) oneRoll() bool {
	switch b.kind {
	case KindField, KindAnySeven, KindAnyCraps, KindTwo, KindThree, KindEleven, KindTwelve:
		return true
	}
	return false
}

// offOnComeOut reports whether the bet is off on a come-out roll unless
// the player placed it as working: place, buy, hardways and come odds
// (docs/games/craps.md, "Rules taken from outside the seed"; the usual
// rule of the game where the seed is silent).
func (b Bet) offOnComeOut() bool {
	switch b.kind {
	case KindPlace, KindBuy, KindHard, KindComeOdds:
		return true
	}
	return false
}

// odds reports whether the bet is odds behind a line bet.
func (b Bet) odds() bool {
	switch b.kind {
	case KindPassOdds, KindDontPassOdds, KindComeOdds, KindDontComeOdds:
		return true
	}
	return false
}

// line returns the kind of the line bet odds stand behind, "" for a bet
// that is not odds.
func (b Bet) line() Kind {
	switch b.kind {
	case KindPassOdds:
		return KindPass
	case KindDontPassOdds:
		return KindDontPass
	case KindComeOdds:
		return KindCome
	case KindDontComeOdds:
		return KindDontCome
	}
	return ""
}

func usage(k Kind) string {
	switch k {
	case KindHard:
		return "hard:N with N in 4, 6, 8, 10"
	case KindComeOdds, KindDontComeOdds:
		return string(k) + ":P with P the come bet's point, 4, 5, 6, 8, 9 or 10"
	}
	return string(k) + ":N with N in 4, 5, 6, 8, 9, 10"
}

func kindList() string {
	ks := Kinds()
	names := make([]string, len(ks))
	for i, k := range ks {
		names[i] = string(k)
	}
	return strings.Join(names, ", ")
}
