package jetstream

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/wagerlog/wagerlog/events"
)

// contiguous fails unless got is exactly the sequences from..to, in order.
func contiguous(tb testing.TB, got []uint64, from, to uint64) {
	tb.Helper()
	if uint64(len(got)) != to-from+1 {
		tb.Fatalf("read %d events of %d..%d (first %v, last %v)", len(got), from, to, head(got), tail(got))
	}
	for i, seq := range got {
		if seq != from+uint64(i) {
			tb.Fatalf("event %d of %d..%d is sequence %d", i, from, to, seq)
		}
	}
}

func head(s []uint64) []uint64 { return s[:min(len(s), 3)] }
func tail(s []uint64) []uint64 { return s[max(0, len(s)-3):] }

// TestRead_WhilePublishing reads ranges up to the last sequence while a
// writer keeps appending batches: every read returns its whole range, and
// no event twice.
func TestRead_WhilePublishing(t *testing.T) {
	s := openTest(t, "", nil)
	ctx, cancel := context.WithCancel(testCtx(t))
	defer cancel()
	mustAppend(t, s, 0, raws(s.Prefix(), "t1", "seed", 200, 300))
	var (
		wg       sync.WaitGroup
		writeErr error
	)
	wg.Add(1)
	go func() {
		defer wg.Done()
		last := uint64(200)
		for i := 0; ctx.Err() == nil && i < 400; i++ {
			batch := raws(s.Prefix(), "t1", fmt.Sprintf("w%d", i), 50, 300)
			if _, err := s.Append(ctx, last, batch); err != nil {
				if ctx.Err() == nil {
					writeErr = err
				}
				return
			}
			last += uint64(len(batch))
		}
	}()
	reads := 0
	for ; reads < 25; reads++ {
		to := lastSeq(t, s)
		from := uint64(1)
		if reads%2 == 1 {
			from = to / 2
		}
		contiguous(t, seqs(t, s, from, to), from, to)
		// to == 0 reads up to the last sequence at the call: at least to.
		var got []uint64
		if err := s.Read(testCtx(t), to, 0, func(r events.Raw) error { got = append(got, r.Seq); return nil }); err != nil {
			t.Fatalf("Read(%d, 0): %v", to, err)
		}
		if len(got) == 0 {
			t.Fatalf("Read(%d, 0) while publishing read nothing", to)
		}
		contiguous(t, got, to, got[len(got)-1])
	}
	cancel()
	wg.Wait()
	if writeErr != nil {
		t.Fatalf("append while reading: %v", writeErr)
	}
	if last := lastSeq(t, s); last <= 200 {
		t.Fatalf("the writer appended nothing during the reads (last %d)", last)
	}
}

// TestReadResuming_PassesStopShort runs the read loop over a real stream
// with passes that stop after a few events, as a consumer does whose
// pending count reaches 0 too early: the read still delivers every event
// of the range once, in order, for the whole stream and for one table.
func TestReadResuming_PassesStopShort(t *testing.T) {
	s := openTest(t, "", nil)
	p := s.Prefix()
	var b []events.Raw
	for i := range 475 {
		table, tag := "t1", "one"
		if i%3 == 2 {
			table, tag = "t2", "two"
		}
		b = append(b, raws(p, table, tag, i+1, 200)[i])
	}
	mustAppend(t, s, 0, b[:300])
	mustAppend(t, s, 300, b[300:])
	ctx := testCtx(t)
	for _, c := range []struct {
		name     string
		filter   string
		from, to uint64
	}{
		{"stream", "", 1, 475},
		{"range", "", 37, 401},
		{"table", events.TableSubject(p, "t2"), 1, 475},
	} {
		t.Run(c.name, func(t *testing.T) {
			var want []uint64
			for seq := c.from; seq <= c.to; seq++ {
				if c.filter == "" || b[seq-1].Subject == c.filter {
					want = append(want, seq)
				}
			}
			var got []uint64
			passes := 0
			fn := func(r events.Raw) error { got = append(got, r.Seq); return nil }
			pass := func(next uint64) (uint64, error) {
				passes++
				// A consumer that stops after 7 events of the range.
				n := 0
				stop := errors.New("stop")
				last := next - 1
				err := s.consume(ctx, useRead, c.filter, next, true, func(r events.Raw, pending uint64) (bool, error) {
					if r.Seq > c.to {
						return true, nil
					}
					if err := fn(r); err != nil {
						return true, err
					}
					last = r.Seq
					n++
					if n == 7 {
						return true, stop
					}
					return r.Seq >= c.to || pending == 0, nil
				})
				if err != nil && !errors.Is(err, stop) {
					return last, err
				}
				return last, nil
			}
			held := func(next uint64) (uint64, bool, error) { return s.nextHeld(ctx, next, c.filter) }
			lost := func(next uint64) {
				if c.filter == "" {
					t.Errorf("the stream holds every message, yet the read reports %d.. lost", next)
				}
			}
			if err := readResuming(ctx, c.from, c.to, pass, held, lost); err != nil {
				t.Fatal(err)
			}
			if len(got) != len(want) {
				t.Fatalf("read %d events, want %d", len(got), len(want))
			}
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("event %d is sequence %d, want %d", i, got[i], want[i])
				}
			}
			if fewest := (len(want) + 6) / 7; passes < fewest {
				t.Fatalf("%d passes: the short passes were not exercised", passes)
			}
		})
	}
}

// TestReadResuming_NoProgress stops delivering after sequence 200 of a
// stream of 475: the read does not return as if complete, it fails with
// ErrShortRead naming what it did not get.
func TestReadResuming_NoProgress(t *testing.T) {
	s := openTest(t, "", nil)
	mustAppend(t, s, 0, raws(s.Prefix(), "t1", "a", 475, 200))
	ctx := testCtx(t)
	var got []uint64
	passes := 0
	pass := func(next uint64) (uint64, error) {
		passes++
		return s.readPass(ctx, useRead, "", next, min(200, 475), func(r events.Raw) error {
			got = append(got, r.Seq)
			return nil
		})
	}
	held := func(next uint64) (uint64, bool, error) { return s.nextHeld(ctx, next, "") }
	err := readResuming(ctx, 1, 475, pass, held, func(uint64) { t.Error("reported lost") })
	if !errors.Is(err, ErrShortRead) {
		t.Fatalf("a read that stopped at 200 of 475 returned %v, want ErrShortRead", err)
	}
	for _, want := range []string{"1..475", "delivered up to 200", "201..475"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	contiguous(t, got, 1, 200)
	if passes != 1+readStallsMax {
		t.Fatalf("%d passes, want 1 and %d that made no progress", passes, readStallsMax)
	}
}

// TestNextHeld asks for the first message at or after a sequence, on the
// whole stream and on one table, as the writer (the stream leader) and as
// a reader (a direct get).
func TestNextHeld(t *testing.T) {
	s := openTest(t, "", listen)
	p := s.Prefix()
	b := raws(p, "t1", "a", 10, 100)
	b[4].Subject, b[6].Subject = events.TableSubject(p, "t2"), events.TableSubject(p, "t2")
	mustAppend(t, s, 0, b)
	r := openTest(t, "", func(o *Options) { o.URL, o.DataDir, o.ReadOnly, o.NKeySeed = s.ClientURL(), "", true, testAdminSeed })
	for _, st := range []*Store{s, r} {
		for _, c := range []struct {
			seq    uint64
			filter string
			want   uint64
			found  bool
		}{
			{1, "", 1, true},
			{7, "", 7, true},
			{10, "", 10, true},
			{11, "", 0, false},
			{1, events.TableSubject(p, "t2"), 5, true},
			{6, events.TableSubject(p, "t2"), 7, true},
			{8, events.TableSubject(p, "t2"), 0, false},
			{5, events.TableSubject(p, "t1"), 6, true},
			{1, events.TableSubject(p, "t3"), 0, false},
		} {
			got, found, err := st.nextHeld(testCtx(t), c.seq, c.filter)
			if err != nil || found != c.found || got != c.want {
				t.Errorf("read-only %v: nextHeld(%d, %q) = %d, %v, %v; want %d, %v", st.opts.ReadOnly, c.seq, c.filter, got, found, err, c.want, c.found)
			}
		}
	}
}
