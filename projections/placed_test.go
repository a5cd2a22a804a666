package projections

import (
	"errors"
	"testing"

	"github.com/wagerlog/wagerlog/events"
)

// TestStore_BetPlacedTwice: a bet placed a second time is refused as
// inconsistent whether its first placing is in the same batch, in the
// same batch as its round's opening, or in an earlier batch (where the
// fold looks it up in the file, since its round has bets stored), and
// nothing of the refused batch is applied.
func TestStore_BetPlacedTwice(t *testing.T) {
	h := newHarness(t)
	playScenario(h, 3, 6)
	raws := readRaw(t, h.Stream)
	placed, opened := -1, -1
	for i, r := range raws {
		if mustDecode(t, r).Type == events.TypeBetPlaced {
			placed = i
			break
		}
	}
	if placed < 0 {
		t.Fatal("no bet placed in the scenario")
	}
	round := mustDecode(t, raws[placed]).Round
	for i := placed - 1; i >= 0; i-- {
		if e := mustDecode(t, raws[i]); e.Type == events.TypeRoundOpened && e.Round == round {
			opened = i
			break
		}
	}
	if opened < 0 {
		t.Fatal("the bet's round was not opened before it")
	}
	again := raws[placed]
	again.Seq = raws[placed].Seq + 1

	for _, c := range []struct {
		name  string
		split int // the batch before the one with the second placing ends here
	}{
		{"in one batch", 0},
		{"round opened earlier", opened + 1},
		{"bet placed earlier", placed + 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := openProj(t, "", Options{})
			if c.split > 0 {
				applyAll(t, s, raws[:c.split], c.split)
			}
			batch := append(append([]events.Raw(nil), raws[c.split:placed+1]...), again)
			if err := s.Apply(batch); !errors.Is(err, ErrInconsistent) {
				t.Fatalf("a bet placed twice: %v", err)
			}
			var want uint64 // the last sequence of the batches applied
			if c.split > 0 {
				want = raws[c.split-1].Seq
			}
			if s.LastSeq() != want {
				t.Fatalf("after the refused batch the store is at %d, want %d", s.LastSeq(), want)
			}
		})
	}
}

func mustDecode(t *testing.T, r events.Raw) events.Envelope {
	t.Helper()
	e, err := events.Decode(r.Data)
	if err != nil {
		t.Fatal(err)
	}
	return e
}
