package bench

import (
	"math"
	"math/rand/v2"
	"slices"
	"time"
)

// samplesPerRecorderMax bounds the latencies one client keeps. Beyond it
// the recorder keeps a uniform random sample (reservoir sampling), so a
// long run's percentiles stay unbiased in bounded memory.
const samplesPerRecorderMax = 1 << 18

// recorder holds one client's latency samples. It is not safe for
// concurrent use: each client has its own, merged at the end.
type recorder struct {
	samples []time.Duration
	seen    int
	rng     *rand.Rand
}

func newRecorder(seed1, seed2 uint64) *recorder {
	return &recorder{rng: rand.New(rand.NewPCG(seed1, seed2))}
}

// add records one latency.
func (r *recorder) add(d time.Duration) {
	r.seen++
	if len(r.samples) < samplesPerRecorderMax {
		r.samples = append(r.samples, d)
		return
	}
	if i := r.rng.IntN(r.seen); i < len(r.samples) {
		r.samples[i] = d
	}
}

// latencies is the merged, sorted samples of a phase.
type latencies []time.Duration

// merge sorts the samples of every recorder into one list. Each recorder
// weighs by the samples it kept, which is exact as long as none reached
// samplesPerRecorderMax and close enough after.
func merge(rs []*recorder) latencies {
	n := 0
	for _, r := range rs {
		n += len(r.samples)
	}
	out := make(latencies, 0, n)
	for _, r := range rs {
		out = append(out, r.samples...)
	}
	slices.Sort(out)
	return out
}

// quantile returns the q-quantile (0 < q ≤ 1) by the nearest-rank method:
// the smallest sample such that at least q of the samples are at or below
// it. It returns 0 for no samples.
func (l latencies) quantile(q float64) time.Duration {
	if len(l) == 0 {
		return 0
	}
	rank := int(math.Ceil(q * float64(len(l))))
	rank = max(1, min(rank, len(l)))
	return l[rank-1]
}

// ms and us express a duration in (fractional) milliseconds and
// microseconds.
func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
func us(d time.Duration) float64 { return float64(d) / float64(time.Microsecond) }
