package ledger_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/ledger"
)

// BenchmarkIngest places one-bet slips from 64 concurrent clients, each
// answered only after its event is stored with fsync. It reports bets/s.
func BenchmarkIngest(b *testing.B) {
	h := newHarness(b)
	h.openTable("t1", sicbo.IDLive)
	round := h.openRound("t1")
	const clients = 64
	for c := 0; c < clients; c++ {
		h.deposit(fmt.Sprintf("p%d", c), "1000000000")
	}
	b.ResetTimer()
	var wg sync.WaitGroup
	per := b.N/clients + 1
	for c := 0; c < clients; c++ {
		wg.Add(1)
		go func(c int) {
			defer wg.Done()
			player := fmt.Sprintf("p%d", c)
			for i := 0; i < per; i++ {
				_, err := h.l.Execute(context.Background(), &ledger.PlaceSlip{
					Meta: ledger.Meta{Actor: frontend}, Table: "t1", Round: round, Player: player,
					Bets: []ledger.BetRequest{b2("small", "1")},
				})
				if err != nil {
					b.Error(err)
					return
				}
			}
		}(c)
	}
	wg.Wait()
	b.ReportMetric(float64(per*clients)/b.Elapsed().Seconds(), "bets/s")
}

func b2(code, stake string) ledger.BetRequest {
	return ledger.BetRequest{Code: code, Stake: dec(stake)}
}
