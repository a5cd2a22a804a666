package posting

import "math/big"

// ResidueString writes an exact residue as a reduced fraction of the
// currency's unit ("1/600"), "" for none: the form bet.settled records
// (events.BetSettled.ResidueExact) and the round replay recomputes.
func ResidueString(r *big.Rat) string {
	if r == nil || r.Sign() == 0 {
		return ""
	}
	return r.RatString()
}
