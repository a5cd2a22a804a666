package ledger

import (
	"slices"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/posting"
)

// work returns the events that remain to be written for a round whose
// settlement, cancellation or correction has started: a settlement (or
// re-settlement) for every bet not yet settled under the round's current
// correction, then round.settled; or a refund for every bet of a cancelled
// round not yet refunded. It returns nothing for a round with no work left.
// The live path and the recovery after a crash both call it, so a bet is
// settled exactly once whichever batch the crash fell between.
func (d *decider) work(s *State, r *Round) ([]draft, error) {
	switch r.Status {
	case RoundCancelled:
		var out []draft
		for _, b := range r.Bets {
			if b.Status != BetOpen {
				continue
			}
			out = append(out, draft{
				typ: events.TypeBetRefunded, table: r.Table, round: r.ID,
				payload: &events.BetRefunded{
					Table: r.Table, Round: r.ID, Slip: b.Slip, Bet: b.ID, Player: b.Player,
					Code: b.Code, Stake: b.Stake, Currency: r.Currency, Funding: b.Funding,
				},
				postings: []events.Posting{{From: posting.InPlayAccount(r.Table), To: posting.StakeAccount(b.Funding, b.Player), Amount: b.Stake, Currency: r.Currency}},
			})
		}
		return out, nil
	case RoundSettling:
		pt, err := d.roundPaytable(r)
		if err != nil {
			return nil, err
		}
		res, err := results(pt, r)
		if err != nil {
			return nil, err
		}
		over := roundOver(pt, r, res)
		if rs, ok := pt.(games.RoundSettler); ok {
			return d.workTogether(s, r, rs, res, over)
		}
		dice, other := events.ResultMembers(res[len(res)-1].JSON())
		var out []draft
		tot := events.RoundSettled{
			Table: r.Table, Round: r.ID, Dice: dice, Result: other, Bets: len(r.Bets), Correction: r.Correction,
			Staked: decimal.Zero, Won: decimal.Zero, Returned: decimal.Zero, Residue: decimal.Zero,
		}
		open, decided := 0, 0
		for _, b := range r.Bets {
			var st games.Settlement
			switch {
			case b.Status == BetRefunded || b.Status == BetTakenDown:
				continue
			case b.Status == BetSettled && b.Correction == r.Correction:
				st = b.Settlement
				if b.Step == len(res) {
					decided++
				}
			default:
				ds, err := reverseAndSettle(r, b, pt, res, r.Correction)
				if err != nil {
					return nil, err
				}
				if len(ds) == 0 {
					if over {
						return nil, errf(ErrInvalidResult, "round %s is over but %s leaves bet %s (%s) open", r.ID, pt.ID(), b.ID, b.Code)
					}
					open++
					continue
				}
				out = append(out, ds...)
				st = settlementOf(ds[len(ds)-1])
				decided++
			}
			tot.Staked = tot.Staked.Add(b.Stake)
			tot.Won = tot.Won.Add(st.Win)
			tot.Returned = tot.Returned.Add(st.Returned)
			tot.Residue = tot.Residue.Add(st.Residue)
		}
		if !over {
			out = append(out, draft{typ: events.TypeRoundStepSettled, table: r.Table, round: r.ID, payload: &events.RoundStepSettled{
				Table: r.Table, Round: r.ID, Results: len(res), Decided: decided, Open: open,
			}})
			return out, nil
		}
		tot.ShoeOver = shoeOver(pt, res)
		out = append(out, draft{typ: events.TypeRoundSettled, table: r.Table, round: r.ID, payload: &tot})
		return out, nil
	}
	return nil, nil
}

// workTogether is work for a round whose bets are settled together
// (games.RoundSettler): nothing until the round is over, then every bet's
// settlement from one call, and the round's transfers posted with
// round.settled. The funds are those of the round's last result, so the
// same settlement is drafted again when a crash interrupted its writing.
func (d *decider) workTogether(s *State, r *Round, rs games.RoundSettler, res []games.Result, over bool) ([]draft, error) {
	if !over {
		// Counted, not listed: a bingo game draws up to 90 balls over
		// as many as 100,000 cards.
		open := 0
		for _, b := range r.Bets {
			if b.Status == BetOpen || b.Status == BetSettled {
				open++
			}
		}
		return []draft{{typ: events.TypeRoundStepSettled, table: r.Table, round: r.ID, payload: &events.RoundStepSettled{
			Table: r.Table, Round: r.ID, Results: len(res), Decided: 0, Open: open,
		}}}, nil
	}
	var bets []*Bet
	for _, b := range r.Bets {
		if b.Status == BetOpen || b.Status == BetSettled {
			bets = append(bets, b)
		}
	}
	gbs := make([]games.Bet, len(bets))
	for i, b := range bets {
		gbs[i] = games.Bet{Code: b.Code, Stake: b.Stake, Since: b.Since, Working: b.Working}
	}
	funds := games.Funds{Bank: r.AtResult.Bank, Closed: r.SalesClose}
	var poolFunds *events.PoolFunds
	if _, ok := rs.(games.Progressive); ok && r.AtResult.Pool != nil {
		p, err := s.roundPool(r)
		if err != nil {
			return nil, err
		}
		rules, err := d.rules(p.Params, p.Hash)
		if err != nil {
			return nil, err
		}
		funds.Pool = &games.PoolFunds{Rules: rules, Balances: r.AtResult.Pool}
		poolFunds = &events.PoolFunds{Pool: p.ID, Hash: p.Hash, Params: p.Params, Balances: r.AtResult.Pool}
	}
	set, err := rs.SettleRound(gbs, r.Scale, res, funds)
	if err != nil {
		return nil, errf(ErrInvalidResult, "round %s: %v", r.ID, err)
	}
	if len(set.Bets) != len(bets) {
		return nil, errf(ErrInvalidResult, "round %s: %d settlements for %d bets", r.ID, len(set.Bets), len(bets))
	}
	dice, other := events.ResultMembers(res[len(res)-1].JSON())
	tot := events.RoundSettled{
		Table: r.Table, Round: r.ID, Dice: dice, Result: other, Bets: len(r.Bets), Correction: r.Correction,
		Staked: decimal.Zero, Won: decimal.Zero, Returned: decimal.Zero, Residue: decimal.Zero,
		Funds: &events.Funds{Bank: funds.Bank, Pool: poolFunds, Closed: EventTransfers(funds.Closed)},
	}
	// A pass is written funding first (events.PassFundedFirst): the
	// settlements that pay nothing out of the main pool, then the
	// shortfall funding (jackpot.pass_funded), then the prizes, the net
	// payers last, then round.settled with the reset; so the main pool
	// is never below zero after any event (docs/GAMES.md).
	funded := 0
	if poolFunds != nil {
		for funded < len(set.Transfers) && games.PassFunding(set.Transfers[funded]) {
			funded++
		}
		poolFunds.Order, poolFunds.Funded = events.PassFundedFirst, funded
	}
	var out []draft
	type prize struct {
		d   draft
		net decimal.Decimal // what the settlement takes out of the main pool
	}
	var prizes []prize
	for i, b := range bets {
		st := set.Bets[i]
		if !st.Outcome.Decided() {
			return nil, errf(ErrInvalidResult, "round %s is over but %s leaves bet %s (%s) open", r.ID, pt(rs), b.ID, b.Code)
		}
		if b.Status == BetOpen {
			d := settledDraft(r, b, st, res, r.Correction)
			if net, ok := mainPayout(funds.Pool, st); ok {
				prizes = append(prizes, prize{d, net})
			} else {
				out = append(out, d)
			}
		}
		tot.Staked = tot.Staked.Add(b.Stake)
		tot.Won = tot.Won.Add(st.Win)
		tot.Returned = tot.Returned.Add(st.Returned)
		// The total is of the residues the bets' events posted: none for
		// a bet settled now (rounding.go), its own for one settled before.
		if b.Status != BetOpen {
			tot.Residue = tot.Residue.Add(b.Settlement.Residue)
		}
	}
	if funded > 0 && !r.poolFunded {
		out = append(out, draft{
			typ: events.TypeJackpotPassFunded, table: r.Table, round: r.ID,
			payload: &events.JackpotPassFunded{Table: r.Table, Round: r.ID, Pool: poolFunds.Pool, Currency: r.Currency,
				Transfers: EventTransfers(set.Transfers[:funded])},
			postings: posting.TransferPostings(r.Table, r.Currency, set.Transfers[:funded]),
		})
	}
	slices.SortStableFunc(prizes, func(a, b prize) int { return a.net.Cmp(b.net) })
	for _, z := range prizes {
		out = append(out, z.d)
	}
	if dd, err := d.passDraws(s, r, rs, funds.Pool, out, posting.TransferPostings(r.Table, r.Currency, set.Transfers[funded:])); err != nil {
		return nil, err
	} else if dd != nil {
		out = append(out, *dd)
	}
	for _, t := range set.Transfers {
		tot.Transfers = append(tot.Transfers, events.Transfer{From: t.From, To: t.To, Amount: t.Amount, Rule: t.Rule})
	}
	if len(tot.Transfers) > 0 {
		tot.Currency = r.Currency
	}
	if p, ok := rs.(games.Paytable); ok {
		tot.ShoeOver = shoeOver(p, res)
	}
	out = append(out, draft{
		typ: events.TypeRoundSettled, table: r.Table, round: r.ID, payload: &tot,
		postings: posting.TransferPostings(r.Table, r.Currency, set.Transfers[funded:]),
	})
	return out, nil
}

// mainPayout reports whether st pays a prize out of the pool's main
// account, and what it takes out of it net of the contribution to it
// that the same settlement posts.
func mainPayout(pool *games.PoolFunds, st games.Settlement) (decimal.Decimal, bool) {
	if pool == nil || pool.Rules == nil || !st.Returned.IsPositive() {
		return decimal.Zero, false
	}
	main := pool.Rules.Accounts()[0]
	if st.Counterparty != main {
		return decimal.Zero, false
	}
	net := st.Returned
	for _, c := range st.Contributions {
		if games.PoolAccountPrefix+c.Pool == main {
			net = net.Sub(c.Amount)
		}
	}
	return net, true
}

// shoeOver reports whether a finished round brought out the cut card of a
// game dealt from a shoe.
func shoeOver(pt games.Paytable, res []games.Result) bool {
	s, ok := pt.(games.Shoed)
	return ok && s.ShoeOver(res)
}

// pt names a round settler's paytable for messages.
func pt(rs games.RoundSettler) string {
	if p, ok := rs.(games.Paytable); ok {
		return p.ID()
	}
	return "the game"
}

// reverseAndSettle drafts what one bet needs under correction k: the reversal
// of its settlement in force when that belongs to an earlier correction, then
// its settlement against the round's results. It drafts nothing for an open
// bet the results do not decide.
func reverseAndSettle(r *Round, b *Bet, pt games.Paytable, res []games.Result, k int) ([]draft, error) {
	st, err := pt.Settle(games.Bet{Code: b.Code, Stake: b.Stake, Since: b.Since, Working: b.Working}, r.Scale, res)
	if err != nil {
		return nil, err
	}
	if !st.Outcome.Decided() {
		if b.Status == BetSettled {
			return nil, errf(ErrInvalidResult, "bet %s: a correction cannot leave a settled bet open", b.ID)
		}
		return nil, nil
	}
	var out []draft
	if b.Status == BetSettled && b.Correction < k {
		old := b.Settlement
		out = append(out, draft{
			typ: events.TypeBetSettlementReversed, table: r.Table, round: r.ID,
			payload: &events.BetSettlementReversed{
				Table: r.Table, Round: r.ID, Slip: b.Slip, Bet: b.ID, Player: b.Player, Code: b.Code,
				Stake: b.Stake, Currency: r.Currency, Win: old.Win, Returned: old.Returned,
				Residue: old.Residue, Correction: k,
			},
			postings: reversed(posting.SettlementPostings(r.Table, b.Player, r.Currency, b.Stake, old)),
		})
	}
	out = append(out, settledDraft(r, b, st, res, k))
	return out, nil
}

// settledDraft drafts a bet's settlement under correction k.
func settledDraft(r *Round, b *Bet, st games.Settlement, res []games.Result, k int) draft {
	st, exact := posted(st) // rounding.go
	dice, other := events.ResultMembers(res[len(res)-1].JSON())
	return draft{
		typ: events.TypeBetSettled, table: r.Table, round: r.ID,
		payload: &events.BetSettled{
			Table: r.Table, Round: r.ID, Slip: b.Slip, Bet: b.ID, Player: b.Player, Code: b.Code,
			Stake: b.Stake, Currency: r.Currency, Dice: dice, Result: other, Outcome: string(st.Outcome),
			Win: st.Win, Returned: st.Returned, Residue: st.Residue, ResidueExact: exact, Rule: st.Rule,
			Paytable: r.Paytable, PaytableHash: r.PaytableHash, Correction: k,
			Commission: st.Commission, Contributions: contributions(st.Contributions),
			Counterparty: st.Counterparty,
		},
		postings: posting.SettlementPostings(r.Table, b.Player, r.Currency, b.Stake, st),
	}
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
	return games.Settlement{Outcome: games.Outcome(p.Outcome), Win: p.Win, Returned: p.Returned, Residue: p.Residue, Rule: p.Rule, Commission: p.Commission, Counterparty: p.Counterparty}
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
