package amountjson

import (
	"reflect"
	"testing"

	"github.com/shopspring/decimal"
)

type row struct {
	Player   string            `json:"player"`
	Currency string            `json:"currency,omitempty"`
	Staked   decimal.Decimal   `json:"staked"`
	Low      *decimal.Decimal  `json:"low_percent,omitempty"`
	Bets     []bet             `json:"bets,omitempty"`
	Balances []decimal.Decimal `json:"balances,omitempty"`
}

type bet struct {
	Win decimal.Decimal `json:"win"`
}

type doc struct {
	Rows       []row                      `json:"rows"`
	Thresholds map[string]decimal.Decimal `json:"thresholds"`
	Total      decimal.Decimal            `json:"total"`
}

func TestRenderer_Render(t *testing.T) {
	r := New(Options{
		Scales:          map[string]int32{"EUR": 2, "CLP": 0},
		Percents:        map[string]int32{"low_percent": 2},
		KeyedByCurrency: []string{"thresholds"},
	}, reflect.TypeOf(doc{}))
	for _, c := range []struct {
		name, in, want string
		unscoped       []string
	}{
		{"OKPadded", `{"rows":[{"player":"123","currency":"EUR","staked":"3731"}]}`, `{"rows":[{"player":"123","currency":"EUR","staked":"3731.00"}]}`, nil},
		{"OKNoDecimals", `{"rows":[{"currency":"CLP","staked":"500"}]}`, `{"rows":[{"currency":"CLP","staked":"500"}]}`, nil},
		{"OKFinerKept", `{"rows":[{"currency":"EUR","staked":"0.0799999999999992"}]}`, `{"rows":[{"currency":"EUR","staked":"0.0799999999999992"}]}`, nil},
		{"OKEnclosing", `{"rows":[{"currency":"EUR","bets":[{"win":"7"}]}]}`, `{"rows":[{"currency":"EUR","bets":[{"win":"7.00"}]}]}`, nil},
		{"OKPercentRounded", `{"rows":[{"currency":"EUR","low_percent":"12.345"}]}`, `{"rows":[{"currency":"EUR","low_percent":"12.35"}]}`, nil},
		{"OKKeyed", `{"thresholds":{"CLP":"2000","EUR":"300"}}`, `{"thresholds":{"CLP":"2000","EUR":"300.00"}}`, nil},
		{"OKList", `{"rows":[{"currency":"EUR","balances":["1000","0","0.005"]}]}`, `{"rows":[{"currency":"EUR","balances":["1000.00","0.00","0.005"]}]}`, nil},
		{"OKListWithoutCurrency", `{"rows":[{"balances":["1000"]}]}`, `{"rows":[{"balances":["1000"]}]}`, nil},
		{"OKZeroWithoutCurrency", `{"rows":[{"staked":"0"}]}`, `{"rows":[{"staked":"0"}]}`, nil},
		{"ErrNoCurrency", `{"total":"12.5"}`, `{"total":"12.5"}`, []string{"total"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, unscoped, err := r.Render([]byte(c.in))
			if err != nil || string(got) != c.want || !reflect.DeepEqual(unscoped, c.unscoped) {
				t.Errorf("Render(%s) = %s, %v, %v; want %s, %v", c.in, got, unscoped, err, c.want, c.unscoped)
			}
		})
	}
	if _, _, err := r.Render([]byte(`{"rows":[`)); err == nil {
		t.Error("Render of broken JSON: no error")
	}
}

// TestRenderer_PadPercents: padded percentages gain decimals and never
// lose any.
func TestRenderer_PadPercents(t *testing.T) {
	r := New(Options{Percents: map[string]int32{"low_percent": 2}, PadPercents: true}, reflect.TypeOf(doc{}))
	for in, want := range map[string]string{
		`{"rows":[{"low_percent":"12.5"}]}`:   `{"rows":[{"low_percent":"12.50"}]}`,
		`{"rows":[{"low_percent":"12.345"}]}`: `{"rows":[{"low_percent":"12.345"}]}`,
	} {
		if got, _, err := r.Render([]byte(in)); err != nil || string(got) != want {
			t.Errorf("Render(%s) = %s, %v; want %s", in, got, err, want)
		}
	}
	if !r.Amount("staked") || r.Amount("low_percent") || r.Amount("player") {
		t.Error("Amount: staked is an amount, low_percent and player are not")
	}
}
