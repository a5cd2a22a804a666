// Package syncbuf is a bytes.Buffer that goroutines may write at once: the
// destination tests give a logger or a command's output while the code
// under test writes from its own goroutines and the test reads.
package syncbuf

import (
	"bytes"
	"sync"
)

// Buffer is a bytes.Buffer guarded by a mutex. The zero value is ready.
type Buffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

// Write appends p.
func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

// String returns what was written so far.
func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// Bytes returns a copy of what was written so far.
func (b *Buffer) Bytes() []byte {
	b.mu.Lock()
	defer b.mu.Unlock()
	return bytes.Clone(b.b.Bytes())
}

// Reset forgets what was written.
func (b *Buffer) Reset() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.b.Reset()
}
