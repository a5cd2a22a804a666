package replay_test

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"
	"golang.org/x/sync/errgroup"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
	"github.com/wagerlog/wagerlog/projections"
	"github.com/wagerlog/wagerlog/replay"
)

// benchEvents sizes the benchmarks' stream: go test -bench . -benchtime 1x
// -wagerlog.bench-events 1000000 for the figures in docs/BENCHMARKS.md.
var benchEvents = flag.Int("wagerlog.bench-events", 100_000, "events in the benchmarks' stream")

// benchStore points BenchmarkRebuild at an existing embedded store instead
// of a generated one, to profile the rebuild alone on a stream the ledger
// wrote: go test ./replay -run XXX -bench Rebuild -benchtime 1x
// -wagerlog.bench-store DIR/ledger -cpuprofile cpu.out, after
// `wagerlog bench --data-dir DIR`.
var benchStore = flag.String("wagerlog.bench-store", "", "rebuild from this existing embedded store directory instead of a generated stream")

// benchStream is the stream the benchmarks share, built once per process.
type benchStream struct {
	dir    string
	store  *jetstream.Store
	last   uint64
	rounds []string
	tables []string
	err    error
}

var (
	benchOnce sync.Once
	bench     benchStream
)

// sharedStream returns the benchmarks' stream, generating it on first use.
func sharedStream(b *testing.B) *benchStream {
	b.Helper()
	benchOnce.Do(func() {
		if *benchStore != "" {
			bench.err = openExisting(&bench, *benchStore)
			return
		}
		bench.dir, bench.err = benchDir()
		if bench.err != nil {
			return
		}
		bench.err = generate(&bench, *benchEvents)
	})
	if bench.err != nil {
		b.Fatal(bench.err)
	}
	return &bench
}

func benchDir() (string, error) { return os.MkdirTemp("", "wagerlog-bench-") }

// openExisting opens the embedded store in dir, leaving it as it is.
func openExisting(s *benchStream, dir string) error {
	ctx := context.Background()
	st, err := jetstream.Open(ctx, jetstream.Options{DataDir: dir, FsyncInterval: time.Second})
	if err != nil {
		return err
	}
	s.store = st
	s.last, err = st.LastSeq(ctx)
	if err == nil && s.last == 0 {
		err = errors.New("the store in " + dir + " is empty")
	}
	return err
}

// needRounds skips a benchmark that needs the generated stream's rounds.
func needRounds(b *testing.B, s *benchStream) {
	if len(s.rounds) == 0 {
		b.Skip("needs the generated stream (not -wagerlog.bench-store)")
	}
}

// TestMain removes the benchmarks' stream once every test and benchmark
// has run.
func TestMain(m *testing.M) {
	code := m.Run()
	if bench.store != nil {
		_ = bench.store.Close()
	}
	if bench.dir != "" {
		_ = os.RemoveAll(bench.dir)
	}
	os.Exit(code)
}

// generate appends n realistic events (what the ledger writes: deposits,
// tables, rounds with slips of one to three bets, results, settlements with
// their postings, some reshakes and cancellations) to a fresh embedded
// stream, in atomic batches of 1,000, chained by hash. Bets are settled by
// the real paytable.
func generate(s *benchStream, n int) error {
	ctx := context.Background()
	st, err := jetstream.Open(ctx, jetstream.Options{DataDir: s.dir, FsyncInterval: time.Second})
	if err != nil {
		return err
	}
	s.store = st
	pt, err := sicbo.Lookup(sicbo.IDLive)
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(1, 2))
	const players, tables = 1000, 8
	codes := []string{"small", "big", "odd", "even", "single:3", "double:2", "triple:5", "any_triple", "total:9", "total:11", "combo:1-2", "two_odd_one_even", "all_even", "four_numbers:1-2-3-4"}
	clock := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	var prev events.Hash
	var batch []events.Raw
	var last uint64
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		if _, err := st.Append(ctx, last, batch); err != nil {
			return err
		}
		last += uint64(len(batch))
		batch = batch[:0]
		return nil
	}
	emit := func(t events.Type, table, round string, actor events.Actor, payload events.Payload, postings []events.Posting) error {
		clock = clock.Add(time.Millisecond)
		e, err := events.New(t, clock, payload)
		if err != nil {
			return err
		}
		e.ID = uuid.Must(uuid.NewV7())
		e.Table, e.Round, e.Actor, e.Postings = table, round, actor, postings
		data, err := events.Encode(&e, prev)
		if err != nil {
			return err
		}
		prev = e.Hash
		subject, err := events.SubjectFor(jetstream.DefaultSubjectPrefix, &e)
		if err != nil {
			return err
		}
		batch = append(batch, events.Raw{Subject: subject, MsgID: e.ID.String(), Data: data})
		if len(batch) == jetstream.BatchEventsMax {
			return flush()
		}
		return nil
	}
	cash := events.Actor{ID: "cash-1", Role: ledger.RoleCashier}
	sup := events.Actor{ID: "sup-1", Role: ledger.RoleSupervisor}
	dl := events.Actor{ID: "dealer-1", Role: ledger.RoleDealer}
	fe := events.Actor{ID: "fe-1", Role: ledger.RoleFrontend}
	wallet := make([]decimal.Decimal, players)
	player := func(i int) string { return fmt.Sprintf("p%04d", i) }
	count := 0
	step := func(err error) error { count++; return err }
	for i := range players {
		amt := decimal.NewFromInt(1_000_000)
		if err := step(emit(events.TypeWalletDeposited, "", "", cash, &events.WalletDeposited{
			Player: player(i), Amount: amt, Currency: "EUR", BalanceBefore: wallet[i], BalanceAfter: wallet[i].Add(amt),
		}, []events.Posting{{From: posting.AccountCashier, To: posting.WalletAccount(player(i)), Amount: amt, Currency: "EUR"}})); err != nil {
			return err
		}
		wallet[i] = wallet[i].Add(amt)
	}
	lim := map[string]events.Limit{"*": {Min: decimal.NewFromInt(1), Max: decimal.NewFromInt(500)}}
	numbers := make([]int64, tables)
	for t := range tables {
		id := fmt.Sprintf("t%d", t)
		s.tables = append(s.tables, id)
		if err := step(emit(events.TypeTableOpened, id, "", sup, &events.TableOpened{
			Table: id, Game: sicbo.GameName, Paytable: pt.ID(), PaytableHash: pt.Hash(), Currency: "EUR", Scale: 2,
			Limits: lim, Band: events.Limit{Min: decimal.NewFromInt(1), Max: decimal.NewFromInt(1000)}, Dealer: dl.ID,
		}, nil)); err != nil {
			return err
		}
	}
	for count < n {
		t := rng.IntN(tables)
		table := s.tables[t]
		numbers[t]++
		round := uuid.Must(uuid.NewV7()).String()
		s.rounds = append(s.rounds, round)
		if err := step(emit(events.TypeRoundOpened, table, round, dl, &events.RoundOpened{
			Table: table, Round: round, Number: numbers[t], Paytable: pt.ID(), PaytableHash: pt.Hash(),
		}, nil)); err != nil {
			return err
		}
		type placed struct {
			slip, bet, player, code string
			pi                      int
			stake                   decimal.Decimal
		}
		var bets []placed
		staked := decimal.Zero
		for range 5 + rng.IntN(10) {
			pi := rng.IntN(players)
			p := events.BetPlaced{Slip: uuid.Must(uuid.NewV7()).String(), Player: player(pi), Table: table, Round: round, Currency: "EUR",
				BalanceBefore: wallet[pi], Total: decimal.Zero}
			var postings []events.Posting
			for range 1 + rng.IntN(3) {
				b := events.PlacedBet{Bet: uuid.Must(uuid.NewV7()).String(), Code: codes[rng.IntN(len(codes))], Stake: decimal.New(int64(100+rng.IntN(5000)), -2)}
				p.Bets = append(p.Bets, b)
				p.Total = p.Total.Add(b.Stake)
				postings = append(postings, events.Posting{From: posting.WalletAccount(p.Player), To: posting.InPlayAccount(table), Amount: b.Stake, Currency: "EUR"})
				bets = append(bets, placed{p.Slip, b.Bet, p.Player, b.Code, pi, b.Stake})
			}
			wallet[pi] = wallet[pi].Sub(p.Total)
			p.BalanceAfter = wallet[pi]
			staked = staked.Add(p.Total)
			if err := step(emit(events.TypeBetPlaced, table, round, fe, &p, postings)); err != nil {
				return err
			}
		}
		if err := step(emit(events.TypeRoundBettingClosed, table, round, dl, &events.RoundBettingClosed{Table: table, Round: round, Bets: len(bets), Staked: staked}, nil)); err != nil {
			return err
		}
		if rng.IntN(20) == 0 {
			if err := step(emit(events.TypeRoundReshake, table, round, dl, &events.RoundReshake{Table: table, Round: round, Reason: events.ReshakeNotFlat}, nil)); err != nil {
				return err
			}
		}
		if rng.IntN(50) == 0 {
			if err := step(emit(events.TypeRoundCancelled, table, round, sup, &events.RoundCancelled{Table: table, Round: round, Reason: "fault", Bets: len(bets), Refunded: staked}, nil)); err != nil {
				return err
			}
			for _, b := range bets {
				wallet[b.pi] = wallet[b.pi].Add(b.stake)
				if err := step(emit(events.TypeBetRefunded, table, round, sup, &events.BetRefunded{
					Table: table, Round: round, Slip: b.slip, Bet: b.bet, Player: b.player, Code: b.code, Stake: b.stake, Currency: "EUR",
				}, []events.Posting{{From: posting.InPlayAccount(table), To: posting.WalletAccount(b.player), Amount: b.stake, Currency: "EUR"}})); err != nil {
					return err
				}
			}
			continue
		}
		dice := [3]int{1 + rng.IntN(6), 1 + rng.IntN(6), 1 + rng.IntN(6)}
		if err := step(emit(events.TypeRoundResult, table, round, dl, &events.RoundResult{Table: table, Round: round, Dice: dice}, nil)); err != nil {
			return err
		}
		tot := events.RoundSettled{Table: table, Round: round, Dice: dice, Bets: len(bets), Staked: staked, Won: decimal.Zero, Returned: decimal.Zero, Residue: decimal.Zero}
		for _, b := range bets {
			se, err := pt.Settle(games.Bet{Code: b.code, Stake: b.stake}, 2, []games.Result{sicbo.Dice(dice)})
			if err != nil {
				return err
			}
			var postings []events.Posting
			inPlay, w, house := posting.InPlayAccount(table), posting.WalletAccount(b.player), posting.HouseAccount(table)
			if se.Outcome == games.OutcomeLost {
				postings = []events.Posting{{From: inPlay, To: house, Amount: b.stake, Currency: "EUR"}}
			} else {
				postings = []events.Posting{{From: inPlay, To: w, Amount: b.stake, Currency: "EUR"}}
				if se.Win.IsPositive() {
					postings = append(postings, events.Posting{From: house, To: w, Amount: se.Win, Currency: "EUR"})
				}
				if se.Residue.IsPositive() {
					postings = append(postings, events.Posting{From: house, To: posting.RoundingAccount(table), Amount: se.Residue, Currency: "EUR"})
				}
				wallet[b.pi] = wallet[b.pi].Add(se.Returned)
			}
			tot.Won, tot.Returned, tot.Residue = tot.Won.Add(se.Win), tot.Returned.Add(se.Returned), tot.Residue.Add(se.Residue)
			if err := step(emit(events.TypeBetSettled, table, round, dl, &events.BetSettled{
				Table: table, Round: round, Slip: b.slip, Bet: b.bet, Player: b.player, Code: b.code, Stake: b.stake, Currency: "EUR",
				Dice: dice, Outcome: string(se.Outcome), Win: se.Win, Returned: se.Returned, Residue: se.Residue, Rule: se.Rule,
				Paytable: pt.ID(), PaytableHash: pt.Hash(),
			}, postings)); err != nil {
				return err
			}
		}
		if err := step(emit(events.TypeRoundSettled, table, round, dl, &tot, nil)); err != nil {
			return err
		}
	}
	if err := flush(); err != nil {
		return err
	}
	s.last = last
	return nil
}

// rawRead is the rate of one ordered consumer reading the whole stream and
// doing nothing with it, the ceiling of any rebuild.
func rawRead(b *testing.B, s *benchStream) float64 {
	b.Helper()
	start := time.Now()
	var seen uint64
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stop := errors.New("done")
	err := s.store.Follow(ctx, 1, func(batch []events.Raw) error {
		seen = batch[len(batch)-1].Seq
		if seen >= s.last {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) {
		b.Fatal(err)
	}
	return float64(s.last) / time.Since(start).Seconds()
}

// BenchmarkRebuild rebuilds the projections from the whole stream and
// reports the rate beside the raw ordered-consumer read rate of the same
// stream, measured in the same run. It logs the number of records of the
// last file built and the SHA-256 of all of them (bucket, key, value, in
// the file's order): two commits' rebuilds of one stream
// (-wagerlog.bench-store) wrote the same records when they log the same
// digest.
func BenchmarkRebuild(b *testing.B) {
	s := sharedStream(b)
	raw := rawRead(b, s)
	dir := b.TempDir()
	b.ResetTimer()
	var (
		rate float64
		last string
	)
	for i := range b.N {
		last = filepath.Join(dir, fmt.Sprintf("p%d.db", i))
		p, err := replay.Rebuild(context.Background(), s.store, last, projections.Options{}, nil)
		if err != nil {
			b.Fatal(err)
		}
		rate = p.Rate()
	}
	b.StopTimer()
	n, digest := recordsDigest(b, last)
	b.Logf("%d records, SHA-256 %x", n, digest)
	b.ReportMetric(float64(s.last), "events")
	b.ReportMetric(rate, "events/s")
	b.ReportMetric(raw, "raw-events/s")
	b.ReportMetric(rate/raw, "x-raw")
}

// rebuiltStore returns a projections store of the whole stream.
func rebuiltStore(b *testing.B, s *benchStream) *projections.Store {
	b.Helper()
	path := filepath.Join(b.TempDir(), "p.db")
	if _, err := replay.Rebuild(context.Background(), s.store, path, projections.Options{}, nil); err != nil {
		b.Fatal(err)
	}
	st, err := projections.Open(path, projections.Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = st.Close() })
	return st
}

// BenchmarkBoardRead reads a table's board (50 results and statistics) and
// reports the 99th percentile of the read time.
func BenchmarkBoardRead(b *testing.B) {
	s := sharedStream(b)
	needRounds(b, s)
	st := rebuiltStore(b, s)
	samples := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := range b.N {
		start := time.Now()
		bd, err := st.Board(s.tables[i%len(s.tables)])
		samples = append(samples, time.Since(start))
		if err != nil || len(bd.Results) != projections.DefaultBoardSize {
			b.Fatalf("board: %d results, %v", len(bd.Results), err)
		}
	}
	b.StopTimer()
	slices.Sort(samples)
	b.ReportMetric(float64(samples[len(samples)*99/100].Nanoseconds()), "p99-ns")
	b.ReportMetric(float64(samples[len(samples)/2].Nanoseconds()), "p50-ns")
}

// BenchmarkRoundReplay replays one round from the middle of the stream:
// index lookup, every event fetched by sequence and its chain checked, every
// bet re-settled.
//
// With -wagerlog.bench-store it replays the settled round with the most
// bets, as `wagerlog bench` does, and reports its events and the stretch
// of the stream they are spread over.
func BenchmarkRoundReplay(b *testing.B) {
	s := sharedStream(b)
	st := rebuiltStore(b, s)
	round := replayedRound(b, s, st)
	ix, err := st.RoundIndex(round)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	b.ResetTimer()
	for range b.N {
		r, err := replay.Round(ctx, s.store, st, round, lookup)
		if err != nil || !r.ChainOK || !r.Match {
			b.Fatalf("replay: %v %v", err, r.Problems)
		}
	}
	b.ReportMetric(float64(len(ix.Events)), "events")
	b.ReportMetric(float64(ix.Events[len(ix.Events)-1]-ix.Events[0]+1), "stretch")
}

// replayedRound is the round BenchmarkRoundReplay replays: with
// -wagerlog.bench-store the settled round with the most bets, else a
// settled round from the middle of the generated stream.
func replayedRound(b *testing.B, s *benchStream, st *projections.Store) string {
	b.Helper()
	if *benchStore != "" {
		return largestRound(b, st)
	}
	for i := len(s.rounds) / 2; i < len(s.rounds); i++ {
		v, err := st.Round(s.rounds[i])
		if err == nil && v.Status == projections.RoundSettled {
			return v.ID
		}
	}
	b.Fatal("no settled round in the second half of the stream")
	return ""
}

// BenchmarkRoundStretchRead reads the stretch of the stream that
// BenchmarkRoundReplay's round spans (replay.Stretch) and does nothing
// with it: the part of a replay that is the server's delivery. events=4601
// reads only the stretch's first 4,601 events, about the stretch of the
// round wagerlog bench replays. With consumers=2 and 3 the range is cut
// into that many parts read at once, each by an ordered consumer of its
// own (docs/BENCHMARKS.md, "A bet's first placing looked up only where it
// can be"); cpu-ms is the process's CPU a read.
func BenchmarkRoundStretchRead(b *testing.B) {
	s := sharedStream(b)
	st := rebuiltStore(b, s)
	ix, err := st.RoundIndex(replayedRound(b, s, st))
	if err != nil {
		b.Fatal(err)
	}
	from, whole := replay.Stretch(ix.Events)
	ctx := context.Background()
	ends := []uint64{whole}
	if cut := from + 4600; cut < whole {
		ends = append(ends, cut)
	}
	for _, to := range ends {
		for _, parts := range []uint64{1, 2, 3} {
			b.Run(fmt.Sprintf("events=%d/consumers=%d", to-from+1, parts), func(b *testing.B) {
				cpu := processCPU()
				for range b.N {
					if err := readInParts(ctx, s.store, from, to, parts); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64((processCPU()-cpu).Microseconds())/1000/float64(b.N), "cpu-ms")
			})
		}
	}
}

// readInParts reads from..to of st, cut into parts ranges read at once,
// and checks that every event came.
func readInParts(ctx context.Context, st *jetstream.Store, from, to, parts uint64) error {
	var g errgroup.Group
	span := (to - from + 1) / parts
	for p := range parts {
		lo, hi := from+p*span, from+(p+1)*span-1
		if p == parts-1 {
			hi = to
		}
		g.Go(func() error {
			n := uint64(0)
			if err := st.Read(ctx, lo, hi, func(events.Raw) error { n++; return nil }); err != nil {
				return err
			}
			if n != hi-lo+1 {
				return fmt.Errorf("read %d events of %d..%d", n, lo, hi)
			}
			return nil
		})
	}
	return g.Wait()
}

// processCPU is the user and system CPU the process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkPrepare measures the rebuild's decoding alone: the stream is
// read once before the timer, in the rebuild's chunks of 1,000 events; each
// iteration prepares (decodes) every chunk on one goroutine, as one of the
// rebuild's decoders does.
func BenchmarkPrepare(b *testing.B) {
	s := sharedStream(b)
	st, err := projections.Open(filepath.Join(b.TempDir(), "decode.db"), projections.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	const chunk = 1000
	var chunks [][]events.Raw
	var raws []events.Raw
	if err := s.store.Read(context.Background(), 1, s.last, func(r events.Raw) error {
		if raws = append(raws, r); len(raws) == chunk {
			chunks, raws = append(chunks, raws), nil
		}
		return nil
	}); err != nil {
		b.Fatal(err)
	}
	if len(raws) > 0 {
		chunks = append(chunks, raws)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		for _, c := range chunks {
			if _, err := st.Prepare(c); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(uint64(b.N)*s.last), "ns/event")
}

// largestRound returns the settled round with the most bets in st.
func largestRound(b *testing.B, st *projections.Store) string {
	b.Helper()
	tables, err := st.Tables()
	if err != nil {
		b.Fatal(err)
	}
	best, most := "", 0
	for _, t := range tables.Tables {
		page := projections.Page{Limit: projections.PageLimitMax}
		for {
			p, err := st.Rounds(t.ID, page)
			if err != nil {
				b.Fatal(err)
			}
			for _, r := range p.Rounds {
				if r.Status != projections.RoundSettled {
					continue
				}
				v, err := st.Round(r.ID)
				if err != nil {
					b.Fatal(err)
				}
				if len(v.Bets) > most {
					best, most = r.ID, len(v.Bets)
				}
			}
			if p.Next == "" {
				break
			}
			page.Cursor = p.Next
		}
	}
	if best == "" {
		b.Fatal("no settled round in the store")
	}
	return best
}

// BenchmarkApply measures the rebuild's serial part alone: the stream is
// read and decoded once, before the timer, in the rebuild's chunks; each
// iteration applies every chunk to a new file in transactions of
// replay.RebuildBatchMax events, as the rebuild's applier does. A rebuild
// on 2 cores waits on this goroutine, so its ns/event and allocations are
// what a change to the folds or the records' writing is judged by.
func BenchmarkApply(b *testing.B) {
	s := sharedStream(b)
	dir := b.TempDir()
	boot, err := projections.Open(filepath.Join(dir, "decode.db"), projections.Options{})
	if err != nil {
		b.Fatal(err)
	}
	const chunk = 1000
	var (
		chunks []*projections.Prepared
		raws   []events.Raw
	)
	prepare := func() {
		p, err := boot.Prepare(raws)
		if err != nil {
			b.Fatal(err)
		}
		chunks = append(chunks, p)
		raws = raws[:0]
	}
	if err := s.store.Read(context.Background(), 1, s.last, func(r events.Raw) error {
		if raws = append(raws, r); len(raws) == chunk {
			prepare()
		}
		return nil
	}); err != nil {
		b.Fatal(err)
	}
	if len(raws) > 0 {
		prepare()
	}
	_ = boot.Close()
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		b.StopTimer()
		st, err := projections.Open(filepath.Join(dir, fmt.Sprintf("p%d.db", i)), projections.Options{NoSync: true})
		if err != nil {
			b.Fatal(err)
		}
		// Merge mutates its receiver: each iteration merges into new
		// Prepared values of its own.
		batches := []*projections.Prepared{}
		var cur *projections.Prepared
		for _, c := range chunks {
			if cur == nil {
				cur = new(projections.Prepared)
			}
			cur.Merge(c)
			if cur.Len() >= replay.RebuildBatchMax {
				batches, cur = append(batches, cur), nil
			}
		}
		if cur != nil {
			batches = append(batches, cur)
		}
		b.StartTimer()
		for _, p := range batches {
			if err := st.ApplyPrepared(p); err != nil {
				b.Fatal(err)
			}
		}
		b.StopTimer()
		if st.LastSeq() != s.last {
			b.Fatalf("applied up to %d of %d", st.LastSeq(), s.last)
		}
		_ = st.Close()
		b.StartTimer()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(uint64(b.N)*s.last), "ns/event")
}

// recordsDigest returns the number of records of the projections file at
// path and the SHA-256 of all of them, each bucket, key and value prefixed
// with its length.
func recordsDigest(tb testing.TB, path string) (int, []byte) {
	tb.Helper()
	st, err := projections.Open(path, projections.Options{ReadOnly: true})
	if err != nil {
		tb.Fatal(err)
	}
	defer st.Close()
	h := sha256.New()
	n := 0
	err = st.Records(func(bucket, key, value []byte) error {
		n++
		for _, part := range [][]byte{bucket, key, value} {
			h.Write(binary.BigEndian.AppendUint32(nil, uint32(len(part))))
			h.Write(part)
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return n, h.Sum(nil)
}

// BenchmarkPlayerHistory reads the first page (50 entries) of a player's
// wallet history and of their bets, newest first, as the API's player
// endpoints do. It picks the first player with more than a page of each.
func BenchmarkPlayerHistory(b *testing.B) {
	s := sharedStream(b)
	st := rebuiltStore(b, s)
	pp, err := st.Players(projections.Page{Limit: projections.PageLimitMax})
	if err != nil {
		b.Fatal(err)
	}
	player := ""
	for _, p := range pp.Players {
		wp, err := st.WalletHistory(p.Player, projections.Page{})
		if err != nil {
			b.Fatal(err)
		}
		bp, err := st.PlayerBets(p.Player, projections.Page{})
		if err != nil {
			b.Fatal(err)
		}
		if wp.Next != "" && bp.Next != "" {
			player = p.Player
			break
		}
	}
	if player == "" {
		b.Fatalf("none of %d players has more than a page of wallet entries and bets", len(pp.Players))
	}
	b.Run("wallet", func(b *testing.B) {
		for range b.N {
			if wp, err := st.WalletHistory(player, projections.Page{}); err != nil || len(wp.Entries) != projections.PageLimitDefault {
				b.Fatalf("%d entries, %v", len(wp.Entries), err)
			}
		}
	})
	b.Run("bets", func(b *testing.B) {
		for range b.N {
			if bp, err := st.PlayerBets(player, projections.Page{}); err != nil || len(bp.Bets) != projections.PageLimitDefault {
				b.Fatalf("%d bets, %v", len(bp.Bets), err)
			}
		}
	})
}
