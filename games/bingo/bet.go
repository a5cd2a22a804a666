package bingo

import (
	"fmt"
	"strconv"
	"strings"
)

// BetCodeLenMax bounds a bet code. The longest valid one, a nine-byte
// series, a six-digit number and fifteen two-digit numbers, is 66 bytes.
const BetCodeLenMax = 80

// KindCard is the one kind of bet of bingo: a card, the key of a table's
// price limits.
const KindCard = "card"

// BetCode writes the card as a bet code, "card:A-17:" then its 15 numbers
// row by row, separated by commas:
//
//	card:A-17:3,15,41,62,80,7,26,44,58,85,19,33,49,67,90
//
// The numbers are in the code so that a bet says everything its
// settlement needs: the ledger, the verifier and the dispute replay settle
// a game from its bets and balls alone, with no registry of cards to keep
// beside the events (docs/games/bingo.md, "Cards in the ledger").
func (c Card) BetCode() string {
	var b strings.Builder
	b.Grow(BetCodeLenMax)
	b.WriteString(KindCard)
	b.WriteByte(':')
	b.WriteString(c.ID.String())
	b.WriteByte(':')
	for i, n := range c.Numbers() {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(n))
	}
	return b.String()
}

// ParseBetCode reads a bet code written by BetCode, strictly: only that
// spelling parses (no spaces, no leading zeros), because a code is a key.
// A code that is not of that form wraps ErrBadBetCode; a well-formed code
// whose card breaks a rule of the card is a *CardError (ErrBadCard).
func ParseBetCode(code string) (Card, error) {
	if len(code) > BetCodeLenMax {
		return Card{}, fmt.Errorf("%w: %d bytes, at most %d", ErrBadBetCode, len(code), BetCodeLenMax)
	}
	kind, rest, ok1 := strings.Cut(code, ":")
	idText, nums, ok2 := strings.Cut(rest, ":")
	if !ok1 || !ok2 || kind != KindCard {
		return Card{}, fmt.Errorf("%w: %q: a bingo bet is \"card:<id>:<15 numbers, row by row>\", e.g. \"card:A-17:3,15,41,62,80,7,26,44,58,85,19,33,49,67,90\"", ErrBadBetCode, cut(code))
	}
	id, err := ParseCardID(idText)
	if err != nil {
		return Card{}, err
	}
	parts := strings.Split(nums, ",")
	if len(parts) != CardNumbers {
		return Card{}, cardError(idText, RuleCardShape, "%d numbers; a card has 15, three rows of five", len(parts))
	}
	rows := make([][]int, Rows)
	for i, p := range parts {
		n, ok := parseNumber(p, NumbersMax)
		if !ok || len(p) > 2 {
			return Card{}, fmt.Errorf("%w: %q: number %d is %q, not 1..%d without leading zeros", ErrBadBetCode, cut(code), i+1, cut(p), NumbersMax)
		}
		rows[i/RowNumbers] = append(rows[i/RowNumbers], n)
	}
	return NewCard(id, rows)
}
