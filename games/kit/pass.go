package kit

import "github.com/wagerlog/wagerlog/games"

// PassBets gathers a round's progressive bets, each with the hand it
// plays for and its place among the round's bets, so that a game's
// SettleRound settles them together against the linked pool
// (games.SettlePass) once it has settled the others: Caribbean poker's
// and Draw Poker's progressive. The zero PassBets is empty.
type PassBets struct {
	bets  []games.Bet
	hands []games.PoolHand
	at    []int
}

// Add gathers bet b, the i-th bet of the round, playing for hand h.
func (p *PassBets) Add(i int, b games.Bet, h games.PoolHand) {
	p.bets, p.hands, p.at = append(p.bets, b), append(p.hands, h), append(p.at, i)
}

// Settle settles the gathered bets against pool into out: each bet's
// settlement at its place in out.Bets, and the pass's transfers. With no
// bet gathered it does nothing, so a round without a progressive bet
// needs no pool.
func (p *PassBets) Settle(pool *games.PoolFunds, out *games.RoundSettlement) error {
	if len(p.bets) == 0 {
		return nil
	}
	sts, ts, err := games.SettlePass(pool, p.bets, p.hands)
	if err != nil {
		return err
	}
	for k, i := range p.at {
		out.Bets[i] = sts[k]
	}
	out.Transfers = ts
	return nil
}
