package jetstream

import (
	"errors"
	"strings"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// JetStream API error codes the store acts on (nats-server errors.json).
const (
	codeAccountResources     = 10002 // resource limits exceeded for account
	codeClusterNotAvailable  = 10008 // JetStream system temporarily unavailable
	codeInsufficientStorage  = 10023 // insufficient resources (server store full)
	codeWrongLastSequence    = 10071 // wrong last sequence: <seq>
	codeStoreFailed          = 10077 // store failed: <err> (maximum bytes exceeded, ...)
	codeWrongLastSeqConstant = 10164 // wrong last sequence (cluster, in-flight writer)
	codeTooManyRequests      = 10167 // ingest queue full
	codeBatchIncomplete      = 10176 // atomic batch incomplete (a message was lost)
	codeBatchDuplicateMsgID  = 10201 // atomic batch contains an already seen message id
	codeBatchTooManyInflight = 10210 // too many atomic batches in flight
)

// apiCode returns the JetStream API error code carried by err, or 0.
func apiCode(err error) jetstream.ErrorCode {
	var jerr jetstream.JetStreamError
	if errors.As(err, &jerr) && jerr.APIError() != nil {
		return jerr.APIError().ErrorCode
	}
	return 0
}

// isNoResponders reports whether err says nobody answered the request: no
// stream leader (an election in progress) or no server behind the subject.
func isNoResponders(err error) bool {
	return errors.Is(err, nats.ErrNoResponders) || errors.Is(err, jetstream.ErrNoStreamResponse)
}

// isStreamFull reports whether a JetStream API error says the stream, the
// account or the server has no room left. Discard-new streams answer a
// write beyond MaxBytes or MaxMsgs with "maximum ... exceeded".
func isStreamFull(e *jetstream.APIError) bool {
	switch e.ErrorCode {
	case codeAccountResources, codeInsufficientStorage:
		return true
	case codeStoreFailed:
		return strings.Contains(e.Description, "maximum bytes exceeded") ||
			strings.Contains(e.Description, "maximum messages exceeded") ||
			strings.Contains(e.Description, "maximum messages per subject exceeded")
	}
	return false
}
