package jetstream

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/nats-io/nuid"

	"github.com/wagerlog/wagerlog/events"
)

// BatchEventsMax is the most events one Append stores: the server's limit
// on an atomic batch (nats-server streamMaxAtomicBatchSize, configurable
// on the server as jetstream.limits.max_batch_size but 1,000 by default).
const BatchEventsMax = 1000

// Append retries. A timeout or "no responders" (a cluster electing a
// stream leader) leaves the outcome unknown, so Append sends the same batch
// again (same message ids, same expected sequence) a bounded number of
// times; the retry either stores it or is refused in a way that lets Append
// check whether the first attempt was stored.
const (
	// AppendAttemptsMax bounds the attempts of one Append.
	AppendAttemptsMax = 5
	// AppendAttemptTimeout bounds the wait for one attempt's
	// acknowledgement (the caller's context may be shorter).
	AppendAttemptTimeout = 5 * time.Second
	// appendRetryWait is the first pause between attempts; it doubles
	// after each attempt (250ms, 500ms, 1s, 2s: about the span of a
	// stream leader election).
	appendRetryWait = 250 * time.Millisecond
	// AppendRetryHorizon is the longest time between Append's first
	// sending of a batch and its last resend: AppendAttemptsMax attempts of
	// at most AppendAttemptTimeout with the waits between them.
	AppendRetryHorizon = AppendAttemptsMax*AppendAttemptTimeout + appendRetryWait*(1<<(AppendAttemptsMax-1)-1)
)

// Headers of the atomic batch protocol (ADR-50). nats.go v1.55.0 has no
// batch publisher, only the stream setting.
const (
	hdrBatchID     = "Nats-Batch-Id"
	hdrBatchSeq    = "Nats-Batch-Sequence"
	hdrBatchCommit = "Nats-Batch-Commit"
)

// headerOverheadMax bounds the bytes of the headers Append adds to an
// event besides its message id and the stream name: "NATS/1.0" and the
// batch id, batch sequence, expected last sequence and commit headers.
const headerOverheadMax = 256

// Append stores msgs (Subject, MsgID and Data set; 1..BatchEventsMax of
// them) as one atomic batch, provided the stream's last sequence is
// expectLastSeq. They are stored at first..first+len(msgs)-1, contiguous,
// or not at all.
//
// When another writer appended first, Append returns a *ConflictError
// (errors.Is(err, events.ErrConflict)) and nothing was stored. A stream at
// its limits gives events.ErrStreamFull. If an earlier attempt's
// acknowledgement was lost, or the caller retries a batch whose
// acknowledgement it lost, Append finds the batch at expectLastSeq+1 by its
// message ids and returns its original first sequence: the retry is a
// success, not a conflict, and stores nothing new.
func (s *Store) Append(ctx context.Context, expectLastSeq uint64, msgs []events.Raw) (first uint64, err error) {
	if s.isClosed.Load() {
		return 0, ErrClosed
	}
	if err := s.validateBatch(msgs); err != nil {
		return 0, err
	}
	var (
		lastErr   error
		uncertain bool // an attempt ended without an answer: it may be stored
		wait      = appendRetryWait
	)
	for attempt := 1; attempt <= AppendAttemptsMax; attempt++ {
		if attempt > 1 {
			select {
			case <-ctx.Done():
				return 0, s.giveUp(ctx.Err(), uncertain)
			case <-time.After(wait):
			}
			wait *= 2
		}
		var ack pubAck
		if len(msgs) == 1 {
			ack, err = s.publishOne(ctx, expectLastSeq, msgs[0])
		} else {
			ack, err = s.publishBatch(ctx, expectLastSeq, msgs)
		}
		if err == nil {
			return s.checkAck(ack, expectLastSeq, msgs)
		}
		var apiErr *jetstream.APIError
		if !errors.As(err, &apiErr) {
			// No answer: a timeout, no responders, a broken connection.
			uncertain = true
			lastErr = err
			if ctx.Err() != nil {
				return 0, s.giveUp(err, uncertain)
			}
			continue
		}
		switch apiErr.ErrorCode {
		case codeWrongLastSequence, codeWrongLastSeqConstant, codeBatchDuplicateMsgID:
			return s.resolve(ctx, expectLastSeq, msgs, apiErr)
		case codeClusterNotAvailable, codeTooManyRequests, codeBatchTooManyInflight, codeBatchIncomplete:
			// Refused for now, nothing stored by this attempt: try again.
			lastErr = err
			continue
		}
		if uncertain && s.stored(ctx, expectLastSeq, msgs) {
			// An earlier, unanswered attempt was stored after all.
			return expectLastSeq + 1, nil
		}
		if isStreamFull(apiErr) {
			return 0, fmt.Errorf("%w: %s (%d)", events.ErrStreamFull, apiErr.Description, apiErr.ErrorCode)
		}
		return 0, fmt.Errorf("%w: %s (%d)", ErrRejected, apiErr.Description, apiErr.ErrorCode)
	}
	if uncertain && s.stored(ctx, expectLastSeq, msgs) {
		return expectLastSeq + 1, nil
	}
	return 0, s.giveUp(fmt.Errorf("after %d attempts: %w", AppendAttemptsMax, lastErr), uncertain)
}

// stored reports whether msgs are known to be stored after expect. An
// error of the check counts as "not known".
func (s *Store) stored(ctx context.Context, expect uint64, msgs []events.Raw) bool {
	ok, err := s.storedAt(ctx, expect+1, msgs)
	return err == nil && ok
}

// giveUp builds Append's error when it stops retrying.
func (s *Store) giveUp(err error, uncertain bool) error {
	if uncertain {
		return fmt.Errorf("%w: %w", ErrOutcomeUnknown, err)
	}
	return fmt.Errorf("%w: %w", ErrRejected, err)
}

// validateBatch refuses, before anything is sent, a batch the server would
// refuse or only partly receive: a message the client cannot publish would
// leave a half-sent batch behind on the server until it times out.
func (s *Store) validateBatch(msgs []events.Raw) error {
	if len(msgs) == 0 || len(msgs) > BatchEventsMax {
		return fmt.Errorf("%w: %d events, want 1..%d", ErrInvalidBatch, len(msgs), BatchEventsMax)
	}
	prefix := s.opts.SubjectPrefix + "."
	ids := make(map[string]struct{}, len(msgs))
	for i, m := range msgs {
		switch {
		case !validSubject(m.Subject, prefix):
			return fmt.Errorf("%w: event %d: subject %q is not under %q", ErrInvalidBatch, i, m.Subject, prefix)
		case m.MsgID == "" || strings.ContainsAny(m.MsgID, "\r\n"):
			return fmt.Errorf("%w: event %d: message id %q", ErrInvalidBatch, i, m.MsgID)
		case int64(len(m.Data)+len(m.MsgID)+len(s.opts.Stream)+headerOverheadMax) > s.msgSizeMax:
			return fmt.Errorf("%w: event %d: %d bytes, the server accepts at most %d with headers", ErrInvalidBatch, i, len(m.Data), s.msgSizeMax)
		}
		if _, dup := ids[m.MsgID]; dup {
			return fmt.Errorf("%w: event %d: message id %q appears twice", ErrInvalidBatch, i, m.MsgID)
		}
		ids[m.MsgID] = struct{}{}
	}
	return nil
}

// validSubject reports whether subj is a literal subject under prefix
// (which ends with a dot): no wildcards, no white space, no empty token.
func validSubject(subj, prefix string) bool {
	return len(subj) > len(prefix) && strings.HasPrefix(subj, prefix) &&
		!strings.ContainsAny(subj, " \t\r\n*>") && !strings.Contains(subj, "..") && !strings.HasSuffix(subj, ".")
}

// pubAck is the server's answer to a batch commit.
type pubAck struct {
	Error  *jetstream.APIError `json:"error,omitempty"`
	Stream string              `json:"stream"`
	Seq    uint64              `json:"seq"`
	Batch  string              `json:"batch,omitempty"`
	Count  int                 `json:"count,omitempty"`
	// Duplicate is set when a single publish's message id was already
	// stored (at Seq) within the duplicate window.
	Duplicate bool `json:"duplicate,omitempty"`
}

// publishOne sends a single event as a plain publish with the same fencing
// and deduplication headers. A message on its own is stored atomically, and
// the plain publish skips the atomic batch's staging store on the server
// (for a file stream: a directory and files created, synced and removed
// per batch), which made a one-event atomic batch 7 to 10 times slower
// than a plain publish (docs/BENCHMARKS.md).
func (s *Store) publishOne(ctx context.Context, expect uint64, r events.Raw) (pubAck, error) {
	actx, cancel := context.WithTimeout(ctx, AppendAttemptTimeout)
	defer cancel()
	m := &nats.Msg{Subject: r.Subject, Data: r.Data, Header: nats.Header{
		jetstream.MsgIDHeader:           []string{r.MsgID},
		jetstream.ExpectedLastSeqHeader: []string{strconv.FormatUint(expect, 10)},
		jetstream.ExpectedStreamHeader:  []string{s.opts.Stream},
	}}
	resp, err := s.nc.RequestMsgWithContext(actx, m)
	if err != nil {
		return pubAck{}, fmt.Errorf("jetstream: publish: %w", err)
	}
	return decodeAck(resp.Data)
}

// decodeAck decodes a publish acknowledgement; a refusal is returned as a
// *jetstream.APIError.
func decodeAck(data []byte) (pubAck, error) {
	var ack pubAck
	if err := json.Unmarshal(data, &ack); err != nil {
		return pubAck{}, fmt.Errorf("jetstream: acknowledgement %q: %w", data, err)
	}
	if ack.Error != nil {
		return pubAck{}, ack.Error
	}
	return ack, nil
}

// publishBatch sends msgs once as an atomic batch under a fresh batch id
// and waits for the commit's answer. It returns a *jetstream.APIError when
// the server refused the batch, any other error when no answer came.
//
// Why raw headers rather than orbit.go's jetstreamext.PublishMsgBatch
// (which compiles and works with nats.go v1.55.0 and can carry the
// expected sequence and message ids): by default it waits for an
// acknowledgement of the first message before sending the rest, one extra
// round trip per batch that buys nothing here (the expected-sequence check
// runs at commit, and oversized messages are refused before sending), and
// it rewrites the caller's messages' headers in place. In BenchmarkAppend
// against BenchmarkAppendOrbit the single request was faster on batches of
// 100 in most runs; on batches of 500-1,000 the two were within the noise
// of a shared machine (docs/BENCHMARKS.md). The messages of one batch
// travel on one connection, so the server receives them in order.
func (s *Store) publishBatch(ctx context.Context, expect uint64, msgs []events.Raw) (pubAck, error) {
	actx, cancel := context.WithTimeout(ctx, AppendAttemptTimeout)
	defer cancel()
	batchID := nuid.Next()
	last := len(msgs) - 1
	// One header and one message for the whole batch, their values set
	// for each message in turn: PublishMsg and RequestMsgWithContext
	// encode the header before they return, so nothing keeps them, and
	// the batch costs no map and slices per message.
	msgID, seq := []string{""}, []string{""}
	h := nats.Header{jetstream.MsgIDHeader: msgID, hdrBatchID: {batchID}, hdrBatchSeq: seq}
	m := &nats.Msg{Header: h}
	for i, r := range msgs {
		msgID[0], seq[0] = r.MsgID, strconv.Itoa(i+1)
		switch i {
		case 0:
			// Fencing: the server refuses the whole batch unless the
			// stream's last sequence is expect. Only the first message
			// of an atomic batch may carry it.
			h[jetstream.ExpectedLastSeqHeader] = []string{strconv.FormatUint(expect, 10)}
			h[jetstream.ExpectedStreamHeader] = []string{s.opts.Stream}
		case 1:
			delete(h, jetstream.ExpectedLastSeqHeader)
			delete(h, jetstream.ExpectedStreamHeader)
		}
		m.Subject, m.Data = r.Subject, r.Data
		if i < last {
			if err := s.nc.PublishMsg(m); err != nil {
				return pubAck{}, fmt.Errorf("jetstream: publish: %w", err)
			}
			continue
		}
		h[hdrBatchCommit] = []string{"1"}
		resp, err := s.nc.RequestMsgWithContext(actx, m)
		if err != nil {
			return pubAck{}, fmt.Errorf("jetstream: batch commit: %w", err)
		}
		ack, err := decodeAck(resp.Data)
		if err != nil {
			return pubAck{}, err
		}
		if ack.Batch != batchID {
			return pubAck{}, fmt.Errorf("jetstream: acknowledgement for batch %q, sent %q", ack.Batch, batchID)
		}
		return ack, nil
	}
	panic("unreachable: validateBatch refuses empty batches")
}

// checkAck turns a successful acknowledgement into Append's result. The
// server checked the expected sequence, so the batch must end at
// expect+len(msgs); anything else is a protocol violation.
//
// A duplicate acknowledgement answers a single event whose message id is
// already stored: a cluster checks the duplicate before the expected
// sequence, so this is how it answers the retry of a stored event (at
// expect+1). Stored anywhere else, the id was reused.
func (s *Store) checkAck(ack pubAck, expect uint64, msgs []events.Raw) (uint64, error) {
	n := uint64(len(msgs))
	if ack.Duplicate {
		if n == 1 && ack.Seq == expect+1 {
			return expect + 1, nil
		}
		return 0, fmt.Errorf("%w: %q is stored at sequence %d", ErrDuplicateMsgID, msgs[0].MsgID, ack.Seq)
	}
	count := ack.Count
	if n == 1 && ack.Batch == "" {
		count = 1 // a plain publish
	}
	if count != len(msgs) || ack.Seq != expect+n || ack.Stream != s.opts.Stream {
		return 0, fmt.Errorf("jetstream: unexpected acknowledgement: stream %q seq %d count %d, want stream %q seq %d count %d",
			ack.Stream, ack.Seq, ack.Count, s.opts.Stream, expect+n, n)
	}
	return expect + 1, nil
}

// resolve decides a refusal that may hide a success: the resend of a
// batch whose acknowledgement was lost. The server refuses it because the
// batch moved the stream on, or because its ids are already stored: an
// atomic batch gets "duplicate message id" (10201) while its ids are in the
// duplicate window and "wrong last sequence" (10071) after; a single event
// on a single server gets 10071 (the sequence is checked before the
// duplicate), and 10164 comes from a cluster with a write in flight. (A
// cluster answers a resent single event with a duplicate acknowledgement
// instead, see checkAck.) Atomic batches are contiguous, so the batch is
// stored if and only if the messages at expect+1..expect+len(msgs) carry
// its message ids, in order; otherwise another writer got there first.
func (s *Store) resolve(ctx context.Context, expect uint64, msgs []events.Raw, refusal *jetstream.APIError) (uint64, error) {
	stored, err := s.storedAt(ctx, expect+1, msgs)
	if err != nil {
		return 0, fmt.Errorf("%w: server refused a retry (%s) and the check of what is stored failed: %w", ErrOutcomeUnknown, refusal.Description, err)
	}
	if stored {
		return expect + 1, nil
	}
	last, err := s.LastSeq(ctx)
	if err != nil {
		return 0, fmt.Errorf("%w (stream position unknown: %w)", &ConflictError{Expected: expect}, err)
	}
	if refusal.ErrorCode == codeBatchDuplicateMsgID && last == expect {
		return 0, fmt.Errorf("%w: %s", ErrDuplicateMsgID, refusal.Description)
	}
	return 0, &ConflictError{Expected: expect, Actual: last}
}

// storedAt reports whether the messages from seq on carry msgs' ids, in
// order. It asks the stream leader (not direct get, which a lagging
// replica may answer), stopping at the first difference.
func (s *Store) storedAt(ctx context.Context, seq uint64, msgs []events.Raw) (bool, error) {
	for i, m := range msgs {
		id, found, err := s.leaderMsgID(ctx, seq+uint64(i))
		if err != nil {
			return false, err
		}
		if !found || id != m.MsgID {
			return false, nil
		}
	}
	return true, nil
}

// msgGetResponse is the answer of $JS.API.STREAM.MSG.GET.
type msgGetResponse struct {
	Error   *jetstream.APIError `json:"error,omitempty"`
	Message *leaderMsg          `json:"message,omitempty"`
}

// leaderMsg is what the stream leader answers of a message: its sequence
// and headers.
type leaderMsg struct {
	Seq    uint64 `json:"seq"`
	Header []byte `json:"hdrs,omitempty"`
}

// leaderMsgID returns the message id of the message at seq, asking the
// stream leader.
func (s *Store) leaderMsgID(ctx context.Context, seq uint64) (id string, found bool, err error) {
	m, found, err := s.leaderGet(ctx, seq, "")
	if err != nil || !found {
		return "", false, err
	}
	if m.Seq != seq {
		return "", false, fmt.Errorf("jetstream: message %d: the server answered message %d", seq, m.Seq)
	}
	if len(m.Header) == 0 {
		return "", true, nil
	}
	h, err := nats.DecodeHeadersMsg(m.Header)
	if err != nil {
		return "", false, fmt.Errorf("jetstream: message %d headers: %w", seq, err)
	}
	return h.Get(jetstream.MsgIDHeader), true, nil
}

// leaderNext returns the sequence of the first message at or after seq on
// subject (a filter), asking the stream leader; found is false when there
// is none.
func (s *Store) leaderNext(ctx context.Context, seq uint64, subject string) (uint64, bool, error) {
	m, found, err := s.leaderGet(ctx, seq, subject)
	if err != nil || !found {
		return 0, false, err
	}
	if m.Seq < seq {
		return 0, false, fmt.Errorf("jetstream: message from %d: the server answered message %d", seq, m.Seq)
	}
	return m.Seq, true, nil
}

// leaderGet asks the stream leader for the message at seq, or with
// nextBySubject for the first one at or after seq on that subject filter.
// found is false when there is none.
func (s *Store) leaderGet(ctx context.Context, seq uint64, nextBySubject string) (leaderMsg, bool, error) {
	var msg leaderMsg
	actx, cancel := context.WithTimeout(ctx, AppendAttemptTimeout)
	defer cancel()
	req, _ := json.Marshal(struct {
		Seq     uint64 `json:"seq"`
		NextFor string `json:"next_by_subj,omitempty"`
	}{seq, nextBySubject})
	resp, err := s.nc.RequestWithContext(actx, "$JS.API.STREAM.MSG.GET."+s.opts.Stream, req)
	if err != nil {
		return msg, false, fmt.Errorf("jetstream: message %d: %w", seq, err)
	}
	var r msgGetResponse
	if err := json.Unmarshal(resp.Data, &r); err != nil {
		return msg, false, fmt.Errorf("jetstream: message %d: %w", seq, err)
	}
	if r.Error != nil {
		if r.Error.ErrorCode == jetstream.JSErrCodeMessageNotFound {
			return msg, false, nil
		}
		return msg, false, fmt.Errorf("jetstream: message %d: %w", seq, r.Error)
	}
	if r.Message == nil {
		return msg, false, fmt.Errorf("jetstream: message %d: malformed answer %q", seq, resp.Data)
	}
	return *r.Message, true, nil
}
