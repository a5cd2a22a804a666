package baccarat

import (
	"errors"
	"testing"
)

// valueCard is a card of value v (a king for 0) in suit s.
func valueCard(v int, s byte) Card {
	r := byte('K')
	if v > 0 {
		r = "A23456789"[v-1]
	}
	return MustCard(string([]byte{r, s}))
}

// pointHand is a hand of two cards of point p (p and a king) and a third
// card of value third, or none.
func pointHand(p, third int, s byte) Hand {
	h := Hand{valueCard(p, s), valueCard(0, s)}
	if third != NoCard {
		h = append(h, valueCard(third, s))
	}
	return h
}

func hand(t testing.TB, cards ...string) Hand {
	t.Helper()
	h := make(Hand, len(cards))
	for i, s := range cards {
		c, err := ParseCard(s)
		if err != nil {
			t.Fatal(err)
		}
		h[i] = c
	}
	return h
}

// expectPuntoBanco is the rule a punto banco coup breaks, or "", written
// from the rules and the chart, not from the package.
func expectPuntoBanco(pp, p3, bp, b3 int) string {
	if pp >= 8 || bp >= 8 {
		if p3 != NoCard || b3 != NoCard {
			return RuleNatural
		}
		return ""
	}
	if pp <= 5 && p3 == NoCard {
		return RulePlayerDraws
	}
	if pp >= 6 && p3 != NoCard {
		return RulePlayerStands
	}
	if (b3 != NoCard) != (chartChoice(puntoBancoChart, bp, p3) == Draw) {
		return RuleBankerTable
	}
	return ""
}

// handsByPoint are, for each two-card point p (0..9) and third card
// (NoCard, 0..9), the hand pointHand(p, third, s), at [p][third+1].
func handsByPoint(s byte) [10][11]Hand {
	var out [10][11]Hand
	for p := range 10 {
		for c := NoCard; c <= 9; c++ {
			out[p][c+1] = pointHand(p, c, s)
		}
	}
	return out
}

// TestCoup_CheckEveryCombination runs every two-card point and every third
// card (or none) of both sides through Coup.Check, and every pair of card
// values that makes each two-card point.
func TestCoup_CheckEveryCombination(t *testing.T) {
	ps, bs := handsByPoint('S'), handsByPoint('H')
	valid := 0
	for pp := range 10 {
		for p3 := NoCard; p3 <= 9; p3++ {
			for bp := range 10 {
				for b3 := NoCard; b3 <= 9; b3++ {
					ph, bh := ps[pp][p3+1], bs[bp][b3+1]
					want := expectPuntoBanco(pp, p3, bp, b3)
					err := Coup{Player: ph, Banker: bh}.Check(8)
					if got := BrokenRule(err); got != want || (err == nil) != (want == "") {
						t.Fatalf("player %s banker %s: %v, want rule %q", ph, bh, err, want)
					}
					if err == nil {
						valid++
					}
				}
			}
		}
	}
	// Of the 100 pairs of two-card points, the naturals (36) end there
	// and the others finish in one way per drawn card's ten values.
	if valid < 100 {
		t.Errorf("%d valid coups", valid)
	}
	// A point is a point whatever the two cards that make it.
	for a := range 10 {
		for b := range 10 {
			h := Hand{valueCard(a, 'S'), valueCard(b, 'C')}
			if h.Point() != (a+b)%10 || h.Natural() != ((a+b)%10 >= 8) {
				t.Errorf("%s: point %d", h, h.Point())
			}
		}
	}
}

// expectDeux is the rule a deux tableaux coup breaks, or "", written from
// the seed's sentences: banker's natural, then each tableau, then the
// banker.
func expectDeux(tp [2]int, t3 [2]int, bp, b3 int) string {
	if bp >= 8 {
		if b3 != NoCard || t3[0] != NoCard || t3[1] != NoCard {
			return RuleNatural
		}
		return ""
	}
	var st [2]TableauState
	for i := range 2 {
		switch {
		case tp[i] >= 8:
			if t3[i] != NoCard {
				return RuleNatural
			}
			st[i] = TableauState{Natural: true, Third: NoCard}
			continue
		case tp[i] <= 4 && t3[i] == NoCard:
			return RuleTableauDraws
		case tp[i] >= 6 && t3[i] != NoCard:
			return RulePlayerStands
		}
		st[i] = TableauState{Third: t3[i]}
	}
	draw, stand := seedBanker(bp, st)
	if (b3 != NoCard && !draw) || (b3 == NoCard && !stand) {
		if st[0].Natural && st[1].Natural {
			return RuleNatural
		}
		return RuleBankerDeux
	}
	return ""
}

// TestDeuxCoup_CheckEveryCombination runs every two-card point and third
// card (or none) of both tableaux and the banker through DeuxCoup.Check.
// tableauOK reports whether a tableau of two-card point p that drew third
// (or NoCard) kept the tableau's rule.
func tableauOK(p, third int) bool {
	switch {
	case p >= 6:
		return third == NoCard
	case p <= 4:
		return third != NoCard
	}
	return true
}

func TestDeuxCoup_CheckEveryCombination(t *testing.T) {
	free := 0
	t1s, t2s, bs := handsByPoint('S'), handsByPoint('H'), handsByPoint('D')
	for p1 := 0; p1 <= 9; p1++ {
		for c1 := NoCard; c1 <= 9; c1++ {
			h1 := t1s[p1][c1+1]
			for p2 := 0; p2 <= 9; p2++ {
				for c2 := NoCard; c2 <= 9; c2++ {
					h2 := t2s[p2][c2+1]
					// A tableau that broke its rule is refused whatever the
					// banker drew: one banker hand per point is enough.
					last := 9
					if !tableauOK(p1, c1) || !tableauOK(p2, c2) {
						last = NoCard
					}
					for bp := 0; bp <= 9; bp++ {
						accepted := 0
						for b3 := NoCard; b3 <= last; b3++ {
							bh := bs[bp][b3+1]
							want := expectDeux([2]int{p1, p2}, [2]int{c1, c2}, bp, b3)
							err := DeuxCoup{Tableaux: [2]Hand{h1, h2}, Banker: bh}.Check(6)
							if got := BrokenRule(err); got != want || (err == nil) != (want == "") {
								t.Fatalf("tableaux %s | %s banker %s: %v, want rule %q", h1, h2, bh, err, want)
							}
							if err == nil {
								accepted++
							}
						}
						if accepted == 11 {
							free++
						}
					}
				}
			}
		}
	}
	if free == 0 {
		t.Error("the banker is never free")
	}
}

func TestCoup_Check(t *testing.T) {
	for _, tt := range []struct {
		name           string
		player, banker []string
		rule           string
	}{
		{"OK issue example", []string{"4S", "9H", "7D"}, []string{"KC", "5H", "3S"}, ""},
		{"OK naturals", []string{"4S", "4H"}, []string{"9C", "KH"}, ""},
		{"ErrOneCard", []string{"4S"}, []string{"KC", "5H"}, RuleCardsPerHand},
		{"ErrFourCards", []string{"4S", "AH", "AD", "AC"}, []string{"KC", "5H"}, RuleCardsPerHand},
		{"ErrDrawAgainstNatural", []string{"4S", "AH", "2D"}, []string{"8C", "KH"}, RuleNatural},
		{"ErrPlayerSeven", []string{"4S", "3H", "2D"}, []string{"KC", "5H"}, RulePlayerStands},
		{"ErrBankerSix", []string{"4S", "3H"}, []string{"KC", "6H", "2S"}, RuleBankerTable},
		{"ErrBankerStoodOnThree", []string{"4S", "KH", "9D"}, []string{"KC", "3H"}, RuleBankerTable},
		{"ErrShoe", []string{"KS", "KS", "KS"}, []string{"KS", "KS", "KS"}, RuleShoe},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := Coup{Player: hand(t, tt.player...), Banker: hand(t, tt.banker...)}.Check(5)
			if got := BrokenRule(err); got != tt.rule {
				t.Fatalf("%v, want rule %q", err, tt.rule)
			}
			if err != nil && (!errors.Is(err, ErrBadResult) || ErrorCode(err) != CodeInvalidResult) {
				t.Fatalf("%v is not an invalid_result", err)
			}
		})
	}
}

func TestDeuxCoup_CheckVoid(t *testing.T) {
	live := [2]Hand{hand(t, "4S", "3H"), hand(t, "6C", "KD")}
	banker := hand(t, "3H", "KC", "8D")
	for _, tt := range []struct {
		name     string
		tableaux [2]Hand
		banker   Hand
		void     *Void
		rule     string
	}{
		{"OK", live, banker, nil, ""},
		{"OK lost unseen on tableau 1", [2]Hand{hand(t, "4S"), live[1]}, banker, &Void{[2]bool{true, false}, VoidLostUnseen}, ""},
		{"OK banker's cards lost", live, hand(t, "3H"), &Void{[2]bool{true, true}, VoidLostUnseen}, ""},
		{"OK stuck cards", [2]Hand{{}, {}}, Hand{}, &Void{[2]bool{true, true}, VoidCardsStuck}, ""},
		{"OK irregular deal on tableau 2", [2]Hand{live[0], hand(t, "6C", "KD", "2S")}, banker, &Void{[2]bool{false, true}, VoidIrregularDeal}, ""},
		{"ErrStuckOneTableau", live, banker, &Void{[2]bool{true, false}, VoidCardsStuck}, RuleVoid},
		{"ErrNoTableau", live, banker, &Void{Reason: VoidLostUnseen}, RuleVoid},
		{"ErrReason", live, banker, &Void{[2]bool{true, false}, "spilled coffee"}, RuleVoid},
		{"ErrBankerLostOneTableau", live, hand(t, "3H"), &Void{[2]bool{true, false}, VoidLostUnseen}, RuleCardsPerHand},
		{"ErrLiveTableauBroken", [2]Hand{hand(t, "4S"), hand(t, "6C", "KD", "2S")}, banker, &Void{[2]bool{true, false}, VoidLostUnseen}, RulePlayerStands},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := DeuxCoup{Tableaux: tt.tableaux, Banker: tt.banker, Void: tt.void}.Check(6)
			if got := BrokenRule(err); got != tt.rule {
				t.Fatalf("%v, want rule %q", err, tt.rule)
			}
		})
	}
}

func TestDeuxCoup_Winner(t *testing.T) {
	c := DeuxCoup{Tableaux: [2]Hand{hand(t, "4S", "3H"), hand(t, "AC", "KD", "KS")}, Banker: hand(t, "3H", "KC", "8D")}
	if w := c.Winner(0); w != WinnerPlayer {
		t.Errorf("tableau 1 (7 against 1): %s", w)
	}
	if w := c.Winner(1); w != WinnerTie {
		t.Errorf("tableau 2 (1 against 1): %s", w)
	}
	c.Void = &Void{[2]bool{false, true}, VoidLostUnseen}
	if w := c.Winner(1); w != WinnerVoid {
		t.Errorf("void tableau 2: %s", w)
	}
}

func TestParseCard(t *testing.T) {
	for _, s := range []string{"AS", "9H", "TD", "JC", "QS", "KH"} {
		c, err := ParseCard(s)
		if err != nil || c.String() != s {
			t.Errorf("%q: %v, %v", s, c, err)
		}
	}
	for _, s := range []string{"", "9", "10H", "1H", "9h", "9X", "ZS", "9HH", "as"} {
		if _, err := ParseCard(s); BrokenRule(err) != RuleCardSpelling {
			t.Errorf("%q: %v", s, err)
		}
	}
	values := map[string]int{"AS": 1, "2H": 2, "9D": 9, "TC": 0, "JS": 0, "QH": 0, "KD": 0}
	for s, v := range values {
		if got := Value(MustCard(s)); got != v {
			t.Errorf("%s counts %d, want %d", s, got, v)
		}
	}
	if h := hand(t, "4S", "9H", "7D"); h.Point() != 0 || h.FirstPoint() != 3 || h.Natural() || h.Third() != 7 {
		t.Errorf("4S 9H 7D: point %d, first %d", h.Point(), h.FirstPoint())
	}
	if h := hand(t, "4S", "4H"); !h.Natural() || h.Third() != NoCard {
		t.Error("4S 4H is a natural 8")
	}
}

// literalHand is a hand of literal cards; it panics on a bad one.
func literalHand(cs ...string) Hand {
	h := make(Hand, len(cs))
	for i, s := range cs {
		h[i] = MustCard(s)
	}
	return h
}
