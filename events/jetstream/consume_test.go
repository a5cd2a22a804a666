package jetstream

import (
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

func TestAckMetadata(t *testing.T) {
	at := time.Unix(0, 1773500966535897000)
	tests := []struct {
		name, reply  string
		seq, pending uint64
		ok           bool
	}{
		{"V1", "$JS.ACK.EVENTS.c1.1.42.7.1773500966535897000.3", 42, 3, true},
		{"V2", "$JS.ACK._.ACCHASH.EVENTS.c1.1.42.7.1773500966535897000.3.tok", 42, 3, true},
		{"V2NoLastToken", "$JS.ACK.dom.ACCHASH.EVENTS.c1.1.42.7.1773500966535897000.3", 42, 3, true},
		{"V2MoreTokens", "$JS.ACK.dom.ACCHASH.EVENTS.c1.1.42.7.1773500966535897000.3.tok.more", 42, 3, true},
		{"Empty", "", 0, 0, false},
		{"NotAck", "_INBOX.abc.def", 0, 0, false},
		{"TenTokens", "$JS.ACK.x.EVENTS.c1.1.42.7.1773500966535897000.3", 0, 0, false},
		{"EightTokens", "$JS.ACK.EVENTS.c1.1.42.7.1773500966535897000", 0, 0, false},
		{"SeqNotDigits", "$JS.ACK.EVENTS.c1.1.4x.7.1773500966535897000.3", 0, 0, false},
		{"SeqEmpty", "$JS.ACK.EVENTS.c1.1..7.1773500966535897000.3", 0, 0, false},
		{"SeqTooLong", "$JS.ACK.EVENTS.c1.1.12345678901234567890.7.1773500966535897000.3", 0, 0, false},
		{"TimeOverInt64", "$JS.ACK.EVENTS.c1.1.42.7.9999999999999999999.3", 0, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			seq, stored, pending, ok := ackMetadata(tt.reply)
			if ok != tt.ok {
				t.Fatalf("ok %v, want %v", ok, tt.ok)
			}
			if !ok {
				return
			}
			if seq != tt.seq || pending != tt.pending || !stored.Equal(at) {
				t.Errorf("got %d, %s, %d; want %d, %s, %d", seq, stored, pending, tt.seq, at, tt.pending)
			}
		})
	}
}

// TestAckMetadata_AsMetadata reads real messages and checks that
// ackMetadata reads their reply subjects as msg.Metadata does.
func TestAckMetadata_AsMetadata(t *testing.T) {
	s := openTest(t, "", nil)
	const n = 5
	mustAppend(t, s, 0, raws(s.Prefix(), "t1", "m", n, 100))
	ctx := testCtx(t)
	cons, err := rawJS(t, s).OrderedConsumer(ctx, s.opts.Stream, jetstream.OrderedConsumerConfig{})
	if err != nil {
		t.Fatal(err)
	}
	batch, err := cons.Fetch(n, jetstream.FetchMaxWait(5*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	got := 0
	for msg := range batch.Messages() {
		got++
		md, err := msg.Metadata()
		if err != nil {
			t.Fatal(err)
		}
		seq, stored, pending, ok := ackMetadata(msg.Reply())
		if !ok || seq != md.Sequence.Stream || !stored.Equal(md.Timestamp) || pending != md.NumPending {
			t.Errorf("%s: ackMetadata %d, %s, %d, %v; Metadata %d, %s, %d",
				msg.Reply(), seq, stored, pending, ok, md.Sequence.Stream, md.Timestamp, md.NumPending)
		}
	}
	if got != n {
		t.Fatalf("fetched %d messages, want %d", got, n)
	}
}
