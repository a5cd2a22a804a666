package jetstream

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/wagerlog/wagerlog/events"
)

// Stream set-up retries. In a freshly started cluster the stream API does
// not answer until a meta leader is elected (4-9 s), so each attempt gets a
// short timeout and Open tries again until its context ends.
const (
	// StreamSetupAttemptTimeout bounds one stream info or create request.
	StreamSetupAttemptTimeout = 5 * time.Second
	// StreamSetupAttemptsMax bounds the stream info or create attempts.
	StreamSetupAttemptsMax = 12
	// streamSetupRetryWait is the pause between attempts.
	streamSetupRetryWait = 500 * time.Millisecond
)

// streamConfig returns the settings Open creates the stream with. Each is
// set explicitly, whatever the server's default; doc.go explains why.
func streamConfig(o Options) jetstream.StreamConfig {
	return jetstream.StreamConfig{
		Name:               o.Stream,
		Description:        "wagerlog event log: immutable, append-only",
		Subjects:           []string{events.AllSubjects(o.SubjectPrefix)},
		Storage:            jetstream.FileStorage,
		Replicas:           o.Replicas,
		Retention:          jetstream.LimitsPolicy,
		Discard:            jetstream.DiscardNew,
		MaxAge:             0,
		MaxMsgs:            -1,
		MaxBytes:           o.MaxBytes,
		MaxMsgsPerSubject:  -1,
		MaxMsgSize:         -1,
		MaxConsumers:       -1,
		Duplicates:         o.Duplicates,
		DenyDelete:         true,
		DenyPurge:          true,
		AllowRollup:        false,
		AllowAtomicPublish: true,
		AllowDirect:        true,
		// Left at their zero values on purpose: no message TTLs, no
		// subject delete markers, no schedules, no counters, no async
		// persistence (it acknowledges before writing).
		AllowMsgTTL:            false,
		SubjectDeleteMarkerTTL: 0,
		AllowMsgSchedules:      false,
		AllowMsgCounter:        false,
		PersistMode:            jetstream.DefaultPersistMode,
		Compression:            jetstream.NoCompression,
	}
}

// checkStream lists every way cfg contradicts the settings the ledger
// relies on. A reader (o.ReadOnly) only needs history to be immutable and
// complete; a writer also needs atomic batches, acknowledgements and the
// configured replica count.
func checkStream(cfg jetstream.StreamConfig, o Options) []string {
	var p []string
	add := func(format string, args ...any) { p = append(p, fmt.Sprintf(format, args...)) }
	want := events.AllSubjects(o.SubjectPrefix)
	if !slices.Contains(cfg.Subjects, want) {
		add("subjects %v do not include %q", cfg.Subjects, want)
	}
	if cfg.Storage != jetstream.FileStorage {
		add("storage is %v, want file", cfg.Storage)
	}
	if cfg.Retention != jetstream.LimitsPolicy {
		add("retention is %v, want limits (interest or work-queue retention deletes events)", cfg.Retention)
	}
	if cfg.Discard != jetstream.DiscardNew {
		add("discard policy is %v, want new (discard old evicts history when the stream is full)", cfg.Discard)
	}
	if cfg.MaxAge != 0 {
		add("max age is %v, want none (events would expire)", cfg.MaxAge)
	}
	if cfg.MaxMsgsPerSubject > 0 {
		add("max messages per subject is %d, want unlimited (older events of a subject would be evicted)", cfg.MaxMsgsPerSubject)
	}
	if !cfg.DenyDelete {
		add("deny delete is off, want on")
	}
	if !cfg.DenyPurge {
		add("deny purge is off, want on")
	}
	if cfg.AllowRollup {
		add("rollup is allowed, want refused (a rollup purges history)")
	}
	if cfg.AllowMsgTTL {
		add("message TTLs are allowed, want refused")
	}
	if cfg.SubjectDeleteMarkerTTL != 0 {
		add("subject delete markers are on (TTL %v), want off", cfg.SubjectDeleteMarkerTTL)
	}
	if cfg.AllowMsgSchedules {
		add("message schedules are allowed, want refused")
	}
	if cfg.SubjectTransform != nil {
		add("a subject transform is set, want none")
	}
	if !cfg.AllowDirect {
		add("direct get is off, want on")
	}
	if o.ReadOnly {
		return p
	}
	if cfg.Mirror != nil || len(cfg.Sources) > 0 {
		add("the stream is a mirror or has sources, want a plain stream")
	}
	if cfg.Sealed {
		add("the stream is sealed: it refuses writes")
	}
	if cfg.NoAck {
		add("acknowledgements are off, want on")
	}
	if !cfg.AllowAtomicPublish {
		add("atomic publish is off, want on")
	}
	if cfg.AllowMsgCounter {
		add("message counters are on, want off")
	}
	if cfg.PersistMode == jetstream.AsyncPersistMode {
		add("persist mode is async (acknowledges before writing), want default")
	}
	if cfg.Duplicates <= 0 {
		add("duplicate window is off, want %v", o.Duplicates)
	}
	if cfg.Replicas != o.Replicas {
		add("replicas is %d, want %d", cfg.Replicas, o.Replicas)
	}
	return p
}

// ensureStream returns the stream, creating it when it is absent and o is
// not read-only, and checks its settings. A stream with contradicting
// settings is reported as a *SettingsError and left unchanged.
func ensureStream(ctx context.Context, js jetstream.JetStream, o Options) (jetstream.Stream, error) {
	var lastErr error
	for attempt := 0; attempt < StreamSetupAttemptsMax; attempt++ {
		if attempt > 0 {
			select {
			case <-ctx.Done():
				return nil, fmt.Errorf("jetstream: stream %q: %w (last error: %v)", o.Stream, ctx.Err(), lastErr)
			case <-time.After(streamSetupRetryWait):
			}
		}
		st, err := lookupOrCreate(ctx, js, o)
		if err == nil {
			if problems := checkStream(st.CachedInfo().Config, o); len(problems) > 0 {
				return nil, &SettingsError{Stream: o.Stream, Problems: problems}
			}
			return st, nil
		}
		if !retryableSetup(err) || ctx.Err() != nil {
			return nil, err
		}
		lastErr = err
	}
	return nil, fmt.Errorf("jetstream: stream %q: no answer after %d attempts: %w", o.Stream, StreamSetupAttemptsMax, lastErr)
}

// lookupOrCreate makes one attempt at finding or creating the stream.
func lookupOrCreate(ctx context.Context, js jetstream.JetStream, o Options) (jetstream.Stream, error) {
	actx, cancel := context.WithTimeout(ctx, StreamSetupAttemptTimeout)
	defer cancel()
	st, err := js.Stream(actx, o.Stream)
	switch {
	case err == nil:
		return st, nil
	case errors.Is(err, jetstream.ErrStreamNotFound) && o.ReadOnly:
		return nil, fmt.Errorf("%w: %q", ErrNoStream, o.Stream)
	case errors.Is(err, jetstream.ErrStreamNotFound):
		st, err = js.CreateStream(actx, streamConfig(o))
		if errors.Is(err, jetstream.ErrStreamNameAlreadyInUse) {
			// Another instance created it in between: check that one.
			return js.Stream(actx, o.Stream)
		}
		if err != nil && retryableSetup(err) {
			// The stream API answered "not found" a moment ago, so the
			// silence is most likely a user without the right to create
			// streams: the server drops the request and only reports a
			// permission violation to the connection's error handler.
			return nil, fmt.Errorf("%w: %q, and the request to create it got no answer (if this user may not create streams, have the admin create it: wagerlog stream create): %w", ErrNoStream, o.Stream, err)
		}
		if err != nil {
			return nil, fmt.Errorf("jetstream: create stream %q: %w", o.Stream, err)
		}
		return st, nil
	case errors.Is(err, jetstream.ErrJetStreamNotEnabled), errors.Is(err, jetstream.ErrJetStreamNotEnabledForAccount):
		return nil, fmt.Errorf("%w: %v", ErrNoJetStream, err)
	default:
		return nil, fmt.Errorf("jetstream: stream %q: %w", o.Stream, err)
	}
}

// retryableSetup reports whether a stream set-up error may go away by
// itself (no meta leader yet, a timeout).
func retryableSetup(err error) bool {
	return errors.Is(err, context.DeadlineExceeded) ||
		errors.Is(err, jetstream.ErrNoStreamResponse) ||
		isNoResponders(err) ||
		apiCode(err) == codeClusterNotAvailable
}
