package ledger

import "github.com/wagerlog/wagerlog/games"

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
