package projections

import (
	"github.com/wagerlog/wagerlog/events"
)

// Announcement is the hall's announcement of a table's last game whose
// sales closed (round.betting_closed's announcement; bingo: «Cartones
// vendidos N, de la serie A del número 1 al 420 …», then the line and
// bingo prizes, seed 002 bingo IV), with the session the game belongs to.
// It is on the table, which the board may read with no token, because
// the hall says it aloud to everyone; the round view, which lists the
// players' bets, is not.
type Announcement struct {
	Round string `json:"round"`
	// Number is the game's round number at the table.
	Number int64 `json:"number"`
	// Session is the session the game belongs to and SessionGame the
	// game's number within it, from 1; both absent outside a session.
	Session     string `json:"session,omitempty"`
	SessionGame int    `json:"session_game,omitempty"`
	Text        string `json:"text"`
	Seq         uint64 `json:"seq"`
}

// announced records a round's announcement on its table. Only one round
// of a table is in progress at a time and its session counts it among
// its games when it opens, so the session's game count is this game's
// number within it.
func (f *fold) announced(e *events.Envelope, r *roundRec, text string) {
	t := f.table(r.Table)
	if t == nil {
		return
	}
	a := &Announcement{Round: r.ID, Number: r.Number, Text: text, Seq: e.Seq}
	if se := f.sessionOf(r); se != nil {
		a.Session, a.SessionGame = se.ID, se.Rounds
	}
	t.Announcement = a
}
