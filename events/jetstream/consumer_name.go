package jetstream

import "github.com/nats-io/nuid"

// consumerUse says what one of wagerlog's consumers is for, so that an
// operator who lists the stream's consumers (nats consumer ls, nats
// consumer info) can tell the projector from a report's one-off read.
//
// Every consumer wagerlog creates is an ordered consumer: ephemeral,
// AckNone, memory-stored, recreated by the client after a gap. The server
// gives such a consumer no durable name and nats.go's
// OrderedConsumerConfig has no Description field, so a consumer cannot be
// "the projector" by name the way a durable one can. Two things carry the
// purpose instead:
//
//   - the name: wagerlog_<use>_<unique id>_<n>, where n counts the
//     client's re-creations after a gap (the unique id keeps two
//     processes, a writer and a read replica, from taking one consumer);
//   - the metadata, shown by nats consumer info: wagerlog.use and
//     wagerlog.description.
//
// A durable consumer would carry a Description, but it would outlive its
// process and need acknowledgements and a cursor kept by the server;
// the projector keeps its own cursor (the last sequence in the bbolt
// file), so an ordered consumer started from that sequence is the
// simpler, faster design (docs/ARCHITECTURE.md).
type consumerUse string

// What wagerlog's consumers are for.
const (
	// useFollow is Follow's consumer: the projector of serve (the bbolt
	// projections kept up to date) or a rebuild.
	useFollow consumerUse = "follow"
	// useRead is Read's: a bounded read of the stream (the ledger loading
	// its state, verify, a report, an export).
	useRead consumerUse = "read"
	// useReadTable is ReadTable's: a bounded read of one table's subject.
	useReadTable consumerUse = "read_table"
)

// consumerNamePrefix starts the name of every consumer wagerlog creates.
const consumerNamePrefix = "wagerlog_"

// description is the text shown as the consumer's wagerlog.description.
func (u consumerUse) description() string {
	switch u {
	case useFollow:
		return "wagerlog projector: follows the stream live and applies every event to the bbolt projections (serve) or to a new projections file (rebuild); ordered and ephemeral, deleted when it stops"
	case useRead:
		return "wagerlog read: one pass over a range of the stream (the ledger loading its state, verify, a report, an export, a replay); ordered and ephemeral, deleted when the read ends"
	case useReadTable:
		return "wagerlog table read: one pass over one table's events (a round's replay); ordered and ephemeral, deleted when the read ends"
	}
	return "wagerlog consumer"
}

// namePrefix returns a prefix unique to this consumer; the client appends
// _1, _2, … as it recreates the consumer.
func (u consumerUse) namePrefix() string {
	return consumerNamePrefix + string(u) + "_" + nuid.Next()
}

// metadata is the consumer's metadata (nats-server 2.10 and later).
func (u consumerUse) metadata() map[string]string {
	return map[string]string{"wagerlog.use": string(u), "wagerlog.description": u.description()}
}
