package jackpot

import (
	"fmt"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games/poker"
)

// IDPool1 is the id of the catalog's example pool.
const IDPool1 = "jp-1"

// Pools returns the catalog of pools, freshly built on every call, in id
// order.
func Pools() []*Pool { return []*Pool{mustNew(pool1())} }

// Lookup returns the catalog pool with that id, or an error wrapping
// ErrUnknownPool.
func Lookup(id string) (*Pool, error) {
	if id == IDPool1 {
		return mustNew(pool1()), nil
	}
	return nil, fmt.Errorf("%w %q (known: %s)", ErrUnknownPool, cut(id), IDPool1)
}

func mustNew(p Params) *Pool {
	pool, err := New(p)
	if err != nil {
		panic(fmt.Sprintf("jackpot: catalog pool: %v", err))
	}
	return pool
}

// SeedPrizes is the seed's prize table (seeds/004_11b2de8449360267.txt,
// 6.6 "Esquema de pago"): flush 50, full house 100 and four of a kind 500
// times the progressive bet; straight flush 10% of the main pool, at most
// 5,000 times the bet; royal flush 100% of the main pool.
func SeedPrizes() []Prize {
	return []Prize{
		{Hand: poker.Flush, Multiple: 50, Name: "Color"},
		{Hand: poker.FullHouse, Multiple: 100, Name: "Full"},
		{Hand: poker.FourOfAKind, Multiple: 500, Name: "Poker"},
		{Hand: poker.StraightFlush, Percent: decimal.NewFromInt(10), CapMultiple: 5000, Name: "Escalera en Flor o Escalera de Color"},
		{Hand: poker.RoyalFlush, Percent: decimal.NewFromInt(100), Name: "Escalera Real"},
	}
}

// pool1 is the example pool of docs/games/poker.md's settle line: the seed's prize
// table, in a currency of two decimals. The seed leaves the commission,
// the split and the base to each casino's approved plan ("Plan de
// Apuestas"); these figures are an example configuration, not the seed's:
// a 10% commission, one reserve taking 20% of the rest, a base of
// 1,000.00, no ceiling, the main pool restarting from the reserve.
func pool1() Params {
	return Params{
		Pool:    IDPool1,
		Version: 1,
		Source: "Progresivo en mesas de póker, seeds/004_11b2de8449360267.txt section 6 (6.6 esquema de pago, reglas 1-5 de múltiples ganadores, " +
			"conformación de pozos); commission, split and base are an example configuration (issue #19)",
		Scale:             2,
		CommissionPercent: decimal.NewFromInt(10),
		Reserves:          []Reserve{{Name: "r1", Percent: decimal.NewFromInt(20)}},
		Base:              decimal.NewFromInt(1000),
		Reset:             ResetFromReserves,
		Prizes:            SeedPrizes(),
	}
}

// cut shortens an input string quoted in an error.
func cut(s string) string {
	if len(s) > 32 {
		return s[:32] + "..."
	}
	return s
}
