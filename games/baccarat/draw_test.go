package baccarat

import "testing"

// The expectations below are written out here, from the texts, not from
// the package's code. Rows are the banker's two-card point 0..7; in each
// row, column i is the player's (or tableau's) third card i, then one
// column for a player who stood. D draws, S stands, O is optional.

// puntoBancoChart is the standard punto banco tableau (the chart printed by
// every house: 3 stands only on an 8; 4 draws on 2..7; 5 on 4..7; 6 on 6
// and 7; 7 never; 0..5 draw against a player who stood).
var puntoBancoChart = [8]string{
	"DDDDDDDDDD D",
	"DDDDDDDDDD D",
	"DDDDDDDDDD D",
	"DDDDDDDDSD D",
	"SSDDDDDDSS D",
	"SSSSDDDDSS D",
	"SSSSSSDDSS S",
	"SSSSSSSSSS S",
}

// chemindeferChart is the banker's table of the catalogue's baccarat: the
// two optional cases ("los dos supuestos opcionales", seed 002 VIII) are 3
// against a 9 and 5 against a 4.
var chemindeferChart = [8]string{
	"DDDDDDDDDD D",
	"DDDDDDDDDD D",
	"DDDDDDDDDD D",
	"DDDDDDDDSO D",
	"SSDDDDDDSS D",
	"SSSSODDDSS D",
	"SSSSSSDDSS S",
	"SSSSSSSSSS S",
}

// chartChoice reads a chart: third is NoCard for a player who stood.
func chartChoice(chart [8]string, b, third int) Choice {
	col := third
	if third == NoCard {
		col = 11
	}
	switch chart[b][col] {
	case 'D':
		return Draw
	case 'S':
		return Stand
	}
	return Either
}

func TestPuntoBancoBanker_Chart(t *testing.T) {
	for b := 0; b <= 7; b++ {
		for third := NoCard; third <= 9; third++ {
			if got, want := PuntoBancoBanker(b, third), chartChoice(puntoBancoChart, b, third); got != want {
				t.Errorf("banker %d, third %d: %s, chart says %s", b, third, got, want)
			}
		}
	}
}

func TestBankerTable_Chart(t *testing.T) {
	optional := 0
	for b := 0; b <= 7; b++ {
		for third := NoCard; third <= 9; third++ {
			got, want := BankerTable(b, third), chartChoice(chemindeferChart, b, third)
			if got != want {
				t.Errorf("banker %d, third %d: %s, chart says %s", b, third, got, want)
			}
			if got == Either {
				optional++
			}
		}
	}
	if optional != 2 {
		t.Errorf("%d optional cases, the seed speaks of two", optional)
	}
}

func TestPlayerRules(t *testing.T) {
	for p := 0; p <= 7; p++ {
		want := Stand
		if p <= 5 {
			want = Draw
		}
		if got := PuntoBancoPlayer(p); got != want {
			t.Errorf("punto banco player %d: %s, want %s", p, got, want)
		}
		want = map[bool]Choice{true: Draw, false: Stand}[p <= 4]
		if p == 5 {
			want = Either // seed 002 VIII: with five, the first word stands
		}
		if got := Tableau(p); got != want {
			t.Errorf("tableau %d: %s, want %s", p, got, want)
		}
	}
}

// seedBanker is the banker's rule of deux tableaux as the seed's three
// sentences say it, as the set of what he may do.
func seedBanker(b int, t [2]TableauState) (draw, stand bool) {
	entry := func(s TableauState) Choice { return chartChoice(chemindeferChart, b, s.Third) }
	switch {
	case t[0].Natural && t[1].Natural:
		return false, true
	case t[0].Natural || t[1].Natural:
		other := t[1]
		if t[1].Natural {
			other = t[0]
		}
		// "Obligado a seguir el cuadro … respecto al otro paño, pidiendo
		// tercera carta en los dos supuestos opcionales."
		e := entry(other)
		return e != Stand, e == Stand
	}
	e1, e2 := entry(t[0]), entry(t[1])
	if e1 == e2 && e1 != Either {
		// "Cuando el cuadro … indica lo mismo para los dos paños, el
		// banquero deberá seguirlo."
		return e1 == Draw, e1 == Stand
	}
	// "Cuando el cuadro indica pedir carta en un paño y plantarse en el
	// otro, el banquero es libre de plantarse o pedir."
	return true, true
}

// tableauStates are every state a tableau can show the banker.
func tableauStates() []TableauState {
	out := []TableauState{{Natural: true, Third: NoCard}, {Third: NoCard}}
	for v := 0; v <= 9; v++ {
		out = append(out, TableauState{Third: v})
	}
	return out
}

func TestDeuxBanker_Seed(t *testing.T) {
	for b := 0; b <= 7; b++ {
		for _, s1 := range tableauStates() {
			for _, s2 := range tableauStates() {
				st := [2]TableauState{s1, s2}
				got := DeuxBanker(b, st)
				draw, stand := seedBanker(b, st)
				if got.Allows(true) != draw || got.Allows(false) != stand {
					t.Errorf("banker %d against %+v: %s, the seed allows draw %v stand %v", b, st, got, draw, stand)
				}
			}
		}
	}
}

func TestChoice_String(t *testing.T) {
	for c, want := range map[Choice]string{Stand: "stand", Draw: "draw", Either: "either", 0: "?"} {
		if c.String() != want {
			t.Errorf("%d: %q", c, c.String())
		}
	}
}
