package ledger

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/shopspring/decimal"
)

// TestAsStored_SameAsStringParse holds asStored's shortcut to what it
// stands for, a String and a parse, down to the decimal's representation
// (coefficient and exponent), over amounts of every shape.
func TestAsStored_SameAsStringParse(t *testing.T) {
	ds := []decimal.Decimal{decimal.Zero, decimal.New(0, -2), decimal.New(0, 4), decimal.New(7, 3), decimal.New(-7, 3),
		decimal.New(1200, -2), decimal.New(-1250, -2), decimal.New(5, -20), decimal.New(99999999999999999, 0),
		decimal.New(999999999999999999, 0), decimal.New(-999999999999999999, -5), decimal.New(1, 16), decimal.New(1, 17),
		decimal.RequireFromString("100.00"), decimal.RequireFromString("0.10"), decimal.RequireFromString("123456789012345678901234.5000")}
	r := rand.New(rand.NewPCG(5, 6))
	for range 5000 {
		c := r.Int64N(1 << (r.IntN(62) + 1))
		if r.IntN(3) == 0 {
			c = -c
		}
		ds = append(ds, decimal.New(c, int32(r.IntN(30)-20)))
	}
	a := decimal.RequireFromString("10.50")
	ds = append(ds, a.Add(a), a.Mul(a), a.Sub(a), a.Div(decimal.New(3, 0)))
	for _, d := range ds {
		want := decimal.RequireFromString(d.String())
		if got := asStored(d); !reflect.DeepEqual(got, want) || got.String() != want.String() {
			t.Errorf("asStored(%s e%d) = %s e%d, want %s e%d", d.Coefficient(), d.Exponent(), got.Coefficient(), got.Exponent(), want.Coefficient(), want.Exponent())
		}
	}
}
