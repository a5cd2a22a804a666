package blackjack

import "github.com/wagerlog/wagerlog/games/cards"

// Allowed says which decisions the round allows a hand besides hit and
// stand.
type Allowed struct {
	Double, Split, Surrender bool
}

// BasicStrategy is the reference play of the simulated RTP: a basic
// strategy for six decks, the dealer standing on soft 17, no hole card
// (the dealer's blackjack takes doubles and splits too), double on any two
// cards and after a split, and surrender ("retiro") as the first decision.
// It is the usual European no-hole-card chart: it never doubles 11 or
// splits eights and aces against a ten or an ace, and it surrenders hard 16
// against 9, hard 14..16 against a ten, hard 5..7 and 12..17 against an
// ace. It never takes insurance.
func BasicStrategy(h Hand, up cards.Card, can Allowed) Decision {
	u := Value(up)
	if u == 1 {
		u = 11
	}
	t, soft := h.Total()
	pair := h.Pair()
	if can.Surrender && !soft && !(pair && h[0].Rank() == '8' && u == 9) && surrenders(t, u) {
		return Surrender
	}
	if pair && can.Split && splits(Value(h[0]), u) {
		return Split
	}
	double := func(ok bool, otherwise Decision) Decision {
		if ok && can.Double {
			return Double
		}
		return otherwise
	}
	if soft {
		switch {
		case t <= 14:
			return double(u == 5 || u == 6, Hit)
		case t <= 16:
			return double(u >= 4 && u <= 6, Hit)
		case t == 17:
			return double(u >= 3 && u <= 6, Hit)
		case t == 18:
			if u >= 9 {
				return Hit
			}
			return double(u >= 3 && u <= 6, Stand)
		}
		return Stand
	}
	switch {
	case t <= 8:
		return Hit
	case t == 9:
		return double(u >= 3 && u <= 6, Hit)
	case t == 10, t == 11:
		return double(u <= 9, Hit)
	case t == 12:
		if u >= 4 && u <= 6 {
			return Stand
		}
		return Hit
	case t <= 16:
		if u <= 6 {
			return Stand
		}
		return Hit
	}
	return Stand
}

// surrenders is the surrender chart for hard totals.
func surrenders(t, u int) bool {
	switch u {
	case 11:
		return (t >= 5 && t <= 7) || (t >= 12 && t <= 17)
	case 10:
		return t >= 14 && t <= 16
	case 9:
		return t == 16
	}
	return false
}

// splits is the pair-splitting chart, by the pair's card value (1 for
// aces) and the dealer's up card (11 for an ace).
func splits(v, u int) bool {
	switch v {
	case 1, 8:
		return u <= 9
	case 9:
		return u <= 9 && u != 7
	case 7, 2, 3:
		return u <= 7
	case 6:
		return u <= 6
	case 4:
		return u == 5 || u == 6
	}
	return false
}
