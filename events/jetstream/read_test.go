package jetstream

import (
	"bytes"
	"errors"
	"log/slog"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/internal/syncbuf"
)

// seqs returns the sequences Read delivers for from..to.
func seqs(tb testing.TB, s *Store, from, to uint64) []uint64 {
	tb.Helper()
	var got []uint64
	if err := s.Read(testCtx(tb), from, to, func(r events.Raw) error {
		got = append(got, r.Seq)
		return nil
	}); err != nil {
		tb.Fatalf("Read(%d, %d): %v", from, to, err)
	}
	return got
}

func TestRead_Range(t *testing.T) {
	s := openTest(t, "", nil)
	if got := seqs(t, s, 1, 0); len(got) != 0 {
		t.Fatalf("empty stream: %v", got)
	}
	mustAppend(t, s, 0, raws(s.Prefix(), "t1", "a", 30, 100))
	for _, c := range []struct {
		from, to   uint64
		first, num uint64
	}{
		{1, 0, 1, 30},
		{0, 0, 1, 30},
		{5, 9, 5, 5},
		{30, 30, 30, 1},
		{30, 0, 30, 1},
		{25, 99, 25, 6},
		{31, 0, 0, 0},
		{31, 40, 0, 0},
		{10, 9, 0, 0},
	} {
		got := seqs(t, s, c.from, c.to)
		if uint64(len(got)) != c.num {
			t.Fatalf("Read(%d, %d): %d events %v, want %d", c.from, c.to, len(got), got, c.num)
		}
		for i, seq := range got {
			if seq != c.first+uint64(i) {
				t.Fatalf("Read(%d, %d): %v, want from %d on", c.from, c.to, got, c.first)
			}
		}
	}
}

// A bounded read does not ask the stream's end first: one that reaches past
// the end stops there without calling anything lost.
func TestRead_PastTheEndIsNoLoss(t *testing.T) {
	var logged syncbuf.Buffer
	s := openTest(t, "", func(o *Options) {
		o.Logger = slog.New(slog.NewTextHandler(&logged, &slog.HandlerOptions{Level: slog.LevelWarn}))
	})
	mustAppend(t, s, 0, raws(s.Prefix(), "t1", "a", 10, 100))
	if got := seqs(t, s, 8, 1000); len(got) != 3 || got[0] != 8 || got[2] != 10 {
		t.Fatalf("Read(8, 1000): %v, want 8..10", got)
	}
	if logged.String() != "" {
		t.Fatalf("a read past the end logged %q", logged.String())
	}
}

func TestRead_StopsAtFnError(t *testing.T) {
	s := openTest(t, "", nil)
	mustAppend(t, s, 0, raws(s.Prefix(), "t1", "a", 20, 100))
	boom := errors.New("boom")
	n := 0
	err := s.Read(testCtx(t), 1, 0, func(events.Raw) error {
		n++
		if n == 7 {
			return boom
		}
		return nil
	})
	if !errors.Is(err, boom) || n != 7 {
		t.Fatalf("err %v after %d calls, want boom after 7", err, n)
	}
}

func TestRead_DataIsRetained(t *testing.T) {
	s := openTest(t, "", nil)
	want := raws(s.Prefix(), "t1", "a", 2000, 300)
	mustAppend(t, s, 0, want[:1000])
	mustAppend(t, s, 1000, want[1000:])
	got := readAll(t, s)
	for i := range want {
		if !bytes.Equal(got[i].Data, want[i].Data) {
			t.Fatalf("event %d data changed after later reads", i)
		}
	}
}

func TestReadTable(t *testing.T) {
	s := openTest(t, "", nil)
	p := s.Prefix()
	// t1 and t2 interleaved: t1 at odd positions of each batch.
	var b []events.Raw
	for i := range 40 {
		table, tag := "t1", "one"
		if i%2 == 1 {
			table, tag = "t2", "two"
		}
		b = append(b, raws(p, table, tag, i+1, 100)[i])
	}
	mustAppend(t, s, 0, b)
	mustAppend(t, s, 40, []events.Raw{{Subject: events.CashierSubject(p), MsgID: "cash-1", Data: []byte("{}")}})

	read := func(table string, from uint64) []events.Raw {
		var got []events.Raw
		if err := s.ReadTable(testCtx(t), table, from, func(r events.Raw) error {
			got = append(got, r)
			return nil
		}); err != nil {
			t.Fatalf("ReadTable(%s, %d): %v", table, from, err)
		}
		return got
	}
	got := read("t1", 1)
	if len(got) != 20 {
		t.Fatalf("t1: %d events, want 20", len(got))
	}
	for i, r := range got {
		if r.Seq != uint64(2*i+1) || r.Subject != events.TableSubject(p, "t1") {
			t.Fatalf("t1 event %d: seq %d subject %q", i, r.Seq, r.Subject)
		}
	}
	if got := read("t2", 21); len(got) != 10 || got[0].Seq != 22 {
		t.Fatalf("t2 from 21: %d events, first %+v", len(got), got)
	}
	if got := read("t3", 1); len(got) != 0 {
		t.Fatalf("table without events: %d events", len(got))
	}
	if got := read("t1", 40); len(got) != 0 {
		t.Fatalf("t1 after its last event: %d events", len(got))
	}
	if err := s.ReadTable(testCtx(t), "bad.table", 1, func(events.Raw) error { return nil }); err == nil {
		t.Fatal("ReadTable accepted an invalid table id")
	}
}

func TestGet(t *testing.T) {
	s := openTest(t, "", nil)
	want := raws(s.Prefix(), "t1", "a", 3, 100)
	mustAppend(t, s, 0, want)
	r, err := s.Get(testCtx(t), 2)
	if err != nil {
		t.Fatal(err)
	}
	if r.Seq != 2 || r.MsgID != want[1].MsgID || r.Subject != want[1].Subject || !bytes.Equal(r.Data, want[1].Data) || r.Stored.IsZero() {
		t.Fatalf("Get(2) = %+v", r)
	}
	all := readAll(t, s)
	if !all[1].Stored.Equal(r.Stored) {
		t.Fatalf("stored time: Get %v, Read %v", r.Stored, all[1].Stored)
	}
	for _, seq := range []uint64{0, 4, 1 << 40} {
		if _, err := s.Get(testCtx(t), seq); !errors.Is(err, ErrNotFound) {
			t.Fatalf("Get(%d): %v, want ErrNotFound", seq, err)
		}
	}
}

// TestRead_ConsumerDeletedAfterAnswer checks that a read's consumer, which
// is deleted after the read has returned, is gone from the stream soon
// after, and that Close returns while a deletion may be under way (it
// waits for it, bounded by the deletion's timeout).
func TestRead_ConsumerDeletedAfterAnswer(t *testing.T) {
	s := openTest(t, "", nil)
	mustAppend(t, s, 0, raws(s.Prefix(), "t1", "a", 50, 100))
	for range 5 {
		if got := seqs(t, s, 1, 0); len(got) != 50 {
			t.Fatalf("read %d events, want 50", len(got))
		}
	}
	waitConsumers(t, s, 0)

	seqs(t, s, 1, 0) // its consumer's deletion may still be under way
	closed := make(chan error, 1)
	go func() { closed <- s.Close() }()
	select {
	case err := <-closed:
		if err != nil {
			t.Fatalf("Close: %v", err)
		}
	case <-time.After(2 * consumerDeleteTimeout):
		t.Fatal("Close did not return")
	}
	if err := s.Read(testCtx(t), 1, 0, func(events.Raw) error { return nil }); !errors.Is(err, ErrClosed) {
		t.Fatalf("Read after Close: %v, want ErrClosed", err)
	}
}
