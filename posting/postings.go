package posting

import (
	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
)

// SettlementPostings are the postings of one bet's settlement on table:
// the one place that turns a settlement into money movements, for the
// ledger and for the verifier that checks what the ledger posted. They move
// a settled bet's stake out of play. Contributions
// to jackpot pools come out of the stake first; the rest goes to the house on
// a loss, or back to the wallet on a win or a push, with the house paying
// whatever the return exceeds it by. A commission goes from the wallet to
// the table's commission account once the win is paid, and the rounding
// residue is set aside by the house in the table's rounding account. Sic Bo
// uses only the plain cases; the others are how the interface carries the
// games that come next (see docs/GAMES.md).
func SettlementPostings(table, player, currency string, stake decimal.Decimal, st games.Settlement) []events.Posting {
	inPlay, wallet := InPlayAccount(table), WalletAccount(player)
	counter := CounterpartyAccount(table, st.Counterparty)
	var ps []events.Posting
	add := func(from, to string, amount decimal.Decimal) {
		if amount.IsPositive() {
			ps = append(ps, events.Posting{From: from, To: to, Amount: amount, Currency: currency})
		}
	}
	rest := stake
	for _, c := range st.Contributions {
		to := JackpotAccount(c.Pool)
		if c.Pool == games.CommissionAccount {
			// The casino's commission on a progressive bet, taken
			// first (seed 004, 6.6; games.SettlePass).
			to = CommissionAccount(table)
		}
		add(inPlay, to, c.Amount)
		rest = rest.Sub(c.Amount)
	}
	// What the bet gives back before any commission comes out of the
	// stake first; the counterparty (the house, a player's bank, the
	// prize pool) takes the stake not given back and pays what exceeds
	// it. One rule for every outcome: a loss gives nothing back, a push
	// the stake, la partage or a surrender part of it, a win the stake
	// and the win. Returned is net of the commission, which goes from
	// the wallet to the table's commission account, never to the house's
	// result.
	back := st.Returned.Add(st.Commission)
	fromStake := decimal.Min(rest, back)
	add(inPlay, wallet, fromStake)
	add(inPlay, counter, rest.Sub(fromStake))
	add(counter, wallet, back.Sub(fromStake))
	add(wallet, CommissionAccount(table), st.Commission)
	add(counter, RoundingAccount(table), st.Residue)
	return ps
}

// TransferPostings are the postings of a round's transfers on table.
func TransferPostings(table, currency string, ts []games.Transfer) []events.Posting {
	var ps []events.Posting
	for _, t := range ts {
		if t.Amount.IsPositive() {
			ps = append(ps, events.Posting{From: CounterpartyAccount(table, t.From), To: CounterpartyAccount(table, t.To), Amount: t.Amount, Currency: currency})
		}
	}
	return ps
}

// PoolPostings are the postings of a pool event's transfers (a
// decommission): the one place that turns them into money movements, for
// the ledger and the verifier.
func PoolPostings(currency string, ts []events.Transfer) []events.Posting {
	var ps []events.Posting
	for _, t := range ts {
		if t.Amount.IsPositive() {
			ps = append(ps, events.Posting{From: t.From, To: t.To, Amount: t.Amount, Currency: currency})
		}
	}
	return ps
}

// DrawnPostings are the postings of a pass's complementary draws: the
// house's advances, then each prize from its pool account to the
// winner's account. The one place that turns jackpot.drawn into money,
// for the ledger and the verifier.
func DrawnPostings(p *events.JackpotDrawn) []events.Posting {
	ps := PoolPostings(p.Currency, p.Advanced)
	for _, z := range p.Prizes {
		if z.Amount.IsPositive() {
			ps = append(ps, events.Posting{From: z.From, To: z.To, Amount: z.Amount, Currency: p.Currency})
		}
	}
	return ps
}
