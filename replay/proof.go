package replay

import (
	"context"
	"errors"
	"fmt"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/projections"
)

// Stream is the stream a projections file is opened against: followed to
// rebuild the file, and asked for one event to prove that the file belongs
// to it. events/jetstream.Store implements it.
type Stream interface {
	projections.Source
	Getter
}

// ErrNotThisStream is returned by Prove (as a *ProofError) when a
// projections file cannot be shown to hold this stream's events: it is
// ahead of the stream, or on another chain, or it recorded no chain hash.
// Its answers would show events the stream does not hold (a store restored
// from an older backup beside newer projections, a tail the store lost in
// a crash) and miss the ones written since; it must be rebuilt.
var ErrNotThisStream = errors.New("replay: projections do not belong to this stream")

// ProofError tells why a projections file is not proven to be this
// stream's. It matches ErrNotThisStream.
type ProofError struct {
	Path string
	// File is the file's position: its last applied sequence and the hash
	// that event stated when it was applied.
	File projections.Position
	// StreamLast is the stream's last sequence; StreamHash is the hash
	// the stream's event at File.Seq states (zero when the stream holds
	// no such event).
	StreamLast uint64
	StreamHash events.Hash
	// Reason says what does not match, in a few words.
	Reason string
}

// Error implements error.
func (e *ProofError) Error() string {
	return fmt.Sprintf("%v: %s: the file has applied up to %d (hash %s), the stream ends at %d and states hash %s there: %s",
		ErrNotThisStream, e.Path, e.File.Seq, shortHash(e.File.Hash), e.StreamLast, shortHash(e.StreamHash), e.Reason)
}

// Unwrap returns ErrNotThisStream.
func (e *ProofError) Unwrap() error { return ErrNotThisStream }

// shortHash writes the first 16 hex digits of h, or "none" for the zero
// hash.
func shortHash(h events.Hash) string {
	if h.IsZero() {
		return "none"
	}
	return h.String()[:16]
}

// Prove checks that the projections st holds belong to src: the event at
// the file's last applied sequence must be in the stream and state the
// hash the file recorded for it. Since every event's hash covers its
// predecessor's, a matching hash proves the whole history the file was
// built from. A file that applied nothing is trivially proven. Prove
// returns a *ProofError when the file is ahead of the stream, on another
// chain, or recorded no hash (an older release wrote it); any other error
// means the stream could not be asked.
func Prove(ctx context.Context, src Stream, st *projections.Store) error {
	pos, err := st.Position()
	if err != nil {
		return err
	}
	if pos.Seq == 0 {
		return nil
	}
	last, err := src.LastSeq(ctx)
	if err != nil {
		return fmt.Errorf("replay: prove %s: %w", st.Path(), err)
	}
	pe := &ProofError{Path: st.Path(), File: pos, StreamLast: last}
	if pos.Seq > last {
		pe.Reason = "the projections are ahead of the stream"
		return pe
	}
	raw, err := src.Get(ctx, pos.Seq)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		// The stream reports the sequence but cannot deliver it: a tail
		// it lost in a crash still counted in its last sequence.
		pe.Reason = fmt.Sprintf("the stream cannot deliver event %d (%v)", pos.Seq, err)
		return pe
	}
	if pe.StreamHash, err = events.StatedHash(raw.Data); err != nil {
		pe.Reason = fmt.Sprintf("the stream's event %d states no hash (%v)", pos.Seq, err)
		return pe
	}
	switch {
	case pos.Hash.IsZero():
		pe.Reason = "the file records no chain hash (written by an older release): nothing proves it follows this stream"
		return pe
	case pos.Hash != pe.StreamHash:
		pe.Reason = "the projections were built from another chain (beside the stream)"
		return pe
	}
	return nil
}
