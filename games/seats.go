package games

// Seated is implemented by a paytable whose bets are placed on numbered
// seats (boxes), each played by one player in a round: Caribbean poker's
// "ante:3", "call:3" and "progressive:3" are seat 3's. The game settles a
// seat's bets against that seat's one hand and one decision, so the
// ledger refuses a bet on a seat whose open bets of the round are another
// player's: two players on one box would leave a round no result can
// settle.
type Seated interface {
	// BetSeat returns the seat a bet code is placed on, and false for a
	// code that names no seat or is not the game's.
	BetSeat(code string) (seat int, ok bool)
	// Seats is the number of seats, numbered from 1.
	Seats() int
}

// ProgressiveSeat returns the seat of a progressive bet code on a
// paytable with seats and a progressive bet, and false for any other bet
// or paytable: what a seat closed to progressive bets (seed 004, 6.6)
// refuses, for the ledger that refuses it and the verifier that checks it.
func ProgressiveSeat(pt Paytable, code string) (int, bool) {
	st, ok := pt.(Seated)
	pg, isProg := pt.(Progressive)
	if !ok || !isProg || !pg.ProgressiveBet(code) {
		return 0, false
	}
	return st.BetSeat(code)
}
