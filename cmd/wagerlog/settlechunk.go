package main

import (
	"fmt"

	"github.com/spf13/pflag"

	"github.com/wagerlog/wagerlog/ledger"
)

// settleChunkFlag registers --settle-chunk on fs: serve's and bench's
// ledger (ledger.Options.SettleChunk).
func settleChunkFlag(fs *pflag.FlagSet, n *int) {
	fs.IntVar(n, "settle-chunk", ledger.DefaultSettleChunk,
		"events of a round's settlement one group commit takes at most: a larger settlement is written over several groups, between the other tables' bets, and its result is answered with the last; 0: every settlement in its result's group (as releases before it did)")
}

// settleChunk turns the flag's value into ledger.Options.SettleChunk,
// whose zero means the default and whose negative means no chunks.
func settleChunk(n int) (int, error) {
	switch {
	case n < 0:
		return 0, fmt.Errorf("--settle-chunk %d: want 0 or more", n)
	case n == 0:
		return -1, nil
	}
	return n, nil
}
