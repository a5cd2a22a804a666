package ledger

import (
	"strconv"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/events"
)

// BenchmarkSnapshot is the sequencer's pause when a checkpoint is taken
// (State.snapshot) with many idempotency keys remembered and the finished
// rounds without their bets, as a casino's ledger holds them, followed by
// a command with a new key (which makes the index copy the chunk it
// changes, shared with the snapshot).
func BenchmarkSnapshot(b *testing.B) {
	for _, keys := range []int{100_000, 450_000, 2_000_000} {
		s := bigState(4, 0, keys)
		seq := uint64(keys)
		b.Run("keys="+strconv.Itoa(keys), func(b *testing.B) {
			for b.Loop() {
				_ = s.snapshot()
				seq++
				s.remember(&events.Envelope{
					Actor: events.Actor{ID: "frontend", Role: RoleFrontend}, IdempotencyKey: "next-" + strconv.FormatUint(seq, 10),
					Seq: seq, OccurredAt: time.Unix(0, 0).Add(time.Hour),
				})
			}
		})
	}
}
