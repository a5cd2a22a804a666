package audit

import (
	"strings"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/ledger"
)

// Flows of progressive pools' events (issue #19).
const (
	FlowPoolFunded       FlowKind = "pool_funded"       // casino → main: the base at configuration
	FlowPoolAdjusted     FlowKind = "pool_adjusted"     // casino ↔ a pool account, with a reason
	FlowPoolDecommission FlowKind = "pool_decommission" // a pool account → another pool's main or the casino
	FlowPoolPrize        FlowKind = "pool_prize"        // a pool's main → the winner's wallet
	FlowPoolCommission   FlowKind = "pool_commission"   // in play → commission: the casino's share of a progressive bet
	FlowPoolTransfer     FlowKind = "pool_transfer"     // a reserve a new version drops → the pool's main
)

// poolFlows are the movements a pool event implies, nil for any other.
func poolFlows(payload any) []flow {
	switch p := payload.(type) {
	case *events.JackpotConfigured:
		var out []flow
		for _, q := range ledger.PoolPostings(p.Currency, p.Transfers) {
			out = append(out, flow{Posting: q, kind: FlowPoolTransfer})
		}
		if p.Funded.IsPositive() && len(p.Accounts) > 0 {
			out = append(out, mkflow(FlowPoolFunded, ledger.AccountCasino, p.Accounts[0], p.Funded, p.Currency))
		}
		return out
	case *events.JackpotAdjusted:
		if p.Amount.IsNegative() {
			return []flow{mkflow(FlowPoolAdjusted, p.Account, ledger.AccountCasino, p.Amount.Neg(), p.Currency)}
		}
		return []flow{mkflow(FlowPoolAdjusted, ledger.AccountCasino, p.Account, p.Amount, p.Currency)}
	case *events.JackpotDecommissioned:
		ps := ledger.PoolPostings(p.Currency, p.Transfers)
		out := make([]flow, len(ps))
		for i, q := range ps {
			out[i] = flow{Posting: q, kind: FlowPoolDecommission}
		}
		return out
	}
	return nil
}

// poolState is what the walk knows of a pool: its parameters in force,
// accounts, currency and linked tables.
type poolState struct {
	Hash           string
	Currency       string
	Accounts       []string
	Tables         map[string]bool
	Decommissioned bool
}

// poolAt is a pool's balances when a round's last result was recorded.
type poolAt struct {
	Pool     string
	Hash     string
	Balances []decimal.Decimal
}

// applyPool folds a pool event, reporting what the ledger would have
// refused.
func (f *fold) applyPool(payload any, report reporter) {
	pool := func(id string) *poolState {
		p := f.pools[id]
		if p == nil && f.complete {
			report(KindEventInvalid, "pool %s was never configured", id)
		}
		return p
	}
	switch p := payload.(type) {
	case *events.JackpotConfigured:
		ps := f.pools[p.Pool]
		if ps == nil {
			ps = &poolState{Currency: p.Currency, Tables: map[string]bool{}}
			f.pools[p.Pool] = ps
		}
		if ps.Decommissioned {
			report(KindEventInvalid, "pool %s configured after its decommission", p.Pool)
		}
		for t := range ps.Tables {
			if tb := f.tables[t]; tb != nil && tb.Active != "" {
				report(KindEventInvalid, "pool %s configured while round %s of linked table %s is in progress", p.Pool, tb.Active, t)
			}
		}
		if f.paytables != nil {
			if rules, err := f.paytables.ParsePool(p.Params); err != nil || rules.Hash() != p.Hash {
				report(KindEventInvalid, "pool %s's parameters do not read back to hash %s", p.Pool, p.Hash)
			}
		}
		ps.Hash, ps.Accounts = p.Hash, p.Accounts
	case *events.JackpotLinked:
		if ps := pool(p.Pool); ps != nil {
			ps.Tables[p.Table] = true
		}
	case *events.JackpotUnlinked:
		if ps := pool(p.Pool); ps != nil {
			if tb := f.tables[p.Table]; tb != nil && tb.Active != "" {
				report(KindEventInvalid, "table %s unlinked from pool %s while round %s is in progress", p.Table, p.Pool, tb.Active)
			}
			delete(ps.Tables, p.Table)
		}
	case *events.JackpotDecommissioned:
		if ps := pool(p.Pool); ps != nil {
			if len(ps.Tables) > 0 {
				report(KindEventInvalid, "pool %s decommissioned with linked tables", p.Pool)
			}
			ps.Decommissioned = true
		}
	}
}

// poolAtResult returns the balances of the pool table is linked to, nil
// when none.
func (f *fold) poolAtResult(table string) *poolAt {
	for id, p := range f.pools {
		if p.Tables[table] {
			at := &poolAt{Pool: id, Hash: p.Hash, Balances: make([]decimal.Decimal, len(p.Accounts))}
			for i, a := range p.Accounts {
				at.Balances[i] = f.balance(a, p.Currency)
			}
			return at
		}
	}
	return nil
}

// checkPoolFunds checks that a progressive round was settled with the
// parameters in force and the pool's balances at its last result.
func (f *fold) checkPoolFunds(r *roundState, funds *events.Funds, report reporter) {
	if !f.complete {
		return
	}
	at := r.poolAtResult
	switch {
	case funds.Pool == nil && at == nil:
		return
	case funds.Pool == nil || at == nil:
		report(KindPayoutMismatch, "round %s: its table's pool at the last result and the pool funds recorded disagree", r.ID)
		return
	case funds.Pool.Pool != at.Pool || funds.Pool.Hash != at.Hash:
		report(KindPayoutMismatch, "round %s was settled against pool %s (hash %s), its table was linked to %s (hash %s)", r.ID, funds.Pool.Pool, funds.Pool.Hash, at.Pool, at.Hash)
		return
	}
	same := len(funds.Pool.Balances) == len(at.Balances)
	for i := 0; same && i < len(at.Balances); i++ {
		same = funds.Pool.Balances[i].Equal(at.Balances[i])
	}
	if !same {
		report(KindPayoutMismatch, "round %s was settled with pool balances %v, pool %s held %v at its last result", r.ID, funds.Pool.Balances, at.Pool, at.Balances)
	}
}

// poolOfAccount returns the pool of a pool account
// (jackpot:<pool>:main or :reserve:<name>).
func poolOfAccount(account string) (string, bool) {
	if !ledger.IsPoolAccount(account) {
		return "", false
	}
	id, _, _ := strings.Cut(strings.TrimPrefix(account, ledger.JackpotAccount("")), ":")
	return id, true
}

// addPoolFlow adds a pool's flow to a reconciliation row. A flow between
// two rows (a prize: pool → wallets; a pass's funding: a table's house →
// pool) is added to both, each row's expected balance reading it its own
// way; a flow that stays in one pool (reserve → main) changes nothing.
func addPoolFlow(r *ReconRow, fl flow) {
	a := fl.Amount
	fromPool, fromIsPool := poolOfAccount(fl.From)
	toPool, toIsPool := poolOfAccount(fl.To)
	// into reports whether the flow goes into the pool of the row.
	into := r.Scope == ScopePool && toIsPool && toPool == r.Table
	signed := a
	if !into {
		signed = a.Neg()
	}
	switch fl.kind {
	case FlowPoolPrize:
		r.PoolPrizes = r.PoolPrizes.Add(a)
	case FlowPoolCommission:
		r.PoolCommission = r.PoolCommission.Add(a)
	case FlowPoolFunded:
		r.PoolFunding = r.PoolFunding.Add(a)
	case FlowTransfer:
		if toIsPool && !fromIsPool {
			r.PoolFunding = r.PoolFunding.Add(a)
		}
	case FlowPoolAdjusted:
		r.PoolAdjustments = r.PoolAdjustments.Add(signed)
	case FlowPoolDecommission:
		if !(fromIsPool && toIsPool && fromPool == toPool) {
			r.PoolTransfers = r.PoolTransfers.Add(signed)
		}
	}
}

// addPoolTotals adds a day's pool columns to the period's totals.
func addPoolTotals(t, r *ReconRow) {
	t.PoolPrizes, t.PoolFunding = t.PoolPrizes.Add(r.PoolPrizes), t.PoolFunding.Add(r.PoolFunding)
	t.PoolAdjustments, t.PoolTransfers = t.PoolAdjustments.Add(r.PoolAdjustments), t.PoolTransfers.Add(r.PoolTransfers)
	t.PoolCommission = t.PoolCommission.Add(r.PoolCommission)
}

// PoolFlows reports whether any row of the period moved money of a
// progressive pool: the reports then list the pools' flows in a section
// of their own.
func (r *ReconcileReport) PoolFlows() bool {
	for _, t := range r.Totals {
		if t.hasPoolFlows() {
			return true
		}
	}
	return false
}

func (r *ReconRow) hasPoolFlows() bool {
	return !r.PoolPrizes.IsZero() || !r.PoolFunding.IsZero() || !r.PoolAdjustments.IsZero() || !r.PoolTransfers.IsZero() || !r.PoolCommission.IsZero()
}
