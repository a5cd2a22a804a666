package jetstream

import (
	"context"
	"strings"
	"testing"
)

// TestFollow_ConsumerNamed checks what an operator who lists the stream's
// consumers sees while a projector follows it: a name that says what the
// consumer is for and a description in its metadata.
func TestFollow_ConsumerNamed(t *testing.T) {
	s := openTest(t, "", nil)
	mustAppend(t, s, 0, raws(s.Prefix(), "t1", "pre", 3, 100))
	ctx, cancel := context.WithCancel(testCtx(t))
	defer cancel()
	f := &follower{}
	done := make(chan error, 1)
	go func() { done <- s.Follow(ctx, 1, f.add) }()
	f.waitFor(t, 3)

	js := rawJS(t, s)
	st, err := js.Stream(testCtx(t), s.StreamName())
	if err != nil {
		t.Fatal(err)
	}
	lister := st.ListConsumers(testCtx(t))
	var names []string
	for info := range lister.Info() {
		names = append(names, info.Name)
		if !strings.HasPrefix(info.Name, "wagerlog_follow_") {
			t.Errorf("consumer name %q, want the prefix wagerlog_follow_", info.Name)
		}
		md := info.Config.Metadata
		if md["wagerlog.use"] != "follow" || !strings.Contains(md["wagerlog.description"], "projector") {
			t.Errorf("consumer %s metadata %v, want wagerlog.use=follow and a description naming the projector", info.Name, md)
		}
	}
	if err := lister.Err(); err != nil {
		t.Fatal(err)
	}
	if len(names) != 1 {
		t.Fatalf("consumers %v, want one", names)
	}
	cancel()
	<-done
}
