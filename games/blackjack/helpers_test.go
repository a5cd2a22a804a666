package blackjack

import (
	"strconv"
	"strings"
	"testing"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/cards"
)

// script reads a round written compactly: "8S>1" a card to seat 1 hand 0,
// "5D>1/1" to seat 1 hand 1, "9H>D" to the dealer, "hit:1/0" a decision,
// "cut" the cut card.
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
	if c, to, ok := strings.Cut(tok, ">"); ok {
		card := cards.Must(c)
		if to == "D" {
			return DealerCard(card)
		}
		seat, hand := seatHand(tb, to)
		return CardTo(card, seat, hand)
	}
	d, sh, ok := strings.Cut(tok, ":")
	if !ok {
		tb.Fatalf("token %q", tok)
	}
	seat, hand := seatHand(tb, sh)
	return Decide(Decision(d), seat, hand)
}

func seatHand(tb testing.TB, s string) (int, int) {
	tb.Helper()
	a, b, _ := strings.Cut(s, "/")
	seat, err := strconv.Atoi(a)
	if err != nil {
		tb.Fatalf("seat %q", s)
	}
	hand := 0
	if b != "" {
		if hand, err = strconv.Atoi(b); err != nil {
			tb.Fatalf("hand %q", s)
		}
	}
	return seat, hand
}

func chile(tb testing.TB) *Paytable {
	tb.Helper()
	p, err := Lookup(IDChile2010)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// withSettings returns the catalog paytable with other settings.
func withSettings(tb testing.TB, edit func(*Settings)) *Paytable {
	tb.Helper()
	d := chile2010()
	edit(&d.Settings)
	p, err := New(d)
	if err != nil {
		tb.Fatal(err)
	}
	return p
}
