package ledger

import (
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
)

// Money a round moves when its sales close (games.SalesCloser: a bingo
// game's prizes posted to the prize pool, seed 002 bingo IV). The round's first
// close of betting, before any result, posts the game's transfers with
// round.betting_closed; a cancel posts them back with round.cancelled;
// the settlement gets them as games.Funds.Closed and records them in
// round.settled's funds, so the verifier and the replay settle again
// with them. Sales cannot change after the first close: no bet is taken
// after a result, and a round closed before its first result reopens
// only after one.

// salesClose returns what round r's first close of betting posts and
// announces under pt: nothing for a game that has no sales close, or for
// a later close.
func salesClose(pt games.Paytable, r *Round) (games.SalesClose, error) {
	sc, ok := pt.(games.SalesCloser)
	if !ok || len(r.Results) > 0 || r.SalesClose != nil {
		return games.SalesClose{}, nil
	}
	out, err := sc.SalesClose(gameBets(r), r.Scale)
	if err != nil {
		return out, errf(ErrInvalidRequest, "round %s: its sales do not close: %v", r.ID, err)
	}
	return out, nil
}

// EventTransfers are a game's transfers as an event records them.
func EventTransfers(ts []games.Transfer) []events.Transfer {
	if len(ts) == 0 {
		return nil
	}
	out := make([]events.Transfer, len(ts))
	for i, t := range ts {
		out[i] = events.Transfer{From: t.From, To: t.To, Amount: t.Amount, Rule: t.Rule}
	}
	return out
}
