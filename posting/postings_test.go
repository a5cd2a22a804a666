package posting

import (
	"math/big"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
)

func d(s string) decimal.Decimal { return decimal.RequireFromString(s) }

func samePostings(t *testing.T, got, want []events.Posting) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d postings %v, want %d %v", len(got), got, len(want), want)
	}
	for i := range got {
		g, w := got[i], want[i]
		if g.From != w.From || g.To != w.To || !g.Amount.Equal(w.Amount) || g.Currency != w.Currency {
			t.Errorf("posting %d: got %+v, want %+v", i, g, w)
		}
	}
}

// TestSettlementPostings checks each case of the rule with amounts worked
// out by hand: the order is part of what stored streams hold.
func TestSettlementPostings(t *testing.T) {
	cases := []struct {
		name  string
		stake string
		st    games.Settlement
		want  []events.Posting
	}{
		{"lost", "10", games.Settlement{Outcome: games.OutcomeLost, Win: d("0"), Returned: d("0")},
			[]events.Posting{{From: "inplay:t1", To: "house:t1", Amount: d("10"), Currency: "EUR"}}},
		{"push", "10", games.Settlement{Outcome: games.OutcomePush, Win: d("0"), Returned: d("10")},
			[]events.Posting{{From: "inplay:t1", To: "wallet:p1", Amount: d("10"), Currency: "EUR"}}},
		{"won with residue", "10", games.Settlement{Outcome: games.OutcomeWon, Win: d("11.66"), Returned: d("21.66"), Residue: d("0.0066")},
			[]events.Posting{
				{From: "inplay:t1", To: "wallet:p1", Amount: d("10"), Currency: "EUR"},
				{From: "house:t1", To: "wallet:p1", Amount: d("11.66"), Currency: "EUR"},
				{From: "house:t1", To: "rounding:t1", Amount: d("0.0066"), Currency: "EUR"},
			}},
		{"banker win with commission", "10", games.Settlement{Outcome: games.OutcomeWon, Win: d("10"), Returned: d("19.50"), Commission: d("0.50")},
			[]events.Posting{
				{From: "inplay:t1", To: "wallet:p1", Amount: d("10"), Currency: "EUR"},
				{From: "house:t1", To: "wallet:p1", Amount: d("10"), Currency: "EUR"},
				{From: "wallet:p1", To: "commission:t1", Amount: d("0.50"), Currency: "EUR"},
			}},
		{"la partage", "10", games.Settlement{Outcome: games.OutcomeLost, Win: d("0"), Returned: d("5")},
			[]events.Posting{
				{From: "inplay:t1", To: "wallet:p1", Amount: d("5"), Currency: "EUR"},
				{From: "inplay:t1", To: "house:t1", Amount: d("5"), Currency: "EUR"},
			}},
		{"progressive lost with contributions", "5", games.Settlement{Outcome: games.OutcomeLost, Win: d("0"), Returned: d("0"),
			Contributions: []games.Contribution{{Pool: games.CommissionAccount, Amount: d("1")}, {Pool: "pool1:main", Amount: d("3")}}},
			[]events.Posting{
				{From: "inplay:t1", To: "commission:t1", Amount: d("1"), Currency: "EUR"},
				{From: "inplay:t1", To: "jackpot:pool1:main", Amount: d("3"), Currency: "EUR"},
				{From: "inplay:t1", To: "house:t1", Amount: d("1"), Currency: "EUR"},
			}},
		{"bank pays", "10", games.Settlement{Outcome: games.OutcomeWon, Win: d("10"), Returned: d("20"), Counterparty: games.CounterpartyBank},
			[]events.Posting{
				{From: "inplay:t1", To: "wallet:p1", Amount: d("10"), Currency: "EUR"},
				{From: "bank:t1", To: "wallet:p1", Amount: d("10"), Currency: "EUR"},
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			samePostings(t, SettlementPostings("t1", "p1", "EUR", d(c.stake), c.st), c.want)
		})
	}
}

func TestTransferPostings(t *testing.T) {
	ts := []games.Transfer{
		{From: games.CounterpartyHouse, To: "jackpot:pool1:main", Amount: d("7")},
		{From: games.CounterpartyPrizes, To: games.CounterpartyHouse, Amount: d("0")},
		{From: games.CounterpartyBank, To: games.CounterpartyHouse, Amount: d("2.50")},
	}
	samePostings(t, TransferPostings("t1", "EUR", ts), []events.Posting{
		{From: "house:t1", To: "jackpot:pool1:main", Amount: d("7"), Currency: "EUR"},
		{From: "bank:t1", To: "house:t1", Amount: d("2.50"), Currency: "EUR"},
	})
}

func TestDrawnPostings(t *testing.T) {
	p := &events.JackpotDrawn{
		Currency: "EUR",
		Advanced: []events.Transfer{{From: "house:t1", To: "jackpot:pool1:main", Amount: d("4")}},
		Prizes: []events.DrawnPrize{
			{From: "jackpot:pool1:main", To: "credits:p1", Amount: d("10")},
			{From: "jackpot:pool1:main", To: "wallet:p2", Amount: d("0")},
		},
	}
	samePostings(t, DrawnPostings(p), []events.Posting{
		{From: "house:t1", To: "jackpot:pool1:main", Amount: d("4"), Currency: "EUR"},
		{From: "jackpot:pool1:main", To: "credits:p1", Amount: d("10"), Currency: "EUR"},
	})
	samePostings(t, PoolPostings("EUR", []events.Transfer{{From: "jackpot:pool1:main", To: "casino", Amount: d("3")}}),
		[]events.Posting{{From: "jackpot:pool1:main", To: "casino", Amount: d("3"), Currency: "EUR"}})
}

func TestResidueString(t *testing.T) {
	for _, c := range []struct {
		r    *big.Rat
		want string
	}{
		{nil, ""},
		{new(big.Rat), ""},
		{big.NewRat(2, 1200), "1/600"},
		{big.NewRat(1, 2), "1/2"},
	} {
		if got := ResidueString(c.r); got != c.want {
			t.Errorf("ResidueString(%v) = %q, want %q", c.r, got, c.want)
		}
	}
}

func TestDefaultCurrencies(t *testing.T) {
	cs := DefaultCurrencies()
	if cs["EUR"] != 2 || cs["JPY"] != 0 || cs["CLP"] != 0 || len(cs) != 10 {
		t.Errorf("DefaultCurrencies() = %v", cs)
	}
	cs["EUR"] = 5
	if DefaultCurrencies()["EUR"] != 2 {
		t.Error("DefaultCurrencies returned a shared map")
	}
}
