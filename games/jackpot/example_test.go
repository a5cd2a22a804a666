package jackpot_test

import (
	"fmt"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games/jackpot"
	"github.com/wagerlog/wagerlog/games/poker"
)

// A pass of a table linked to jp-1: two seats bet 1.00 each, which is
// collected first (10% commission, 20% of the rest to the reserve); then
// seat 1's royal flush and seat 3's four of a kind are paid, the fixed
// prize first, and the main pool restarts at its base.
func ExamplePool_PayPass() {
	pool, _ := jackpot.Lookup(jackpot.IDPool1)
	b := jackpot.Balances{Main: decimal.RequireFromString("9998.56"), Reserves: []decimal.Decimal{decimal.RequireFromString("499.64")}}
	bet := decimal.RequireFromString("1.00")
	for range 2 {
		split, _ := pool.Contribute(b, bet)
		b = pool.Apply(b, pool.Movements(split, 0))
	}
	fmt.Println("before the deal:", b.Main.StringFixed(2), b.Reserves[0].StringFixed(2))
	royal, _ := poker.ParseHand("seat 1", []string{"AS", "KS", "QS", "JS", "TS"})
	quads, _ := poker.ParseHand("seat 3", []string{"2H", "2D", "2C", "2S", "9H"})
	r, _ := pool.PayPass(b, []jackpot.SeatHand{{Seat: 1, Bet: bet, Cards: royal}, {Seat: 3, Bet: bet, Cards: quads}})
	for _, z := range r.Prizes {
		fmt.Println("seat", z.Seat, z.Hand, z.Prize.StringFixed(2))
	}
	fmt.Println("after:", r.After.Main.StringFixed(2), r.After.Reserves[0].StringFixed(2), "casino", r.CasinoFunding.StringFixed(2))
	// Output:
	// before the deal: 10000.00 500.00
	// seat 1 royal_flush 9500.00
	// seat 3 four_of_a_kind 500.00
	// after: 1000.00 0.00 casino 500.00
}
