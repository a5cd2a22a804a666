package kit

import (
	"errors"
	"testing"

	"github.com/shopspring/decimal"
)

func TestCheckStake(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		for _, s := range []string{"0.01", "10", "999999999999999.99", "1e3", "5.50"} {
			if err := CheckStake(decimal.RequireFromString(s), 2); err != nil {
				t.Errorf("%s: %v", s, err)
			}
		}
	})
	t.Run("Err", func(t *testing.T) {
		for s, want := range map[string]string{
			"0":                "invalid stake: 0 is not positive",
			"-1":               "invalid stake: -1 is not positive",
			"1e16":             "invalid stake: written with exponent 16, outside -64..15",
			"1e-65":            "invalid stake: written with exponent -65, outside -64..15",
			"1000000000000000": "invalid stake: 1000000000000000 is not below 10^15",
			"0.001":            "invalid stake: 0.001 has more than 2 decimals",
		} {
			err := CheckStake(decimal.RequireFromString(s), 2)
			if err == nil || err.Error() != want || !errors.Is(err, ErrBadStake) {
				t.Errorf("%s: %v, want %s", s, err, want)
			}
		}
	})
}
