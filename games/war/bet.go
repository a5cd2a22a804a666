package war

import (
	"fmt"
	"strconv"
	"strings"
)

// Limits on bet codes.
const (
	// BetCodeLenMax bounds the length of a bet code.
	BetCodeLenMax = 32
	// SeatsMax is the highest seat number.
	SeatsMax = 9
)

// Kind is a kind of bet, the key of a table's stake limits.
type Kind string

// Kinds of bet.
const (
	// KindMain is the seat's bet that its card beats the dealer's,
	// "main:S".
	KindMain Kind = "main"
	// KindTie is the side bet that the seat's card ties the dealer's,
	// "tie:S".
	KindTie Kind = "tie"
	// KindWar is the raise of a seat that goes to war after a tie,
	// "war:S", equal to the main bet.
	KindWar Kind = "war"
)

// allKinds lists every kind in listing order.
func allKinds() []Kind { return []Kind{KindMain, KindTie, KindWar} }

// Bet is a parsed bet code. The zero Bet is not a bet; get one from
// ParseBet.
type Bet struct {
	kind Kind
	seat int
}

// Kind returns the bet's kind.
func (b Bet) Kind() Kind { return b.kind }

// Seat returns the bet's seat.
func (b Bet) Seat() int { return b.seat }

// String returns the bet's code, "main:1".
func (b Bet) String() string { return string(b.kind) + ":" + strconv.Itoa(b.seat) }

// ParseBet parses a bet code in its one spelling: main:S, tie:S, war:S
// with S a seat 1..SeatsMax without a leading zero. It returns an error
// wrapping ErrBadBetCode for anything else.
func ParseBet(code string) (Bet, error) {
	if len(code) > BetCodeLenMax {
		return Bet{}, fmt.Errorf("%w: %q...: longer than %d bytes", ErrBadBetCode, code[:BetCodeLenMax], BetCodeLenMax)
	}
	name, seat, ok := strings.Cut(code, ":")
	k := Kind(name)
	if k != KindMain && k != KindTie && k != KindWar {
		return Bet{}, fmt.Errorf("%w: %q: the bets are main:S, tie:S and war:S", ErrBadBetCode, code)
	}
	n, okSeat := number(seat, 1, SeatsMax)
	if !ok || !okSeat {
		return Bet{}, fmt.Errorf("%w: %q: write %s:S with S the seat 1..%d", ErrBadBetCode, code, k, SeatsMax)
	}
	return Bet{kind: k, seat: n}, nil
}

// number reads a decimal in lo..hi in its one spelling.
func number(s string, lo, hi int) (int, bool) {
	if s == "" || (len(s) > 1 && s[0] == '0') || len(s) > 2 || s[0] == '+' || s[0] == '-' {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < lo || n > hi {
		return 0, false
	}
	return n, true
}
