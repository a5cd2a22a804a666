package audit

import (
	"context"
	"fmt"
	"strings"

	"github.com/shopspring/decimal"
	"github.com/wagerlog/wagerlog/posting"
)

// Limits of the reconciliation report.
const (
	// AccountsMax bounds the accounts whose identity the report lists; the
	// rest are checked and only counted.
	AccountsMax = 10_000
	// DiscrepanciesMax bounds the discrepancies listed.
	DiscrepanciesMax = 10_000
)

// Scopes of a reconciliation row: one table's accounts (money in play,
// house result, rounding residue), all player wallets of a currency (the
// operator's liability to players, GLI-19 2.9.3), or the cashier and
// adjustment accounts (money in and out of the system).
const (
	ScopeTable   = "table"
	ScopeWallets = "wallets"
	ScopeCashier = "cashier"
	// ScopePool is a jackpot pool (its row's Table names the pool): pools
	// are shared by tables, so they are a scope of their own.
	ScopePool = "pool"
)

// ReconcileReport is finance's day-by-day reconciliation of a period: per
// table and currency, and for the wallets and the cashier, the opening
// balance, every flow by kind and the closing balance, with the identity
// opening + flows = closing checked for every row and every account.
// Balances come from the postings; flows from what each event says it did;
// where the two disagree there is a discrepancy, and it is listed.
type ReconcileReport struct {
	Header Header     `json:"header"`
	Days   []ReconDay `json:"days"`
	Totals []ReconRow `json:"totals"`
	// Accounts is the identity of each account over the whole period.
	Accounts []AccountCheck `json:"accounts"`
	// AccountsMore counts the accounts checked beyond AccountsMax.
	AccountsMore  int                 `json:"accounts_more,omitempty"`
	Discrepancies []Discrepancy       `json:"discrepancies"`
	Verification  VerificationSummary `json:"verification"`
	// Sales restates the table rows of selling tables (bingo rooms) as
	// sales, prizes, refunds and the hall's share, per day and for the
	// period (SalesRow); absent when no such table played.
	Sales []SalesRow `json:"sales,omitempty"`
	// Sessions gives the same per session and day for the games sold in
	// sessions (audit/session.go); absent when none.
	Sessions []SessionSalesRow `json:"sessions,omitempty"`
	render   renderInfo
}

// ReconDay is one day of the period. A day without any event says so
// (GLI-19 2.9: an explicit "no activity" line) and has no rows.
type ReconDay struct {
	Date       string     `json:"date"`
	NoActivity bool       `json:"no_activity"`
	Events     int        `json:"events"`
	Rows       []ReconRow `json:"rows"`
}

// ReconRow is one scope's day (or period, in Totals). Flows are amounts
// (never negative) except Adjustments, which is signed: what supervisors
// credited to wallets, net. StakesLost and Residue move money inside a
// table's accounts: they are listed, and do not change its balance.
type ReconRow struct {
	Date     string `json:"date,omitempty"`
	Scope    string `json:"scope"`
	Table    string `json:"table,omitempty"`
	Currency string `json:"currency"`

	Opening        decimal.Decimal `json:"opening"`
	Deposits       decimal.Decimal `json:"deposits"`
	Withdrawals    decimal.Decimal `json:"withdrawals"`
	Adjustments    decimal.Decimal `json:"adjustments"`
	Stakes         decimal.Decimal `json:"stakes"`
	StakesReturned decimal.Decimal `json:"stakes_returned"`
	WinsPaid       decimal.Decimal `json:"wins_paid"`
	Refunds        decimal.Decimal `json:"refunds"`
	// Reversals is what corrections took back from wallets (stakes
	// returned and wins of reversed settlements).
	Reversals  decimal.Decimal `json:"reversals"`
	StakesLost decimal.Decimal `json:"stakes_lost"`
	Residue    decimal.Decimal `json:"residue"`
	// Commissions are what the house charged players (on placing bets
	// and on wins; net of reversed settlements), into the table's
	// commission account; Contributions the shares of stakes paid into
	// jackpot pools (net); TakenDown the stakes players took back
	// between two results. Sic Bo has none of them, and they are then
	// left out of every format.
	Commissions   decimal.Decimal `json:"commissions,omitzero"`
	Contributions decimal.Decimal `json:"contributions,omitzero"`
	TakenDown     decimal.Decimal `json:"taken_down,omitzero"`
	// BankPutUp and BankReturned are what players put up as a table's
	// bank (baccarat à deux tableaux) and got back when they gave it up:
	// the bank, a player's money in custody, is counted in its table's
	// scope. Cagnotte is what the bank paid the table's commission account
	// out of its net wins, a movement inside the table's accounts, listed.
	BankPutUp    decimal.Decimal `json:"bank_put_up,omitzero"`
	BankReturned decimal.Decimal `json:"bank_returned,omitzero"`
	Cagnotte     decimal.Decimal `json:"cagnotte,omitzero"`

	// Progressive pools (audit/pool.go): prizes paid from pools to
	// wallets; what the casino put into pools (a table's house for a
	// pass's shortfall or reset, the casino for a base at configuration);
	// adjustments and decommission transfers, signed for the pool's row;
	// the casino's commission on progressive bets, which moves inside a
	// table (in play → commission) and changes no balance of the row.
	PoolPrizes      decimal.Decimal `json:"pool_prizes,omitzero"`
	PoolFunding     decimal.Decimal `json:"pool_funding,omitzero"`
	PoolAdjustments decimal.Decimal `json:"pool_adjustments,omitzero"`
	PoolTransfers   decimal.Decimal `json:"pool_transfers,omitzero"`
	PoolCommission  decimal.Decimal `json:"pool_commission,omitzero"`

	// Promotional credits (audit/credits.go): issued by complementary
	// prizes (out of a pool's row, into the credits' row), spent on
	// progressive bets (out of the credits' row, into a table's) and
	// refunded (back).
	CreditsIssued   decimal.Decimal `json:"credits_issued,omitzero"`
	CreditsSpent    decimal.Decimal `json:"credits_spent,omitzero"`
	CreditsRefunded decimal.Decimal `json:"credits_refunded,omitzero"`
	CreditsExpired  decimal.Decimal `json:"credits_expired,omitzero"`

	Closing decimal.Decimal `json:"closing"`
	// Expected is Opening plus the flows; Difference is Closing − Expected
	// and is zero when the day reconciles.
	Expected   decimal.Decimal `json:"expected"`
	Difference decimal.Decimal `json:"difference"`
}

// AccountCheck is one account's identity over the period.
type AccountCheck struct {
	Account    string          `json:"account"`
	Currency   string          `json:"currency"`
	Opening    decimal.Decimal `json:"opening"`
	Inflows    decimal.Decimal `json:"inflows"`
	Outflows   decimal.Decimal `json:"outflows"`
	Closing    decimal.Decimal `json:"closing"`
	Expected   decimal.Decimal `json:"expected"`
	Difference decimal.Decimal `json:"difference"`
}

// Discrepancy is one thing that does not reconcile.
type Discrepancy struct {
	Date     string          `json:"date,omitempty"`
	Seq      uint64          `json:"seq,omitempty"`
	Scope    string          `json:"scope,omitempty"`
	Table    string          `json:"table,omitempty"`
	Account  string          `json:"account,omitempty"`
	Currency string          `json:"currency,omitempty"`
	Amount   decimal.Decimal `json:"amount"`
	Detail   string          `json:"detail"`
}

// GameFlows reports whether the period has flows Sic Bo never makes:
// commissions, pool contributions or take-downs. Only then do the CSV and
// HTML formats carry them, so a Sic Bo report reads as it always did.
func (r *ReconcileReport) GameFlows() bool {
	for _, t := range r.Totals {
		if t.hasGameFlows() {
			return true
		}
	}
	return false
}

func (r *ReconRow) hasGameFlows() bool {
	return !r.Commissions.IsZero() || !r.Contributions.IsZero() || !r.TakenDown.IsZero()
}

// BankFlows reports whether the period has a player's bank's flows
// (baccarat à deux tableaux): only then do the CSV and HTML formats carry
// them.
func (r *ReconcileReport) BankFlows() bool {
	for _, t := range r.Totals {
		if t.hasBankFlows() {
			return true
		}
	}
	return false
}

func (r *ReconRow) hasBankFlows() bool {
	return !r.BankPutUp.IsZero() || !r.BankReturned.IsZero() || !r.Cagnotte.IsZero()
}

// scopeKey names one reconciliation row's accounts.
type scopeKey struct{ scope, table, currency string }

// scopeOf returns the scope an account belongs to; ok is false for an
// account the ledger never writes.
func scopeOf(account, currency string) (scopeKey, bool) {
	if _, ok := posting.IsWallet(account); ok {
		return scopeKey{ScopeWallets, "", currency}, true
	}
	if account == posting.AccountCashier || account == posting.AccountAdjustment {
		return scopeKey{ScopeCashier, "", currency}, true
	}
	if strings.HasPrefix(account, posting.CreditsAccount("")) {
		return scopeKey{ScopeCredits, "", currency}, true
	}
	// A table's prize pool (bingo's prizes) is the table's money between
	// its sales and its winners, like money in play; a player's bank in
	// custody is counted in its table's scope too.
	for _, prefix := range []string{posting.InPlayAccount(""), posting.HouseAccount(""), posting.RoundingAccount(""), posting.CommissionAccount(""), posting.BankAccount(""), posting.PrizesAccount(""), posting.HeldAccount("")} {
		if t, ok := strings.CutPrefix(account, prefix); ok {
			return scopeKey{ScopeTable, t, currency}, true
		}
	}
	if pool, ok := poolOfAccount(account); ok {
		// A pool's main and reserve accounts are one scope: money
		// between them stays in the pool.
		return scopeKey{ScopePool, pool, currency}, true
	}
	if pool, ok := strings.CutPrefix(account, posting.JackpotAccount("")); ok {
		return scopeKey{ScopePool, pool, currency}, true
	}
	return scopeKey{}, false
}

// Reconcile builds the reconciliation of a period by walking the stream as
// it is now (Options.Location divides the days).
func Reconcile(ctx context.Context, src Source, p Period, opts Options) (*ReconcileReport, error) {
	o := &reconcileObserver{
		t: newPeriodTracker(p), bal: map[scopeKey]decimal.Decimal{},
		in: map[acct]decimal.Decimal{}, out: map[acct]decimal.Decimal{}, days: map[string]*ReconDay{},
	}
	o.t.onStart = func(f *fold) { o.open = cloneBalances(f.balances) }
	o.t.onDay = func(string, *fold) { o.dayOpen, o.flows = cloneScopes(o.bal), map[scopeKey]*ReconRow{} }
	o.t.onDayEnd = o.endDay
	o.t.onClose = func(f *fold) { o.close = cloneBalances(f.balances) }
	w, err := walkAll(ctx, src, opts, o)
	if err != nil {
		return nil, err
	}
	o.t.close(w.fold)
	return o.report(w, p, opts), nil
}

// reconcileObserver gathers the flows of the period's days.
type reconcileObserver struct {
	t *periodTracker
	// bal is every scope's balance from the postings, as the walk goes.
	bal map[scopeKey]decimal.Decimal
	// dayOpen and flows are the day in progress.
	dayOpen map[scopeKey]decimal.Decimal
	flows   map[scopeKey]*ReconRow
	days    map[string]*ReconDay
	// open and close are every account's balance at the period's start
	// and end; in and out the period's flows into and out of each.
	open, close map[acct]decimal.Decimal
	in, out     map[acct]decimal.Decimal
	// sessions are the period's session days (audit/session.go).
	sessions     map[sessionDayKey]*SessionSalesRow
	sessionOrder []sessionDayKey
}

func cloneScopes(m map[scopeKey]decimal.Decimal) map[scopeKey]decimal.Decimal {
	out := make(map[scopeKey]decimal.Decimal, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

func (o *reconcileObserver) before(s *step, f *fold) { o.t.before(s, f) }

func (o *reconcileObserver) observe(s *step, f *fold) {
	for _, p := range s.env.Postings {
		if k, ok := scopeOf(p.From, p.Currency); ok {
			o.bal[k] = o.bal[k].Sub(p.Amount)
		}
		if k, ok := scopeOf(p.To, p.Currency); ok {
			o.bal[k] = o.bal[k].Add(p.Amount)
		}
	}
	if !o.t.in {
		return
	}
	o.sessionFlows(s, f)
	for _, fl := range s.flows {
		o.in[acct{fl.To, fl.Currency}] = o.in[acct{fl.To, fl.Currency}].Add(fl.Amount)
		o.out[acct{fl.From, fl.Currency}] = o.out[acct{fl.From, fl.Currency}].Add(fl.Amount)
		from, okFrom := scopeOf(fl.From, fl.Currency)
		to, okTo := scopeOf(fl.To, fl.Currency)
		if okFrom {
			o.addFlow(o.row(from), fl)
		}
		if okTo && to != from {
			o.addFlow(o.row(to), fl)
		}
	}
}

func (o *reconcileObserver) row(k scopeKey) *ReconRow {
	r := o.flows[k]
	if r == nil {
		r = newReconRow(k)
		o.flows[k] = r
	}
	return r
}

func newReconRow(k scopeKey) *ReconRow {
	z := decimal.Zero
	return &ReconRow{Scope: k.scope, Table: k.table, Currency: k.currency,
		Opening: z, Deposits: z, Withdrawals: z, Adjustments: z, Stakes: z, StakesReturned: z, WinsPaid: z,
		Refunds: z, Reversals: z, StakesLost: z, Residue: z, Commissions: z, Contributions: z, TakenDown: z,
		BankPutUp: z, BankReturned: z, Cagnotte: z,
		PoolPrizes: z, PoolFunding: z, PoolAdjustments: z, PoolTransfers: z, PoolCommission: z,
		CreditsIssued: z, CreditsSpent: z, CreditsRefunded: z, CreditsExpired: z,
		Closing: z, Expected: z, Difference: z}
}

// addFlow adds one flow to a row's column for its kind. A flow inside one
// scope (a lost stake, a residue) is added once, to that scope's row.
func (o *reconcileObserver) addFlow(r *ReconRow, fl flow) {
	a := fl.Amount
	switch fl.kind {
	case FlowDeposit:
		r.Deposits = r.Deposits.Add(a)
	case FlowWithdrawal:
		r.Withdrawals = r.Withdrawals.Add(a)
	case FlowAdjustment:
		if _, toWallet := posting.IsWallet(fl.To); toWallet {
			r.Adjustments = r.Adjustments.Add(a)
		} else {
			r.Adjustments = r.Adjustments.Sub(a)
		}
	case FlowStake:
		r.Stakes = r.Stakes.Add(a)
	case FlowStakeReturned:
		r.StakesReturned = r.StakesReturned.Add(a)
	case FlowWin:
		r.WinsPaid = r.WinsPaid.Add(a)
	case FlowRefund:
		r.Refunds = r.Refunds.Add(a)
	case FlowReversedStakeReturned, FlowReversedWin:
		r.Reversals = r.Reversals.Add(a)
	case FlowStakeLost:
		r.StakesLost = r.StakesLost.Add(a)
	case FlowReversedStakeLost:
		r.StakesLost = r.StakesLost.Sub(a)
	case FlowResidue:
		r.Residue = r.Residue.Add(a)
	case FlowReversedResidue:
		r.Residue = r.Residue.Sub(a)
	case FlowCommission:
		r.Commissions = r.Commissions.Add(a)
	case FlowReversedCommission:
		r.Commissions = r.Commissions.Sub(a)
	case FlowContribution:
		r.Contributions = r.Contributions.Add(a)
	case FlowReversedContribution:
		r.Contributions = r.Contributions.Sub(a)
	case FlowTakenDown:
		r.TakenDown = r.TakenDown.Add(a)
	case FlowBankTaken:
		r.BankPutUp = r.BankPutUp.Add(a)
	case FlowBankReleased:
		r.BankReturned = r.BankReturned.Add(a)
	case FlowCreditsIssued, FlowCreditsStake, FlowCreditsRefund, FlowCreditsExpired:
		addCreditsFlow(r, fl)
	case FlowCarried:
		// Inside the table's accounts: its stake was counted at the sale.
	case FlowTransfer:
		// A round's transfer: a cagnotte (a player's bank → the table's
		// commission) is listed; a pass's funding of a pool is the pool's.
		if strings.HasPrefix(fl.From, posting.BankAccount("")) && strings.HasPrefix(fl.To, posting.CommissionAccount("")) {
			r.Cagnotte = r.Cagnotte.Add(a)
		} else {
			// A pass's funding of a pool from a table's house.
			addPoolFlow(r, fl)
		}
	default:
		addPoolFlow(r, fl)
	}
}

// expected returns a row's opening plus its flows, by scope.
func (r *ReconRow) expected() decimal.Decimal {
	e := r.Opening
	switch r.Scope {
	case ScopeTable:
		e = e.Add(r.Stakes).Sub(r.StakesReturned).Sub(r.WinsPaid).Sub(r.Refunds).Add(r.Reversals).
			Add(r.Commissions).Sub(r.Contributions).Sub(r.TakenDown).Add(r.BankPutUp).Sub(r.BankReturned).Sub(r.PoolFunding)
	case ScopeWallets:
		e = e.Add(r.Deposits).Sub(r.Withdrawals).Add(r.Adjustments).Sub(r.Stakes).
			Add(r.StakesReturned).Add(r.WinsPaid).Add(r.Refunds).Sub(r.Reversals).
			Sub(r.Commissions).Add(r.TakenDown).Sub(r.BankPutUp).Add(r.BankReturned).Add(r.PoolPrizes)
	case ScopeCashier:
		e = e.Sub(r.Deposits).Add(r.Withdrawals).Sub(r.Adjustments)
	case ScopePool:
		e = e.Add(r.Contributions).Sub(r.PoolPrizes).Add(r.PoolFunding).Add(r.PoolAdjustments).Add(r.PoolTransfers)
	}
	return r.creditsExpected(e)
}

// endDay closes the day in progress: every scope with a balance or a flow
// gets a row.
func (o *reconcileObserver) endDay(d string, _ *fold) {
	keys := map[scopeKey]bool{}
	for k := range o.flows {
		keys[k] = true
	}
	for k, v := range o.dayOpen {
		if !v.IsZero() {
			keys[k] = true
		}
	}
	for k, v := range o.bal {
		if !v.IsZero() {
			keys[k] = true
		}
	}
	day := &ReconDay{Date: d, Events: o.t.events[d], Rows: []ReconRow{}}
	for _, k := range sortedScopes(keys) {
		r := o.flows[k]
		if r == nil {
			r = newReconRow(k)
		}
		r.Date = d
		r.Opening, r.Closing = o.dayOpen[k], o.bal[k]
		r.Expected = r.expected()
		r.Difference = r.Closing.Sub(r.Expected)
		day.Rows = append(day.Rows, *r)
	}
	o.days[d] = day
}

func sortedScopes(keys map[scopeKey]bool) []scopeKey {
	order := map[string]int{ScopeTable: 0, ScopeWallets: 1, ScopeCashier: 2, ScopePool: 3}
	ss := make([]string, 0, len(keys))
	byKey := map[string]scopeKey{}
	for k := range keys {
		s := fmt.Sprintf("%s\x00%d\x00%s\x00%s", k.currency, order[k.scope], k.table, k.scope)
		ss = append(ss, s)
		byKey[s] = k
	}
	out := make([]scopeKey, 0, len(ss))
	for _, s := range sortedStrings(ss) {
		out = append(out, byKey[s])
	}
	return out
}

// report assembles the report after the walk.
func (o *reconcileObserver) report(w *walker, p Period, opts Options) *ReconcileReport {
	pp := p
	rep := &ReconcileReport{
		Header: Header{Title: "Finance reconciliation", Operator: opts.Operator, Period: &pp,
			GeneratedAt: opts.now().UTC(), Through: w.chain.Seq()},
		Days: []ReconDay{}, Totals: []ReconRow{}, Accounts: []AccountCheck{}, Discrepancies: []Discrepancy{},
	}
	totals := map[scopeKey]*ReconRow{}
	var firstOpen = map[scopeKey]bool{}
	addDisc := func(d Discrepancy) {
		if len(rep.Discrepancies) < DiscrepanciesMax {
			rep.Discrepancies = append(rep.Discrepancies, d)
		}
	}
	// A period in progress lists its days up to today only.
	for _, d := range p.DaysThrough(opts.now()) {
		day := o.days[d]
		if day == nil {
			rep.Days = append(rep.Days, ReconDay{Date: d, NoActivity: true, Rows: []ReconRow{}})
			continue
		}
		rep.Days = append(rep.Days, *day)
		for _, r := range day.Rows {
			k := scopeKey{r.Scope, r.Table, r.Currency}
			t := totals[k]
			if t == nil {
				t = newReconRow(k)
				totals[k] = t
			}
			if !firstOpen[k] {
				firstOpen[k] = true
				t.Opening = r.Opening
			}
			t.Deposits, t.Withdrawals, t.Adjustments = t.Deposits.Add(r.Deposits), t.Withdrawals.Add(r.Withdrawals), t.Adjustments.Add(r.Adjustments)
			t.Stakes, t.StakesReturned, t.WinsPaid = t.Stakes.Add(r.Stakes), t.StakesReturned.Add(r.StakesReturned), t.WinsPaid.Add(r.WinsPaid)
			t.Refunds, t.Reversals = t.Refunds.Add(r.Refunds), t.Reversals.Add(r.Reversals)
			t.StakesLost, t.Residue = t.StakesLost.Add(r.StakesLost), t.Residue.Add(r.Residue)
			t.Commissions, t.Contributions, t.TakenDown = t.Commissions.Add(r.Commissions), t.Contributions.Add(r.Contributions), t.TakenDown.Add(r.TakenDown)
			t.BankPutUp, t.BankReturned, t.Cagnotte = t.BankPutUp.Add(r.BankPutUp), t.BankReturned.Add(r.BankReturned), t.Cagnotte.Add(r.Cagnotte)
			addPoolTotals(t, &r)
			t.Closing = r.Closing
			if !r.Difference.IsZero() {
				addDisc(Discrepancy{Date: d, Scope: r.Scope, Table: r.Table, Currency: r.Currency, Amount: r.Difference,
					Detail: fmt.Sprintf("closing %s, opening plus the day's flows %s", r.Closing, r.Expected)})
			}
		}
	}
	for _, k := range sortedScopeRows(totals) {
		t := totals[k]
		t.Expected = t.expected()
		t.Difference = t.Closing.Sub(t.Expected)
		rep.Totals = append(rep.Totals, *t)
	}
	o.accounts(rep, addDisc)
	for _, v := range w.vs.list {
		if !o.t.concerns(v.Seq) {
			continue
		}
		switch v.Kind {
		case KindPostingInvalid, KindPostingsMismatch, KindBalanceMismatch, KindWalletNegative, KindTotalsMismatch, KindPayoutMismatch:
			addDisc(Discrepancy{Seq: v.Seq, Detail: string(v.Kind) + ": " + v.Detail, Amount: decimal.Zero})
		}
	}
	rep.Verification = w.summary(o.t.concerns)
	addSales(rep, w.fold)
	o.addSessionSales(rep)
	rep.render = renderInfo{scales: w.fold.scalesInUse(), loc: p.Start.Location()}
	return rep
}

func sortedScopeRows(m map[scopeKey]*ReconRow) []scopeKey {
	keys := make(map[scopeKey]bool, len(m))
	for k := range m {
		keys[k] = true
	}
	return sortedScopes(keys)
}

// accounts checks every account's identity over the period.
func (o *reconcileObserver) accounts(rep *ReconcileReport, addDisc func(Discrepancy)) {
	all := map[acct]decimal.Decimal{}
	for _, m := range []map[acct]decimal.Decimal{o.open, o.close, o.in, o.out} {
		for k := range m {
			all[k] = decimal.Zero
		}
	}
	for _, k := range sortedAccts(all) {
		opening, closing := o.open[k], o.close[k]
		in, out := o.in[k], o.out[k]
		if opening.IsZero() && closing.IsZero() && in.IsZero() && out.IsZero() {
			continue
		}
		c := AccountCheck{Account: k.account, Currency: k.currency, Opening: opening, Inflows: in, Outflows: out, Closing: closing}
		c.Expected = opening.Add(in).Sub(out)
		c.Difference = closing.Sub(c.Expected)
		if !c.Difference.IsZero() {
			addDisc(Discrepancy{Account: k.account, Currency: k.currency, Amount: c.Difference,
				Detail: fmt.Sprintf("closing %s, opening plus the period's flows %s", closing, c.Expected)})
		}
		if len(rep.Accounts) < AccountsMax {
			rep.Accounts = append(rep.Accounts, c)
		} else {
			rep.AccountsMore++
		}
	}
}
