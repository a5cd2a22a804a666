package jackpot

import (
	"testing"

	"github.com/shopspring/decimal"
)

// FuzzSettleLine checks that any line gets an answer, settled or an error
// with a code, and that a settled pass conserves money: the balances
// before plus what the casino put in equal the balances after plus the
// prizes, no balance is negative, and the main pool ends at or above its
// base. Seed corpus: testdata/fuzz/FuzzSettleLine.
func FuzzSettleLine(f *testing.F) {
	f.Add([]byte(`{"pool":"jp-1","main":"10000.00","reserve":"500.00","stake":"1","hands":[{"seat":1,"cards":["AS","KS","QS","JS","TS"]},{"seat":3,"cards":["2H","2D","2C","2S","9H"]}]}`))
	f.Add([]byte(`{"pool":"jp-1","main":"10.00","stake":"3","hands":[{"seat":2,"cards":["2H","3H","4H","5H","6H"]},{"seat":4,"cards":["9S","9D","9C","4S","4H"]}]}`))
	f.Fuzz(func(t *testing.T, line []byte) {
		r := SettleLine(line)
		if r.Outcome == "error" {
			if r.Code == "" || r.Message == "" {
				t.Fatalf("%s: %+v", line, r)
			}
			return
		}
		if r.Outcome != "settled" {
			t.Fatalf("%s: outcome %q", line, r.Outcome)
		}
		var req struct {
			Main, Reserve decimal.Decimal
		}
		in := SettleLineRequestOf(t, line)
		req.Main = decimal.RequireFromString(in.Main)
		req.Reserve = decimal.Zero
		if in.Reserve != nil {
			req.Reserve = decimal.RequireFromString(*in.Reserve)
		}
		prizes := decimal.Zero
		for _, s := range r.Seats {
			p := decimal.RequireFromString(s.Prize)
			if p.Sign() < 0 {
				t.Fatalf("%s: prize %s", line, p)
			}
			prizes = prizes.Add(p)
		}
		main, reserve := decimal.RequireFromString(r.Main), decimal.RequireFromString(r.Reserve)
		casino := decimal.RequireFromString(r.CasinoFunding)
		if !req.Main.Add(req.Reserve).Add(casino).Equal(main.Add(reserve).Add(prizes)) {
			t.Fatalf("%s: %s + %s + %s ≠ %s + %s + %s", line, req.Main, req.Reserve, casino, main, reserve, prizes)
		}
		if main.LessThan(decimal.NewFromInt(1000)) || reserve.Sign() < 0 {
			t.Fatalf("%s: after %s / %s", line, main, reserve)
		}
	})
}

// SettleLineRequestOf decodes a line the package accepted.
func SettleLineRequestOf(t *testing.T, line []byte) SettleLineRequest {
	t.Helper()
	var req SettleLineRequest
	if err := jsonUnmarshalStrict(line, &req); err != nil {
		t.Fatalf("%s was settled but does not decode: %v", line, err)
	}
	return req
}
