package syncbuf

import (
	"strings"
	"sync"
	"testing"
)

// Concurrent writers lose nothing (go test -race checks the locking).
func TestBuffer_ConcurrentWrites(t *testing.T) {
	var b Buffer
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 100 {
				_, _ = b.Write([]byte("x"))
				_ = b.String()
			}
		})
	}
	wg.Wait()
	if got := b.String(); got != strings.Repeat("x", 800) || len(b.Bytes()) != 800 {
		t.Fatalf("%d bytes written, want 800", len(got))
	}
	b.Reset()
	if b.String() != "" {
		t.Fatalf("after Reset: %q", b.String())
	}
}
