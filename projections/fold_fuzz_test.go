package projections

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/internal/ledgertest"
	"github.com/wagerlog/wagerlog/internal/testgames"
	"github.com/wagerlog/wagerlog/ledger"
)

// FuzzFold applies a real stream that the input has reordered: events
// dropped, repeated and swapped, numbered again from 1, in batches of the
// input's size. Such a stream is not one the ledger writes (a second
// writer, a doctored store), and the projections must refuse what does
// not fit with an error and never panic: a panic would stop `serve` at
// every start. The stream as written applies without an error.
func FuzzFold(f *testing.F) {
	h := newGameHarness(f)
	playScenario(h, 7, 6)
	h.OpenGameTable("r1", "race/test")
	race := h.OpenRound("r1")
	h.Bet("r1", race, "ana", bet("next:3", "10"))
	h.CloseBetting("r1", race)
	h.Must(&ledger.RecordResult{Meta: ledger.Meta{Actor: ledgertest.Dealer}, Table: "r1", Round: race, Result: testgames.FaceJSON(3)})
	slip := h.Bet("r1", race, "ben", bet("hold", "15"), bet("next:4", "5"))
	h.Must(&ledger.TakeDown{Meta: ledger.Meta{Actor: ledgertest.Frontend}, Table: "r1", Round: race, Player: "ben", Bet: slip.Bets[0].Bet})
	h.CloseBetting("r1", race)
	h.Must(&ledger.RecordResult{Meta: ledger.Meta{Actor: ledgertest.Dealer}, Table: "r1", Round: race, Result: testgames.FaceJSON(5)})
	stream := readRaw(f, h.Stream)

	f.Add(byte(50), []byte{})
	f.Add(byte(1), []byte{})
	f.Add(byte(7), []byte{0, 30, 0, 1, 40, 0, 2, 10, 60})
	f.Add(byte(200), []byte{2, 5, 90, 1, 91, 0})
	f.Fuzz(func(t *testing.T, batch byte, ops []byte) {
		raws := slices.Clone(stream)
		changed := false
		for i := 0; i+2 < len(ops) && len(raws) > 0; i += 3 {
			a, b := int(ops[i+1])%len(raws), int(ops[i+2])%len(raws)
			switch ops[i] % 3 {
			case 0:
				raws = slices.Delete(raws, a, a+1)
				changed = true
			case 1:
				raws = slices.Insert(raws, a, raws[a])
				changed = true
			case 2:
				raws[a], raws[b] = raws[b], raws[a]
				changed = changed || a != b
			}
		}
		renumbered := make([]events.Raw, len(raws))
		for i, r := range raws {
			r.Seq = uint64(i + 1)
			renumbered[i] = r
		}
		s, err := Open(filepath.Join(t.TempDir(), "projections.db"), Options{Games: testCatalog, NoSync: true})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		n := 1 + int(batch)%64
		for i := 0; i < len(renumbered); i += n {
			if err := s.Apply(renumbered[i:min(i+n, len(renumbered))]); err != nil {
				if !changed {
					t.Fatalf("the stream as written: apply %d..: %v", i+1, err)
				}
				return
			}
		}
	})
}
