package craps

import "github.com/wagerlog/wagerlog/games"

// HandState is a shooter's hand as the API shows the round in progress:
// the table's point and where the hand stands, folded from its rolls.
type HandState struct {
	// Point is the table's point, 0 when the next roll is a come-out roll.
	Point int `json:"point"`
	// ComeOut is true when the next roll is a come-out roll.
	ComeOut bool `json:"come_out"`
	// Rolls is how many rolls the shooter has thrown in this hand.
	Rolls int `json:"rolls"`
	// PointsMade counts the points the shooter made in this hand.
	PointsMade int `json:"points_made"`
	// Last is what the last roll did (natural, craps, point_set,
	// point_made, seven_out, none); empty before the first roll.
	Last Event `json:"last,omitempty"`
	// Over is true once the shooter sevened out.
	Over bool `json:"over"`
}

// StateGame returns "craps".
func (HandState) StateGame() string { return GameName }

// State folds a hand's rolls into its HandState. It implements
// games.Stater. Results that are not valid rolls are skipped (the ledger
// records none: CheckResult refuses them).
func (p *Paytable) State(results []games.Result) games.StateView {
	var t Table
	s := HandState{ComeOut: true}
	for _, res := range results {
		r, ok := res.(Roll)
		if !ok || r.Validate() != nil {
			continue
		}
		var ev Event
		t, ev = t.Next(r)
		s.Rolls++
		s.Last = ev
		if ev == EventPointMade {
			s.PointsMade++
		}
	}
	s.Point, s.ComeOut, s.Over = t.Point, t.Point == 0 && !t.Over, t.Over
	return s
}
