package drawseed_test

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wagerlog/wagerlog/drawseed"
	"github.com/wagerlog/wagerlog/games"
)

func TestDir_NewSeed(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "seeds")
	d, err := drawseed.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	c, err := d.New("jp-1")
	if err != nil {
		t.Fatal(err)
	}
	t.Run("OK", func(t *testing.T) {
		// A new Dir on the same directory (a restart) reads the seed back.
		again, err := drawseed.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		seed, err := again.Seed(c)
		if err != nil {
			t.Fatal(err)
		}
		if len(seed) != drawseed.SeedBytes || games.DrawCommitment(seed) != c {
			t.Fatalf("seed of %d bytes hashing to %s, want %d bytes hashing to %s", len(seed), games.DrawCommitment(seed), drawseed.SeedBytes, c)
		}
		fi, err := os.Stat(filepath.Join(dir, c+".seed"))
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != 0o600 {
			t.Errorf("mode %v, want 0600", fi.Mode().Perm())
		}
		if c2, _ := d.New("jp-1"); c2 == c {
			t.Error("two new seeds with one commitment")
		}
	})
	t.Run("ErrNotKept", func(t *testing.T) {
		if _, err := d.Seed(games.DrawCommitment([]byte("other"))); !errors.Is(err, drawseed.ErrNotKept) {
			t.Fatalf("err = %v, want ErrNotKept", err)
		}
		if _, err := d.Seed("../x"); !errors.Is(err, drawseed.ErrNotKept) {
			t.Fatalf("err = %v, want ErrNotKept", err)
		}
	})
	t.Run("ErrDamaged", func(t *testing.T) {
		if err := os.WriteFile(filepath.Join(dir, c+".seed"), []byte("00ff\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := d.Seed(c); err == nil || errors.Is(err, drawseed.ErrNotKept) {
			t.Fatalf("err = %v, want a seed that does not hash to its commitment", err)
		}
	})
}

// TestOpenWith checks that the seeds come from the source given: two
// directories reading one fixed stream make the same seeds, and a source
// that runs dry is an error, not a short seed.
func TestOpenWith(t *testing.T) {
	key := [32]byte{1}
	var got [2]string
	for i := range got {
		d, err := drawseed.OpenWith(t.TempDir(), rand.NewChaCha8(key))
		if err != nil {
			t.Fatal(err)
		}
		if got[i], err = d.New("jp-1"); err != nil {
			t.Fatal(err)
		}
	}
	want := make([]byte, drawseed.SeedBytes)
	rand.NewChaCha8(key).Read(want)
	if got[0] != got[1] || got[0] != games.DrawCommitment(want) {
		t.Fatalf("commitments %s and %s, want both %s", got[0], got[1], games.DrawCommitment(want))
	}
	d, err := drawseed.OpenWith(t.TempDir(), strings.NewReader("short"))
	if err != nil {
		t.Fatal(err)
	}
	if c, err := d.New("jp-1"); err == nil {
		t.Fatalf("a seed from 5 bytes: %s", c)
	}
}
