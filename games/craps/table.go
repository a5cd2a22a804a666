package craps

import (
	"fmt"

	"github.com/wagerlog/wagerlog/games"
)

// HandRollsMax bounds the rolls of one shooter's hand. A hand lasts 8.5
// rolls on average and the longest on record lasted 154; the limit only
// keeps a broken input from making every settlement read without end.
// CheckResult refuses the roll past it, so a recorded hand never exceeds it.
const HandRollsMax = 10_000

// Table is the state of a craps table at one moment of a shooter's hand,
// derived from the hand's rolls alone (Replay).
type Table struct {
	// Point is the table's point, 4, 5, 6, 8, 9 or 10, or 0 when the next
	// roll is a come-out roll.
	Point int
	// Over is true once the shooter sevened out (a 7 while a point was
	// on): the round is complete and takes no more rolls or bets.
	Over bool
}

// ComeOut reports whether the next roll is a come-out roll.
func (t Table) ComeOut() bool { return t.Point == 0 }

// Event names what one roll did to the table.
type Event string

// Table events, for the board and the rules' texts.
const (
	// EventNatural: a 7 or 11 on a come-out roll.
	EventNatural Event = "natural"
	// EventCraps: a 2, 3 or 12 on a come-out roll.
	EventCraps Event = "craps"
	// EventPointSet: a 4, 5, 6, 8, 9 or 10 on a come-out roll.
	EventPointSet Event = "point_set"
	// EventPointMade: the point rolled again; the next roll is a come-out.
	EventPointMade Event = "point_made"
	// EventSevenOut: a 7 while a point is on; the hand is over.
	EventSevenOut Event = "seven_out"
	// EventNone: any other roll while a point is on.
	EventNone Event = "none"
)

// Next returns the table after roll r, and what r did. A table that is
// Over stays over: the round takes no more rolls (CheckResult refuses
// them).
func (t Table) Next(r Roll) (Table, Event) {
	if t.Over {
		return t, EventNone
	}
	n := r.Total()
	if t.Point == 0 {
		switch {
		case n == 7 || n == 11:
			return t, EventNatural
		case n == 2 || n == 3 || n == 12:
			return t, EventCraps
		}
		return Table{Point: n}, EventPointSet
	}
	switch n {
	case t.Point:
		return Table{}, EventPointMade
	case 7:
		return Table{Over: true}, EventSevenOut
	}
	return t, EventNone
}

// Replay folds a hand's rolls, from the first come-out roll, into the
// table's state after them.
func Replay(rs []Roll) Table {
	var t Table
	for _, r := range rs {
		t, _ = t.Next(r)
	}
	return t
}

// RoundOver reports whether the shooter's hand is complete: a 7 was
// rolled while a point was on. Results that are not valid rolls never end
// the round (CheckResult refuses them before they are recorded).
func (p *Paytable) RoundOver(results []games.Result) bool {
	var t Table
	for _, res := range results {
		r, ok := res.(Roll)
		if !ok || r.Validate() != nil {
			return false
		}
		if t, _ = t.Next(r); t.Over {
			return true
		}
	}
	return false
}

// CheckResult validates roll r recorded after prior, the hand's earlier
// rolls: r must be a craps roll, the hand must not be over, and the hand
// must stay within HandRollsMax rolls. It implements games.ResultChecker.
func (p *Paytable) CheckResult(r games.Result, prior []games.Result) error {
	roll, ok := r.(Roll)
	if !ok {
		return fmt.Errorf("%w: a %T is not a craps roll", ErrBadRoll, r)
	}
	if err := roll.Validate(); err != nil {
		return err
	}
	if len(prior)+1 > HandRollsMax {
		return fmt.Errorf("%w: roll %d, at most %d", ErrHandTooLong, len(prior)+1, HandRollsMax)
	}
	rs, err := rolls(prior)
	if err != nil {
		return err
	}
	if Replay(rs).Over {
		return fmt.Errorf("%w: the shooter sevened out, roll %s belongs to the next hand", ErrHandOver, roll)
	}
	return nil
}
