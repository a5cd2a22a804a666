package ledger

import (
	"errors"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

// TestParseAmount: only plain decimals parse, keeping their written
// decimals; any other spelling is ErrInvalidAmount naming the canonical
// one when there is one.
func TestParseAmount(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		for in, exp := range map[string]int32{"10": 0, "10.50": -2, "-5": 0, "0.5": -1, "1.000": -3, "007": 0} {
			d, err := ParseAmount(in)
			if err != nil || d.Exponent() != exp || !d.Equal(decimal.RequireFromString(in)) {
				t.Errorf("ParseAmount(%q) = %s (exp %d), %v", in, d, d.Exponent(), err)
			}
		}
	})
	t.Run("ErrInvalidAmount", func(t *testing.T) {
		for in, says := range map[string]string{
			"+5": "write 5", ".5": "write 0.5", "1E+2": "write 100", "5.": "write 5", "-.5": "write -0.5",
			" 5": "not a decimal", "ten": "not a decimal", "": "not a decimal", "0x10": "not a decimal",
			"1" + strings.Repeat("0", AmountTextMax): "over the limit",
		} {
			_, err := ParseAmount(in)
			if !errors.Is(err, ErrInvalidAmount) || !strings.Contains(err.Error(), says) {
				t.Errorf("ParseAmount(%q): %v, want invalid amount saying %q", in, err, says)
			}
		}
	})
}

// TestCheckAmount: the decimals counted are the written ones.
func TestCheckAmount(t *testing.T) {
	ok := []string{"1", "1.5", "1.50", "0.01"}
	for _, s := range ok {
		if err := checkAmount("amount", decimal.RequireFromString(s), 2); err != nil {
			t.Errorf("%s: %v", s, err)
		}
	}
	for s, says := range map[string]string{"1.000": "write 1.00", "1.001": "more than 2 decimals", "0": "positive", "1000000000000000": "over the limit"} {
		err := checkAmount("amount", decimal.RequireFromString(s), 2)
		if !errors.Is(err, ErrInvalidAmount) || !strings.Contains(err.Error(), says) {
			t.Errorf("%s: %v, want %q", s, err, says)
		}
	}
}

// TestCheckWallet: above the bound is a *WalletLimitError matching
// ErrWalletLimit with code wallet_limit; at the bound is fine.
func TestCheckWallet(t *testing.T) {
	max := decimal.RequireFromString("100")
	if err := checkWallet("p1", "EUR", max, max); err != nil {
		t.Fatal(err)
	}
	err := checkWallet("p1", "EUR", decimal.RequireFromString("100.01"), max)
	var we *WalletLimitError
	if !errors.As(err, &we) || !errors.Is(err, ErrWalletLimit) || CodeOf(err) != "wallet_limit" || we.Player != "p1" {
		t.Fatalf("err %v", err)
	}
}
