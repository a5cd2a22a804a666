package drawpoker

import (
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

// FuzzParseDeal: any input is refused with invalid_result, or parses to
// a deal whose JSON reads back equal with the same bytes, and each of its
// seats' ante and call settles with returned = stake + win and a residue
// never negative.
func FuzzParseDeal(f *testing.F) {
	f.Add([]byte(`{"dealer":["QC","QD","3C","4D","8C"],"seats":[{"seat":1,"cards":["AS","2H","2D","6C","9H"],"exchange":{"discard":["9H"],"draw":["AH"]}},{"seat":2,"cards":["KS","7H","5D","6D","9D"],"fold":true}]}`))
	f.Add([]byte(`{"dealer":["QC","QD","3C","4D","8C"],"seats":[{"seat":7,"cards":["AS","2H","2D","6C","9H"]}]}`))
	f.Add([]byte(`{"dealer":[],"seats":null}`))
	f.Add([]byte(`{"dealer":["QC","QD","3C","4D","8C"],"seats":[{"seat":1,"cards":["AS","2H","2D","6C","9H"],"exchange":{"discard":["9H"],"draw":["QC"]}}]}`))
	pt, err := Lookup(IDExchangeOne)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		r, err := pt.ParseResult(raw)
		if err != nil {
			if games.ErrorCode(err) != "invalid_result" {
				t.Fatalf("%q: %v without invalid_result", raw, err)
			}
			return
		}
		again, err := pt.ParseResult(r.JSON())
		if err != nil || !again.Equal(r) || string(again.JSON()) != string(r.JSON()) {
			t.Fatalf("%s reads back as %v, %v", r.JSON(), again, err)
		}
		stake := decimal.RequireFromString("7.35")
		for _, s := range r.(Deal).Seats {
			for _, kind := range []string{BetAnte, BetCall} {
				st, err := pt.Settle(games.Bet{Code: kind + ":" + string(rune('0'+s.Seat)), Stake: stake}, 2, []games.Result{r})
				if err != nil {
					if kind == BetCall && s.Fold {
						continue
					}
					t.Fatalf("%s on %s: %v", kind, r.JSON(), err)
				}
				if !st.Returned.Equal(stake.Add(st.Win)) && st.Outcome != games.OutcomeLost || st.Residue.IsNegative() {
					t.Fatalf("%s on %s: %+v", kind, r.JSON(), st)
				}
			}
		}
	})
}
