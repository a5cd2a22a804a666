package api

import (
	"reflect"
	"testing"

	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

func TestAmountRenderer_Render(t *testing.T) {
	a := newAmountRenderer(posting.DefaultCurrencies(), reflect.TypeOf(ledger.Result{}))
	cases := []struct{ in, want string }{
		{`{"first_seq":1,"player":"123","balance":"87.7","currency":"EUR"}`, `{"first_seq":1,"player":"123","balance":"87.70","currency":"EUR"}`},
		{`{"balance":"500","currency":"CLP"}`, `{"balance":"500","currency":"CLP"}`},
		{`{"currency":"EUR","settlement":{"bets":[{"win":"0","returned":"1.005"}]}}`, `{"currency":"EUR","settlement":{"bets":[{"win":"0.00","returned":"1.005"}]}}`},
		{`{"balance":"1"}`, `{"balance":"1"}`},
		{`{"x":{"percent":"33.3"}}`, `{"x":{"percent":"33.30"}}`},
		{`not json`, `not json`},
	}
	for _, c := range cases {
		if got := string(a.render([]byte(c.in))); got != c.want {
			t.Errorf("render(%s) = %s, want %s", c.in, got, c.want)
		}
	}
}
