package audit_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/ledger"
)

// benchRounds is how many rounds the benchmark stream holds: each has 20
// slips of 3 bets, about 85 events.
const benchRounds = 120

// benchStream writes benchRounds rounds with the real ledger into a real
// embedded store and returns the store.
func benchStream(b *testing.B) *scenario {
	b.Helper()
	sc := &scenario{dir: b.TempDir(), clock: &clock{}, rounds: map[string]string{}, t: b}
	sc.store = openStore(b, sc.dir)
	b.Cleanup(func() { sc.store.Close() })
	ids := &idGen{}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	l, err := ledger.Open(ctx, sc.store, ledger.Options{Games: registry.New(), Clock: sc.clock.now, NewID: ids.next, SealEvery: 1000, SealInterval: -1, SealKey: sealKey()})
	if err != nil {
		b.Fatal(err)
	}
	sc.l = l
	defer l.Close()
	sc.at(1, 9, 0)
	for p := range 20 {
		sc.deposit(fmt.Sprintf("p%d", p), "100000", "EUR")
	}
	sc.must(&ledger.OpenTable{Meta: ledger.Meta{Actor: supervisor}, Table: "t1", Paytable: sicbo.IDLive, Currency: "EUR",
		Limits: map[string]ledger.Limit{"*": {Min: dec("1"), Max: dec("500")}}, Band: ledger.Limit{Min: dec("1"), Max: dec("1000")}, Dealer: dealer.ID})
	for r := range benchRounds {
		round := sc.openRound(fmt.Sprint(r), "t1", dealer)
		for p := range 20 {
			sc.slip("t1", round, fmt.Sprintf("p%d", p), bet("small", "5"), bet("total:10", "2"), bet("two_odd_one_even", "1.01"))
		}
		sc.must(&ledger.CloseBetting{Meta: ledger.Meta{Actor: dealer}, Table: "t1", Round: round})
		sc.result("t1", round, dealer, 1+r%6, 1+(r/6)%6, 1+(r/36)%6)
	}
	return sc
}

// BenchmarkVerify measures a verification of the whole stream (read from
// the embedded store, chain, fold, re-settlement, seals): events/s.
func BenchmarkVerify(b *testing.B) {
	sc := benchStream(b)
	last := sc.lastSeq()
	opts := options()
	opts.PublicKey = sealPub()
	b.ResetTimer()
	for b.Loop() {
		rep, err := audit.Verify(context.Background(), sc.store, 0, 0, opts)
		if err != nil || !rep.Clean {
			b.Fatalf("%v %v", err, rep.Violations)
		}
	}
	b.ReportMetric(float64(last)*float64(b.N)/b.Elapsed().Seconds(), "events/s")
	b.ReportMetric(float64(last), "events")
}

// BenchmarkRegulator measures the regulator report of the same stream.
func BenchmarkRegulator(b *testing.B) {
	sc := benchStream(b)
	last := sc.lastSeq()
	opts := reportOptions(b)
	p, err := audit.ParsePeriod("month:2026-11", opts.Location)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := audit.Regulator(context.Background(), sc.store, p, opts); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(last)*float64(b.N)/b.Elapsed().Seconds(), "events/s")
}
