package ledger_test

import (
	"context"
	"testing"

	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/ledger"
)

// TestLedger_MemoryBounded checks that what the ledger holds in memory stays
// under the bounds of its options after many more rounds and keys than
// they allow, and what a command on a forgotten round is told.
func TestLedger_MemoryBounded(t *testing.T) {
	h := newHarness(t)
	h.opts.FinishedRoundsKept = 3
	h.opts.FinishedIDsMax = 5
	h.opts.IdempotencyMax = 20
	h.l.Close()
	h.open()
	h.deposit("ana", "100000")
	h.deposit("bob", "100000")
	h.openTable("t1", sicbo.IDLive)
	h.openTable("t2", sicbo.IDLive)
	const rounds = 40
	var ids []string
	for i := range rounds {
		for _, k := range h.playRounds("t1", 1, "r"+string(rune('a'+i%26))+string(rune('a'+i/26))) {
			ids = append(ids, k.res.Round)
		}
		h.playRounds("t2", 1, "s"+string(rune('a'+i%26))+string(rune('a'+i/26)))
		var f ledger.Footprint
		if err := h.l.Inspect(context.Background(), func(s *ledger.State) { f = s.Footprint() }); err != nil {
			t.Fatal(err)
		}
		// Two tables, each with its last 3 finished rounds of 3 bets.
		if f.Rounds > 2*3 || f.Bets > 2*3*3 || f.FinishedIDs > 5 || f.IdempotencyKeys > 20 {
			t.Fatalf("after %d rounds a table: %+v, above the bounds", i+1, f)
		}
	}
	// The newest rounds can be corrected; an older one whose id is still
	// remembered is finished; an older one still is not found.
	h.must(correctResult("t1", ids[rounds-1], 2, 2, 3))
	h.refuse(correctResult("t1", ids[rounds-5], 2, 2, 3), "round_finished")
	h.refuse(correctResult("t1", ids[0], 2, 2, 3), "round_not_found")

	// The bounds hold over a restart (the state is rebuilt by the same
	// rules).
	h.restart()
	var f ledger.Footprint
	if err := h.l.Inspect(context.Background(), func(s *ledger.State) { f = s.Footprint() }); err != nil {
		t.Fatal(err)
	}
	if f.Rounds > 2*3 || f.FinishedIDs > 5 || f.IdempotencyKeys > 20 {
		t.Fatalf("after a restart: %+v, above the bounds", f)
	}
}
