package ledger_test

import (
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/ledger"
)

// BenchmarkOwed_SlipDuringSettlement records the result of a Sic Bo round
// of 4,000 bets (40 slips of 100) on the real ledger (JetStream with
// fsync) while one client places slips on another table, one at a time,
// with the settlement written at once (chunk=off) and in chunks of 256
// (the default). settle-ms is the result's answer, slip-max-ms the
// longest slip of the other table meanwhile, slips the slips it placed.
// Run with -benchtime=1x: one iteration is one round.
func BenchmarkOwed_SlipDuringSettlement(bb *testing.B) {
	for _, chunk := range []int{-1, ledger.DefaultSettleChunk} {
		name := fmt.Sprint("chunk=", chunk)
		if chunk < 0 {
			name = "chunk=off"
		}
		bb.Run(name, func(bb *testing.B) { benchSlipDuringSettlement(bb, chunk) })
	}
}

func benchSlipDuringSettlement(bb *testing.B, chunk int) {
	var settle, slipMax time.Duration
	var slips int64
	for range bb.N {
		bb.StopTimer()
		h := newHarness(bb)
		h.l.Close()
		h.opts.SettleChunk = chunk
		h.open()
		h.openTable("t1", sicbo.IDLive)
		h.openTable("t2", sicbo.IDLive)
		r1, r2 := h.openRound("t1"), h.openRound("t2")
		bets := make([]ledger.BetRequest, ledger.BetsPerSlipMax)
		for i := range bets {
			bets[i] = b("big", "1")
		}
		for p := range 4000 / ledger.BetsPerSlipMax {
			player := fmt.Sprintf("p%03d", p)
			h.deposit(player, "1000")
			h.bet("t1", r1, player, bets...)
		}
		h.closeBetting("t1", r1)
		h.deposit("q", "1000000")

		var done atomic.Bool
		var longest time.Duration
		var n int64
		stopped := make(chan struct{})
		go func() {
			defer close(stopped)
			for !done.Load() {
				start := time.Now()
				h.bet("t2", r2, "q", b("small", "1"))
				longest = max(longest, time.Since(start))
				n++
			}
		}()
		bb.StartTimer()
		start := time.Now()
		res := h.result("t1", r1, 4, 5, 6)
		settle += time.Since(start)
		bb.StopTimer()
		done.Store(true)
		<-stopped
		if res.Settlement == nil || len(res.Settlement.Bets) != 4000 {
			bb.Fatalf("the result settled %v, want 4,000 bets", res.Settlement)
		}
		slipMax, slips = max(slipMax, longest), slips+n
		h.l.Close()
	}
	bb.ReportMetric(float64(settle.Milliseconds())/float64(bb.N), "settle-ms")
	bb.ReportMetric(float64(slipMax.Microseconds())/1000, "slip-max-ms")
	bb.ReportMetric(float64(slips)/float64(bb.N), "slips")
	bb.ReportMetric(0, "ns/op")
}
