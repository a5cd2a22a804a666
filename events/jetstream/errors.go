package jetstream

import (
	"errors"
	"fmt"
	"strings"

	"github.com/wagerlog/wagerlog/events"
)

// Errors returned by the store. Append also returns events.ErrConflict
// (as a *ConflictError) and events.ErrStreamFull.
var (
	// ErrInvalidOptions is returned by Open when the Options are
	// inconsistent: no data directory for the embedded server, a replica
	// count other than 1 or 3, a malformed stream name or subject prefix.
	ErrInvalidOptions = errors.New("jetstream: invalid options")
	// ErrListenWithoutAuth is returned by Open (wrapped with
	// ErrInvalidOptions) when the embedded server is to listen on a port
	// without a user to admit: it would admit anonymous clients.
	ErrListenWithoutAuth = errors.New("jetstream: a listening embedded server needs users")
	// ErrNoJetStream is returned by Open when the embedded server started
	// without JetStream (for example its store directory is unusable), or
	// when the server connected to by URL has JetStream disabled.
	ErrNoJetStream = errors.New("jetstream: JetStream is not enabled")
	// ErrNoStream is returned by Open when the stream does not exist and
	// Open cannot create it: in read-only mode (a reader never creates it),
	// or when the request to create it got no answer, which is what a user
	// without the permission to create streams gets from the server.
	ErrNoStream = errors.New("jetstream: stream not found")
	// ErrStreamSettings is returned by Open (as a *SettingsError) when the
	// existing stream's settings contradict the ones the ledger relies on.
	ErrStreamSettings = errors.New("jetstream: unsafe stream settings")
	// ErrInvalidBatch is returned by Append, before anything is sent, when
	// the batch is empty, longer than BatchEventsMax, has an event without
	// a subject or message id, an event larger than the server accepts, a
	// subject outside the stream, or the same message id twice.
	ErrInvalidBatch = errors.New("jetstream: invalid batch")
	// ErrDuplicateMsgID is returned by Append when the server refused the
	// batch because one of its message ids was already stored (inside the
	// duplicate window) at a position other than this batch's: an event id
	// was reused. Nothing of the batch was stored.
	ErrDuplicateMsgID = errors.New("jetstream: message id already stored")
	// ErrOutcomeUnknown is returned by Append when no attempt got an answer
	// from the server (timeouts, no responders) before the attempts or the
	// context ran out. The batch may or may not have been stored: retry it
	// with the same message ids and the same expected sequence, which either
	// stores it or reports that it is already stored.
	ErrOutcomeUnknown = errors.New("jetstream: append outcome unknown")
	// ErrRejected is returned by Append when the server refused the batch
	// for a reason other than a conflict, a duplicate or a full stream; the
	// server's code and description are in the message. Nothing of the
	// batch was stored.
	ErrRejected = errors.New("jetstream: append rejected by the server")
	// ErrNotFound is returned by Get when no message has that sequence.
	ErrNotFound = errors.New("jetstream: message not found")
	// ErrShortRead is returned by Read and ReadTable when the stream holds
	// a message of the range that the read could not get: its consumers
	// stopped delivering before it. The message names the undelivered
	// range. Messages the stream no longer holds do not cause it.
	ErrShortRead = errors.New("jetstream: read stopped short of the range")
	// ErrClosed is returned by every method called after Close.
	ErrClosed = errors.New("jetstream: store closed")
)

// ConflictError is returned by Append when the stream's last sequence was
// not the one the writer expected: another writer appended first, and
// nothing of the batch was stored. The writer must catch up (read from
// Expected+1 to Actual) before appending again. It matches
// events.ErrConflict with errors.Is.
type ConflictError struct {
	// Expected is the last sequence the writer expected.
	Expected uint64
	// Actual is the stream's last sequence when the conflict was checked.
	Actual uint64
}

// Error implements error.
func (e *ConflictError) Error() string {
	return fmt.Sprintf("%v: expected last sequence %d, stream is at %d", events.ErrConflict, e.Expected, e.Actual)
}

// Unwrap returns events.ErrConflict.
func (e *ConflictError) Unwrap() error { return events.ErrConflict }

// SettingsError is returned by Open when an existing stream's settings
// contradict the ones the ledger relies on. It lists every problem found;
// the stream is left as it is (deny-delete and deny-purge cannot be undone,
// and limits are an operator's decision). It matches ErrStreamSettings.
type SettingsError struct {
	// Stream is the stream's name.
	Stream string
	// Problems describes each contradicting setting, one per entry.
	Problems []string
}

// Error implements error.
func (e *SettingsError) Error() string {
	return fmt.Sprintf("%v: stream %q: %s", ErrStreamSettings, e.Stream, strings.Join(e.Problems, "; "))
}

// Unwrap returns ErrStreamSettings.
func (e *SettingsError) Unwrap() error { return ErrStreamSettings }
