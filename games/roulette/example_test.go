package roulette_test

import (
	"encoding/json"
	"fmt"

	"github.com/shopspring/decimal"
	"github.com/wagerlog/wagerlog/games/roulette"
)

// Example_settleJSONL answers the request line of `wagerlog settle
// --jsonl` of docs/games/roulette.md,
//
//	{"paytable":"roulette/american","bet":"split:0-00","stake":"10","pocket":"00"}
//
// with the line Sic Bo's answer has, "pocket" in place of "dice": what
// cmd/wagerlog needs from this package is Lookup (or Game{}.Paytables()),
// ParsePocket, Settle, ErrorCode and RoundDown.
func Example_settleJSONL() {
	pt, err := roulette.Lookup("roulette/american")
	if err != nil {
		panic(err)
	}
	pocket, err := roulette.ParsePocket("00")
	if err != nil {
		panic(err)
	}
	stake := decimal.RequireFromString("10")
	scale := int32(2)
	s, err := roulette.Settle(pt, "split:0-00", stake, scale, pocket)
	if err != nil {
		fmt.Println(roulette.ErrorCode(err))
		return
	}
	line, _ := json.Marshal(struct {
		Outcome      string `json:"outcome"`
		Win          string `json:"win"`
		Returned     string `json:"returned"`
		Residue      string `json:"residue"`
		Rule         string `json:"rule"`
		Paytable     string `json:"paytable"`
		PaytableHash string `json:"paytable_hash"`
		Bet          string `json:"bet"`
		Stake        string `json:"stake"`
		Pocket       string `json:"pocket"`
		Scale        int32  `json:"scale"`
		Line         int    `json:"line"`
	}{
		string(s.Outcome), s.Win.StringFixed(scale), s.Returned.StringFixed(scale), s.Residue.String(), s.Rule,
		pt.ID(), pt.Hash(), "split:0-00", stake.StringFixed(scale), pocket.String(), scale, 1,
	})
	fmt.Println(string(line))
	// Output:
	// {"outcome":"won","win":"170.00","returned":"180.00","residue":"0","rule":"split:0-00 pays 17:1 (the ball landed in 00, green)","paytable":"roulette/american","paytable_hash":"96188c1452f1bb4cd5971d393ffcccd870475b7988f8739ec5a576f4902f0e53","bet":"split:0-00","stake":"10.00","pocket":"00","scale":2,"line":1}
}

// ExampleSettle shows la partage: red on 0 returns half the stake, and
// the half cent that rounding cuts off is the residue.
func ExampleSettle() {
	pt, _ := roulette.Lookup(roulette.IDFrenchLaPartage)
	s, _ := roulette.Settle(pt, "red", decimal.RequireFromString("0.03"), 2, roulette.Zero)
	fmt.Println(s.Outcome, s.Returned.StringFixed(2), s.Residue)
	fmt.Println(s.Rule)
	// Output:
	// lost 0.01 0.005
	// red loses half (the ball landed in 0, green: la partage returns half the stake)
}
