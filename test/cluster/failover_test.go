//go:build cluster

package cluster

import (
	"fmt"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/internal/clustertest"
	"github.com/wagerlog/wagerlog/ledger"
)

// Shape of the leader-kill test.
const (
	// leaderKills is how many times the stream leader is killed.
	leaderKills = 6
	// loadBeforeKill is how long the load runs on a healthy cluster before
	// each kill.
	loadBeforeKill = 2 * time.Second
	// downAfterResume is how long the killed node stays down after writes
	// resumed without it.
	downAfterResume = 2 * time.Second
	// gracefulStops is how many times the stream leader is then stopped
	// with SIGTERM, as for a planned restart.
	gracefulStops = 3
	// loadPlayers is the number of player goroutines.
	loadPlayers = 8
)

// TestCluster_LeaderKills runs the ledger on an R3 stream under load and
// kills the stream leader with SIGKILL leaderKills times, restarting the
// node a while after writes resumed and waiting for its replica to be
// current before the next kill. Clients send every failed command again
// with the same idempotency key. At the end, every acknowledged command's
// events are in the stream exactly once, money is conserved, the hash
// chain verifies, and a fresh ledger rebuilt from the stream agrees with
// the live one. It measures, for each kill, how long the cluster took to
// name a new stream leader and how long until the ledger's next write was
// acknowledged.
func TestCluster_LeaderKills(t *testing.T) {
	c := startCluster(t)
	store := openStore(t, c, clustertest.Ledger(), false)
	l := openLedger(t, store, nil)
	b := newBook()
	ld := startLoad(t, "kills", b, []*ledger.Ledger{l}, loadPlayers, true, 1)

	var elections, resumes []time.Duration
	probe := newBook()
	for k := 1; k <= leaderKills && !t.Failed(); k++ {
		time.Sleep(loadBeforeKill)
		before := c.WaitStreamCurrent()
		leader := c.StreamLeader()
		killed := time.Now()
		c.Kill(leader)

		// Watch for the new leader on the side (StreamLeaderNow never
		// fails the test, so it may run on another goroutine).
		elected := make(chan time.Duration, 1)
		go func() {
			for time.Since(killed) < clustertest.LeaderTimeout {
				if _, err := c.StreamLeaderNow(); err == nil {
					break
				}
				time.Sleep(10 * time.Millisecond)
			}
			elected <- time.Since(killed)
		}()
		// The probe is one more client: a deposit sent again and again
		// until acknowledged. Its acknowledgement is the first write the
		// ledger completes after the kill among those sent after it.
		if _, err := probe.do(t, l, &ledger.Deposit{
			Meta:   ledger.Meta{Actor: cashier, IdempotencyKey: fmt.Sprintf("probe-%d", k)},
			Player: "probe", Amount: dec("1"), Currency: currency,
		}, "deposit", dec("1")); err != nil {
			t.Fatalf("kill %d: probe: %v", k, err)
		}
		resumed := time.Since(killed)
		election := <-elected
		elections, resumes = append(elections, election), append(resumes, resumed)
		t.Logf("kill %d: %s led at seq %d; new leader after %v, writes resumed after %v; %s",
			k, c.Nodes[leader].Name, before.State.LastSeq, election.Round(time.Millisecond), resumed.Round(time.Millisecond), b.summary())

		time.Sleep(downAfterResume)
		c.Restart(leader)
	}

	// Planned restarts: the leader stopped with SIGTERM hands its
	// leaderships over before it exits.
	var graceful []time.Duration
	for k := 1; k <= gracefulStops && !t.Failed(); k++ {
		time.Sleep(loadBeforeKill)
		c.WaitStreamCurrent()
		leader := c.StreamLeader()
		stopped := time.Now()
		c.Stop(leader)
		if _, err := probe.do(t, l, &ledger.Deposit{
			Meta:   ledger.Meta{Actor: cashier, IdempotencyKey: fmt.Sprintf("probe-graceful-%d", k)},
			Player: "probe", Amount: dec("1"), Currency: currency,
		}, "deposit", dec("1")); err != nil {
			t.Fatalf("graceful stop %d: probe: %v", k, err)
		}
		d := time.Since(stopped)
		graceful = append(graceful, d)
		t.Logf("SIGTERM %d of leader %s: writes resumed after %v (the stop itself included)", k, c.Nodes[leader].Name, d.Round(time.Millisecond))
		c.Restart(leader)
	}
	ld.stopLoad()
	c.WaitStreamCurrent()

	reader := openStore(t, c, clustertest.Reader(), true)
	envs, raws := readStream(t, reader)
	acks := append(b.snapshot(), probe.snapshot()...)
	balances := checkStream(t, envs, raws, acks)
	checkLedgerBalances(t, l, balances)
	// A ledger rebuilt from the stream alone agrees too.
	fresh := openLedger(t, openStore(t, c, clustertest.Ledger(), false), nil)
	checkLedgerBalances(t, fresh, balances)

	figure(t, "leader kills: %d SIGKILLs of the stream leader under load (%d players, %d rounds), %d events, %d acknowledged commands all present exactly once",
		len(resumes), loadPlayers, ld.rounds.Load(), len(envs), len(acks))
	figure(t, "leader kill -> new stream leader: %s", durations(elections))
	figure(t, "leader kill -> first acknowledged write: %s", durations(resumes))
	figure(t, "leader SIGTERM (planned restart) -> first acknowledged write: %s", durations(graceful))
	t.Logf("load: %s", b.summary())
}
