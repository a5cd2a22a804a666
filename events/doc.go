// Package events defines wagerlog's event log: the envelope every fact is
// wrapped in, the catalog of event types and their payloads, the JSON codec
// with per-type schema versions and upcasting, and the SHA-256 hash chain that
// makes the log tamper-evident.
//
// The package is pure: it does no I/O. The JetStream adapter in
// events/jetstream stores and reads the bytes produced here; the ledger,
// projections, replay and audit packages decode them.
//
// # Canonical encoding and the chain
//
// An event is stored as the compact JSON of its Envelope. The hash member is
// always the last member of that object, so the canonical bytes of an event
// (the bytes its hash covers) are exactly the stored bytes without the trailing
// `,"hash":"…"` member. The hash is SHA-256 over those canonical bytes, and the
// canonical bytes include "prev", the hash of the event stored just before it
// in the stream. Changing any byte of an event therefore changes its hash, and
// removing or reordering events breaks the link of the next one. Because the
// check works on bytes and not on a re-encoding, it does not depend on the JSON
// encoder staying byte-for-byte stable across Go releases.
//
// # Types and versions
//
// Event type names are constants and append-only: a name is never renamed,
// reordered or reused. Each type has a current schema version; an event stored
// under an older version is upcast on read by the Codec's upcasters, so old
// streams stay readable forever.
package events
