package ledger

import (
	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
)

// work returns the events that remain to be written for a round whose
// settlement, cancellation or correction has started: a settlement (or
// re-settlement) for every bet not yet settled under the round's current
// correction, then round.settled; or a refund for every bet of a cancelled
// round not yet refunded. It returns nothing for a round with no work left.
// The live path and the recovery after a crash both call it, so a bet is
// settled exactly once whichever batch the crash fell between.
func (d *decider) work(s *State, r *Round) ([]draft, error) {
	t := s.tables[r.Table]
	switch r.Status {
	case RoundCancelled:
		var out []draft
		for _, b := range r.Bets {
			if b.Status != BetOpen {
				continue
			}
			out = append(out, draft{
				typ: events.TypeBetRefunded, table: t.ID, round: r.ID,
				payload: &events.BetRefunded{
					Table: t.ID, Round: r.ID, Slip: b.Slip, Bet: b.ID, Player: b.Player,
					Code: b.Code, Stake: b.Stake, Currency: t.Currency,
				},
				postings: []events.Posting{{From: InPlayAccount(t.ID), To: WalletAccount(b.Player), Amount: b.Stake, Currency: t.Currency}},
			})
		}
		return out, nil
	case RoundSettling:
		pt, err := d.paytable(t)
		if err != nil {
			return nil, err
		}
		dice, _ := diceOf(*r.Result)
		var out []draft
		tot := events.RoundSettled{
			Table: t.ID, Round: r.ID, Dice: dice, Bets: len(r.Bets), Correction: r.Correction,
			Staked: decimal.Zero, Won: decimal.Zero, Returned: decimal.Zero, Residue: decimal.Zero,
		}
		for _, b := range r.Bets {
			var st games.Settlement
			if b.Status == BetSettled && b.Correction == r.Correction {
				st = b.Settlement
			} else {
				ds, err := reverseAndSettle(t, r, b, pt, *r.Result, r.Correction)
				if err != nil {
					return nil, err
				}
				out = append(out, ds...)
				st = settlementOf(ds[len(ds)-1])
			}
			tot.Staked = tot.Staked.Add(b.Stake)
			tot.Won = tot.Won.Add(st.Win)
			tot.Returned = tot.Returned.Add(st.Returned)
			tot.Residue = tot.Residue.Add(st.Residue)
		}
		out = append(out, draft{typ: events.TypeRoundSettled, table: t.ID, round: r.ID, payload: &tot})
		return out, nil
	}
	return nil, nil
}

// reverseAndSettle drafts what one bet needs under correction k: the reversal
// of its settlement in force when that belongs to an earlier correction, then
// its settlement under res.
func reverseAndSettle(t *Table, r *Round, b *Bet, pt Paytable, res games.Result, k int) ([]draft, error) {
	var out []draft
	if b.Status == BetSettled && b.Correction < k {
		st := b.Settlement
		out = append(out, draft{
			typ: events.TypeBetSettlementReversed, table: t.ID, round: r.ID,
			payload: &events.BetSettlementReversed{
				Table: t.ID, Round: r.ID, Slip: b.Slip, Bet: b.ID, Player: b.Player, Code: b.Code,
				Stake: b.Stake, Currency: t.Currency, Win: st.Win, Returned: st.Returned,
				Residue: st.Residue, Correction: k,
			},
			postings: reversed(settlementPostings(t, b, st)),
		})
	}
	st, err := pt.Settle(b.Code, b.Stake, t.Scale, res)
	if err != nil {
		return nil, err
	}
	switch st.Outcome {
	case games.OutcomeWon, games.OutcomeLost, games.OutcomePush:
	default:
		// A bet that stays up over several results (craps) needs rounds
		// that carry bets over; the ledger does not have them yet, so it
		// refuses rather than settle such a bet wrongly.
		return nil, errf(ErrInvalidResult, "bet %s: outcome %q is not supported by this ledger", b.ID, st.Outcome)
	}
	dice, _ := diceOf(res)
	out = append(out, draft{
		typ: events.TypeBetSettled, table: t.ID, round: r.ID,
		payload: &events.BetSettled{
			Table: t.ID, Round: r.ID, Slip: b.Slip, Bet: b.ID, Player: b.Player, Code: b.Code,
			Stake: b.Stake, Currency: t.Currency, Dice: dice, Outcome: string(st.Outcome),
			Win: st.Win, Returned: st.Returned, Residue: st.Residue, Rule: st.Rule,
			Paytable: t.Paytable, PaytableHash: t.PaytableHash, Correction: k,
			Commission: st.Commission, Contributions: contributions(st.Contributions),
		},
		postings: settlementPostings(t, b, st),
	})
	return out, nil
}

// settlementPostings moves a settled bet's stake out of play. Contributions
// to jackpot pools come out of the stake first; the rest goes to the house on
// a loss, or back to the wallet on a win or a push, with the house paying
// whatever the return exceeds it by. A commission goes from the wallet to
// the table's commission account once the win is paid, and the rounding
// residue is set aside by the house in the table's rounding account. Sic Bo
// uses only the plain cases; the others are how the interface carries the
// games that come next (see docs/GAMES.md).
func settlementPostings(t *Table, b *Bet, st games.Settlement) []events.Posting {
	inPlay, wallet, house := InPlayAccount(t.ID), WalletAccount(b.Player), HouseAccount(t.ID)
	cur := t.Currency
	var ps []events.Posting
	add := func(from, to string, amount decimal.Decimal) {
		if amount.IsPositive() {
			ps = append(ps, events.Posting{From: from, To: to, Amount: amount, Currency: cur})
		}
	}
	rest := b.Stake
	for _, c := range st.Contributions {
		add(inPlay, JackpotAccount(c.Pool), c.Amount)
		rest = rest.Sub(c.Amount)
	}
	switch st.Outcome {
	case games.OutcomeLost:
		add(inPlay, house, rest)
	default:
		add(inPlay, wallet, rest)
		add(house, wallet, st.Returned.Sub(rest))
		add(wallet, CommissionAccount(t.ID), st.Commission)
	}
	add(house, RoundingAccount(t.ID), st.Residue)
	return ps
}

func reversed(ps []events.Posting) []events.Posting {
	out := make([]events.Posting, len(ps))
	for i, p := range ps {
		out[len(ps)-1-i] = events.Posting{From: p.To, To: p.From, Amount: p.Amount, Currency: p.Currency}
	}
	return out
}

func settlementOf(d draft) games.Settlement {
	p := d.payload.(*events.BetSettled)
	return games.Settlement{Outcome: games.Outcome(p.Outcome), Win: p.Win, Returned: p.Returned, Residue: p.Residue, Rule: p.Rule, Commission: p.Commission}
}

func contributions(cs []games.Contribution) []events.Contribution {
	if len(cs) == 0 {
		return nil
	}
	out := make([]events.Contribution, len(cs))
	for i, c := range cs {
		out[i] = events.Contribution{Pool: c.Pool, Amount: c.Amount}
	}
	return out
}
