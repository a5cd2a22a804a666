package war

import (
	"strconv"
	"strings"
	"testing"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/cards"
)

// script reads a round written compactly: "9S>1" a card to seat 1, "9H>D"
// to the dealer, "war:1" and "surrender:1" decisions, "burn:5C", "cut".
func script(tb testing.TB, s string) []games.Result {
	tb.Helper()
	var out []games.Result
	for _, tok := range strings.Fields(s) {
		out = append(out, token(tb, tok))
	}
	return out
}

func token(tb testing.TB, tok string) Result {
	tb.Helper()
	if tok == "cut" {
		return CutCardOut()
	}
	if c, ok := strings.CutPrefix(tok, "burn:"); ok {
		return Burn(cards.Must(c))
	}
	if c, to, ok := strings.Cut(tok, ">"); ok {
		if to == "D" {
			return DealerCard(cards.Must(c))
		}
		n, err := strconv.Atoi(to)
		if err != nil {
			tb.Fatal(tok)
		}
		return CardTo(cards.Must(c), n)
	}
	d, seat, _ := strings.Cut(tok, ":")
	n, err := strconv.Atoi(seat)
	if err != nil {
		tb.Fatal(tok)
	}
	return Decide(Decision(d), n)
}

func chile(tb testing.TB) *Paytable {
	tb.Helper()
	p, err := Lookup(IDChile2010)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}
