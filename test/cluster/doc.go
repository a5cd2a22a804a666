// Package cluster is wagerlog's cluster test suite: the ledger, two
// competing writers and a read replica against three real nats-server
// processes forming a JetStream cluster, with a stream of 3 replicas. Its
// tests carry the build tag `cluster` and run with
//
//	go test -tags cluster -count=1 -timeout 30m -v ./test/cluster/
//
// (.ci/run does). They start the cluster with internal/clustertest, which
// configures every node as docs/CLUSTER.md tells operators to and
// includes docs/cluster/accounts.conf, so the tests connect as the
// documented users: the ledger with publish rights on its own subjects and
// the JetStream API calls it needs, readers with read-only consumers, and
// the admin, who alone creates the stream.
//
// What they check:
//
//   - Leader kills: the stream leader is killed with SIGKILL again and
//     again under load; every command the ledger acknowledged is in the
//     stream exactly once, money is conserved, the hash chain verifies,
//     and the time until writes resume is measured.
//   - Two writers: two ledgers on one stream never both commit at the same
//     position (the stream holds one unbroken hash chain); the fenced one
//     catches up and serves again.
//   - Read replica: `wagerlog serve --read-only` keeps its own projections
//     from the stream, serves the reads, refuses the writes, and its lag
//     behind the writer is measured.
//
// The measured figures are logged as lines starting with "cluster figure:".
// They are measurements, never pass/fail criteria.
package cluster
