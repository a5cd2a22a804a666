//go:build cluster

package cluster

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/internal/clustertest"
	"github.com/wagerlog/wagerlog/ledger"
)

// checkpointLoadFor is how long the writer runs under load before the
// standby starts.
const checkpointLoadFor = 4 * time.Second

// TestCluster_StandbyFromCheckpoint runs the fail-over of docs/CLUSTER.md
// with checkpoints, as the ledger's user under accounts.conf: the admin
// creates the stream and its checkpoint store; the writer takes a
// checkpoint every 100 events under load; a standby, connected to another
// node, starts from the newest one and reads only the events after it; its
// state equals the writer's; it corrects a finished round (its bets read
// back from the cluster); the old writer, now behind, is fenced and catches
// up (from a checkpoint too) before its next write.
func TestCluster_StandbyFromCheckpoint(t *testing.T) {
	c := startCluster(t)
	admin := openStore(t, c, clustertest.Admin(), false)
	ctx, cancel := context.WithTimeout(context.Background(), openTimeout)
	defer cancel()
	if _, err := admin.Checkpoints(ctx, 0); err != nil {
		t.Fatalf("admin creates the checkpoint store: %v", err)
	}
	open := func(urls string) *ledger.Ledger {
		o := storeOptions(c, clustertest.Ledger(), false)
		o.URL = urls
		st, err := jetstream.Open(ctx, o)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = st.Close() })
		ck, err := st.Checkpoints(ctx, 0)
		if err != nil {
			t.Fatalf("the ledger's user binds to the checkpoint store: %v", err)
		}
		l, err := ledger.Open(ctx, st, ledger.Options{Games: registry.New(), Logger: logger(), Checkpoints: ck, CheckpointEvery: 100})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = l.Close() })
		return l
	}
	writer := open(c.Nodes[0].URL())
	b := newBook()
	ld := startLoad(t, "ckpt", b, []*ledger.Ledger{writer}, 4, true, 7)
	time.Sleep(checkpointLoadFor)
	ld.stopLoad()
	deadline := time.Now().Add(30 * time.Second)
	for writer.LastCheckpoint().Seq == 0 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if writer.LastCheckpoint().Seq == 0 {
		t.Fatal("the writer took no checkpoint")
	}
	last := writer.LastSeq()

	standby := open(c.Nodes[2].URL())
	info := standby.LastCheckpoint()
	figure(t, "standby: started from the checkpoint at %d of %d events, read a tail of %d", info.Seq, last, info.Tail)
	if !info.Loaded || info.Tail >= last || info.Seq+info.Tail != last {
		t.Fatalf("the standby started from %+v, want a checkpoint and the tail up to %d", info, last)
	}
	var wb, sb []ledger.BalanceRow
	_ = writer.Inspect(ctx, func(s *ledger.State) { wb = s.Balances() })
	_ = standby.Inspect(ctx, func(s *ledger.State) { sb = s.Balances() })
	if !slices.EqualFunc(wb, sb, func(a, b ledger.BalanceRow) bool {
		return a.Account == b.Account && a.Currency == b.Currency && a.Balance.Equal(b.Balance)
	}) {
		t.Fatalf("the standby's balances differ from the writer's")
	}

	// The standby takes over and corrects the last finished round.
	var round string
	for r := range ld.results() {
		if r > round { // UUIDv7: the latest round played to the end
			round = r
		}
	}
	if round == "" {
		t.Fatal("no round was played")
	}
	dice := ld.results()[round]
	other := []int{dice[0]%6 + 1, dice[1], dice[2]}
	cres, err := standby.Execute(ctx, &ledger.CorrectResult{Meta: ledger.Meta{Actor: supervisor}, Table: loadTable, Round: round, Result: sicbo.ResultJSON(other...), Reason: "fail-over test"})
	if err != nil {
		t.Fatalf("the standby corrects round %s: %v", round, err)
	}
	r, ok, err := standby.Round(ctx, round)
	if err != nil || !ok || r.Correction != 1 {
		t.Fatalf("round %s after the correction: %+v %v %v", round, r, ok, err)
	}
	// The old writer's next write is fenced; it catches up and lands
	// after the standby's events.
	res, err := writer.Execute(ctx, &ledger.Deposit{Meta: ledger.Meta{Actor: cashier}, Player: "late", Amount: dec("1"), Currency: currency})
	if err != nil {
		t.Fatalf("the old writer after the take-over: %v", err)
	}
	if res.FirstSeq <= cres.LastSeq {
		t.Fatalf("the old writer wrote at %d, not after the standby's correction (%d..%d)", res.FirstSeq, cres.FirstSeq, cres.LastSeq)
	}
}
