package api_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/projections"
)

// TestAPI_MinSeqUnderPacedProjector checks read-your-writes when the
// projector holds its batches (projections/pace.go): with an interval of an
// hour, a read without min_seq does not see a write yet, and the same read
// with min_seq answers with it at once.
func TestAPI_MinSeqUnderPacedProjector(t *testing.T) {
	e := newEnv(t, envOptions{commitInterval: time.Hour})
	// The first batch after a pause is committed at once.
	first := e.deposit("ann", "10").LastSeq
	if got := e.balance("ann", first); !got.Equal(dec("10")) {
		t.Fatalf("balance %s after the first deposit, want 10", got)
	}

	for i, amount := range []string{"5", "7"} {
		last := e.deposit("ann", amount).LastSeq
		var held projections.BalanceList
		if err := json.Unmarshal(e.must(200, "GET", "/v1/wallets/ann", ledger.RoleAuditor, nil).body, &held); err != nil {
			t.Fatal(err)
		}
		if held.Seq >= last {
			t.Fatalf("deposit %d: a read without min_seq is at %d, the write at %d: not held", i+2, held.Seq, last)
		}
		want := []string{"15", "22"}[i]
		// Held for the hour, the read would answer projection_lag after
		// MinSeqWaitMax: the reader waiting must end the hold.
		if got := e.balance("ann", last); !got.Equal(dec(want)) {
			t.Fatalf("deposit %d: balance %s with min_seq=%d, want %s", i+2, got, last, want)
		}
	}
}
