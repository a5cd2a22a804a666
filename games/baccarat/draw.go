package baccarat

// Choice is what a drawing rule lets a side do with its first two cards:
// draw a third card, stand, or either.
type Choice uint8

// Choices.
const (
	// Stand: no third card.
	Stand Choice = iota + 1
	// Draw: a third card.
	Draw
	// Either: the side chooses (a tableau's 5, the banker's two optional
	// cases, the banker of deux tableaux when the table disagrees between
	// the tableaux).
	Either
)

// String returns "stand", "draw" or "either".
func (c Choice) String() string {
	switch c {
	case Stand:
		return "stand"
	case Draw:
		return "draw"
	case Either:
		return "either"
	}
	return "?"
}

// Allows reports whether the choice allows drawing (drew) or standing.
func (c Choice) Allows(drew bool) bool {
	if c == Either {
		return true
	}
	return (c == Draw) == drew
}

// union is the choice that allows what either a or b allows.
func union(a, b Choice) Choice {
	if a == b {
		return a
	}
	return Either
}

// PuntoBancoPlayer is punto banco's fixed rule for the player with two
// cards of point p and no natural on either side: draw on 0..5, stand on 6
// and 7.
func PuntoBancoPlayer(p int) Choice {
	if p <= 5 {
		return Draw
	}
	return Stand
}

// PuntoBancoBanker is punto banco's fixed tableau for the banker with two
// cards of point b when neither side has a natural; third is the value of
// the player's third card, or NoCard when the player stood. With no player
// card the banker draws on 0..5; otherwise on 0..2 always, on 3 unless the
// card is an 8, on 4 against 2..7, on 5 against 4..7, on 6 against 6 and 7,
// and never on 7.
func PuntoBancoBanker(b, third int) Choice {
	if third == NoCard {
		if b <= 5 {
			return Draw
		}
		return Stand
	}
	drawOn := func(lo, hi int) Choice {
		if third >= lo && third <= hi {
			return Draw
		}
		return Stand
	}
	switch b {
	case 0, 1, 2:
		return Draw
	case 3:
		if third == 8 {
			return Stand
		}
		return Draw
	case 4:
		return drawOn(2, 7)
	case 5:
		return drawOn(4, 7)
	case 6:
		return drawOn(6, 7)
	}
	return Stand
}

// Tableau is the rule for a punter who holds a tableau's cards in
// baccarat à deux tableaux, with two cards of point p and no natural: draw
// on 0..4, either on 5, stand on 6 and 7. Seed 002 VIII: a tableau that
// says "no" with less than five, or asks for a card with six or more, is an
// error the croupier puts right; with five, whichever word it said first
// stands ("si ésta es de cinco, la primera palabra se considerará
// correcta"), so five is the punter's choice.
func Tableau(p int) Choice {
	switch {
	case p <= 4:
		return Draw
	case p == 5:
		return Either
	}
	return Stand
}

// BankerTable is the banker's drawing table ("cuadro de jugadas de la
// banca") against one tableau, for the banker's two-card point b and the
// tableau's third card (NoCard when it stood). Seed 002 cites the table but
// does not print it; this is the chemin de fer table the seed's two
// "supuestos opcionales" belong to: against a tableau that stood, draw on
// 0..5 and stand on 6 and 7; against a third card, draw on 0..2, on 3
// unless it is an 8 (either against a 9), on 4 against 2..7, on 5 against
// 5..7 (either against a 4), on 6 against 6 and 7, never on 7. Its two
// Either entries are the optional cases: 3 against a 9 and 5 against a 4.
func BankerTable(b, third int) Choice {
	if third == NoCard {
		if b <= 5 {
			return Draw
		}
		return Stand
	}
	in := func(lo, hi int) bool { return third >= lo && third <= hi }
	switch b {
	case 0, 1, 2:
		return Draw
	case 3:
		switch third {
		case 8:
			return Stand
		case 9:
			return Either
		}
		return Draw
	case 4:
		if in(2, 7) {
			return Draw
		}
		return Stand
	case 5:
		if third == 4 {
			return Either
		}
		if in(5, 7) {
			return Draw
		}
		return Stand
	case 6:
		if in(6, 7) {
			return Draw
		}
		return Stand
	}
	return Stand
}

// TableauState is what the banker of deux tableaux faces on one tableau
// when he decides: whether it abated (a natural) and, if not, its third
// card (NoCard when it stood).
type TableauState struct {
	Natural bool
	Third   int
}

// DeuxBanker is the banker's rule in baccarat à deux tableaux for his
// two-card point b (not a natural) against the two tableaux, as seed 002
// VIII words it:
//
//   - "Cuando el cuadro de jugadas de la banca indica lo mismo para los dos
//     paños, el banquero deberá seguirlo": the same definite entry for both
//     tableaux binds him.
//   - "Cuando el cuadro indica pedir carta en un paño y plantarse en el
//     otro, el banquero es libre de plantarse o pedir": different entries,
//     or an optional entry, leave him free (Either).
//   - "Cuando un paño abate al banquero está obligado a seguir el cuadro de
//     jugadas de la banca respecto al otro paño, pidiendo tercera carta en
//     los dos supuestos opcionales": with one tableau natural, the other's
//     entry binds him and its optional cases are a draw.
//   - With both tableaux natural there is nobody left to draw against: he
//     stands (a natural ends the coup, as in every baccarat).
func DeuxBanker(b int, t [2]TableauState) Choice {
	switch {
	case t[0].Natural && t[1].Natural:
		return Stand
	case t[0].Natural || t[1].Natural:
		other := t[0]
		if t[0].Natural {
			other = t[1]
		}
		c := BankerTable(b, other.Third)
		if c == Either {
			return Draw
		}
		return c
	}
	return union(BankerTable(b, t[0].Third), BankerTable(b, t[1].Third))
}
