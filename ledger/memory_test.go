package ledger_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
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
		// Two tables, each with its last 3 finished rounds, and no bets:
		// a finished round's bets are read back from the stream when a
		// correction needs them.
		if f.Rounds > 2*3 || f.Bets > 0 || f.FinishedIDs > 5 || f.IdempotencyKeys > 20 {
			t.Fatalf("after %d rounds a table: %+v, above the bounds", i+1, f)
		}
	}
	// The newest rounds can be corrected, their bets read back from the
	// stream; an older one whose id is still remembered is finished; an
	// older one still is not found.
	h.must(correctResult("t1", ids[rounds-1], 2, 2, 3))
	h.must(correctResult("t1", ids[rounds-3], 2, 2, 3))
	for _, id := range []string{ids[rounds-1], ids[rounds-3]} {
		r := h.round(id)
		if len(r.Bets) != 3 || r.Correction < 1 {
			t.Fatalf("corrected round %s: %d bets, correction %d", id, len(r.Bets), r.Correction)
		}
		for _, bt := range r.Bets {
			if bt.Status != ledger.BetSettled || bt.Correction != r.Correction || bt.Reversed != r.Correction {
				t.Fatalf("round %s, bet %+v after its correction", id, bt)
			}
		}
	}
	h.refuse(correctResult("t1", ids[rounds-5], 2, 2, 3), "round_finished")
	h.refuse(correctResult("t1", ids[0], 2, 2, 3), "round_not_found")

	// The bounds hold over a restart (the state is rebuilt by the same
	// rules).
	h.restart()
	var f ledger.Footprint
	if err := h.l.Inspect(context.Background(), func(s *ledger.State) { f = s.Footprint() }); err != nil {
		t.Fatal(err)
	}
	if f.Rounds > 2*3 || f.Bets > 0 || f.FinishedIDs > 5 || f.IdempotencyKeys > 20 {
		t.Fatalf("after a restart: %+v, above the bounds", f)
	}
	// And a corrected round can be corrected again after the restart
	// (the replay read its bets back for the first correction).
	before := h.round(ids[rounds-3]).Correction
	h.must(correctResult("t1", ids[rounds-3], 6, 6, 6))
	if r := h.round(ids[rounds-3]); r.Correction != before+1 || len(r.Bets) != 3 || r.Bets[0].Reversed != r.Correction {
		t.Fatalf("correction after the restart: %+v", r)
	}
}

// TestLedger_TwoCorrectionsOneGroup sends two corrections of one finished
// round at once, so that they may be decided in one group: the second
// must never be decided on the bets the stream held before the first
// (they are read back from the stream, where the first's events are not
// yet). Each is either applied in order or answered unavailable, and the
// state stays the one a replay builds.
func TestLedger_TwoCorrectionsOneGroup(t *testing.T) {
	h := newHarness(t)
	h.deposit("ana", "1000")
	h.deposit("bob", "1000")
	h.openTable("t1", sicbo.IDLive)
	round := h.playRounds("t1", 2, "k")[1].res.Round
	// Hold the sequencer while both corrections queue, so that it takes
	// them in one group.
	held, release := make(chan struct{}), make(chan struct{})
	go func() {
		_ = h.l.Inspect(context.Background(), func(*ledger.State) { close(held); <-release })
	}()
	<-held
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i, d := range [][]int{{2, 2, 5}, {6, 6, 1}} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = h.exec(correctResult("t1", round, d...))
		}()
	}
	// Nothing tells when a command is queued: give the two goroutines
	// time to get there.
	time.Sleep(200 * time.Millisecond)
	close(release)
	wg.Wait()
	applied := 0
	for _, err := range errs {
		switch code := ledger.CodeOf(err); {
		case err == nil:
			applied++
		case code == "unavailable":
		default:
			t.Fatalf("correction: %v", err)
		}
	}
	// The money must be what the applied corrections, one after the
	// other, give: a reference ledger plays the same rounds and applies
	// them in turn (in either order when both were applied).
	wallets := func(h *harness) [2]string {
		return [2]string{h.balance(posting.WalletAccount("ana")).String(), h.balance(posting.WalletAccount("bob")).String()}
	}
	got := wallets(h)
	dice := [][]int{{2, 2, 5}, {6, 6, 1}}
	orders := [][]int{{0}, {1}, {0, 1}, {1, 0}}
	matched := false
	for _, order := range orders {
		if len(order) != applied || (applied == 1 && errs[order[0]] != nil) {
			continue
		}
		ref := newHarness(t)
		ref.deposit("ana", "1000")
		ref.deposit("bob", "1000")
		ref.openTable("t1", sicbo.IDLive)
		rr := ref.playRounds("t1", 2, "k")[1].res.Round
		for _, i := range order {
			ref.must(correctResult("t1", rr, dice[i]...))
		}
		if wallets(ref) == got {
			matched = true
		}
	}
	if !matched {
		t.Fatalf("wallets %v after %d corrections (%v) match no sequence of them", got, applied, errs)
	}
	r := h.round(round)
	for _, bt := range r.Bets {
		if bt.Status != ledger.BetSettled || bt.Correction != r.Correction {
			t.Fatalf("bet %+v after %d corrections (round at %d)", bt, applied, r.Correction)
		}
	}
	live := stateJSON(t, h.l)
	h.restart()
	if replayed := stateJSON(t, h.l); string(replayed) != string(live) {
		t.Fatalf("the replayed state differs from the live one")
	}
}
