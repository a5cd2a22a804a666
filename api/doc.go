// Package api is wagerlog's HTTP interface: JSON over HTTP under /v1 for
// every ledger command and every projection, a live board over server-sent
// events, Prometheus metrics, health checks and an OpenAPI 3.1 document.
//
// # One table drives everything
//
// routes.go lists every route once: its method and pattern, who may call it
// (public, or a set of roles, derived from ledger.AllowedRoles for the
// commands), the handler and its OpenAPI description. The mux, the
// authorisation middleware, the OpenAPI document and the role test are all
// built from that list, so they cannot drift apart. The ledger checks roles a
// second time (and checks that a dealer acts only on their own table), so a
// mistake in this layer cannot let a role write what it must not.
//
// # Writes and reads
//
// A write decodes a small JSON body (unknown members, trailing data and
// over-size bodies are refused before anything is executed), builds a
// ledger command with the caller's actor and Idempotency-Key, and answers
// with the ledger.Result, whose first_seq and last_seq are the stream
// sequences of its first and last events. A read answers from the projections; with
// ?min_seq=N it first waits (at most MinSeqWaitMax) until the projections
// have applied sequence N, so a client reads its own writes.
//
// # Errors
//
// Every error is an RFC 9457 problem (application/problem+json) with a
// stable machine code; the status follows from the code (status.go). The
// codes are listed in docs/ERRORS.md, and a test checks that every code the
// ledger and this package can return is documented there.
//
// # Authentication
//
// Bearer tokens are read from a tokens file that stores only their SHA-256
// (tokens.go); a presented token is hashed and compared with every entry in
// constant time. A token carries a role and an actor id; the actor id is what
// the ledger records as the author of each event.
package api
