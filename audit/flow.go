package audit

import (
	"strings"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/posting"
	"github.com/wagerlog/wagerlog/replay"
	"github.com/wagerlog/wagerlog/round"
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
	// FlowCommission is a commission the house charges: on placing a bet
	// (craps buy and lay) or on a win (baccarat's banker bet).
	FlowCommission FlowKind = "commission" // wallet → commission
	// FlowContribution is the share of a stake that goes to a jackpot
	// pool when the bet is settled.
	FlowContribution FlowKind = "contribution" // in play → jackpot
	// FlowTakenDown is an open bet's stake given back between two results
	// at the player's request.
	FlowTakenDown FlowKind = "taken_down" // in play → wallet

	// Player-banked tables and rounds settled as a whole.
	FlowBankTaken    FlowKind = "bank_taken"    // wallet → bank
	FlowBankReleased FlowKind = "bank_released" // bank → wallet
	FlowTransfer     FlowKind = "transfer"      // a round's transfer: prize pool funded, rake, cagnotte
	// FlowCarried is a double card's second half placed in the session's
	// next round: held → in play, inside the table's accounts (its price
	// was a stake when the card was sold, wallet → held).
	FlowCarried FlowKind = "carried"

	// Promotional credits (seed 004, 6.5.1; ledger/credits.go).
	FlowCreditsIssued  FlowKind = "credits_issued"  // a pool → credits: a complementary prize paid in credits
	FlowCreditsStake   FlowKind = "credits_stake"   // credits → in play: a progressive bet paid with credits
	FlowCreditsRefund  FlowKind = "credits_refund"  // in play → credits: its refund
	FlowCreditsExpired FlowKind = "credits_expired" // credits → a pool's main or the casino: credits expired

	FlowReversedStakeReturned FlowKind = "reversed_stake_returned" // wallet → in play
	FlowReversedStakeLost     FlowKind = "reversed_stake_lost"     // house → in play
	FlowReversedWin           FlowKind = "reversed_win"            // wallet → house
	FlowReversedResidue       FlowKind = "reversed_residue"        // rounding → house
	FlowReversedCommission    FlowKind = "reversed_commission"     // commission → wallet
	FlowReversedContribution  FlowKind = "reversed_contribution"   // jackpot → in play
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
// the payload, so it works on a range that does not start at the beginning
// of the stream; for a reversal it also reads inForce, the settlement the
// reversal undoes, when the walk knows it (nil otherwise): the reversal's
// payload does not repeat its commission and contributions.
func flowsOf(payload any, inForce *events.BetSettled) []flow {
	switch p := payload.(type) {
	case *events.WalletDeposited:
		return []flow{mkflow(FlowDeposit, posting.AccountCashier, posting.WalletAccount(p.Player), p.Amount, p.Currency)}
	case *events.WalletWithdrawn:
		return []flow{mkflow(FlowWithdrawal, posting.WalletAccount(p.Player), posting.AccountCashier, p.Amount, p.Currency)}
	case *events.WalletAdjusted:
		if p.Amount.IsNegative() {
			return []flow{mkflow(FlowAdjustment, posting.WalletAccount(p.Player), posting.AccountAdjustment, p.Amount.Neg(), p.Currency)}
		}
		return []flow{mkflow(FlowAdjustment, posting.AccountAdjustment, posting.WalletAccount(p.Player), p.Amount, p.Currency)}
	case *events.BetPlaced:
		out := make([]flow, 0, len(p.Bets))
		for _, b := range p.Bets {
			if p.Carried {
				out = append(out, mkflow(FlowCarried, posting.HeldAccount(p.Table), posting.InPlayAccount(p.Table), b.Stake, p.Currency))
				continue
			}
			if p.Funding != "" {
				out = append(out, mkflow(FlowCreditsStake, posting.StakeAccount(p.Funding, p.Player), posting.InPlayAccount(p.Table), b.Stake, p.Currency))
				continue
			}
			out = append(out, mkflow(FlowStake, posting.WalletAccount(p.Player), posting.InPlayAccount(p.Table), b.Stake, p.Currency))
			if b.Held.IsPositive() {
				out = append(out, mkflow(FlowStake, posting.WalletAccount(p.Player), posting.HeldAccount(p.Table), b.Held, p.Currency))
			}
			if b.Commission.IsPositive() {
				out = append(out, mkflow(FlowCommission, posting.WalletAccount(p.Player), posting.CommissionAccount(p.Table), b.Commission, p.Currency))
			}
		}
		return out
	case *events.BetSettled:
		return settledFlows(p.Table, p.Player, p.Currency, p.Stake, replay.Recorded(p))
	case *events.BetRefunded:
		if p.Funding != "" {
			return []flow{mkflow(FlowCreditsRefund, posting.InPlayAccount(p.Table), posting.StakeAccount(p.Funding, p.Player), p.Stake, p.Currency)}
		}
		return []flow{mkflow(FlowRefund, posting.InPlayAccount(p.Table), posting.WalletAccount(p.Player), p.Stake, p.Currency)}
	case *events.BetTakenDown:
		return []flow{mkflow(FlowTakenDown, posting.InPlayAccount(p.Table), posting.WalletAccount(p.Player), p.Stake, p.Currency)}
	case *events.TableBankTaken:
		return []flow{mkflow(FlowBankTaken, posting.WalletAccount(p.Player), posting.BankAccount(p.Table), p.Amount, p.Currency)}
	case *events.TableBankReleased:
		if !p.Amount.IsPositive() {
			return nil
		}
		return []flow{mkflow(FlowBankReleased, posting.BankAccount(p.Table), posting.WalletAccount(p.Player), p.Amount, p.Currency)}
	case *events.RoundBettingClosed:
		// A round's sales close (games.SalesCloser) and the cancel that
		// gives it back post transfers too.
		if len(p.Transfers) == 0 {
			return nil
		}
		return transferFlows(p.Table, p.Currency, round.GameTransfers(p.Transfers))
	case *events.SessionClosed:
		var out []flow
		for _, h := range p.Returned {
			out = append(out, mkflow(FlowRefund, posting.HeldAccount(p.Table), posting.WalletAccount(h.Player), h.Amount, p.Currency))
		}
		return out
	case *events.RoundCancelled:
		if len(p.Transfers) == 0 {
			return nil
		}
		return transferFlows(p.Table, p.Currency, round.GameTransfers(p.Transfers))
	case *events.RoundSettled:
		if len(p.Transfers) == 0 {
			return nil
		}
		ts := make([]games.Transfer, len(p.Transfers))
		for i, t := range p.Transfers {
			ts[i] = games.Transfer{From: t.From, To: t.To, Amount: t.Amount, Rule: t.Rule}
		}
		// A pass written funding first posted its leading transfers with
		// jackpot.pass_funded.
		return transferFlows(p.Table, p.Currency, ts[passFunded(p):])
	case *events.BetSettlementReversed:
		var st games.Settlement
		if inForce != nil {
			st = replay.Recorded(inForce)
		} else {
			// The reversal names no outcome: nothing returned means the
			// bet had lost.
			st = games.Settlement{Outcome: games.OutcomeWon, Win: p.Win, Returned: p.Returned, Residue: p.Residue}
			if p.Returned.IsZero() {
				st.Outcome = games.OutcomeLost
			}
		}
		fs := settledFlows(p.Table, p.Player, p.Currency, p.Stake, st)
		out := make([]flow, len(fs))
		for i, f := range fs {
			out[len(fs)-1-i] = mkflow(reversedKind(f.kind), f.To, f.From, f.Amount, f.Currency)
		}
		return out
	}
	return poolFlows(payload)
}

// transferFlows are a round's transfers as the ledger posts them
// (posting.TransferPostings).
func transferFlows(table, currency string, ts []games.Transfer) []flow {
	ps := posting.TransferPostings(table, currency, ts)
	out := make([]flow, len(ps))
	for i, p := range ps {
		out[i] = flow{Posting: p, kind: FlowTransfer}
	}
	return out
}

// settledFlows are the ledger's settlement postings
// (posting.SettlementPostings, the one place that turns a settlement into
// money movements), each named by what it does.
func settledFlows(table, player, currency string, stake decimal.Decimal, st games.Settlement) []flow {
	ps := posting.SettlementPostings(table, player, currency, stake, st)
	counter := posting.CounterpartyAccount(table, st.Counterparty)
	out := make([]flow, len(ps))
	for i, p := range ps {
		out[i] = flow{Posting: p, kind: settlementKind(table, counter, p)}
	}
	return out
}

// settlementKind names a settlement posting by its accounts; counter is
// the account of the settlement's counterparty (the house, a player's
// bank).
func settlementKind(table, counter string, p events.Posting) FlowKind {
	switch {
	case strings.HasPrefix(p.To, posting.JackpotAccount("")):
		return FlowContribution
	case posting.IsPoolAccount(p.From):
		return FlowPoolPrize
	case p.From == posting.InPlayAccount(table) && p.To == posting.CommissionAccount(table):
		return FlowPoolCommission
	case p.To == posting.CommissionAccount(table):
		return FlowCommission
	case p.To == posting.RoundingAccount(table):
		return FlowResidue
	case p.From == counter:
		// The counterparty pays the wins and takes the lost stakes: the
		// house, a player's bank, or the prize pool of the bets settled
		// against it (bingo's cards).
		return FlowWin
	case p.To == counter:
		return FlowStakeLost
	}
	return FlowStakeReturned // in play → wallet
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
	case FlowCommission:
		return FlowReversedCommission
	case FlowContribution:
		return FlowReversedContribution
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
