package audit

import (
	"fmt"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
)

// summarize says in one line what an event records, for timelines and
// significant-event lists.
func summarize(payload any) string {
	switch p := payload.(type) {
	case *events.WalletDeposited:
		return fmt.Sprintf("deposit of %s %s to %s (balance %s → %s)", p.Amount, p.Currency, p.Player, p.BalanceBefore, p.BalanceAfter)
	case *events.WalletWithdrawn:
		return fmt.Sprintf("withdrawal of %s %s from %s (balance %s → %s)", p.Amount, p.Currency, p.Player, p.BalanceBefore, p.BalanceAfter)
	case *events.WalletAdjusted:
		return fmt.Sprintf("adjustment of %s %s to %s: %s (balance %s → %s)", signed(p.Amount), p.Currency, p.Player, p.Reason, p.BalanceBefore, p.BalanceAfter)
	case *events.TableOpened:
		return fmt.Sprintf("table %s opened: %s under paytable %s (%s), %s, dealer %s, limits %s", p.Table, p.Game, p.Paytable, short(p.PaytableHash), p.Currency, p.Dealer, limitsString(p.Limits))
	case *events.TableLimitsChanged:
		return fmt.Sprintf("limits of table %s changed from round %d: %s → %s", p.Table, p.EffectiveFromRound, limitsString(p.Before), limitsString(p.After))
	case *events.TableClosed:
		return fmt.Sprintf("table %s closed: %s", p.Table, orNone(p.Reason))
	case *events.RoundOpened:
		return fmt.Sprintf("round %d opened under paytable %s (%s)", p.Number, p.Paytable, short(p.PaytableHash))
	case *events.BetPlaced:
		codes := make([]string, 0, len(p.Bets))
		for i, b := range p.Bets {
			if i == betsListedMax {
				codes = append(codes, fmt.Sprintf("… %d more", len(p.Bets)-i))
				break
			}
			c := b.Code + " " + b.Stake.String()
			if !b.Commission.IsZero() {
				c += " (commission " + b.Commission.String() + ")"
			}
			codes = append(codes, c)
		}
		return fmt.Sprintf("%s placed slip %s: %s; total %s %s (balance %s → %s)", p.Player, p.Slip, strings.Join(codes, ", "), p.Total, p.Currency, p.BalanceBefore, p.BalanceAfter)
	case *events.RoundBettingClosed:
		return fmt.Sprintf("no more bets: %d bets, %s staked", p.Bets, p.Staked)
	case *events.RoundReshake:
		if p.Note != "" {
			return fmt.Sprintf("reshake: %s (%s)", p.Reason, p.Note)
		}
		return "reshake: " + p.Reason
	case *events.RoundResult:
		return "result " + resultString(p.Dice, p.Result)
	case *events.BetSettled:
		return fmt.Sprintf("bet %s of %s settled (correction %d): %s; %s, win %s, returned %s", p.Bet, p.Player, p.Correction, p.Rule, p.Outcome, p.Win, p.Returned)
	case *events.RoundSettled:
		return fmt.Sprintf("round settled on %s (correction %d): %d bets, staked %s, won %s, returned %s, residue %s", resultString(p.Dice, p.Result), p.Correction, p.Bets, p.Staked, p.Won, p.Returned, p.Residue)
	case *events.RoundPaused:
		return "round paused: " + p.Reason
	case *events.RoundResumed:
		return "round resumed" + prefixed(": ", p.Note)
	case *events.RoundCancelled:
		return fmt.Sprintf("round cancelled: %s; %d bets refunded, %s", p.Reason, p.Bets, p.Refunded)
	case *events.BetRefunded:
		return fmt.Sprintf("bet %s of %s refunded: %s %s", p.Bet, p.Player, p.Stake, p.Currency)
	case *events.RoundResultCorrected:
		return fmt.Sprintf("result corrected (correction %d): %s → %s: %s", p.Correction, resultString(p.Before, p.BeforeResult), resultString(p.After, p.AfterResult), p.Reason)
	case *events.BetSettlementReversed:
		return fmt.Sprintf("settlement of bet %s of %s reversed (correction %d): win %s, returned %s taken back", p.Bet, p.Player, p.Correction, p.Win, p.Returned)
	case *events.RoundStepSettled:
		return fmt.Sprintf("result %d settled: %d bets decided, %d stay in play; betting opens again", p.Results, p.Decided, p.Open)
	case *events.BingoClaimed:
		verdict := "wrong"
		if p.Correct {
			verdict = "correct"
		}
		return fmt.Sprintf("%s called %s on bet %s after %d results: %s (%s)", p.Player, p.Prize, p.Bet, p.Balls, verdict, p.Reason)
	case *events.BetTakenDown:
		return fmt.Sprintf("bet %s of %s taken down: %s %s back to the wallet", p.Bet, p.Player, p.Stake, p.Currency)
	case *events.LedgerSealed:
		signed := "unsigned"
		if p.Signature != "" {
			signed = "signed by key " + p.KeyID
		}
		return fmt.Sprintf("seal of %d..%d, head %s, %s", p.FromSeq, p.ToSeq, short(p.Head.String()), signed)
	}
	return ""
}

// betsListedMax bounds the bets a slip's summary lists.
const betsListedMax = 10

func diceString(d [3]int) string { return fmt.Sprintf("%d-%d-%d", d[0], d[1], d[2]) }

// resultString writes a result as a payload records it: three dice as
// "2-2-5", any other game's result as its JSON.
func resultString(d [3]int, other []byte) string {
	if len(other) > 0 {
		return string(other)
	}
	return diceString(d)
}

func signed(d decimal.Decimal) string {
	if d.IsPositive() {
		return "+" + d.String()
	}
	return d.String()
}

func orNone(s string) string {
	if s == "" {
		return "no reason given"
	}
	return s
}

func prefixed(p, s string) string {
	if s == "" {
		return ""
	}
	return p + s
}

// limitsString writes limits sorted by kind: "*: 1–500; total: 1–100".
func limitsString(l map[string]events.Limit) string {
	parts := make([]string, 0, len(l))
	for _, k := range sortedKeys(l) {
		parts = append(parts, fmt.Sprintf("%s: %s–%s", k, l[k].Min, l[k].Max))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, "; ")
}
