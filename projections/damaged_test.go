package projections

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/wagerlog/wagerlog/games/sicbo"
)

// damage overwrites records of the projections file at path (closed) in
// place, as a bad disk or a buggy build would; a nil value deletes the
// record.
func damage(tb testing.TB, path string, records map[string]map[string][]byte) {
	tb.Helper()
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: time.Second})
	if err != nil {
		tb.Fatal(err)
	}
	defer db.Close()
	err = db.Update(func(tx *bolt.Tx) error {
		for bucket, kvs := range records {
			for k, v := range kvs {
				b := tx.Bucket([]byte(bucket))
				var err error
				if v == nil {
					err = b.Delete([]byte(k))
				} else {
					err = b.Put([]byte(k), v)
				}
				if err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
}

// TestStore_Damaged corrupts a board and a bet record in a real bbolt
// file: the queries that read them answer ErrDamaged (a *DamagedError
// naming the record), a batch that folds into them fails with it instead
// of a panic, and nothing of that batch is applied. A projector with a
// Repair rebuilds the file and follows on.
func TestStore_Damaged(t *testing.T) {
	h := newHarness(t)
	path := filepath.Join(t.TempDir(), "projections.db")
	s := openProj(t, path, Options{})
	h.Deposit("ana", "100")
	h.OpenTable("t1", sicbo.IDLive)
	round := h.OpenRound("t1")
	slip := h.Bet("t1", round, "ana", bet("big", "10"))
	h.CloseBetting("t1", round)
	h.Result("t1", round, [3]int{4, 5, 6})
	applyAll(t, s, readRaw(t, h.Stream), 100)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	damage(t, path, map[string]map[string][]byte{
		"boards": {"t1": {2, 1, 200}},
		"bets":   {string(betKey(round, slip.Bets[0].Bet)): {2, 1}},
	})

	s = openProj(t, path, Options{})
	if s.Damaged() {
		t.Fatal("damaged before any read")
	}
	_, err := s.Board("t1")
	var de *DamagedError
	if !errors.Is(err, ErrDamaged) || !errors.As(err, &de) || de.Bucket != "boards" || de.Key != "t1" {
		t.Fatalf("board: %v", err)
	}
	if !s.Damaged() {
		t.Fatal("a damaged read does not mark the store")
	}
	if _, err := s.Round(round); !errors.Is(err, ErrDamaged) {
		t.Fatalf("round: %v", err)
	}
	if _, err := s.PlayerBets("ana", Page{}); !errors.Is(err, ErrDamaged) {
		t.Fatalf("bets: %v", err)
	}
	if _, err := s.Table("t1"); err != nil {
		t.Fatalf("an intact record: %v", err)
	}

	// The next round settles onto the damaged board: the batch fails.
	before := s.LastSeq()
	r2 := h.OpenRound("t1")
	h.CloseBetting("t1", r2)
	h.Result("t1", r2, [3]int{1, 1, 2})
	raws := readRaw(t, h.Stream)
	if err := s.Apply(raws[before:]); !errors.Is(err, ErrDamaged) {
		t.Fatalf("apply onto a damaged board: %v", err)
	}
	if s.LastSeq() != before {
		t.Fatalf("a failed batch moved the store to %d", s.LastSeq())
	}

	// A projector with a Repair rebuilds the file and follows on.
	p := NewProjector(s, h.Stream, nil)
	var repairs atomic.Int32
	p.Repair = func(ctx context.Context) error {
		repairs.Add(1)
		tmp := path + ".rebuild"
		fresh, err := Open(tmp, Options{NoSync: true})
		if err != nil {
			return err
		}
		if err := fresh.Apply(readRaw(t, h.Stream)); err != nil {
			return errors.Join(err, fresh.Close())
		}
		if err := fresh.Close(); err != nil {
			return err
		}
		return os.Rename(tmp, path)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- p.Run(ctx) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("projector: %v", err)
		}
	}()
	waitFor(t, s, h.LastSeq())
	b, err := s.Board("t1")
	if err != nil || len(b.Results) != 2 || s.Damaged() || repairs.Load() != 1 {
		t.Fatalf("after the repair: board %d results, %v; damaged %v; %d repairs", len(b.Results), err, s.Damaged(), repairs.Load())
	}
	if rv, err := s.Round(round); err != nil || rv.Bets[0].Status != BetWon {
		t.Fatalf("round after the repair: %+v %v", rv, err)
	}
}

// TestOpen_NotABoltFile: a file that is not a bbolt file any more is
// damaged, for replay.OpenOrRebuild to rebuild.
func TestOpen_NotABoltFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "projections.db")
	if err := os.WriteFile(path, make([]byte, 8192), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(path, Options{LockTimeout: time.Second}); !errors.Is(err, ErrDamaged) {
		t.Fatalf("open: %v", err)
	}
}
