package ledger

import (
	"maps"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/internal/testsize"
)

// TestBalanceMap_SnapshotsKeepTheirBalances drives the balances with
// random postings against a plain map, taking snapshots and releasing them
// along the way (at most two held at once, as a checkpoint being encoded
// and one on demand), and checks that the balances always agree with the
// model, that each snapshot lists exactly the balances of its moment until
// it is released, and that the overlay is folded away once none is held.
func TestBalanceMap_SnapshotsKeepTheirBalances(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	b := newBalanceMap(0)
	model := map[balanceKey]decimal.Decimal{}
	type held struct {
		snap balanceMap
		want map[balanceKey]decimal.Decimal
	}
	var snaps []held
	check := func(step int, s balanceMap, want map[balanceKey]decimal.Decimal, what string) {
		t.Helper()
		got := map[balanceKey]decimal.Decimal{}
		s.each(func(k balanceKey, v decimal.Decimal) {
			if _, twice := got[k]; twice {
				t.Fatalf("step %d: %s lists %v twice", step, what, k)
			}
			got[k] = v
		})
		if s.len() != len(want) || !maps.EqualFunc(got, want, decimal.Decimal.Equal) {
			t.Fatalf("step %d: %s lists %d balances, want %d", step, what, len(got), len(want))
		}
	}
	taken, folded := 0, 0
	// 20,000 steps at full size (-tags slow), 5,000 by default.
	steps := testsize.Pick(5_000, 20_000)
	for step := range steps {
		switch op := rng.IntN(100); {
		case op < 90:
			k := balanceKey{"wallet:p" + strconv.Itoa(rng.IntN(500)), []string{"EUR", "USD"}[rng.IntN(2)]}
			v := b.get(k).Add(decimal.New(int64(rng.IntN(2000)-1000), -2))
			b.set(k, v)
			model[k] = v
			if b.holders.Load() == 0 && b.over != nil {
				t.Fatalf("step %d: a write with no snapshot held left the overlay", step)
			}
			if b.over == nil && len(snaps) == 0 && taken > 0 {
				folded++
			}
		case op < 95 && len(snaps) < 2:
			snaps = append(snaps, held{b.share(), maps.Clone(model)})
			taken++
		case len(snaps) > 0:
			i := rng.IntN(len(snaps))
			check(step, snaps[i].snap, snaps[i].want, "a held snapshot")
			snaps[i].snap.release()
			snaps = append(snaps[:i], snaps[i+1:]...)
		}
		if step%97 == 0 {
			check(step, b, model, "the balances")
			for k, v := range model {
				if !b.get(k).Equal(v) {
					t.Fatalf("step %d: %v is %s, model %s", step, k, b.get(k), v)
				}
			}
		}
	}
	for _, s := range snaps {
		check(-1, s.snap, s.want, "a snapshot held to the end")
	}
	check(-1, b, model, "the balances")
	if taken < steps/40 || folded == 0 {
		t.Fatalf("%d snapshots taken, %d writes after a fold: the run did not exercise sharing", taken, folded)
	}
}
