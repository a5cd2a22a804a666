package api

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
	"github.com/wagerlog/wagerlog/round"
)

// TestResultAnswer_SameBytes holds the direct encoding of a Result to what
// the renderer makes of its JSON, for every member of Result set (filled
// by reflection, so that a member added to Result and not to resultAnswer
// fails here), for currencies with 0 and 2 decimals, an unknown one, none,
// balances and settlements with fewer and more decimals than the
// currency's.
func TestResultAnswer_SameBytes(t *testing.T) {
	// The renderer as New builds it.
	var answers []reflect.Type
	for _, rt := range routes() {
		if rt.resp != nil {
			answers = append(answers, reflect.TypeOf(rt.resp))
		}
	}
	a := newAmountRenderer(posting.DefaultCurrencies(), answers...)
	if !a.direct {
		t.Fatal("the answers' amounts rule out the direct encoding: a string member of Result is named as an amount")
	}
	if got, want := reflect.TypeOf(resultAnswer{}).NumField(), reflect.TypeOf(ledger.Result{}).NumField(); got != want {
		t.Fatalf("resultAnswer has %d members, Result %d", got, want)
	}
	full := filled(t)
	for _, cur := range []string{"EUR", "CLP", "XYZ", ""} {
		for _, bal := range []string{"87.7", "0", "1.005", "-12", "123456789.1", "100", "-0.01", "0.5", "1000000000000000000000", "7.10"} {
			res := full
			b := decimal.RequireFromString(bal)
			res.Balance, res.Currency = &b, cur
			check(t, a, res)
		}
	}
	// Zero values and a result without balance.
	check(t, a, ledger.Result{})
	res := full
	res.Balance = nil
	check(t, a, res)
	// Settlements: none settled, and bets of each outcome with amounts
	// of fewer and more decimals than the currency's.
	d := decimal.RequireFromString
	res.Settlement = &ledger.Settlement{}
	check(t, a, res)
	res.Settlement = &ledger.Settlement{
		Bets: []ledger.SettledBet{
			{Bet: "b1", Code: "big", Outcome: "won", Win: d("10"), Returned: d("20.5"), Commission: d("0.5"), Rule: "banker pays 1:1 less 5% commission"},
			{Bet: "2", Code: "4", Outcome: "lost", Win: d("0"), Returned: d("0"), Commission: d("0"), Rule: "17"},
			{Bet: "b3", Code: "small", Outcome: ledger.OutcomeRefunded, Win: d("0"), Returned: d("1.005"), Commission: d("0"), Rule: round.RuleRefunded},
		},
		Totals: ledger.SettlementTotals{Bets: 3, Staked: d("21.5"), Won: d("10"), Returned: d("21.505"), Refunded: d("1.005"), Residue: d("0.0001"), Commission: d("0.5")},
	}
	for _, cur := range []string{"EUR", "CLP", "XYZ", ""} {
		res.Currency = cur
		check(t, a, res)
	}
	if got, want := reflect.TypeOf(settledBetAnswer{}).NumField(), reflect.TypeOf(ledger.SettledBet{}).NumField(); got != want {
		t.Errorf("settledBetAnswer has %d members, SettledBet %d", got, want)
	}
	if got, want := reflect.TypeOf(totalsAnswer{}).NumField(), reflect.TypeOf(ledger.SettlementTotals{}).NumField(); got != want {
		t.Errorf("totalsAnswer has %d members, SettlementTotals %d", got, want)
	}
	if got, want := reflect.TypeOf(settlementAnswer{}).NumField(), reflect.TypeOf(ledger.Settlement{}).NumField(); got != want {
		t.Errorf("settlementAnswer has %d members, Settlement %d", got, want)
	}
}

func check(t *testing.T, a *amountRenderer, res ledger.Result) {
	t.Helper()
	raw, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	want := string(a.render(raw))
	got, ok := a.result(&res)
	if !ok || string(got) != want {
		t.Errorf("direct encoding (%v):\n%s\nrenderer:\n%s", ok, got, want)
	}
}

// filled returns a Result whose every member but the settlement is set:
// numbers, strings that look like numbers (which the renderer must leave
// alone) and a bet list.
func filled(t *testing.T) ledger.Result {
	t.Helper()
	var res ledger.Result
	v := reflect.ValueOf(&res).Elem()
	for i := range v.NumField() {
		f := v.Field(i)
		switch name := v.Type().Field(i).Name; f.Kind() {
		case reflect.Uint64, reflect.Uint:
			f.SetUint(uint64(1000 + i))
		case reflect.Int, reflect.Int64:
			f.SetInt(int64(7 + i))
		case reflect.String:
			f.SetString("12.5<&>" + name)
		case reflect.Slice:
			f.Set(reflect.ValueOf([]ledger.SlipBet{{Bet: "3.0", Code: "big"}, {Bet: "b2", Code: "17"}}))
		case reflect.Pointer:
			// Balance and Settlement: set by the cases.
		default:
			t.Fatalf("Result.%s is a %s: teach filled and resultAnswer about it", name, f.Kind())
		}
	}
	return res
}
