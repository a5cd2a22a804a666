package posting

import (
	"testing"

	"github.com/wagerlog/wagerlog/games"
)

// TestAccountNames checks the account strings stored streams hold: they
// are part of every posting ever written, so a change here would make old
// streams fail to verify.
func TestAccountNames(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{WalletAccount("p1"), "wallet:p1"},
		{InPlayAccount("t1"), "inplay:t1"},
		{HouseAccount("t1"), "house:t1"},
		{RoundingAccount("t1"), "rounding:t1"},
		{CommissionAccount("t1"), "commission:t1"},
		{JackpotAccount("pool1:main"), "jackpot:pool1:main"},
		{BankAccount("t1"), "bank:t1"},
		{PrizesAccount("t1"), "prizes:t1"},
		{CreditsAccount("p1"), "credits:p1"},
		{HeldAccount("t1"), "held:t1"},
		{PoolAccountPrefix("pool1"), "jackpot:pool1:"},
		{StakeAccount("", "p1"), "wallet:p1"},
		{StakeAccount(FundingCredits, "p1"), "credits:p1"},
		{PrizeAccount("cash", "p1"), "wallet:p1"},
		{PrizeAccount(PayCredits, "p1"), "credits:p1"},
		{CounterpartyAccount("t1", games.CounterpartyHouse), "house:t1"},
		{CounterpartyAccount("t1", games.CounterpartyBank), "bank:t1"},
		{CounterpartyAccount("t1", games.CounterpartyPrizes), "prizes:t1"},
		{CounterpartyAccount("t1", games.CommissionAccount), "commission:t1"},
		{CounterpartyAccount("t1", "jackpot:pool1:reserve:r1"), "jackpot:pool1:reserve:r1"},
		{AccountCashier, "cashier"},
		{AccountAdjustment, "adjustment"},
		{AccountCasino, "casino"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}

func TestIsWallet(t *testing.T) {
	if p, ok := IsWallet("wallet:p1"); !ok || p != "p1" {
		t.Errorf("IsWallet(wallet:p1) = %q, %v", p, ok)
	}
	for _, a := range []string{"credits:p1", "house:t1", "cashier", "wallet"} {
		if _, ok := IsWallet(a); ok {
			t.Errorf("IsWallet(%q) = true", a)
		}
	}
}

func TestIsPoolAccount(t *testing.T) {
	for _, c := range []struct {
		account string
		pool    string
		ok      bool
	}{
		{"jackpot:pool1:main", "pool1", true},
		{"jackpot:pool1:reserve:r1", "pool1", true},
		{"jackpot:pool1", "", false},
		{"jackpot:pool1:other", "", false},
		{"jackpot:pool1:reserve:", "", false},
		{"jackpot::main", "", false},
		{"house:t1", "", false},
	} {
		if got := IsPoolAccount(c.account); got != c.ok {
			t.Errorf("IsPoolAccount(%q) = %v, want %v", c.account, got, c.ok)
		}
		if id, ok := PoolOfAccount(c.account); id != c.pool || ok != c.ok {
			t.Errorf("PoolOfAccount(%q) = %q, %v, want %q, %v", c.account, id, ok, c.pool, c.ok)
		}
	}
}
