//go:build linux

package projections

import (
	"bufio"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"
)

// mappedKB returns the resident kilobytes of the process's maps of the file
// at path (the Rss lines of its entries in /proc/self/smaps).
func mappedKB(tb testing.TB, path string) int {
	tb.Helper()
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	in, kb := false, 0
	for sc.Scan() {
		line := sc.Text()
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		if !strings.HasSuffix(fields[0], ":") {
			// A map's header: "start-end perms offset dev inode path".
			in = len(fields) >= 6 && fields[len(fields)-1] == path
			continue
		}
		if in && fields[0] == "Rss:" && len(fields) >= 2 {
			n, err := strconv.Atoi(fields[1])
			if err != nil {
				tb.Fatalf("smaps: %q: %v", line, err)
			}
			kb += n
		}
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return kb
}

// TestStore_ReleaseMapped checks that releasing the file's map takes its
// pages out of the process's resident set, that the store releases them by
// itself every Options.ReleaseEvents, and that every answer stays the same.
func TestStore_ReleaseMapped(t *testing.T) {
	h := newHarness(t)
	sc := playScenario(h, 3, 240)
	raws := readRaw(t, h.Stream)

	kept := openProj(t, "", Options{ReleaseEvents: -1})
	applyAll(t, kept, raws, 37)
	want := answers(t, kept, sc)
	before := mappedKB(t, kept.Path())
	if before == 0 {
		t.Fatalf("no page of %s resident after %d events and every query", kept.Path(), len(raws))
	}
	if err := kept.ReleaseMapped(); err != nil {
		t.Fatal(err)
	}
	if after := mappedKB(t, kept.Path()); after != 0 {
		t.Fatalf("%d kB of the map resident after the release (%d kB before)", after, before)
	}
	// The pages come back from the page cache on the next read.
	sameAnswers(t, want, answers(t, kept, sc))

	// Opening a file walks all its pages (bbolt rebuilds its free list):
	// they are released before Open returns.
	path := kept.Path()
	if err := kept.Close(); err != nil {
		t.Fatal(err)
	}
	reopened := openProj(t, path, Options{})
	if kb := mappedKB(t, path); kb != 0 {
		t.Fatalf("%d kB of the map resident after Open", kb)
	}
	sameAnswers(t, want, answers(t, reopened, sc))

	// And a file that stores its free list is not walked at all: without
	// any release, opening it reads a few pages (the meta pages, the
	// buckets' roots), not the file.
	if err := reopened.Close(); err != nil {
		t.Fatal(err)
	}
	unreleased := openProj(t, path, Options{ReleaseEvents: -1})
	if kb := mappedKB(t, path); kb*2 > before {
		t.Fatalf("%d kB of the map resident after Open without a release; the applies and queries left %d kB", kb, before)
	}
	sameAnswers(t, want, answers(t, unreleased, sc))

	// Released after every batch: nothing of the map stays resident
	// between two batches, and the file is the same.
	released := openProj(t, "", Options{ReleaseEvents: 1})
	for i := 0; i < len(raws); i += 37 {
		if err := released.Apply(raws[i:min(i+37, len(raws))]); err != nil {
			t.Fatal(err)
		}
		if kb := mappedKB(t, released.Path()); kb != 0 {
			t.Fatalf("after the batch at %d: %d kB of the map resident", raws[i].Seq, kb)
		}
	}
	sameAnswers(t, want, answers(t, released, sc))

	if err := released.Close(); err != nil {
		t.Fatal(err)
	}
	if err := released.ReleaseMapped(); !errors.Is(err, ErrClosed) {
		t.Fatalf("ReleaseMapped after Close: %v, want ErrClosed", err)
	}
}
