package audit

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
)

// summarize says in one line what an event records, for timelines and
// significant-event lists, its amounts with their currency's decimals
// (the payload's currency, or else the table's, as f knows them).
func summarize(payload any, f *fold, table string) string {
	cur := ""
	if t := f.tables[table]; t != nil {
		cur = t.Currency
	}
	if v := reflect.ValueOf(payload); v.Kind() == reflect.Pointer && v.Elem().Kind() == reflect.Struct {
		if c := v.Elem().FieldByName("Currency"); c.Kind() == reflect.String && c.String() != "" {
			cur = c.String()
		}
	}
	a := func(d decimal.Decimal) string { return f.amountText(table, cur, d) }
	switch p := payload.(type) {
	case *events.WalletDeposited:
		return fmt.Sprintf("deposit of %s %s to %s (balance %s → %s)", a(p.Amount), p.Currency, p.Player, a(p.BalanceBefore), a(p.BalanceAfter))
	case *events.WalletWithdrawn:
		return fmt.Sprintf("withdrawal of %s %s from %s (balance %s → %s)", a(p.Amount), p.Currency, p.Player, a(p.BalanceBefore), a(p.BalanceAfter))
	case *events.WalletAdjusted:
		return fmt.Sprintf("adjustment of %s %s to %s: %s (balance %s → %s)", signed(p.Amount, a), p.Currency, p.Player, p.Reason, a(p.BalanceBefore), a(p.BalanceAfter))
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
			c := b.Code + " " + a(b.Stake)
			if !b.Commission.IsZero() {
				c += " (commission " + a(b.Commission) + ")"
			}
			codes = append(codes, c)
		}
		return fmt.Sprintf("%s placed slip %s: %s; total %s %s (balance %s → %s)", p.Player, p.Slip, strings.Join(codes, ", "), a(p.Total), p.Currency, a(p.BalanceBefore), a(p.BalanceAfter))
	case *events.RoundBettingClosed:
		return fmt.Sprintf("no more bets: %d bets, %s staked", p.Bets, a(p.Staked))
	case *events.RoundReshake:
		if p.Note != "" {
			return fmt.Sprintf("reshake: %s (%s)", p.Reason, p.Note)
		}
		return "reshake: " + p.Reason
	case *events.RoundResult:
		return "result " + resultString(p.Dice, p.Result)
	case *events.BetSettled:
		return fmt.Sprintf("bet %s of %s settled (correction %d): %s; %s, win %s, returned %s", p.Bet, p.Player, p.Correction, p.Rule, p.Outcome, a(p.Win), a(p.Returned))
	case *events.RoundSettled:
		return fmt.Sprintf("round settled on %s (correction %d): %d bets, staked %s, won %s, returned %s, residue %s", resultString(p.Dice, p.Result), p.Correction, p.Bets, a(p.Staked), a(p.Won), a(p.Returned), a(p.Residue))
	case *events.RoundPaused:
		return "round paused: " + p.Reason
	case *events.RoundResumed:
		return "round resumed" + prefixed(": ", p.Note)
	case *events.RoundCancelled:
		return fmt.Sprintf("round cancelled: %s; %d bets refunded, %s", p.Reason, p.Bets, a(p.Refunded))
	case *events.BetRefunded:
		return fmt.Sprintf("bet %s of %s refunded: %s %s", p.Bet, p.Player, a(p.Stake), p.Currency)
	case *events.RoundResultCorrected:
		return fmt.Sprintf("result corrected (correction %d): %s → %s: %s", p.Correction, resultString(p.Before, p.BeforeResult), resultString(p.After, p.AfterResult), p.Reason)
	case *events.BetSettlementReversed:
		return fmt.Sprintf("settlement of bet %s of %s reversed (correction %d): win %s, returned %s taken back", p.Bet, p.Player, p.Correction, a(p.Win), a(p.Returned))
	case *events.RoundStepSettled:
		return fmt.Sprintf("result %d settled: %d bets decided, %d stay in play; betting opens again", p.Results, p.Decided, p.Open)
	case *events.BingoClaimed:
		verdict := "wrong"
		if p.Correct {
			verdict = "correct"
		}
		return fmt.Sprintf("%s called %s on bet %s after %d results: %s (%s)", p.Player, p.Prize, p.Bet, p.Balls, verdict, p.Reason)
	case *events.BetTakenDown:
		return fmt.Sprintf("bet %s of %s taken down: %s %s back to the wallet", p.Bet, p.Player, a(p.Stake), p.Currency)
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
// "2-2-5", any other game's result as its JSON with a space after each
// comma and colon (spacedJSON), so that a long deal wraps between its
// parts in a report's cell.
func resultString(d [3]int, other []byte) string {
	if len(other) > 0 {
		return spacedJSON(other)
	}
	return diceString(d)
}

func signed(d decimal.Decimal, a func(decimal.Decimal) string) string {
	if d.IsPositive() {
		return "+" + a(d)
	}
	return a(d)
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

// amountText writes an amount of currency on table with the currency's
// decimals, padded and never rounded (a residue keeps its own).
func (f *fold) amountText(table, currency string, d decimal.Decimal) string {
	scale, ok := f.scale(table, currency)
	if !ok {
		return d.String()
	}
	return d.StringFixed(max(scale, -d.Exponent()))
}
