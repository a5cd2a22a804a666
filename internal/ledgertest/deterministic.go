package ledgertest

import (
	"encoding/binary"
	"sync/atomic"
	"testing"

	"github.com/google/uuid"

	"github.com/wagerlog/wagerlog/games/registry"
)

// IDs is a deterministic id generator for golden tests: UUIDv7-shaped ids
// from a counter, so that the same commands give the same events, byte for
// byte, in any release.
type IDs struct{ n atomic.Uint64 }

// Next returns the next id.
func (g *IDs) Next() uuid.UUID {
	var u uuid.UUID
	n := g.n.Add(1)
	binary.BigEndian.PutUint64(u[0:8], 0x019a0000_00000000|n<<16)
	binary.BigEndian.PutUint64(u[8:16], n*0x9e3779b97f4a7c15)
	u[6] = 0x70 | u[6]&0x0f // version 7
	u[8] = 0x80 | u[8]&0x3f // RFC 4122 variant
	return u
}

// NewDeterministic opens a ledger whose clock and ids are deterministic on
// a new embedded stream: the same commands always write the same bytes.
func NewDeterministic(tb testing.TB) *Harness {
	tb.Helper()
	return newOn(tb, OpenStream(tb, tb.TempDir()), registry.New(), true, nil)
}
