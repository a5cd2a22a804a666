package bench

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/google/pprof/profile"
)

// The HTTP phase's server CPU is one figure from the kernel
// (http_server_cpu_us_per_slip). To say where it goes, the phase runs
// under the Go CPU profiler and each sample is given to the part of the
// server its stack runs in. A stack belongs to the first part of
// cpuParts that one of its frames names: a handler's call into the ledger
// counts as the ledger's, the projector's reads through the NATS client as
// the projector's.

// cpuPart is a part of the server's CPU: its name and the function name
// prefixes of its frames.
type cpuPart struct {
	name     string
	prefixes []string
}

// cpuParts are the parts in the order they claim a stack.
var cpuParts = []cpuPart{
	{"projector", []string{"github.com/wagerlog/wagerlog/projections."}},
	{"ledger", []string{"github.com/wagerlog/wagerlog/ledger."}},
	{"request", []string{"net/http.", "github.com/wagerlog/wagerlog/api."}},
	{"jetstream", []string{"github.com/nats-io/nats-server/"}},
	{"nats_client", []string{"github.com/nats-io/nats.go"}},
	{"gc", []string{"runtime.gcBgMarkWorker", "runtime.bgsweep", "runtime.bgscavenge"}},
}

// cpuOther is the part of a stack no part claims (the scheduler, timers).
const cpuOther = "other"

// CPUSplitParts lists the parts of CPUSplit in their order, other last.
func CPUSplitParts() []string {
	out := make([]string, 0, len(cpuParts)+1)
	for _, p := range cpuParts {
		out = append(out, p.name)
	}
	return append(out, cpuOther)
}

// cpuSplit reads a CPU profile and returns the CPU time of each part, in
// microseconds.
func cpuSplit(data []byte) (map[string]float64, error) {
	p, err := profile.Parse(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("bench: CPU profile: %w", err)
	}
	value := -1
	for i, st := range p.SampleType {
		if st.Type == "cpu" && st.Unit == "nanoseconds" {
			value = i
		}
	}
	if value < 0 {
		return nil, fmt.Errorf("bench: CPU profile has no cpu/nanoseconds samples")
	}
	out := make(map[string]float64, len(cpuParts)+1)
	for _, name := range CPUSplitParts() {
		out[name] = 0
	}
	for _, s := range p.Sample {
		out[partOf(s)] += float64(s.Value[value]) / 1e3
	}
	return out, nil
}

// partOf names the part a sample's stack belongs to.
func partOf(s *profile.Sample) string {
	for _, part := range cpuParts {
		for _, loc := range s.Location {
			for _, line := range loc.Line {
				if line.Function == nil {
					continue
				}
				for _, pre := range part.prefixes {
					if strings.HasPrefix(line.Function.Name, pre) {
						return part.name
					}
				}
			}
		}
	}
	return cpuOther
}

// splitText writes a split as "request 80 µs, ledger 40 µs, …" in the
// parts' order.
func splitText(split map[string]float64) string {
	var b strings.Builder
	for i, part := range CPUSplitParts() {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s %.0f µs", part, split[part])
	}
	return b.String()
}
