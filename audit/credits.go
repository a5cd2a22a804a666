package audit

import (
	"slices"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/posting"
)

// Promotional credits in finance's reconciliation (seed
// 004_11b2de8449360267.txt, 6.5.1; ledger/credits.go): every player's
// credits account of a currency is one scope, beside the wallets, so that
// the operator's liability in cash and in credits are apart. A row's
// credits columns say how much was issued (complementary prizes paid in
// credits), spent (progressive bets paid with credits) and refunded (the
// bets of a cancelled round), per day: for a pool's row what it issued,
// for a table's what its bets took.

// ScopeCredits is the scope of the players' promotional credits.
const ScopeCredits = "credits"

// addCreditsFlow adds a credits flow to a row.
func addCreditsFlow(r *ReconRow, fl flow) {
	switch fl.kind {
	case FlowCreditsIssued:
		r.CreditsIssued = r.CreditsIssued.Add(fl.Amount)
	case FlowCreditsStake:
		r.CreditsSpent = r.CreditsSpent.Add(fl.Amount)
	case FlowCreditsRefund:
		r.CreditsRefunded = r.CreditsRefunded.Add(fl.Amount)
	case FlowCreditsExpired:
		r.CreditsExpired = r.CreditsExpired.Add(fl.Amount)
	}
}

// creditsExpected adds the credits flows to e, a row's expected balance
// from its other flows.
func (r *ReconRow) creditsExpected(e decimal.Decimal) decimal.Decimal {
	switch r.Scope {
	case ScopeCredits:
		return e.Add(r.CreditsIssued).Sub(r.CreditsSpent).Add(r.CreditsRefunded).Sub(r.CreditsExpired)
	case ScopeTable:
		return e.Add(r.CreditsSpent).Sub(r.CreditsRefunded)
	case ScopePool:
		// Expired credits come back to the pool when its parameters
		// say so (to the casino otherwise, which is in no row).
		return e.Sub(r.CreditsIssued).Add(r.CreditsExpired)
	}
	return e
}

// creditsTerm is when a player's credits of a currency expire, and where
// they go (ledger.CreditsTerm, folded the same way).
type creditsTerm struct {
	expires time.Time
	to      string
}

// creditsDrawn folds the credits a pass paid into their players' terms.
func (f *fold) creditsDrawn(p *events.JackpotDrawn) {
	for _, z := range p.Prizes {
		if z.Pay != posting.PayCredits {
			continue
		}
		k := acct{posting.CreditsAccount(z.Player), p.Currency}
		if z.Expires.IsZero() {
			delete(f.creditTerms, k)
			continue
		}
		if f.creditTerms == nil {
			f.creditTerms = map[acct]creditsTerm{}
		}
		f.creditTerms[k] = creditsTerm{expires: z.Expires, to: z.ExpireTo}
	}
}

// creditsExpired checks an expiry against the term of the player's last
// credits: it moves their whole balance, after the term, where the term
// says.
func (f *fold) creditsExpired(p *events.CreditsExpired, report reporter) {
	k := acct{posting.CreditsAccount(p.Player), p.Currency}
	term, ok := f.creditTerms[k]
	delete(f.creditTerms, k)
	if !f.complete {
		return
	}
	switch {
	case !ok:
		report(KindEventInvalid, "%s's credits in %s expired; no prize gave them an expiry", p.Player, p.Currency)
	case !p.Expired.Equal(term.expires) || (p.To != term.to && !(p.To == posting.AccountCasino && f.decommissioned(term.to))):
		report(KindEventInvalid, "%s's credits expired at %s to %s; their term is %s to %s", p.Player, p.Expired, p.To, term.expires, term.to)
	case !f.balance(k.account, k.currency).IsZero():
		// The posting already moved the balance: anything left means the
		// expiry took less than the player held.
		report(KindPostingsMismatch, "%s's credits expired %s, leaving %s", p.Player, p.Amount, f.balance(k.account, k.currency))
	}
}

func (r *ReconRow) hasCreditFlows() bool {
	return !r.CreditsIssued.IsZero() || !r.CreditsSpent.IsZero() || !r.CreditsRefunded.IsZero() || !r.CreditsExpired.IsZero()
}

// creditsTable writes finance's credits per row and day (CSV), when the
// period moved any: issued by each pool, spent at each table, refunded,
// expired, and the credits' own row.
func (r *ReconcileReport) creditsTable(c *csvSections) {
	if !slices.ContainsFunc(r.Totals, func(t ReconRow) bool { return t.hasCreditFlows() }) {
		return
	}
	ri := r.render
	c.header("credit_flows", "date", "scope", "table", "currency", "credits_issued", "credits_spent", "credits_refunded", "credits_expired")
	row := func(date string, x ReconRow) {
		if x.hasCreditFlows() {
			cur := x.Currency
			c.row("credit_flows", date, x.Scope, x.Table, cur, ri.amount(x.CreditsIssued, cur), ri.amount(x.CreditsSpent, cur),
				ri.amount(x.CreditsRefunded, cur), ri.amount(x.CreditsExpired, cur))
		}
	}
	for _, d := range r.Days {
		for _, x := range d.Rows {
			row(d.Date, x)
		}
	}
	for _, x := range r.Totals {
		row("", x)
	}
}

// decommissioned reports whether account is an account of a pool
// decommissioned since: expired credits due to it go to the casino.
func (f *fold) decommissioned(account string) bool {
	id, ok := poolOfAccount(account)
	return ok && f.pools[id] != nil && f.pools[id].Decommissioned
}
