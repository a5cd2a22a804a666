package jetstream

import (
	"errors"
	"testing"

	"github.com/wagerlog/wagerlog/events"
)

// checkFault runs Check and requires a fault of kind.
func checkFault(t *testing.T, s *Store, kind events.FaultKind) *events.StreamFault {
	t.Helper()
	err := s.Check(testCtx(t))
	var f *events.StreamFault
	if !errors.As(err, &f) || f.Kind != kind {
		t.Fatalf("Check: %v, want a %s fault", err, kind)
	}
	return f
}

func TestStore_Check(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		s := openTest(t, "", nil)
		if err := s.Check(testCtx(t)); err != nil {
			t.Fatalf("empty stream: %v", err)
		}
		mustAppend(t, s, 0, raws(s.Prefix(), "t1", "a", 3, 100))
		if err := s.Check(testCtx(t)); err != nil {
			t.Fatalf("3 events: %v", err)
		}
	})
	t.Run("ErrStreamMissing", func(t *testing.T) {
		s := openTest(t, "", nil)
		mustAppend(t, s, 0, raws(s.Prefix(), "t1", "a", 3, 100))
		if err := rawJS(t, s).DeleteStream(testCtx(t), s.StreamName()); err != nil {
			t.Fatal(err)
		}
		f := checkFault(t, s, events.FaultStreamMissing)
		if !errors.Is(f, events.ErrStreamUntrusted) {
			t.Fatalf("%v does not match ErrStreamUntrusted", f)
		}
	})
	t.Run("ErrSettingsChanged", func(t *testing.T) {
		s := openTest(t, "", nil)
		mustAppend(t, s, 0, raws(s.Prefix(), "t1", "a", 3, 100))
		js := rawJS(t, s)
		st, err := js.Stream(testCtx(t), s.StreamName())
		if err != nil {
			t.Fatal(err)
		}
		cfg := st.CachedInfo().Config
		cfg.MaxMsgs = 2
		if _, err := js.UpdateStream(testCtx(t), cfg); err != nil {
			t.Fatal(err)
		}
		checkFault(t, s, events.FaultStreamSettings)
	})
}
