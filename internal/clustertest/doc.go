// Package clustertest runs a three-node NATS JetStream cluster on loopback
// for wagerlog's cluster test suite (build tag `cluster`): three real
// nats-server processes, built from the nats-server Go module this module
// already depends on, so that a leader can be killed with SIGKILL like a
// crashed machine rather than shut down politely in-process.
//
// Each node is configured the way docs/CLUSTER.md tells operators to:
// `jetstream { sync_interval: always }`, a cluster block with routes to the
// three nodes, and `include accounts.conf`, where accounts.conf is the
// repository's docs/cluster/accounts.conf itself. The permissions the suite
// tests are therefore the documented ones, not a copy that could drift.
// The passwords are fixed test values handed to the servers through the
// environment variables that file reads.
//
// The package talks to the servers only through their monitoring port
// (/healthz and /jsz): it needs no NATS client, so it stays out of the rule
// that only events/jetstream imports nats.go. It is test support, not part
// of the product; its helpers take a testing.TB and fail the test on error.
package clustertest
