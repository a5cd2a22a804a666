package bingo

import (
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"github.com/shopspring/decimal"
)

// benchCards prints n cards of series A.
func benchCards(n int) []Card { return GenerateSeries(2026, "A", 1, n) }

// BenchmarkDetector_Draw plays games of 100,000 cards and reports the
// time to find the winners on each ball (ns/ball, and the slowest ball
// seen, max-ns/ball); building the index is not timed (see
// BenchmarkNewDetector). Aim: under 1 ms a ball on one core.
func BenchmarkDetector_Draw(b *testing.B) {
	cards := benchCards(100_000)
	rng := rand.New(rand.NewPCG(1, 2))
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var balls int
	var spent, worst time.Duration
	var cpu int64
	cpuOK := true
	for b.Loop() {
		b.StopTimer()
		d := NewDetector(cards)
		perm := rng.Perm(NumbersMax)
		// Collect the index's garbage now, not during the draws.
		runtime.GC()
		b.StartTimer()
		c0, ok0 := threadCPU()
		for _, n := range perm {
			start := time.Now()
			if _, err := d.Draw(n + 1); err != nil {
				b.Fatal(err)
			}
			took := time.Since(start)
			spent += took
			worst = max(worst, took)
			balls++
			if d.Over() {
				break
			}
		}
		c1, ok1 := threadCPU()
		cpu += c1 - c0
		cpuOK = cpuOK && ok0 && ok1
	}
	b.ReportMetric(float64(spent.Nanoseconds())/float64(balls), "ns/ball")
	if cpuOK {
		// The thread's CPU time: what a ball costs on one core when the
		// machine is shared.
		b.ReportMetric(float64(cpu)/float64(balls), "cpu-ns/ball")
	}
	b.ReportMetric(float64(worst.Nanoseconds()), "max-ns/ball")
	b.ReportMetric(float64(balls)/float64(b.N), "balls/game")
}

// BenchmarkNewDetector builds the index of 100,000 cards, once per game.
func BenchmarkNewDetector(b *testing.B) {
	cards := benchCards(100_000)
	for b.Loop() {
		NewDetector(cards)
	}
}

// BenchmarkSettleGame settles a whole game of 100,000 cards from scratch:
// checks, index, draw, shares.
func BenchmarkSettleGame(b *testing.B) {
	plain := benchCards(100_000)
	cards := make([]SoldCard, len(plain))
	for i, c := range plain {
		cards[i] = SoldCard{Card: c, Price: decimal.New(100, -2)}
	}
	pt := Paytables()[0]
	prizes, err := pt.Prizes(decimal.New(100_000, 0), 2)
	if err != nil {
		b.Fatal(err)
	}
	perm := rand.New(rand.NewPCG(3, 4)).Perm(NumbersMax)
	for i := range perm {
		perm[i]++
	}
	_, _, bingoAt, _ := oracle(plain, perm)
	for b.Loop() {
		if _, err := SettleGame(cards, prizes, 2, perm[:bingoAt]); err != nil {
			b.Fatal(err)
		}
	}
}
