package ledger_test

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/games/bingo"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// BenchmarkLedger_Bingo sells 100 and 100,000 generated cards through
// the real ledger (slips of 100, on JetStream with fsync), then draws
// the balls: ns/ball is the time of one ball that does not end the game
// (close_betting, then record_result: the ball checked, the game's end
// followed by its RoundTracker, round.step_settled written), settle-ms
// the ball of the bingo with the settlement of every card, sell-ms the
// sale, close-ms the sales close (the prizes posted to the pool and the
// hall's announcement, from every card sold). Run with -benchtime=1x: one iteration is one whole game. The
// game of 100 cards is the baseline: what a ball costs besides its cards
// (two commands, each written and fsynced).
func BenchmarkLedger_Bingo(b *testing.B) {
	for _, cards := range []int{100, 100_000} {
		b.Run(fmt.Sprintf("cards=%d", cards), func(b *testing.B) { benchBingoGame(b, cards) })
	}
}

func benchBingoGame(b *testing.B, cards int) {
	var balls, sell, closing, draw, settle time.Duration
	for i := range b.N {
		b.StopTimer()
		h := newHarness(b)
		h.openBingo("big")
		round := h.openRound("big")
		sold := make([]bingo.Card, 0, cards)
		start := time.Now()
		for p := range cards / ledger.BetsPerSlipMax {
			player := fmt.Sprintf("p%04d", p)
			h.deposit(player, "1000")
			bets := make([]ledger.BetRequest, ledger.BetsPerSlipMax)
			for j := range bets {
				c := bingo.GenerateCard(uint64(i), bingo.CardID{Series: "A", Number: p*ledger.BetsPerSlipMax + j + 1})
				sold = append(sold, c)
				bets[j] = ledger.BetRequest{Code: c.BetCode(), Stake: dec("1")}
			}
			h.bet("big", round, player, bets...)
		}
		sell += time.Since(start)
		order := rand.New(rand.NewPCG(uint64(i), 3)).Perm(bingo.NumbersMax)
		det := bingo.NewDetector(sold)
		last := 0
		for k, n := range order {
			if _, err := det.Draw(n + 1); err != nil {
				b.Fatal(err)
			}
			if det.Over() {
				last = k
				break
			}
		}
		b.StartTimer()
		// The sales close: the prizes posted to the pool and the hall's
		// announcement written, from every card sold.
		start = time.Now()
		h.closeBetting("big", round)
		closing += time.Since(start)
		h.wantBalances(map[string]string{posting.PrizesAccount("big"): fmt.Sprint(cards * 3 / 4)})
		start = time.Now()
		h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "big", Round: round, Result: ball(order[0] + 1)})
		for _, n := range order[1:last] {
			h.drawBall("big", round, n+1)
		}
		draw += time.Since(start)
		balls += time.Duration(last)
		start = time.Now()
		h.drawBall("big", round, order[last]+1)
		settle += time.Since(start)
		b.StopTimer()
		h.wantStatus(round, ledger.RoundSettled)
		h.wantBalances(map[string]string{posting.PrizesAccount("big"): "0", posting.InPlayAccount("big"): "0", posting.HouseAccount("big"): fmt.Sprint(cards / 4)})
	}
	b.ReportMetric(float64(draw.Nanoseconds())/float64(balls), "ns/ball")
	b.ReportMetric(float64(settle.Milliseconds())/float64(b.N), "settle-ms")
	b.ReportMetric(float64(sell.Milliseconds())/float64(b.N), "sell-ms")
	b.ReportMetric(closing.Seconds()*1000/float64(b.N), "close-ms")
}
