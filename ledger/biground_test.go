package ledger_test

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/internal/testsize"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// killAfterLog wraps the real store and makes every Append after the first
// `allow` fail, as if the process died between two batches: the failed batch
// is not stored, and neither is anything after it.
type killAfterLog struct {
	ledger.Log
	allow atomic.Int64
}

var errKilled = errors.New("test: writer killed")

func (k *killAfterLog) Append(ctx context.Context, expect uint64, msgs []events.Raw) (uint64, error) {
	if k.allow.Add(-1) < 0 {
		return 0, errKilled
	}
	return k.Log.Append(ctx, expect, msgs)
}

// bigRound opens a round with n bets from n/100 players (one slip of 100
// bets each) and closes betting.
func bigRound(h *harness, n int) string {
	h.t.Helper()
	h.openTable("big", sicbo.IDLive)
	round := h.openRound("big")
	for p := 0; p < n/ledger.BetsPerSlipMax; p++ {
		player := fmt.Sprintf("p%03d", p)
		h.deposit(player, "1000")
		bets := make([]ledger.BetRequest, ledger.BetsPerSlipMax)
		codes := []string{"small", "big", "odd", "even", "double:3", "total:10", "combo:1-3", "two_odd_one_even"}
		for i := range bets {
			bets[i] = b(codes[(p+i)%len(codes)], "1")
		}
		h.bet("big", round, player, bets...)
	}
	h.closeBetting("big", round)
	return round
}

// settledOnce checks that every bet of the round has exactly one bet.settled
// event and the round one round.settled, and that in-play is empty.
func settledOnce(h *harness, round string, n int) {
	h.t.Helper()
	seen := map[string]int{}
	roundSettled := 0
	for _, e := range h.readAll() {
		if e.Round != round {
			continue
		}
		switch e.Type {
		case events.TypeBetSettled:
			p, err := events.Into[events.BetSettled](&e)
			if err != nil {
				h.t.Fatal(err)
			}
			seen[p.Bet]++
		case events.TypeRoundSettled:
			roundSettled++
		}
	}
	if len(seen) != n {
		h.t.Fatalf("%d bets settled, want %d", len(seen), n)
	}
	for bet, c := range seen {
		if c != 1 {
			h.t.Fatalf("bet %s settled %d times", bet, c)
		}
	}
	if roundSettled != 1 {
		h.t.Fatalf("round.settled written %d times", roundSettled)
	}
	if got := h.balance(posting.InPlayAccount("big")); !got.IsZero() {
		h.t.Fatalf("in play after settlement: %s", got)
	}
}

// bigRoundBets is the size of the big rounds: 10,000 bets at full size
// (-tags slow), 3,000 by default, which still spans several atomic
// batches (BatchEventsMax) and settlement chunks.
func bigRoundBets() int { return testsize.Pick(3_000, 10_000) }

// TestLedger_BigRound settles a round of bigRoundBets bets, which spans
// several atomic batches.
func TestLedger_BigRound(t *testing.T) {
	n := bigRoundBets()
	h := newHarness(t)
	round := bigRound(h, n)
	res := h.result("big", round, 1, 3, 3)
	if res.Events != n+2 {
		t.Fatalf("result wrote %d events, want %d", res.Events, n+2)
	}
	settledOnce(h, round, n)
	var r ledger.Round
	h.l.Inspect(context.Background(), func(s *ledger.State) { r, _ = s.Round(round) })
	if r.Status != ledger.RoundSettled {
		t.Fatalf("round status %s", r.Status)
	}
}

// TestLedger_BigRoundCrash kills the writer after the third batch of a
// settlement of bigRoundBets bets; the restart finishes it with every bet
// settled exactly once, and the result's idempotency key then returns the
// whole settlement.
func TestLedger_BigRoundCrash(t *testing.T) {
	n := bigRoundBets()
	h := newHarness(t)
	round := bigRound(h, n)
	total := map[string]string{}
	h.l.Inspect(context.Background(), func(s *ledger.State) {
		for _, r := range s.Balances() {
			total[r.Account] = r.Balance.String()
		}
	})

	// Swap in a writer that dies after three batches.
	h.l.Close()
	kl := &killAfterLog{Log: h.store}
	kl.allow.Store(3)
	l, err := ledger.Open(context.Background(), kl, h.opts)
	if err != nil {
		t.Fatal(err)
	}
	cmd := &ledger.RecordResult{Meta: ledger.Meta{Actor: dealer, IdempotencyKey: "result-1"}, Table: "big", Round: round}
	cmd.Result = sicbo.ResultJSON(1, 3, 3)
	if _, err := l.Execute(context.Background(), cmd); err == nil {
		t.Fatal("result accepted although the writer died mid-settlement")
	}
	l.Close()
	stored := h.lastSeq()

	// A new writer on the same stream finishes the settlement at start-up.
	h.restart()
	if h.lastSeq() <= stored {
		t.Fatalf("restart did not finish the settlement: last seq %d", h.lastSeq())
	}
	settledOnce(h, round, n)
	again, err := h.exec(cmd)
	if err != nil {
		t.Fatalf("retry of the result: %v", err)
	}
	if again.Events != n+2 {
		t.Fatalf("retried result reports %d events, want %d", again.Events, n+2)
	}
	// Nothing but the settlement moved money: wallets and house changed by
	// the same amount in opposite directions.
	var sum = dec("0")
	h.l.Inspect(context.Background(), func(s *ledger.State) {
		for _, r := range s.Balances() {
			sum = sum.Add(r.Balance)
		}
	})
	if !sum.IsZero() {
		t.Fatalf("balances sum to %s", sum)
	}
}
