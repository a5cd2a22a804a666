package audit

import (
	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/ledger"
)

// FlowKind names what a money movement is for. Finance's reconciliation
// adds flows up by kind; the verifier compares them with the postings.
type FlowKind string

// The flow kinds. A reversal (a corrected result) undoes a settlement flow
// by flow, so each settlement kind has its reversed twin.
const (
	FlowDeposit       FlowKind = "deposit"        // cashier → wallet
	FlowWithdrawal    FlowKind = "withdrawal"     // wallet → cashier
	FlowAdjustment    FlowKind = "adjustment"     // adjustment ↔ wallet
	FlowStake         FlowKind = "stake"          // wallet → in play
	FlowStakeReturned FlowKind = "stake_returned" // in play → wallet (a won or pushed bet)
	FlowStakeLost     FlowKind = "stake_lost"     // in play → house
	FlowWin           FlowKind = "win"            // house → wallet
	FlowResidue       FlowKind = "residue"        // house → rounding
	FlowRefund        FlowKind = "refund"         // in play → wallet (a cancelled round)

	FlowReversedStakeReturned FlowKind = "reversed_stake_returned" // wallet → in play
	FlowReversedStakeLost     FlowKind = "reversed_stake_lost"     // house → in play
	FlowReversedWin           FlowKind = "reversed_win"            // wallet → house
	FlowReversedResidue       FlowKind = "reversed_residue"        // rounding → house
)

// flow is one movement as the payload of an event implies it.
type flow struct {
	events.Posting
	kind FlowKind
}

func mkflow(k FlowKind, from, to string, amount decimal.Decimal, currency string) flow {
	return flow{Posting: events.Posting{From: from, To: to, Amount: amount, Currency: currency}, kind: k}
}

// flowsOf returns the movements an event's payload implies, in the order the
// ledger writes its postings; nil for an event that moves no money. It reads
// the payload only, never the state, so it works on a range that does not
// start at the beginning of the stream.
func flowsOf(payload any) []flow {
	switch p := payload.(type) {
	case *events.WalletDeposited:
		return []flow{mkflow(FlowDeposit, ledger.AccountCashier, ledger.WalletAccount(p.Player), p.Amount, p.Currency)}
	case *events.WalletWithdrawn:
		return []flow{mkflow(FlowWithdrawal, ledger.WalletAccount(p.Player), ledger.AccountCashier, p.Amount, p.Currency)}
	case *events.WalletAdjusted:
		if p.Amount.IsNegative() {
			return []flow{mkflow(FlowAdjustment, ledger.WalletAccount(p.Player), ledger.AccountAdjustment, p.Amount.Neg(), p.Currency)}
		}
		return []flow{mkflow(FlowAdjustment, ledger.AccountAdjustment, ledger.WalletAccount(p.Player), p.Amount, p.Currency)}
	case *events.BetPlaced:
		out := make([]flow, len(p.Bets))
		for i, b := range p.Bets {
			out[i] = mkflow(FlowStake, ledger.WalletAccount(p.Player), ledger.InPlayAccount(p.Table), b.Stake, p.Currency)
		}
		return out
	case *events.BetSettled:
		return settledFlows(p.Table, p.Player, p.Currency, games.Outcome(p.Outcome), p.Stake, p.Win, p.Residue)
	case *events.BetRefunded:
		return []flow{mkflow(FlowRefund, ledger.InPlayAccount(p.Table), ledger.WalletAccount(p.Player), p.Stake, p.Currency)}
	case *events.BetSettlementReversed:
		// The reversal names no outcome: nothing returned means the bet
		// had lost.
		outcome := games.OutcomeWon
		if p.Returned.IsZero() {
			outcome = games.OutcomeLost
		}
		fs := settledFlows(p.Table, p.Player, p.Currency, outcome, p.Stake, p.Win, p.Residue)
		out := make([]flow, len(fs))
		for i, f := range fs {
			out[len(fs)-1-i] = mkflow(reversedKind(f.kind), f.To, f.From, f.Amount, f.Currency)
		}
		return out
	}
	return nil
}

// settledFlows mirrors the ledger's settlement postings: the stake to the
// house on a loss; back to the wallet on a win or a push, with the win paid
// by the house and the rounding residue set aside in the rounding account.
func settledFlows(table, player, currency string, outcome games.Outcome, stake, win, residue decimal.Decimal) []flow {
	inPlay, wallet, house := ledger.InPlayAccount(table), ledger.WalletAccount(player), ledger.HouseAccount(table)
	switch outcome {
	case games.OutcomeLost:
		return []flow{mkflow(FlowStakeLost, inPlay, house, stake, currency)}
	case games.OutcomePush:
		return []flow{mkflow(FlowStakeReturned, inPlay, wallet, stake, currency)}
	}
	out := []flow{mkflow(FlowStakeReturned, inPlay, wallet, stake, currency)}
	if win.IsPositive() {
		out = append(out, mkflow(FlowWin, house, wallet, win, currency))
	}
	if residue.IsPositive() {
		out = append(out, mkflow(FlowResidue, house, ledger.RoundingAccount(table), residue, currency))
	}
	return out
}

func reversedKind(k FlowKind) FlowKind {
	switch k {
	case FlowStakeReturned:
		return FlowReversedStakeReturned
	case FlowStakeLost:
		return FlowReversedStakeLost
	case FlowWin:
		return FlowReversedWin
	case FlowResidue:
		return FlowReversedResidue
	}
	return k
}

// samePostings reports whether two lists hold the same movements, in any
// order. Amounts compare by value ("10" equals "10.00").
func samePostings(got []events.Posting, want []flow) bool {
	if len(got) != len(want) {
		return false
	}
	used := make([]bool, len(want))
next:
	for _, g := range got {
		for i, w := range want {
			if !used[i] && g.From == w.From && g.To == w.To && g.Currency == w.Currency && g.Amount.Equal(w.Amount) {
				used[i] = true
				continue next
			}
		}
		return false
	}
	return true
}
