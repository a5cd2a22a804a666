package jetstream

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/wagerlog/wagerlog/events"
)

// Check asks the server whether the stream is still the one Open checked:
// it exists, its settings still keep history immutable and were not
// lowered since Open, and it holds every message it counts. It returns a
// *events.StreamFault saying what is wrong, nil when nothing is, or
// another error when the server could not be asked (which says nothing
// about the stream).
//
// The messages' content is not Check's business: whether each was written
// by the ledger (its hash, its link to the one before) is decided by whoever
// decodes them, the ledger and verify.
func (s *Store) Check(ctx context.Context) error {
	if s.isClosed.Load() {
		return ErrClosed
	}
	info, err := s.stream.Info(ctx)
	if errors.Is(err, jetstream.ErrStreamNotFound) {
		return &events.StreamFault{Kind: events.FaultStreamMissing,
			Detail: fmt.Sprintf("stream %q no longer exists: it was deleted under the ledger", s.opts.Stream)}
	}
	if err != nil {
		return fmt.Errorf("jetstream: stream info: %w", err)
	}
	if problems := s.settingsChanged(info.Config); len(problems) > 0 {
		return &events.StreamFault{Kind: events.FaultStreamSettings,
			Detail: fmt.Sprintf("stream %q: %s", s.opts.Stream, strings.Join(problems, "; "))}
	}
	st := info.State
	if st.LastSeq == 0 {
		return nil
	}
	if st.FirstSeq != 1 {
		return &events.StreamFault{Kind: events.FaultMessagesMissing, Seq: 1,
			Detail: fmt.Sprintf("the stream starts at sequence %d: messages 1..%d are gone", st.FirstSeq, st.FirstSeq-1)}
	}
	found, err := s.holds(ctx, st.LastSeq)
	if err != nil {
		return err
	}
	if !found {
		return &events.StreamFault{Kind: events.FaultDamagedTail, Seq: st.LastSeq,
			Detail: fmt.Sprintf("the stream's last sequence is %d but the server holds no message %d: its store was damaged or cut; see docs/OPERATIONS.md, Damaged stream tail",
				st.LastSeq, st.LastSeq)}
	}
	if held := st.LastSeq - st.FirstSeq + 1; st.Msgs != held {
		return &events.StreamFault{Kind: events.FaultMessagesMissing, Seq: st.LastSeq,
			Detail: fmt.Sprintf("the stream counts sequences %d..%d but holds %d messages", st.FirstSeq, st.LastSeq, st.Msgs)}
	}
	return nil
}

// settingsChanged lists what contradicts the ledger's needs in cfg, the
// stream's settings now, and which limits were lowered since Open.
func (s *Store) settingsChanged(cfg jetstream.StreamConfig) []string {
	p := checkStream(cfg, s.opts)
	was := s.openCfg
	add := func(format string, args ...any) { p = append(p, fmt.Sprintf(format, args...)) }
	if !slices.Equal(cfg.Subjects, was.Subjects) {
		add("subjects changed from %v to %v", was.Subjects, cfg.Subjects)
	}
	if cfg.MaxMsgs != was.MaxMsgs && cfg.MaxMsgs > 0 {
		add("max messages changed from %d to %d", was.MaxMsgs, cfg.MaxMsgs)
	}
	if cfg.MaxBytes > 0 && (was.MaxBytes <= 0 || cfg.MaxBytes < was.MaxBytes) {
		add("max bytes lowered from %d to %d", was.MaxBytes, cfg.MaxBytes)
	}
	if cfg.MaxMsgSize > 0 && (was.MaxMsgSize <= 0 || cfg.MaxMsgSize < was.MaxMsgSize) {
		add("max message size lowered from %d to %d", was.MaxMsgSize, cfg.MaxMsgSize)
	}
	if cfg.Sealed && !was.Sealed {
		add("the stream was sealed")
	}
	return p
}

// holdsRetryWait is the pause before a reader asks a second time for a
// message a replica did not have.
const holdsRetryWait = 200 * time.Millisecond

// holds reports whether the stream holds the message at seq. A writer asks
// the stream leader. Readers may not (docs/cluster/accounts.conf) and use a
// direct get, which a lagging replica may answer: a message it does not
// have yet is asked for once more before it counts as missing.
func (s *Store) holds(ctx context.Context, seq uint64) (bool, error) {
	if !s.opts.ReadOnly {
		_, found, err := s.leaderMsgID(ctx, seq)
		return found, err
	}
	for attempt := 0; ; attempt++ {
		_, err := s.Get(ctx, seq)
		if err == nil {
			return true, nil
		}
		if !errors.Is(err, ErrNotFound) {
			return false, err
		}
		if attempt == 1 {
			return false, nil
		}
		select {
		case <-ctx.Done():
			return false, ctx.Err()
		case <-time.After(holdsRetryWait):
		}
	}
}
