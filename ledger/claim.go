package ledger

import (
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
)

// Claim records a player's call of a prize on one of their bets during
// the round (bingo's "cantar" of a line or a bingo on a card), checked by
// the game (games.Claimer) against the results so far. The verdict is
// recorded (bingo.claimed) and never pays: the winners are found from the
// bets and results when the round settles, so a wrong claim changes
// nothing and the round goes on.
type Claim struct {
	Meta  `json:"-"`
	Table string `json:"table"`
	Round string `json:"round"`
	Bet   string `json:"bet"`
	Prize string `json:"prize"`
}

func (c *Claim) meta() *Meta { return &c.Meta }

func (d *decider) claim(s *State, c *Claim) ([]draft, error) {
	t, r, err := d.activeRound(s, c, c.Table, c.Round)
	if err != nil {
		return nil, err
	}
	pt, err := d.roundPaytable(r)
	if err != nil {
		return nil, err
	}
	cl, ok := pt.(games.Claimer)
	if !ok {
		return nil, errf(ErrInvalidRequest, "paytable %s takes no claims", pt.ID())
	}
	b := r.Bet(c.Bet)
	if b == nil {
		return nil, errf(ErrBetNotFound, "bet %q of round %s", c.Bet, r.ID)
	}
	if b.Status != BetOpen {
		return nil, errf(ErrInvalidRequest, "bet %s is %s", b.ID, b.Status)
	}
	bets, at := []games.Bet{}, -1
	for _, o := range r.Bets {
		if o.Status == BetOpen || o.Status == BetSettled {
			if o == b {
				at = len(bets)
			}
			bets = append(bets, games.Bet{Code: o.Code, Stake: o.Stake, Since: o.Since, Working: o.Working})
		}
	}
	res, err := results(pt, r)
	if err != nil {
		return nil, err
	}
	v, err := cl.CheckClaim(bets, res, at, c.Prize)
	if err != nil {
		return nil, errf(ErrInvalidRequest, "%v", err)
	}
	return []draft{{
		typ: events.TypeBingoClaimed, table: t.ID, round: r.ID,
		payload: &events.BingoClaimed{
			Table: t.ID, Round: r.ID, Bet: b.ID, Player: b.Player, Code: b.Code, Prize: c.Prize,
			Balls: len(res), Correct: v.Correct, Reason: v.Reason,
		},
	}}, nil
}
