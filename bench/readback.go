package bench

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/projections"
	"github.com/wagerlog/wagerlog/replay"
)

// Sizes of the read phases.
const (
	// replayRuns is how often the round is replayed; the median counts.
	replayRuns = 5
	// boardReadsMax and boardReadTimeMax bound the board reads: whichever
	// comes first.
	boardReadsMax    = 100_000
	boardReadTimeMax = 5 * time.Second
)

// rawRead reads the whole stream with one ordered consumer, decoding
// nothing: the ceiling of any rebuild. It returns events per second.
func rawRead(ctx context.Context, st *jetstream.Store) (rate float64, n int64, err error) {
	start := time.Now()
	err = st.Read(ctx, 1, 0, func(events.Raw) error {
		n++
		return nil
	})
	if err != nil {
		return 0, n, fmt.Errorf("bench: raw read: %w", err)
	}
	if n == 0 {
		return 0, 0, errors.New("bench: raw read: the stream is empty")
	}
	return float64(n) / time.Since(start).Seconds(), n, nil
}

// rebuild rebuilds the projections of the whole stream into path, printing
// progress now and then.
func rebuild(ctx context.Context, st *jetstream.Store, path string, progress io.Writer) (replay.Progress, error) {
	var last time.Time
	p, err := replay.Rebuild(ctx, st, path, projections.Options{}, func(p replay.Progress) {
		if time.Since(last) >= progressEvery {
			last = time.Now()
			fmt.Fprintf(progress, "bench: rebuild: %d of %d events (%.0f events/s)\n", p.Applied, p.Target, p.Rate())
		}
	})
	if err != nil {
		return p, fmt.Errorf("bench: rebuild: %w", err)
	}
	if p.Applied == 0 || p.Elapsed <= 0 {
		return p, errors.New("bench: rebuild applied nothing")
	}
	return p, nil
}

// replayResult is what the round replay measured.
type replayResult struct {
	round  string
	bets   int
	events int
	// stretch is how many events of the stream lie from the round's first
	// to its last: the range a replay reads.
	stretch uint64
	median  time.Duration
	// all is each replay's time and faults its page faults, in the order
	// they ran.
	all    []time.Duration
	faults []int64
	// read is the median time to read the round's stretch of the stream
	// alone, as the replay reads it (from the event before the round's
	// first to its last), and reads each such read's time: the part of a
	// replay that is the embedded server's delivery.
	read  time.Duration
	reads []time.Duration
}

// replayRound replays the settled round of rounds with the most slips
// replayRuns times and returns the median time. A replay that finds a
// broken chain or a settlement that does not match is an error: the
// benchmark must not time a replay of a wrong stream.
func replayRound(ctx context.Context, st *jetstream.Store, views *projections.Store, rounds []roundRecord) (replayResult, error) {
	var res replayResult
	if len(rounds) == 0 {
		return res, errors.New("bench: round replay: no round was settled")
	}
	best := slices.MaxFunc(rounds, func(a, b roundRecord) int { return cmp.Compare(a.slips, b.slips) })
	v, err := views.Round(best.id)
	if err != nil {
		return res, fmt.Errorf("bench: round replay: round %s: %w", best.id, err)
	}
	if v.Status != projections.RoundSettled {
		return res, fmt.Errorf("bench: round replay: round %s is %s, not settled", best.id, v.Status)
	}
	res.round, res.bets, res.events = best.id, len(v.Bets), len(v.Events)
	ix, err := views.RoundIndex(best.id)
	if err != nil || len(ix.Events) == 0 {
		return res, fmt.Errorf("bench: round replay: round %s: no index (%v)", best.id, err)
	}
	res.stretch = ix.Events[len(ix.Events)-1] - ix.Events[0] + 1
	// The catalog is built once, as `wagerlog replay round` does.
	lookup := registry.New()
	from, to := replay.Stretch(ix.Events)
	times := make([]time.Duration, 0, replayRuns)
	for range replayRuns {
		start, faults := time.Now(), selfFaults()
		r, err := replay.Round(ctx, st, views, best.id, lookup)
		times = append(times, time.Since(start))
		res.faults = append(res.faults, selfFaults()-faults)
		if err != nil {
			return res, fmt.Errorf("bench: round replay: %w", err)
		}
		if !r.ChainOK || !r.Match {
			return res, fmt.Errorf("bench: round replay of %s found problems: %v", best.id, r.Problems)
		}
		// The stretch read alone, after each replay: the server has
		// dropped the blocks' caches again by then, as it does between
		// replays.
		start, n := time.Now(), uint64(0)
		if err := st.Read(ctx, from, to, func(events.Raw) error { n++; return nil }); err != nil {
			return res, fmt.Errorf("bench: round replay: read %d..%d: %w", from, to, err)
		}
		res.reads = append(res.reads, time.Since(start))
		if n != to-from+1 {
			return res, fmt.Errorf("bench: round replay: read %d events of %d..%d", n, from, to)
		}
	}
	res.all = slices.Clone(times)
	slices.Sort(times)
	res.median = times[len(times)/2]
	reads := slices.Clone(res.reads)
	slices.Sort(reads)
	res.read = reads[len(reads)/2]
	return res, nil
}

// boardReads reads the tables' boards in turn, up to boardReadsMax times or
// for at most limit, and returns the latencies.
func boardReads(views *projections.Store, tables []string, limit time.Duration) (latencies, error) {
	rec := newRecorder(0, 2)
	deadline := time.Now().Add(min(limit, boardReadTimeMax))
	for i := 0; i < boardReadsMax && (i == 0 || time.Now().Before(deadline)); i++ {
		start := time.Now()
		b, err := views.Board(tables[i%len(tables)])
		rec.add(time.Since(start))
		if err != nil {
			return nil, fmt.Errorf("bench: board: %w", err)
		}
		if len(b.Results) == 0 {
			return nil, fmt.Errorf("bench: board of %s is empty", b.Table)
		}
	}
	return merge([]*recorder{rec}), nil
}
