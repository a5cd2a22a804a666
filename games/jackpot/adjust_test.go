package jackpot

import (
	"testing"

	"github.com/shopspring/decimal"
)

func TestPool_AdjustAndReport(t *testing.T) {
	jp1 := mustNew(pool1())
	opening := Balances{Main: dec("1000"), Reserves: []decimal.Decimal{dec("50")}}
	m1, b, err := jp1.Adjust(opening, jp1.MainAccount(), dec("25.50"), "display malfunction corrected, incident 17")
	if err != nil {
		t.Fatal(err)
	}
	m2, b, err := jp1.Adjust(b, jp1.ReserveAccount(0), dec("-10"), "seed money recovered as approved")
	if err != nil {
		t.Fatal(err)
	}
	if m2.From != jp1.ReserveAccount(0) || m2.To != AccountCasino || !m2.Amount.Equal(dec("10")) {
		t.Errorf("%+v", m2)
	}
	if _, _, err := jp1.Adjust(b, jp1.ReserveAccount(0), dec("-41"), "too much"); ErrorCode(err) != CodePoolNegative {
		t.Errorf("overdraw: %v", err)
	}
	if _, _, err := jp1.Adjust(b, jp1.MainAccount(), dec("1"), " "); ErrorCode(err) != CodeReasonRequired {
		t.Errorf("no reason: %v", err)
	}
	if _, _, err := jp1.Adjust(b, "jackpot:jp-2:main", dec("1"), "x"); ErrorCode(err) != CodeInvalidAmount {
		t.Errorf("foreign account: %v", err)
	}
	split, err := jp1.Contribute(b, dec("10"))
	if err != nil {
		t.Fatal(err)
	}
	ms := append([]Movement{m1, m2}, jp1.Movements(split, 1)...)
	b = jp1.Apply(b, jp1.Movements(split, 1))
	pass, err := jp1.PayPass(b, []SeatHand{{Seat: 1, Bet: dec("10"), Cards: cards(t, royalS...)}})
	if err != nil {
		t.Fatal(err)
	}
	ms = append(ms, pass.Movements...)
	out, err := jp1.Decommission(pass.After, "jackpot:jp-2:main", "room closed; balance to the new pool")
	if err != nil {
		t.Fatal(err)
	}
	ms = append(ms, out...)
	if _, err := jp1.Decommission(pass.After, jp1.MainAccount(), "x"); ErrorCode(err) != CodeReasonRequired {
		t.Errorf("decommission into itself: %v", err)
	}
	r := jp1.Summarize(opening, ms)
	if !r.Balanced || !r.Closing.Total().IsZero() {
		t.Fatalf("%+v", r)
	}
	// The bet of 10 gives 1 of commission, 1.80 to the reserve and 7.20 to
	// the main pool: 1000 + 25.50 + 7.20 = 1032.70 before the royal flush,
	// which takes all of it; the base (1000) comes from the reserve (50 −
	// 10 + 1.80) and the casino (958.20).
	checks := map[string][2]decimal.Decimal{
		"commission":      {r.Commission, dec("1")},
		"contributions":   {r.Contributions, dec("9")},
		"royal":           {r.PrizesByHand["royal_flush"], dec("1032.70")},
		"adjustments in":  {r.AdjustmentsIn, dec("25.50")},
		"adjustments out": {r.AdjustmentsOut, dec("10")},
		"resets reserve":  {r.ResetsFromReserves, dec("41.80")},
		"resets casino":   {r.ResetsFromCasino, dec("958.20")},
		"transfers out":   {r.TransfersOut, dec("1000")},
		"in":              {r.In, dec("992.70")},
		"out":             {r.Out, dec("2042.70")},
	}
	for name, c := range checks {
		if !c[0].Equal(c[1]) {
			t.Errorf("%s: %s, want %s", name, c[0], c[1])
		}
	}
}
