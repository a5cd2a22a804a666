package jetstream

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/internal/syncbuf"
)

// TestRead_LostTail damages the last stored message on disk. On restart the
// server drops it but still reports it in the stream's last sequence; Read
// must deliver every message it does hold and return, not wait forever for
// the lost one; Follow must deliver them too, not hold them back waiting for
// a full batch.
func TestRead_LostTail(t *testing.T) {
	dir := t.TempDir()
	s := openTest(t, dir, nil)
	msgs := raws(s.Prefix(), "t1", "a", 5, 400)
	mustAppend(t, s, 0, msgs)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	changed := 0
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".blk" {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		at := bytes.Index(b, msgs[4].Data)
		if at < 0 {
			return nil
		}
		b[at+len(msgs[4].Data)/2] ^= 0x01
		changed++
		return os.WriteFile(p, b, 0o600)
	})
	if err != nil || changed != 1 {
		t.Fatalf("damaged %d block files, err %v", changed, err)
	}
	var logged syncbuf.Buffer
	s = openTest(t, dir, func(o *Options) {
		o.Logger = slog.New(slog.NewTextHandler(&logged, &slog.HandlerOptions{Level: slog.LevelWarn}))
	})
	// The store knows: the last sequence names a message it lacks.
	var f *events.StreamFault
	if err := s.Check(testCtx(t)); !errors.As(err, &f) || f.Kind != events.FaultDamagedTail || f.Seq != 5 || !errors.Is(err, events.ErrStreamDamaged) {
		t.Fatalf("Check after losing the last message: %v, want damaged_tail at 5", err)
	}
	followAfterLoss(t, s, msgs[:4])
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var got []events.Raw
	if err := s.Read(ctx, 1, 0, func(r events.Raw) error { got = append(got, r); return nil }); err != nil {
		t.Fatalf("read after losing the last message: %v", err)
	}
	if len(got) != 4 {
		t.Fatalf("read %d messages, want the 4 intact ones", len(got))
	}
	// A bounded read over the lost message ends as the open one does,
	// and says what it could not deliver.
	logged.Reset()
	n := 0
	if err := s.Read(ctx, 2, 5, func(events.Raw) error { n++; return nil }); err != nil || n != 3 {
		t.Fatalf("Read(2, 5) after losing 5: %d messages, %v; want 3", n, err)
	}
	if !strings.Contains(logged.String(), "missing=5") {
		t.Fatalf("Read(2, 5) after losing 5 logged %q, want the missing sequence", logged.String())
	}
	for i := 0; i < 4; i++ {
		if got[i].Seq != uint64(i+1) || got[i].MsgID != msgs[i].MsgID {
			t.Fatalf("message %d: seq %d id %s", i, got[i].Seq, got[i].MsgID)
		}
	}
}

// followAfterLoss follows the stream and requires the intact messages
// within a few seconds.
func followAfterLoss(t *testing.T, s *Store, want []events.Raw) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var got []events.Raw
	err := s.Follow(ctx, 1, func(batch []events.Raw) error {
		got = append(got, batch...)
		if len(got) >= len(want) {
			cancel()
		}
		return nil
	})
	if len(got) < len(want) {
		t.Fatalf("follow delivered %d messages (%v), want the %d intact ones", len(got), err, len(want))
	}
	for i := range want {
		if got[i].MsgID != want[i].MsgID {
			t.Fatalf("follow message %d is %s, want %s", i, got[i].MsgID, want[i].MsgID)
		}
	}
}
