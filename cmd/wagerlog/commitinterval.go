package main

import (
	"fmt"
	"time"

	"github.com/spf13/pflag"

	"github.com/wagerlog/wagerlog/projections"
)

// commitIntervalFlag registers --projector-commit-interval on fs: serve's
// projector and the bench's HTTP phase read the same setting the same way.
func commitIntervalFlag(fs *pflag.FlagSet, d *time.Duration) {
	fs.DurationVar(d, "projector-commit-interval", projections.DefaultCommitInterval,
		"the projector commits at most once per interval while events keep arriving (a read with min_seq commits at once); 0: every batch as it arrives (as releases before it did), more CPU per event, reads never held back")
}

// projectorCommitInterval turns the flag's value into
// projections.Projector.CommitInterval, whose zero means the default and
// whose negative means every batch.
func projectorCommitInterval(d time.Duration) (time.Duration, error) {
	switch {
	case d < 0:
		return 0, fmt.Errorf("--projector-commit-interval %s: want 0 or more", d)
	case d == 0:
		return -1, nil // every batch as it arrives
	}
	return d, nil
}
