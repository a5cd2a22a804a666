package baccarat

import (
	"fmt"
	"strconv"
	"strings"
)

// BetCodeLenMax bounds the length of a bet code; the longest valid one,
// "tableau:1", is 9 bytes.
const BetCodeLenMax = 32

// Kind is a kind of bet, the key of a table's stake limits.
type Kind string

// Kinds of bet. Punto banco offers player, banker and tie; deux tableaux
// offers tableau, a_caballo and line.
const (
	// KindPlayer is punto banco's bet on the player, 1:1, a push on a tie.
	KindPlayer Kind = "player"
	// KindBanker is punto banco's bet on the banker, 1:1 less the
	// commission on the win, a push on a tie.
	KindBanker Kind = "banker"
	// KindTie is punto banco's bet on a tie, 8:1.
	KindTie Kind = "tie"
	// KindTableau is a punter's bet on one tableau, "tableau:1" or
	// "tableau:2": 1:1 from the bank if the tableau beats the banker, a
	// push on a tie.
	KindTableau Kind = "tableau"
	// KindACaballo is a bet on both tableaux ("a caballo", on the line
	// between the two tableaux' zones): split in halves, the odd unit on
	// tableau 1 (SplitACaballo).
	KindACaballo Kind = "a_caballo"
	// KindLine is a bet on the line between a punter's zone and a
	// tableau's betting zone, "line:1" or "line:2": half of it plays on
	// that tableau (SplitLine), the rest is returned.
	KindLine Kind = "line"
)

// Bet is a parsed bet code. The zero Bet is not a bet; get one from
// ParseBet.
type Bet struct {
	kind    Kind
	tableau int // 1 or 2 for tableau and line bets
}

// Kind returns the bet's kind.
func (b Bet) Kind() Kind { return b.kind }

// TableauNumber returns 1 or 2 for a tableau or line bet, 0 otherwise.
func (b Bet) TableauNumber() int { return b.tableau }

// String returns the bet's code, "tableau:1".
func (b Bet) String() string {
	if b.tableau > 0 {
		return string(b.kind) + ":" + strconv.Itoa(b.tableau)
	}
	return string(b.kind)
}

// ParseBet parses a bet code of either form in its one spelling: player,
// banker, tie, tableau:1, tableau:2, a_caballo, line:1, line:2. It returns an
// error wrapping ErrBadBetCode for anything else.
func ParseBet(code string) (Bet, error) {
	if len(code) > BetCodeLenMax {
		return Bet{}, fmt.Errorf("%w: %q...: longer than %d bytes", ErrBadBetCode, code[:BetCodeLenMax], BetCodeLenMax)
	}
	name, arg, hasArg := strings.Cut(code, ":")
	switch k := Kind(name); k {
	case KindPlayer, KindBanker, KindTie, KindACaballo:
		if hasArg {
			return Bet{}, fmt.Errorf("%w: %q: %s takes no tableau: write %q", ErrBadBetCode, code, k, name)
		}
		return Bet{kind: k}, nil
	case KindTableau, KindLine:
		if arg != "1" && arg != "2" {
			return Bet{}, fmt.Errorf("%w: %q: %s needs its tableau, %s:1 or %s:2", ErrBadBetCode, code, k, k, k)
		}
		return Bet{kind: k, tableau: int(arg[0] - '0')}, nil
	}
	return Bet{}, fmt.Errorf("%w: %q: the bets are player, banker, tie (punto banco) and tableau:1, tableau:2, a_caballo, line:1, line:2 (deux tableaux)", ErrBadBetCode, code)
}

// formOf returns the form whose bets include kind k.
func formOf(k Kind) string {
	switch k {
	case KindPlayer, KindBanker, KindTie:
		return FormPuntoBanco
	}
	return FormDeuxTableaux
}

// kindsOf lists a form's kinds in listing order.
func kindsOf(form string) []Kind {
	if form == FormPuntoBanco {
		return []Kind{KindPlayer, KindBanker, KindTie}
	}
	return []Kind{KindTableau, KindACaballo, KindLine}
}

// betsOf lists a form's bets in listing order.
func betsOf(form string) []Bet {
	if form == FormPuntoBanco {
		return []Bet{{kind: KindPlayer}, {kind: KindBanker}, {kind: KindTie}}
	}
	return []Bet{{KindTableau, 1}, {KindTableau, 2}, {kind: KindACaballo}, {KindLine, 1}, {KindLine, 2}}
}
