package audit_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
)

// shortStore is a real stream whose Read ends silently after sequence
// stop, as a read whose consumer reported nothing pending too early did:
// Get and LastSeq still see the whole stream.
type shortStore struct {
	*jetstream.Store
	stop uint64
}

func (s shortStore) Read(ctx context.Context, from, to uint64, fn func(events.Raw) error) error {
	return s.Store.Read(ctx, from, to, func(r events.Raw) error {
		if r.Seq > s.stop {
			return nil
		}
		return fn(r)
	})
}

// TestWalk_ShortRead holds every walk of the stream (verify, the reports,
// export) to failing with ErrShortRead when the read stops before the
// last event of the range, instead of reporting on part of it.
func TestWalk_ShortRead(t *testing.T) {
	sc := newScenario(t)
	last := sc.lastSeq()
	src := shortStore{Store: sc.store, stop: last / 2}
	opts := reportOptions(t)
	ctx := context.Background()
	p := mustPeriod(t, "2026-11-01", "2026-11-04", opts)
	_, verr := audit.Verify(ctx, src, 0, 0, opts)
	_, rerr := audit.Regulator(ctx, src, p, opts)
	_, cerr := audit.Reconcile(ctx, src, p, opts)
	_, eerr := audit.Export(ctx, src, &bytes.Buffer{}, 0, 0, audit.ExportOptions{})
	for name, err := range map[string]error{"verify": verr, "regulator": rerr, "reconcile": cerr, "export": eerr} {
		if !errors.Is(err, audit.ErrShortRead) {
			t.Errorf("%s of a read that stopped at %d of %d: %v, want ErrShortRead", name, last/2, last, err)
			continue
		}
		if want := "stopped after event " + itoa(last/2); !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %q does not say %q", name, err, want)
		}
	}
	// The whole read of the same stream is clean: the error above is the
	// short read's, not the scenario's.
	if rep := verify(t, sc.store, 0, 0, opts); !rep.Clean {
		t.Fatalf("the full read is not clean: %+v", rep.Violations)
	}
}
