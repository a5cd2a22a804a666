package main

import (
	"fmt"
	"math"
	"os"
	"runtime/debug"

	"github.com/spf13/pflag"
)

// DefaultMemoryLimitMiB is the default of serve's and bench's
// --memory-limit-mib: the Go runtime's soft memory limit
// (runtime/debug.SetMemoryLimit, as GOMEMLIMIT). The process's live heap
// is small (about 60 MiB after the bench's 300,000 events: the ledger's
// bounded state, the embedded server's caches); without a limit Go lets
// the heap grow to twice the live heap after every collection and returns
// freed memory to the system slowly, so bursts (a rebuild, the HTTP load)
// left the resident set at several times what the process holds. With the
// limit the collector runs earlier as the heap nears it and gives memory
// back (docs/BENCHMARKS.md, "Memory").
//
// The limit is soft: a process whose live state is above it (for example
// 2,000,000 remembered idempotency keys at ledger.IdemEntryBytes each)
// goes over it rather than failing, with the collector running more often
// (at most about half the CPU, Go's own cap): raise it with the ledger's
// bounds.
const DefaultMemoryLimitMiB = 256

// GCPercentUnderLimit is the collector's target (as GOGC) while a memory
// limit is in force: a collection when the heap has grown to five times
// what the last one left live, or when it nears the limit, whichever comes
// first. The ledger's live heap is small and its garbage short-lived (the
// events of a group, a request's buffers), so Go's default of 100 ran the
// collector several times a second under load, on the same two cores as
// the sequencer and the embedded server; the limit, not the percentage,
// is what bounds the resident set. At 1,000 clients this took the CPU per
// slip from 86–104 µs to 75–84 µs with the same peak RSS
// (docs/BENCHMARKS.md, "The sequencer's pipeline"). GOGC in the
// environment wins.
const GCPercentUnderLimit = 400

// memoryLimitFlag registers --memory-limit-mib on fs.
func memoryLimitFlag(fs *pflag.FlagSet, mib *int) {
	fs.IntVar(mib, "memory-limit-mib", DefaultMemoryLimitMiB, "the Go runtime's soft memory limit in MiB (as GOMEMLIMIT): the collector runs earlier near it and returns memory to the system; 0: Go's default (no limit); GOMEMLIMIT in the environment wins over the default")
}

// setMemoryLimit sets the process's soft memory limit to mib MiB, and the
// collector's target to GCPercentUnderLimit under it, and returns what
// restores the previous ones (both are the process's, and tests run
// commands in-process). set tells whether the flag was given: when it was
// not, GOMEMLIMIT in the environment is the operator's choice and is kept.
// GOGC in the environment is always kept.
func setMemoryLimit(mib int, set bool) (restore func(), err error) {
	switch {
	case mib < 0:
		return nil, fmt.Errorf("--memory-limit-mib %d: want 0 or more", mib)
	case !set && os.Getenv("GOMEMLIMIT") != "":
		return func() {}, nil
	}
	limit := int64(math.MaxInt64) // Go's default: no limit
	if mib > 0 {
		limit = int64(mib) << 20
	}
	prev := debug.SetMemoryLimit(limit)
	restoreGC := func() {}
	if mib > 0 && os.Getenv("GOGC") == "" {
		old := debug.SetGCPercent(GCPercentUnderLimit)
		restoreGC = func() { debug.SetGCPercent(old) }
	}
	return func() {
		restoreGC()
		debug.SetMemoryLimit(prev)
	}, nil
}
