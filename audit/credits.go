package audit

import "github.com/shopspring/decimal"

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
	}
}

// creditsExpected adds the credits flows to e, a row's expected balance
// from its other flows.
func (r *ReconRow) creditsExpected(e decimal.Decimal) decimal.Decimal {
	switch r.Scope {
	case ScopeCredits:
		return e.Add(r.CreditsIssued).Sub(r.CreditsSpent).Add(r.CreditsRefunded)
	case ScopeTable:
		return e.Add(r.CreditsSpent).Sub(r.CreditsRefunded)
	case ScopePool:
		return e.Sub(r.CreditsIssued)
	}
	return e
}
