package projections

import (
	"bytes"
	"errors"
	"testing"

	bolt "go.etcd.io/bbolt"

	"github.com/wagerlog/wagerlog/events"
)

// keptMatchFile checks that every record the store keeps between batches
// is an open bet whose encoding is the file's record, byte for byte.
func keptMatchFile(t *testing.T, s *Store) {
	t.Helper()
	err := s.db.View(func(tx *bolt.Tx) error {
		for id, b := range s.openBets.m {
			if b.Status != BetOpen {
				t.Errorf("kept bet %s is %s", id.bet, b.Status)
			}
			if got := tx.Bucket(bucketBets).Get(betKey(id.round, id.bet)); !bytes.Equal(got, b.encode()) {
				t.Errorf("kept bet %s differs from the file's record", id.bet)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestStore_OpenBetsKept: settlements in later batches take their bets'
// records from those the store kept, which always equal the file's, and
// the answers are those of one batch; a batch that fails forgets them.
func TestStore_OpenBetsKept(t *testing.T) {
	h := newHarness(t)
	sc := playScenario(h, 7, 40)
	raws := readRaw(t, h.Stream)

	whole := openProj(t, "", Options{})
	applyAll(t, whole, raws, len(raws))

	s := openProj(t, "", Options{})
	for i := 0; i < len(raws); i += 5 {
		if err := s.Apply(raws[i:min(i+5, len(raws))]); err != nil {
			t.Fatal(err)
		}
		keptMatchFile(t, s)
	}
	if s.openBets.taken == 0 {
		t.Fatal("no settlement found its bet among the kept records")
	}
	sameAnswers(t, answers(t, whole, sc), answers(t, s, sc))

	// A batch that fails in its fold (a bet placed a second time, after
	// a settlement that took a kept record and changed it) forgets what
	// was kept, and the next batches give the same answers.
	again := openProj(t, "", Options{})
	half := len(raws) / 2
	applyAll(t, again, raws[:half], 5)
	var placed events.Raw
	for _, r := range raws[:half] {
		if e, err := events.Decode(r.Data); err == nil && e.Type == events.TypeBetPlaced {
			placed = r
			break
		}
	}
	j := half
	for ; j < len(raws); j++ {
		if e, err := events.Decode(raws[j].Data); err == nil && e.Type == events.TypeBetSettled {
			p, err := events.Into[events.BetSettled](&e)
			if err != nil {
				t.Fatal(err)
			}
			if again.openBets.get(betID{p.Round, p.Bet}) != nil {
				break
			}
		}
		applyAll(t, again, raws[j:j+1], 1)
	}
	if j == len(raws) || placed.Data == nil {
		t.Fatal("no settlement of a kept bet to test the failed batch with")
	}
	placed.Seq = raws[j].Seq + 1
	if err := again.Apply([]events.Raw{raws[j], placed}); !errors.Is(err, ErrInconsistent) {
		t.Fatalf("a bet placed twice: %v", err)
	}
	if again.openBets.m != nil || again.LastSeq() != raws[j].Seq-1 {
		t.Fatalf("after a failed batch: %d records kept, at %d", len(again.openBets.m), again.LastSeq())
	}
	applyAll(t, again, raws[j:], 5)
	sameAnswers(t, answers(t, whole, sc), answers(t, again, sc))
}
