package ledger

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/wagerlog/wagerlog/internal/testsize"
)

// TestIdemIndex_SnapshotsKeepTheirKeys drives the index with random
// changes (new keys, the entry of a new or an old key changed, the oldest
// dropped) against a plain model, taking snapshots along the way, and
// checks that the index always agrees with the model and that every
// snapshot still lists exactly the items of its moment at the end: the
// chunks they share were copied before the index changed them.
func TestIdemIndex_SnapshotsKeepTheirKeys(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	q := newIdemIndex(0)
	var model []idemItem // oldest first
	type taken struct {
		snap idemIndex
		want []idemItem
	}
	var snaps []taken
	key := func(i int) idemKey { return newIdemKey("frontend", "k-"+strconv.Itoa(i)) }
	next := 0
	// 20,000 steps at full size (-tags slow), 5,000 by default.
	for step := range testsize.Pick(5_000, 20_000) {
		switch op := rng.IntN(100); {
		case op < 55: // a command with a new key
			it := idemItem{key: key(next), ent: idemEntry{first: uint64(next), events: 1}}
			next++
			if !q.set(it.key, it.ent) {
				t.Fatalf("step %d: new key %d not new", step, next-1)
			}
			model = append(model, it)
		case op < 65 && len(model) > 0: // a later event of a command: an old or a recent key
			i := len(model) - 1
			if rng.IntN(3) == 0 {
				i = rng.IntN(len(model))
			}
			model[i].ent.events++
			model[i].ent.span += 2
			if q.set(model[i].key, model[i].ent) {
				t.Fatalf("step %d: key %d taken as new", step, i)
			}
		case op < 95 && len(model) > 0:
			if got := q.oldest(); got != model[0] {
				t.Fatalf("step %d: oldest %+v, model %+v", step, got, model[0])
			}
			q.dropOldest()
			model = model[1:]
		case op >= 95:
			snaps = append(snaps, taken{q.share(), slices.Clone(model)})
		}
		if q.len() != len(model) || len(q.pos) != len(model) {
			t.Fatalf("step %d: %d items, %d positions, model %d", step, q.len(), len(q.pos), len(model))
		}
		if len(model) > 0 {
			m := model[rng.IntN(len(model))]
			if e, ok := q.get(m.key); !ok || e != m.ent {
				t.Fatalf("step %d: get %v %+v, model %+v", step, ok, e, m.ent)
			}
		}
	}
	if _, ok := q.get(key(next)); ok {
		t.Error("a key never set was found")
	}
	var got []idemItem
	q.each(func(it idemItem) { got = append(got, it) })
	if !slices.Equal(got, model) {
		t.Fatalf("the index lists %d items, not the model's %d", len(got), len(model))
	}
	if len(snaps) < 100 {
		t.Fatalf("only %d snapshots taken", len(snaps))
	}
	for i, s := range snaps {
		var got []idemItem
		s.snap.each(func(it idemItem) { got = append(got, it) })
		if s.snap.len() != len(s.want) || !slices.Equal(got, s.want) {
			t.Fatalf("snapshot %d lists %d items, had %d: a shared chunk was changed in place", i, len(got), len(s.want))
		}
	}
}
