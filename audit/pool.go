package audit

import (
	"fmt"
	"slices"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/posting"
	"github.com/wagerlog/wagerlog/replay"
	"github.com/wagerlog/wagerlog/round"
)

// Flows of progressive pools' events (seed 004, section 6;
// docs/games/poker.md, "Progressive pools").
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
		for _, q := range posting.PoolPostings(p.Currency, p.Transfers) {
			out = append(out, flow{Posting: q, kind: FlowPoolTransfer})
		}
		if p.Funded.IsPositive() && len(p.Accounts) > 0 {
			out = append(out, mkflow(FlowPoolFunded, posting.AccountCasino, p.Accounts[0], p.Funded, p.Currency))
		}
		return out
	case *events.JackpotAdjusted:
		if p.Amount.IsNegative() {
			return []flow{mkflow(FlowPoolAdjusted, p.Account, posting.AccountCasino, p.Amount.Neg(), p.Currency)}
		}
		return []flow{mkflow(FlowPoolAdjusted, posting.AccountCasino, p.Account, p.Amount, p.Currency)}
	case *events.JackpotPassFunded:
		return transferFlows(p.Table, p.Currency, round.GameTransfers(p.Transfers))
	case *events.JackpotDrawn:
		return drawnFlows(p)
	case *events.CreditsExpired:
		return []flow{mkflow(FlowCreditsExpired, posting.CreditsAccount(p.Player), p.To, p.Amount, p.Currency)}
	case *events.JackpotDecommissioned:
		ps := posting.PoolPostings(p.Currency, p.Transfers)
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
	// drawState is the pool's complementary draws (audit/draw.go).
	drawState *drawState
}

// poolAt is the pool a table was linked to when a round's last result
// was recorded; its balances then are the round model's AtResult.Pool.
type poolAt struct {
	Pool string
	Hash string
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
	case *events.JackpotSeatClosed:
		if t := f.tables[p.Table]; t != nil {
			if slices.Contains(t.ClosedSeats, p.Seat) {
				report(KindEventInvalid, "seat %d of table %s closed while it was closed", p.Seat, p.Table)
				return
			}
			t.ClosedSeats = append(slices.Clone(t.ClosedSeats), p.Seat)
			slices.Sort(t.ClosedSeats)
		}
	case *events.JackpotSeatReopened:
		if t := f.tables[p.Table]; t != nil {
			if !slices.Contains(t.ClosedSeats, p.Seat) {
				report(KindEventInvalid, "seat %d of table %s reopened while it was open", p.Seat, p.Table)
				return
			}
			t.ClosedSeats = slices.DeleteFunc(slices.Clone(t.ClosedSeats), func(n int) bool { return n == p.Seat })
		}
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
		f.drawConfigured(ps, p, report)
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
	case *events.JackpotPassFunded:
		if r := f.round(p.Round, report, "pass funded"); r != nil {
			f.move(r, events.TypeJackpotPassFunded, report, "pass funded")
			if r.passFunded != nil {
				report(KindEventInvalid, "round %s: a second jackpot.pass_funded", r.ID)
			}
			r.passFunded = p.Transfers
			if at := r.linked; at == nil || at.Pool != p.Pool {
				report(KindEventInvalid, "round %s funds pool %s, its table was not linked to it at the result", r.ID, p.Pool)
			}
		}
	case *events.JackpotDrawn:
		if ps := pool(p.Pool); ps != nil {
			f.drawn(ps, p, report)
		}
	case *events.JackpotDrawSeedRevealed:
		if ps := pool(p.Pool); ps != nil {
			f.drawRevealed(ps, p, report)
		}
	case *events.CreditsExpired:
		f.creditsExpired(p, report)
	case *events.JackpotDecommissioned:
		if ps := pool(p.Pool); ps != nil {
			if f.complete && ps.drawState != nil && ps.drawState.commitment != "" {
				report(KindDrawMismatch, "pool %s decommissioned with its draw seed %s not revealed", p.Pool, ps.drawState.commitment)
			}
			if len(ps.Tables) > 0 {
				report(KindEventInvalid, "pool %s decommissioned with linked tables", p.Pool)
			}
			ps.Decommissioned = true
		}
	}
}

// linkedPool returns the pool table is linked to, nil when none.
func (f *fold) linkedPool(table string) *poolAt {
	for id, p := range f.pools {
		if p.Tables[table] {
			return &poolAt{Pool: id, Hash: p.Hash}
		}
	}
	return nil
}

// AtResult reads what a round's result finds (round.Funds): its table's
// bank balance and the balances of the pool it is linked to.
func (f *fold) AtResult(r *round.Round) round.AtResult {
	at := round.AtResult{Bank: f.balance(posting.BankAccount(r.Table), r.Currency)}
	if l := f.linkedPool(r.Table); l != nil {
		p := f.pools[l.Pool]
		at.Pool = make([]decimal.Decimal, len(p.Accounts))
		for i, a := range p.Accounts {
			at.Pool[i] = f.balance(a, p.Currency)
		}
	}
	return at
}

// checkPoolFunds checks that a progressive round was settled with the
// parameters in force and the pool's balances at its last result.
func (f *fold) checkPoolFunds(r *roundState, funds *events.Funds, report reporter) {
	if !f.complete {
		return
	}
	at := r.linked
	balances := r.AtResult.Pool
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
	same := len(funds.Pool.Balances) == len(balances)
	for i := 0; same && i < len(balances); i++ {
		same = funds.Pool.Balances[i].Equal(balances[i])
	}
	if !same {
		report(KindPayoutMismatch, "round %s was settled with pool balances %v, pool %s held %v at its last result", r.ID, funds.Pool.Balances, at.Pool, balances)
	}
}

// poolOfAccount returns the pool of a pool account
// (jackpot:<pool>:main or :reserve:<name>).
func poolOfAccount(account string) (string, bool) { return posting.PoolOfAccount(account) }

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
	t.CreditsIssued, t.CreditsSpent = t.CreditsIssued.Add(r.CreditsIssued), t.CreditsSpent.Add(r.CreditsSpent)
	t.CreditsRefunded, t.CreditsExpired = t.CreditsRefunded.Add(r.CreditsRefunded), t.CreditsExpired.Add(r.CreditsExpired)
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

// passFunded returns how many of a round.settled's leading transfers its
// jackpot.pass_funded posted (0 for a round written before that event, or
// not a pass), bounded by the transfers it lists.
func passFunded(p *events.RoundSettled) int {
	if p.Funds == nil || p.Funds.Pool == nil || p.Funds.Pool.Funded < 0 {
		return 0
	}
	return min(p.Funds.Pool.Funded, len(p.Transfers))
}

// checkPoolBalances checks the pool accounts an event debited. Outside a
// pass, a pool account below zero is reported at once. Inside a pass (an
// event of a round being settled) it is noted on the round, and
// checkPass decides at round.settled: a pass written funding first never
// takes the main pool below zero after any event; a pass of a stream
// written before (the shortfall funding came with round.settled, after
// the prizes) is checked at its end only, the meaning its events had
// when they were written.
func (f *fold) checkPoolBalances(s *step, report reporter) {
	if !f.complete {
		return
	}
	seen := map[acct]bool{}
	for _, p := range s.env.Postings {
		k := acct{p.From, p.Currency}
		if seen[k] || !posting.IsPoolAccount(p.From) || !f.balances[k].IsNegative() {
			continue
		}
		seen[k] = true
		if r := f.rounds[s.env.Round]; r != nil && s.env.Round != "" && r.Status == round.Settling {
			if strings.HasSuffix(k.account, ":main") {
				r.poolBelow = append(r.poolBelow, fmt.Sprintf("%s at %s %s after event %d (%s)", k.account, f.balances[k], k.currency, s.env.Seq, s.env.Type))
			}
			continue
		}
		report(KindPoolNegative, "%s is %s %s", k.account, f.balances[k], k.currency)
	}
}

// checkPass checks a pass at its round.settled: the funding event matches
// the transfers the round lists first; in a pass written funding first,
// the main pool was never below zero after an event; and at the end of
// every pass, none of the pool's accounts is below zero.
func (f *fold) checkPass(r *roundState, p *events.RoundSettled, report reporter) {
	below := r.poolBelow
	funded := r.passFunded
	r.poolBelow, r.passFunded = nil, nil
	if p.Funds == nil || p.Funds.Pool == nil {
		if funded != nil {
			report(KindEventInvalid, "round %s: a jackpot.pass_funded, and no pool in its settlement", r.ID)
		}
		return
	}
	pf := p.Funds.Pool
	switch {
	case pf.Order != "" && pf.Order != events.PassFundedFirst:
		report(KindEventInvalid, "round %s: pass order %q", r.ID, pf.Order)
	case pf.Funded < 0 || pf.Funded > len(p.Transfers) || (pf.Order == "" && pf.Funded != 0):
		report(KindEventInvalid, "round %s states %d funded transfers of %d", r.ID, pf.Funded, len(p.Transfers))
	case (funded == nil) != (pf.Funded == 0) || replay.TransfersDiff(funded, round.GameTransfers(p.Transfers[:pf.Funded])) != "":
		report(KindPostingsMismatch, "round %s: jackpot.pass_funded moved %v, the settlement lists %v as funded first", r.ID, funded, p.Transfers[:min(max(pf.Funded, 0), len(p.Transfers))])
	}
	if pf.Order == events.PassFundedFirst {
		for _, b := range below {
			report(KindPoolNegative, "round %s: %s, inside a pass written funding first", r.ID, b)
		}
	}
	if !f.complete {
		return
	}
	if ps := f.pools[pf.Pool]; ps != nil {
		for _, a := range ps.Accounts {
			if b := f.balance(a, ps.Currency); b.IsNegative() {
				report(KindPoolNegative, "%s is %s %s at the end of round %s's pass", a, b, ps.Currency, r.ID)
			}
		}
	}
}

// closedSeatOf reports whether code is a progressive bet on a seat of t
// closed to progressive bets, and the seat: what the ledger refuses with
// seat_closed (ledger/seat.go), so a stream that holds one was not written
// by it.
func closedSeatOf(pt games.Paytable, t *tableState, code string) (int, bool) {
	if len(t.ClosedSeats) == 0 {
		return 0, false
	}
	seat, ok := games.ProgressiveSeat(pt, code)
	return seat, ok && slices.Contains(t.ClosedSeats, seat)
}
