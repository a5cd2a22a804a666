package main

import (
	"runtime/debug"
	"testing"
)

// TestSetMemoryLimit checks that --memory-limit-mib sets the Go runtime's
// soft memory limit, that the restore puts back the previous one, that 0
// lifts the limit, that GOMEMLIMIT in the environment wins over the
// default but not over the flag given, and that a negative size is
// refused.
func TestSetMemoryLimit(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	t.Cleanup(func() { debug.SetMemoryLimit(before) })
	t.Setenv("GOMEMLIMIT", "")

	t.Run("OK", func(t *testing.T) {
		restore, err := setMemoryLimit(123, false)
		if err != nil {
			t.Fatal(err)
		}
		if got := debug.SetMemoryLimit(-1); got != 123<<20 {
			t.Fatalf("limit %d, want %d", got, 123<<20)
		}
		restore()
		if got := debug.SetMemoryLimit(-1); got != before {
			t.Fatalf("restored limit %d, want %d", got, before)
		}
	})
	t.Run("OKNone", func(t *testing.T) {
		debug.SetMemoryLimit(64 << 20)
		restore, err := setMemoryLimit(0, true)
		if err != nil {
			t.Fatal(err)
		}
		if got := debug.SetMemoryLimit(-1); got < 1<<62 {
			t.Fatalf("limit %d with --memory-limit-mib 0, want none", got)
		}
		restore()
		if got := debug.SetMemoryLimit(-1); got != 64<<20 {
			t.Fatalf("restored limit %d, want %d", got, 64<<20)
		}
	})
	t.Run("OKEnvironment", func(t *testing.T) {
		t.Setenv("GOMEMLIMIT", "77MiB")
		debug.SetMemoryLimit(77 << 20) // what the runtime read at start
		restore, err := setMemoryLimit(DefaultMemoryLimitMiB, false)
		if err != nil {
			t.Fatal(err)
		}
		if got := debug.SetMemoryLimit(-1); got != 77<<20 {
			t.Fatalf("limit %d with GOMEMLIMIT and the default, want the environment's %d", got, 77<<20)
		}
		restore()
		restore, err = setMemoryLimit(300, true)
		if err != nil {
			t.Fatal(err)
		}
		if got := debug.SetMemoryLimit(-1); got != 300<<20 {
			t.Fatalf("limit %d with the flag given, want %d", got, 300<<20)
		}
		restore()
	})
	t.Run("OKGCPercent", func(t *testing.T) {
		t.Setenv("GOGC", "")
		gcBefore := debug.SetGCPercent(100)
		t.Cleanup(func() { debug.SetGCPercent(gcBefore) })
		restore, err := setMemoryLimit(200, true)
		if err != nil {
			t.Fatal(err)
		}
		if got := debug.SetGCPercent(GCPercentUnderLimit); got != GCPercentUnderLimit {
			t.Fatalf("GC percent %d under a limit, want %d", got, GCPercentUnderLimit)
		}
		restore()
		if got := debug.SetGCPercent(100); got != 100 {
			t.Fatalf("restored GC percent %d, want 100", got)
		}
		// No limit: Go's own target stays.
		restore, err = setMemoryLimit(0, true)
		if err != nil {
			t.Fatal(err)
		}
		if got := debug.SetGCPercent(100); got != 100 {
			t.Fatalf("GC percent %d without a limit, want 100", got)
		}
		restore()
		// GOGC given: the operator's.
		t.Setenv("GOGC", "150")
		debug.SetGCPercent(150)
		restore, err = setMemoryLimit(200, true)
		if err != nil {
			t.Fatal(err)
		}
		if got := debug.SetGCPercent(150); got != 150 {
			t.Fatalf("GC percent %d with GOGC=150, want 150", got)
		}
		restore()
	})
	t.Run("ErrNegative", func(t *testing.T) {
		if _, err := setMemoryLimit(-1, true); err == nil {
			t.Fatal("--memory-limit-mib -1 accepted")
		}
	})
}

// TestServe_MemoryLimit checks that serve runs under --memory-limit-mib
// and puts the process's previous limit back when it stops.
func TestServe_MemoryLimit(t *testing.T) {
	t.Setenv("GOMEMLIMIT", "")
	before := debug.SetMemoryLimit(-1)
	r := startServe(t, t.TempDir(), "--dev-tokens", "--memory-limit-mib", "321")
	if got := debug.SetMemoryLimit(-1); got != 321<<20 {
		t.Errorf("limit while serving: %d, want %d", got, 321<<20)
	}
	if err := r.stop(); err != nil {
		t.Fatal(err)
	}
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("limit after serve stopped: %d, want the previous %d", got, before)
	}
}
