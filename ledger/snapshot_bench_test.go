package ledger

import (
	"strconv"
	"testing"
	"time"

	"github.com/shopspring/decimal"

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

// BenchmarkSnapshotAccounts is the same pause with many accounts (a wallet
// per player ever seen), followed by a posting between two of them (which
// writes to the overlay while the snapshot is held) and the snapshot's
// release, as the checkpoint's encoding ends.
func BenchmarkSnapshotAccounts(b *testing.B) {
	for _, n := range []int{10_000, 100_000, 1_000_000} {
		s := bigState(4, 0, 0)
		for p := range n {
			s.balances.set(balanceKey{"wallet:p" + strconv.Itoa(p), "EUR"}, decimal.New(100, 0))
		}
		b.Run("accounts="+strconv.Itoa(n), func(b *testing.B) {
			i := 0
			for b.Loop() {
				snap := s.snapshot()
				i++
				s.post(events.Posting{From: "wallet:p" + strconv.Itoa(i%n), To: "wallet:p" + strconv.Itoa((i+1)%n), Amount: decimal.New(1, 0), Currency: "EUR"})
				snap.release()
			}
		})
	}
}
