package api

import (
	"reflect"

	"github.com/wagerlog/wagerlog/internal/amountjson"
)

// PercentDecimals is how many decimals a percentage is written with.
const PercentDecimals = 2

// Amounts in answers are written with their currency's decimals ("87.70",
// "0.00"), percentages with two ("33.30"): finance reads these columns, and
// "87.7" next to "12.35" is a defect in a spreadsheet. The ledger and the
// projections keep decimal.Decimal values, which encode with as few
// decimals as the value needs; the API renders them at its edge, for every
// JSON answer (reads, write answers, the live board), with the one
// renderer the reports use too (internal/amountjson): which members are
// amounts comes from the answers' Go types, the currency from the nearest
// "currency" member. A value is only ever padded, never rounded: a residue
// keeps its decimals, and so does a percentage.

// amountRenderer rewrites the amounts of encoded answers.
type amountRenderer struct {
	*amountjson.Renderer
	// scales maps a currency to its decimals.
	scales map[string]int32
	// direct is true when a command's Result can be encoded directly,
	// its amounts written as it goes (resultanswer.go).
	direct bool
}

// percentMember is the name of the percentage members (the boards'
// counts).
const percentMember = "percent"

// newAmountRenderer returns a renderer for the answers of types.
func newAmountRenderer(scales map[string]int32, types ...reflect.Type) *amountRenderer {
	a := &amountRenderer{
		Renderer: amountjson.New(amountjson.Options{
			Scales:      scales,
			Percents:    map[string]int32{percentMember: PercentDecimals},
			PadPercents: true,
		}, types...),
		scales: scales,
	}
	a.direct = a.directResult()
	return a
}

// render returns body with its amounts written with their currency's
// decimals; a body it cannot parse is returned as it is, and an amount
// with no currency in scope is left as it is.
func (a *amountRenderer) render(body []byte) []byte {
	out, _, err := a.Render(body)
	if err != nil {
		return body
	}
	return out
}
