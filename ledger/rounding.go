package ledger

import (
	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/posting"
)

// The ledger's rounding rule (docs/ARCHITECTURE.md, "Rounding"): only
// whole smallest units of a currency are posted. A game pays a win rounded
// down to the smallest unit and reports what it cut off, the residue: a
// fraction of one smallest unit, which for a 7:6 payout has no finite
// decimal form (a third of a cent). The residue is not money anyone holds,
// so the ledger posts none of it; it records it on the bet exactly, as a
// reduced fraction of the currency's unit (events.BetSettled.ResidueExact),
// and the reports add those fractions up exactly.
//
// Streams written before this rule posted the residue to the table's
// rounding account (cut to 16 decimals when it had no finite form); their
// events keep that meaning: their Residue is what was posted, and a
// reversal takes back what its settlement posted.

// posted returns st as the ledger records and posts it: its Residue zero
// (nothing below a smallest unit is posted), and its exact residue as a
// reduced fraction of the unit ("" when there is none).
func posted(st games.Settlement) (games.Settlement, string) {
	exact := st.ExactResidue()
	st.Residue, st.ResidueExact = decimal.Zero, nil
	return st, posting.ResidueString(exact)
}
