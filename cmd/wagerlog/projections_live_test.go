package main

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/projections"
	"github.com/wagerlog/wagerlog/replay"
)

// TestProjections_LiveEqualsRebuild_EveryGame plays the demo's rounds of
// every game while a projector follows the stream live, as serve runs it
// (taking the ledger's events from a hand-off), then rebuilds the
// projections from the stream as `wagerlog rebuild` does: the two files
// hold the same records, byte for byte.
func TestProjections_LiveEqualsRebuild_EveryGame(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	dir := t.TempDir()
	st, err := jetstream.Open(ctx, jetstream.Options{DataDir: filepath.Join(dir, "ledger")})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	opts := projections.Options{Games: registry.New()}
	live, err := projections.Open(filepath.Join(dir, "live.db"), opts)
	if err != nil {
		t.Fatal(err)
	}
	defer live.Close()
	hand := projections.NewHandoff(0)
	p := projections.NewProjector(live, st, nil)
	p.Handoff = hand
	pctx, stop := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- p.Run(pctx) }()
	defer func() {
		stop()
		if err := <-done; err != nil && !errors.Is(err, context.Canceled) {
			t.Errorf("projector: %v", err)
		}
	}()

	playEveryGame(ctx, t, st, ledger.Appends(hand), 3)
	last, err := st.LastSeq(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := live.WaitFor(ctx, last); err != nil {
		t.Fatalf("the live projections did not reach %d: %v", last, err)
	}
	if taken, _ := hand.Counts(); taken == 0 {
		t.Errorf("the projector took none of %d events from the hand-off", last)
	}

	path := filepath.Join(dir, "rebuilt.db")
	if _, err := replay.Rebuild(ctx, st, path, opts, nil); err != nil {
		t.Fatal(err)
	}
	rebuilt, err := projections.Open(path, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer rebuilt.Close()

	a, b := records(t, live), records(t, rebuilt)
	if len(a) != len(b) {
		t.Errorf("live: %d records, rebuilt: %d", len(a), len(b))
	}
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			t.Fatalf("record %d differs:\nlive:    %q\nrebuilt: %q", i, a[i], b[i])
		}
	}

	// Every game of the registry played: its tables' rounds are in the
	// file.
	tables, err := rebuilt.Tables()
	if err != nil {
		t.Fatal(err)
	}
	played := map[string]bool{}
	for _, tb := range tables.Tables {
		if tb.Rounds > 0 {
			played[tb.Game] = true
		}
	}
	demoed := 0
	for _, g := range opts.Games.Games() {
		if _, ok := g.(games.Demoer); !ok {
			continue
		}
		demoed++
		if !played[g.Name()] {
			t.Errorf("game %s: no round in the stream", g.Name())
		}
	}
	t.Logf("%d events, %d records, rounds of %d games (%d with a demo, %d in the registry)", last, len(a), len(played), demoed, len(opts.Games.Games()))
}

// records lists every record of s as "bucket key value", in the file's
// order.
func records(t *testing.T, s *projections.Store) []string {
	t.Helper()
	var out []string
	err := s.Records(func(bucket, key, value []byte) error {
		out = append(out, fmt.Sprintf("%s %q %x", bucket, key, value))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatal("no records")
	}
	return out
}
