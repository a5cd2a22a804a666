package ledger

import (
	"regexp"

	"github.com/shopspring/decimal"
)

// DefaultCurrencies are the currencies a Ledger accepts when Options does not
// say, with the number of decimals each allows.
func DefaultCurrencies() map[string]int32 {
	return map[string]int32{
		"EUR": 2, "USD": 2, "GBP": 2, "CHF": 2, "PEN": 2, "MXN": 2, "ARS": 2,
		"CLP": 0, "JPY": 0, "COP": 2,
	}
}

// AmountMax bounds every amount the ledger accepts, so that no sum of
// amounts it holds comes near the limits of what reports and exports render.
var amountMax = decimal.New(1, 15) // 10^15 units of any currency

var currencyPattern = regexp.MustCompile(`^[A-Z]{3}$`)

// checkAmount validates a positive amount in a currency of the given scale.
func checkAmount(what string, a decimal.Decimal, scale int32) error {
	if !a.IsPositive() {
		return errf(ErrInvalidAmount, "%s must be positive, got %s", what, a)
	}
	if a.GreaterThanOrEqual(amountMax) {
		return errf(ErrInvalidAmount, "%s %s is over the limit %s", what, a, amountMax)
	}
	if !a.Equal(a.Truncate(scale)) {
		return errf(ErrInvalidAmount, "%s %s has more than %d decimals", what, a, scale)
	}
	return nil
}
