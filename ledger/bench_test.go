package ledger_test

import (
	"context"
	"fmt"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/ledger"
)

// BenchmarkIngestClients places one-bet slips from 64 and from 1,000
// concurrent clients (64: the wagerlog bench's default; docs/BENCHMARKS.md, "Ledger CPU per bet"), each
// answered once its event is stored with fsync. Besides bets/s it reports
// the process's CPU time per bet (ledger, embedded server and clients:
// cpu-µs/bet, from getrusage); allocs/op is per bet. Compare releases by cpu-µs/bet and allocs/op, which depend
// far less on the machine's other load than bets/s.
func BenchmarkIngestClients(b *testing.B) {
	for _, clients := range []int{64, 1000} {
		b.Run(fmt.Sprintf("clients=%d", clients), func(b *testing.B) {
			h := newHarness(b)
			h.openTable("t1", sicbo.IDLive)
			round := h.openRound("t1")
			for c := 0; c < clients; c++ {
				h.deposit(fmt.Sprintf("p%d", c), "1000000000")
			}
			per := b.N/clients + 1
			cpu0 := processCPU(b)
			b.ReportAllocs()
			b.ResetTimer()
			var wg sync.WaitGroup
			for c := 0; c < clients; c++ {
				wg.Add(1)
				go func(c int) {
					defer wg.Done()
					player := fmt.Sprintf("p%d", c)
					for i := 0; i < per; i++ {
						_, err := h.l.Execute(context.Background(), &ledger.PlaceSlip{
							Meta: ledger.Meta{Actor: frontend}, Table: "t1", Round: round, Player: player,
							Bets: []ledger.BetRequest{{Code: "small", Stake: dec("1")}},
						})
						if err != nil {
							b.Error(err)
							return
						}
					}
				}(c)
			}
			wg.Wait()
			b.StopTimer()
			bets := float64(per * clients)
			b.ReportMetric(bets/b.Elapsed().Seconds(), "bets/s")
			b.ReportMetric(float64((processCPU(b)-cpu0).Microseconds())/bets, "cpu-µs/bet")
		})
	}
}

// processCPU is the CPU time the process has used, user and system.
func processCPU(tb testing.TB) time.Duration {
	tb.Helper()
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		tb.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
