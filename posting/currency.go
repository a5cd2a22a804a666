package posting

// DefaultCurrencies are the currencies a ledger accepts when its options do
// not say, with the number of decimals each allows; the verifier checks a
// stream against the same table unless told otherwise.
func DefaultCurrencies() map[string]int32 {
	return map[string]int32{
		"EUR": 2, "USD": 2, "GBP": 2, "CHF": 2, "PEN": 2, "MXN": 2, "ARS": 2,
		"CLP": 0, "JPY": 0, "COP": 2,
	}
}
