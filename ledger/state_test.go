package ledger

import (
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/events"
)

// TestState_IdempotencyMemory measures what a remembered idempotency key
// costs and holds it to IdemEntryBytes, the figure the docs give.
func TestState_IdempotencyMemory(t *testing.T) {
	const n = 200_000
	s := newState(stateLimits{IdemWindow: 24 * time.Hour, IdemMax: n})
	at := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	e := events.Envelope{Actor: events.Actor{ID: "frontend-1"}, OccurredAt: at, RequestHash: "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"}
	for i := range n {
		e.Seq = uint64(i + 1)
		e.IdempotencyKey = "slip-" + strconv.Itoa(i) + "-a-client-key-of-ordinary-length"
		s.remember(&e)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	per := float64(after.HeapAlloc-before.HeapAlloc) / n
	t.Logf("%.0f bytes per idempotency key (%d keys)", per, s.idem.len())
	if s.idem.len() != n {
		t.Fatalf("%d keys remembered, want %d", s.idem.len(), n)
	}
	if per > IdemEntryBytes {
		t.Fatalf("%.0f bytes per key, more than IdemEntryBytes = %d", per, IdemEntryBytes)
	}
	runtime.KeepAlive(s)
}
