package jetstream

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/wagerlog/wagerlog/events"
)

func TestAppend_OK(t *testing.T) {
	s := openTest(t, "", nil)
	b1 := raws(s.Prefix(), "t1", "a", 1, 400)
	b2 := raws(s.Prefix(), "t2", "b", BatchEventsMax, 400)
	b3 := raws(s.Prefix(), "t1", "c", 7, 400)
	mustAppend(t, s, 0, b1)
	mustAppend(t, s, 1, b2)
	mustAppend(t, s, 1+BatchEventsMax, b3)
	if got := lastSeq(t, s); got != uint64(1+BatchEventsMax+7) {
		t.Fatalf("LastSeq %d, want %d", got, 1+BatchEventsMax+7)
	}
	want := append(append(append([]events.Raw{}, b1...), b2...), b3...)
	got := readAll(t, s)
	if len(got) != len(want) {
		t.Fatalf("read %d, want %d", len(got), len(want))
	}
	for i := range got {
		if got[i].Seq != uint64(i+1) || got[i].MsgID != want[i].MsgID || string(got[i].Data) != string(want[i].Data) {
			t.Fatalf("event %d: seq %d id %q, want seq %d id %q", i, got[i].Seq, got[i].MsgID, i+1, want[i].MsgID)
		}
	}
}

func TestAppend_Fencing(t *testing.T) {
	a := openTest(t, "", listen)
	if a.ClientURL() == "" {
		t.Fatal("no ClientURL with a ListenAddr")
	}
	b, err := Open(testCtx(t), asAdmin(a))
	if err != nil {
		t.Fatalf("second writer: %v", err)
	}
	defer b.Close()

	// Both writers know the stream is at 0; a appends first.
	mustAppend(t, a, 0, raws(a.Prefix(), "t1", "a", 3, 200))
	stale := raws(b.Prefix(), "t1", "b", 2, 200)
	_, err = b.Append(testCtx(t), 0, stale)
	var ce *ConflictError
	if !errors.Is(err, events.ErrConflict) || !errors.As(err, &ce) {
		t.Fatalf("stale writer: %v, want a *ConflictError", err)
	}
	if ce.Expected != 0 || ce.Actual != 3 {
		t.Fatalf("conflict %+v, want Expected 0 Actual 3", *ce)
	}
	if got := lastSeq(t, a); got != 3 {
		t.Fatalf("stale batch stored: last %d, want 3", got)
	}
	// The stale writer catches up, then appends.
	last := lastSeq(t, b)
	mustAppend(t, b, last, stale)
	// Now a is the stale one.
	_, err = a.Append(testCtx(t), 3, raws(a.Prefix(), "t1", "c", 1, 200))
	if !errors.As(err, &ce) || ce.Expected != 3 || ce.Actual != 5 {
		t.Fatalf("a after b: %v, want conflict 3 vs 5", err)
	}
}

func TestAppend_Deduplication(t *testing.T) {
	s := openTest(t, "", nil)
	first := raws(s.Prefix(), "t1", "a", 3, 200)
	mustAppend(t, s, 0, first)
	// The same id in a later batch (an event id reused): refused, nothing
	// stored, and not mistaken for a conflict.
	again := raws(s.Prefix(), "t1", "b", 2, 200)
	again[1].MsgID = first[2].MsgID
	_, err := s.Append(testCtx(t), 3, again)
	if !errors.Is(err, ErrDuplicateMsgID) {
		t.Fatalf("Append with a stored id: %v, want ErrDuplicateMsgID", err)
	}
	if got := lastSeq(t, s); got != 3 {
		t.Fatalf("last %d after a refused batch, want 3", got)
	}
	// Published twice by a raw client, with its own dedup only: stored once.
	js := rawJS(t, s)
	subj := events.TableSubject(s.Prefix(), "t9")
	for range 2 {
		if _, err := js.Publish(testCtx(t), subj, []byte("x"), jetstream.WithMsgID("raw-1")); err != nil {
			t.Fatal(err)
		}
	}
	n := 0
	for _, r := range readAll(t, s) {
		if r.MsgID == "raw-1" {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("msg id published twice stored %d times, want 1", n)
	}
}

func TestAppend_LostAck(t *testing.T) {
	s := openTest(t, "", nil)
	mustAppend(t, s, 0, raws(s.Prefix(), "t1", "a", 5, 200))
	batch := raws(s.Prefix(), "t1", "b", 100, 400)
	mustAppend(t, s, 5, batch)

	// What the server itself answers to such a resend: within the
	// duplicate window, a single server refuses the atomic batch as
	// containing a duplicate message id (a single publish would get
	// "wrong last sequence" instead).
	if _, err := s.publishBatch(testCtx(t), 5, batch); apiCode(err) != codeBatchDuplicateMsgID {
		t.Fatalf("raw resend: %v, want error %d", err, codeBatchDuplicateMsgID)
	}
	// The ack was lost: the client sends the same batch with the same
	// expected sequence. Success with the original sequences.
	first, err := s.Append(testCtx(t), 5, batch)
	if err != nil || first != 6 {
		t.Fatalf("retry: first %d err %v, want 6, nil", first, err)
	}
	if got := lastSeq(t, s); got != 105 {
		t.Fatalf("retry stored something: last %d, want 105", got)
	}
	// Another writer moved on meanwhile: the retry still finds its batch.
	mustAppend(t, s, 105, raws(s.Prefix(), "t2", "c", 3, 200))
	if first, err := s.Append(testCtx(t), 5, batch); err != nil || first != 6 {
		t.Fatalf("retry after others appended: first %d err %v, want 6, nil", first, err)
	}
	// A different batch with the same stale expected sequence: conflict.
	_, err = s.Append(testCtx(t), 5, raws(s.Prefix(), "t1", "d", 100, 400))
	var ce *ConflictError
	if !errors.As(err, &ce) || ce.Expected != 5 || ce.Actual != 108 {
		t.Fatalf("different batch: %v, want conflict 5 vs 108", err)
	}
	// Same ids but in another order is not the stored batch either.
	swapped := append([]events.Raw{}, batch...)
	swapped[0], swapped[1] = swapped[1], swapped[0]
	if _, err := s.Append(testCtx(t), 5, swapped); !errors.Is(err, events.ErrConflict) {
		t.Fatalf("reordered batch: %v, want a conflict", err)
	}
	if got := lastSeq(t, s); got != 108 {
		t.Fatalf("last %d, want 108", got)
	}
}

func TestAppend_SingleEvent(t *testing.T) {
	// One event goes as a plain publish, with the same guarantees.
	s := openTest(t, "", nil)
	one := raws(s.Prefix(), "t1", "a", 1, 200)
	mustAppend(t, s, 0, raws(s.Prefix(), "t1", "pre", 3, 200))
	mustAppend(t, s, 3, one)
	t.Run("LostAck", func(t *testing.T) {
		// A single server answers the resend "wrong last sequence"...
		if _, err := s.publishOne(testCtx(t), 3, one[0]); apiCode(err) != codeWrongLastSequence {
			t.Fatalf("raw resend: %v, want error %d", err, codeWrongLastSequence)
		}
		// ...and Append finds the event stored at 4.
		if first, err := s.Append(testCtx(t), 3, one); err != nil || first != 4 {
			t.Fatalf("retry: first %d err %v, want 4, nil", first, err)
		}
	})
	t.Run("Conflict", func(t *testing.T) {
		_, err := s.Append(testCtx(t), 3, raws(s.Prefix(), "t1", "b", 1, 200))
		var ce *ConflictError
		if !errors.As(err, &ce) || ce.Expected != 3 || ce.Actual != 4 {
			t.Fatalf("%v, want conflict 3 vs 4", err)
		}
	})
	t.Run("ReusedID", func(t *testing.T) {
		// Right position, but the id is already stored (at 2): the server
		// answers with a duplicate acknowledgement for sequence 2.
		reused := raws(s.Prefix(), "t1", "pre", 2, 200)[1:]
		if _, err := s.Append(testCtx(t), 4, reused); !errors.Is(err, ErrDuplicateMsgID) {
			t.Fatalf("%v, want ErrDuplicateMsgID", err)
		}
	})
	if got := lastSeq(t, s); got != 4 {
		t.Fatalf("last %d, want 4", got)
	}
}

// TestAppend_LostAckAfterDedupWindow covers the retry that a single server
// answers with "wrong last sequence" (10071) rather than a duplicate: once
// the ids have left the duplicate window, only the message ids at
// expected+1.. tell that the batch is stored.
func TestAppend_LostAckAfterDedupWindow(t *testing.T) {
	s := openTest(t, "", func(o *Options) { o.Duplicates = 100 * time.Millisecond })
	batch := raws(s.Prefix(), "t1", "a", 10, 200)
	mustAppend(t, s, 0, batch)
	// Resend raw until the server no longer recognises the ids.
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, err := s.publishBatch(testCtx(t), 0, batch)
		var apiErr *jetstream.APIError
		if !errors.As(err, &apiErr) {
			t.Fatalf("raw resend: %v, want a refusal", err)
		}
		if apiErr.ErrorCode == codeWrongLastSequence {
			break
		}
		if apiErr.ErrorCode != codeBatchDuplicateMsgID {
			t.Fatalf("raw resend refused with %v, want 10201 then 10071", apiErr)
		}
		if time.Now().After(deadline) {
			t.Fatal("ids still in the duplicate window after 10s")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if first, err := s.Append(testCtx(t), 0, batch); err != nil || first != 1 {
		t.Fatalf("retry: first %d err %v, want 1, nil", first, err)
	}
	if got := lastSeq(t, s); got != 10 {
		t.Fatalf("last %d, want 10", got)
	}
	other := raws(s.Prefix(), "t1", "b", 10, 200)
	if _, err := s.Append(testCtx(t), 0, other); !errors.Is(err, events.ErrConflict) {
		t.Fatalf("other batch: %v, want conflict", err)
	}
}

func TestAppend_Atomicity(t *testing.T) {
	s := openTest(t, "", listen)
	mustAppend(t, s, 0, raws(s.Prefix(), "t1", "a", 10, 200))

	t.Run("WrongExpectedSeq", func(t *testing.T) {
		_, err := s.Append(testCtx(t), 9, raws(s.Prefix(), "t1", "b", 50, 200))
		if !errors.Is(err, events.ErrConflict) {
			t.Fatalf("%v, want a conflict", err)
		}
	})
	t.Run("StoredIDInTheMiddle", func(t *testing.T) {
		b := raws(s.Prefix(), "t1", "c", 50, 200)
		b[25].MsgID = "a-3"
		if _, err := s.Append(testCtx(t), 10, b); !errors.Is(err, ErrDuplicateMsgID) {
			t.Fatalf("%v, want ErrDuplicateMsgID", err)
		}
	})
	t.Run("DuplicateIDInBatch", func(t *testing.T) {
		b := raws(s.Prefix(), "t1", "d", 50, 200)
		b[40].MsgID = b[2].MsgID
		if _, err := s.Append(testCtx(t), 10, b); !errors.Is(err, ErrInvalidBatch) {
			t.Fatalf("%v, want ErrInvalidBatch", err)
		}
	})
	t.Run("OversizedEvent", func(t *testing.T) {
		b := raws(s.Prefix(), "t1", "e", 5, 200)
		b[3].Data = make([]byte, s.msgSizeMax)
		if _, err := s.Append(testCtx(t), 10, b); !errors.Is(err, ErrInvalidBatch) {
			t.Fatalf("%v, want ErrInvalidBatch", err)
		}
	})
	if got := lastSeq(t, s); got != 10 {
		t.Fatalf("refused batches stored events: last %d, want 10", got)
	}
	for _, r := range readAll(t, s) {
		if !strings.HasPrefix(r.MsgID, "a-") {
			t.Fatalf("event %d (%q) of a refused batch is stored", r.Seq, r.MsgID)
		}
	}

	t.Run("OverStreamMaxMsgSize", func(t *testing.T) {
		// A stream whose message size limit is below the server's: the
		// limit is learnt at Open and the batch refused before sending.
		js := rawJS(t, s)
		cfg := streamConfig(Options{Stream: "SMALL", SubjectPrefix: "small", Replicas: 1, Duplicates: time.Minute, MaxBytes: -1})
		cfg.MaxMsgSize = 1024
		if _, err := js.CreateStream(testCtx(t), cfg); err != nil {
			t.Fatal(err)
		}
		small, err := Open(testCtx(t), Options{URL: s.ClientURL(), NKeySeed: testAdminSeed, Stream: "SMALL", SubjectPrefix: "small"})
		if err != nil {
			t.Fatal(err)
		}
		defer small.Close()
		b := raws("small", "t1", "f", 5, 200)
		b[2].Data = make([]byte, 1000)
		if _, err := small.Append(testCtx(t), 0, b); !errors.Is(err, ErrInvalidBatch) {
			t.Fatalf("%v, want ErrInvalidBatch", err)
		}
		if got := lastSeq(t, small); got != 0 {
			t.Fatalf("last %d, want 0", got)
		}
	})
}

func TestAppend_InvalidBatch(t *testing.T) {
	s := openTest(t, "", nil)
	ok := raws(s.Prefix(), "t1", "a", 1, 10)[0]
	for name, b := range map[string][]events.Raw{
		"Empty":        nil,
		"TooMany":      raws(s.Prefix(), "t1", "b", BatchEventsMax+1, 10),
		"NoMsgID":      {{Subject: ok.Subject, Data: ok.Data}},
		"OtherSubject": {{Subject: "elsewhere.t1", MsgID: "x", Data: ok.Data}},
		"Wildcard":     {{Subject: s.Prefix() + ".table.*", MsgID: "x", Data: ok.Data}},
		"EmptyToken":   {{Subject: s.Prefix() + "..t1", MsgID: "x", Data: ok.Data}},
		"PrefixOnly":   {{Subject: s.Prefix() + ".", MsgID: "x", Data: ok.Data}},
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := s.Append(testCtx(t), 0, b); !errors.Is(err, ErrInvalidBatch) {
				t.Fatalf("%v, want ErrInvalidBatch", err)
			}
		})
	}
	if got := lastSeq(t, s); got != 0 {
		t.Fatalf("last %d, want 0", got)
	}
}

func TestAppend_StreamFull(t *testing.T) {
	s := openTest(t, "", func(o *Options) { o.MaxBytes = 32 << 10 })
	var (
		last uint64
		err  error
	)
	for i := range 1000 {
		b := raws(s.Prefix(), "t1", fmt.Sprintf("b%d", i), 5, 400)
		if _, err = s.Append(testCtx(t), last, b); err != nil {
			break
		}
		last += 5
	}
	if !errors.Is(err, events.ErrStreamFull) {
		t.Fatalf("append to a full stream: %v, want ErrStreamFull", err)
	}
	if last == 0 {
		t.Fatal("nothing fitted in the stream")
	}
	// Single events fill what room is left, then are refused as well.
	for i := 0; ; i++ {
		_, err = s.Append(testCtx(t), last, raws(s.Prefix(), "t1", fmt.Sprintf("z%d", i), 1, 400))
		if err != nil {
			break
		}
		last++
		if i == 10 {
			t.Fatal("a batch of 5 was refused but more than 10 single events fit")
		}
	}
	if !errors.Is(err, events.ErrStreamFull) {
		t.Fatalf("single event: %v, want ErrStreamFull", err)
	}
	// Nothing was evicted.
	got := readAll(t, s)
	if uint64(len(got)) != last || got[0].MsgID != "b0-0" || got[0].Seq != 1 {
		t.Fatalf("after the refusals: %d events (first %q), want %d starting with b0-0", len(got), got[0].MsgID, last)
	}
}

func TestStream_DenyDeleteAndPurge(t *testing.T) {
	s := openTest(t, "", nil)
	mustAppend(t, s, 0, raws(s.Prefix(), "t1", "a", 3, 100))
	js := rawJS(t, s)
	st, err := js.Stream(testCtx(t), s.StreamName())
	if err != nil {
		t.Fatal(err)
	}
	if err := st.DeleteMsg(testCtx(t), 2); err == nil {
		t.Error("message delete accepted")
	}
	if err := st.SecureDeleteMsg(testCtx(t), 2); err == nil {
		t.Error("secure message delete accepted")
	}
	if err := st.Purge(testCtx(t)); err == nil {
		t.Error("purge accepted")
	}
	// A rollup (which purges) and a message TTL are refused too.
	subj := events.TableSubject(s.Prefix(), "t1")
	rollup := &nats.Msg{Subject: subj, Data: []byte("x"), Header: nats.Header{"Nats-Rollup": []string{"sub"}}}
	if _, err := js.PublishMsg(testCtx(t), rollup); err == nil {
		t.Error("rollup accepted")
	}
	if _, err := js.Publish(testCtx(t), subj, []byte("x"), jetstream.WithMsgTTL(time.Second)); err == nil {
		t.Error("message with a TTL accepted")
	}
	if got := readAll(t, s); len(got) != 3 {
		t.Fatalf("%d events left, want 3", len(got))
	}
	cfg := st.CachedInfo().Config
	if !cfg.DenyDelete || !cfg.DenyPurge || cfg.AllowRollup || cfg.Discard != jetstream.DiscardNew ||
		cfg.MaxAge != 0 || !cfg.AllowAtomicPublish || !cfg.AllowDirect || cfg.Storage != jetstream.FileStorage ||
		cfg.Duplicates != DefaultDuplicates || cfg.Retention != jetstream.LimitsPolicy {
		t.Fatalf("stream settings: %+v", cfg)
	}
}

func TestAppend_NoAnswerIsOutcomeUnknown(t *testing.T) {
	// With the stream gone (deny-delete does not protect the stream
	// itself), nobody answers: Append retries until its context ends and
	// cannot say whether anything was stored.
	s := openTest(t, "", nil)
	if err := rawJS(t, s).DeleteStream(testCtx(t), s.StreamName()); err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{1, 10} {
		ctx, cancel := context.WithTimeout(testCtx(t), 600*time.Millisecond)
		_, err := s.Append(ctx, 0, raws(s.Prefix(), "t1", fmt.Sprintf("n%d", n), n, 100))
		cancel()
		if !errors.Is(err, ErrOutcomeUnknown) {
			t.Fatalf("%d events: %v, want ErrOutcomeUnknown", n, err)
		}
	}
}
