package ledger

import (
	"fmt"
	"regexp"

	"github.com/shopspring/decimal"
)

// AmountMax bounds every amount the ledger accepts, so that no sum of
// amounts it holds comes near the limits of what reports and exports render.
var amountMax = decimal.New(1, 15) // 10^15 units of any currency

var currencyPattern = regexp.MustCompile(`^[A-Z]{3}$`)

// DefaultWalletMax is the largest balance a deposit or an adjustment may
// leave in a wallet when Options.WalletMax is zero: 10^12 units, far above
// any real wallet and far below amountMax, so that no run of adjustments
// builds an absurd balance that reports would then carry.
var DefaultWalletMax = decimal.New(1, 12)

// AmountTextMax bounds the text of an amount a client sends: the longest
// amount below 10^15 with more decimals than any currency has fits.
const AmountTextMax = 40

// amountPattern is the one spelling of an amount the ledger accepts from
// outside: an optional minus, digits, and optionally a point and digits.
var amountPattern = regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?$`)

// ParseAmount reads an amount as a client writes it, as a JSON string or a
// JSON number's text. Only a plain decimal is accepted ("10", "10.50",
// "-5", "1.000"); "+5", ".5", "5.", "1E+2", "0x10" or " 5" are
// ErrInvalidAmount, with the canonical spelling in the message when the
// text is a number written another way. The written decimals are kept:
// "1.000" has three, more than a EUR amount may have (checkAmount).
//
// It is the one parser of outside amounts: the API decodes every amount of
// every body with it.
func ParseAmount(s string) (decimal.Decimal, error) {
	if len(s) > AmountTextMax {
		return decimal.Zero, errf(ErrInvalidAmount, "an amount of %d characters is over the limit of %d", len(s), AmountTextMax)
	}
	if !amountPattern.MatchString(s) {
		if d, err := decimal.NewFromString(s); err == nil {
			return decimal.Zero, errf(ErrInvalidAmount, "amount %q is not written as a plain decimal: write %s", s, d.String())
		}
		return decimal.Zero, errf(ErrInvalidAmount, "amount %q is not a decimal: write digits, optionally a point and decimals, e.g. 10.50", s)
	}
	return decimal.RequireFromString(s), nil
}

// checkAmount validates a positive amount in a currency of the given scale.
// The decimals counted are the ones written: 1.000 EUR is refused (write
// 1.00 or 1), as its text says more precision than the currency has.
func checkAmount(what string, a decimal.Decimal, scale int32) error {
	if !a.IsPositive() {
		return errf(ErrInvalidAmount, "%s must be positive, got %s", what, a)
	}
	if a.GreaterThanOrEqual(amountMax) {
		return errf(ErrInvalidAmount, "%s %s is over the limit %s", what, a, amountMax)
	}
	if -a.Exponent() > scale {
		if a.Equal(a.Truncate(scale)) {
			return errf(ErrInvalidAmount, "%s %s has more than %d decimals: write %s", what, a, scale, a.StringFixed(scale))
		}
		return errf(ErrInvalidAmount, "%s %s has more than %d decimals", what, a, scale)
	}
	return nil
}

// checkWallet refuses a deposit or an adjustment that would leave a wallet
// above max. Settlements are never refused by it (a payout is owed): a win
// may take a wallet above the bound, and the next deposit is refused.
func checkWallet(player, currency string, after, max decimal.Decimal) error {
	if after.GreaterThan(max) {
		return &WalletLimitError{Player: player, Currency: currency, After: after, Max: max}
	}
	return nil
}

// WalletLimitError is returned when a deposit or an adjustment would leave a
// wallet above Options.WalletMax. It wraps ErrWalletLimit.
type WalletLimitError struct {
	Player   string
	Currency string
	After    decimal.Decimal
	Max      decimal.Decimal
}

func (e *WalletLimitError) Error() string {
	return fmt.Sprintf("%v: wallet %s would hold %s %s, the limit is %s", ErrWalletLimit, e.Player, e.After, e.Currency, e.Max)
}

// Unwrap returns ErrWalletLimit.
func (e *WalletLimitError) Unwrap() error { return ErrWalletLimit }
