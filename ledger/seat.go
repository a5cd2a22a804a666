package ledger

import (
	"net/http"
	"slices"

	"github.com/wagerlog/wagerlog/errcode"
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
)

// checkSeat refuses a bet on a seat whose open bets of the round are
// another player's (games.Seated): a seat is one player's box, with one
// hand and one decision, and a round with two players on one seat could
// not be settled by any result.
func checkSeat(pt games.Paytable, r *Round, player, code string) error {
	st, ok := pt.(games.Seated)
	if !ok {
		return nil
	}
	seat, ok := st.BetSeat(code)
	if !ok {
		return nil
	}
	for _, b := range r.Bets {
		if b.Status != BetOpen || b.Player == player {
			continue
		}
		if s, ok := st.BetSeat(b.Code); ok && s == seat {
			return errf(ErrBetRefused, "%s: seat %d of round %s is player %s's", code, seat, r.ID, b.Player)
		}
	}
	return nil
}

// ErrSeatClosed is returned for a progressive bet on a seat a supervisor
// closed (seed 004, 6.6: a seat whose bet light is faulty takes no part
// in the pool until it is reopened), and when closing a closed seat.
var ErrSeatClosed = errcode.New("seat_closed", http.StatusConflict, "Seat closed to progressive bets", "seat closed")

// CloseSeat closes a seat of a table to progressive bets (seed 004, 6.6:
// an irregular play, a faulty bet light). Bets already placed stay.
type CloseSeat struct {
	Meta   `json:"-"`
	Table  string `json:"table"`
	Seat   int    `json:"seat"`
	Reason string `json:"reason"`
}

// ReopenSeat opens a closed seat to progressive bets again.
type ReopenSeat struct {
	Meta   `json:"-"`
	Table  string `json:"table"`
	Seat   int    `json:"seat"`
	Reason string `json:"reason,omitempty"`
}

func (c *CloseSeat) meta() *Meta       { return &c.Meta }
func (c *ReopenSeat) meta() *Meta      { return &c.Meta }
func (*CloseSeat) spec() *CommandSpec  { return &specCloseSeat }
func (*ReopenSeat) spec() *CommandSpec { return &specReopenSeat }

// seatOf validates a seat command's table and seat: an open table whose
// paytable has seats and a progressive bet.
func (d *decider) seatOf(s *State, table string, seat int) (*Table, error) {
	t, err := d.table(s, table)
	if err != nil {
		return nil, err
	}
	pt, err := d.paytable(t)
	if err != nil {
		return nil, err
	}
	st, seated := pt.(games.Seated)
	_, progressive := pt.(games.Progressive)
	switch {
	case !seated || !progressive:
		return nil, errf(ErrInvalidRequest, "paytable %s has no seats with a progressive bet", pt.ID())
	case seat < 1 || seat > st.Seats():
		return nil, errf(ErrInvalidRequest, "seat %d: a seat of table %s is 1..%d", seat, t.ID, st.Seats())
	}
	return t, nil
}

func (d *decider) closeSeat(s *State, c *CloseSeat) ([]draft, error) {
	if err := checkText("reason", c.Reason, true); err != nil {
		return nil, err
	}
	t, err := d.seatOf(s, c.Table, c.Seat)
	if err != nil {
		return nil, err
	}
	if slices.Contains(t.ClosedSeats, c.Seat) {
		return nil, errf(ErrSeatClosed, "seat %d of table %s is closed already", c.Seat, t.ID)
	}
	return []draft{{typ: events.TypeJackpotSeatClosed, table: t.ID,
		payload: &events.JackpotSeatClosed{Table: t.ID, Seat: c.Seat, Reason: c.Reason}}}, nil
}

func (d *decider) reopenSeat(s *State, c *ReopenSeat) ([]draft, error) {
	if err := checkText("reason", c.Reason, false); err != nil {
		return nil, err
	}
	t, err := d.seatOf(s, c.Table, c.Seat)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(t.ClosedSeats, c.Seat) {
		return nil, errf(ErrInvalidRequest, "seat %d of table %s is not closed", c.Seat, t.ID)
	}
	return []draft{{typ: events.TypeJackpotSeatReopened, table: t.ID,
		payload: &events.JackpotSeatReopened{Table: t.ID, Seat: c.Seat, Reason: c.Reason}}}, nil
}

// checkSeatOpen refuses a progressive bet on a closed seat.
func checkSeatOpen(pt games.Paytable, t *Table, code string) error {
	if len(t.ClosedSeats) == 0 {
		return nil
	}
	if seat, ok := games.ProgressiveSeat(pt, code); ok && slices.Contains(t.ClosedSeats, seat) {
		return errf(ErrSeatClosed, "%s: seat %d of table %s is closed to progressive bets", code, seat, t.ID)
	}
	return nil
}
