package drawseed

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/wagerlog/wagerlog/games"
)

// SeedBytes is the size of a seed: 256 random bits from crypto/rand.
const SeedBytes = 32

// ErrNotKept is returned by Seed for a commitment whose seed the directory
// does not hold.
var ErrNotKept = errors.New("drawseed: no seed kept for this commitment")

var commitmentPattern = regexp.MustCompile(`^[0-9a-f]{64}$`)

// Dir keeps seeds as files of a directory. Its zero value is not usable;
// get one from Open. A Dir is safe for concurrent use: files are written
// once under a unique name and never changed.
type Dir struct {
	path   string
	random io.Reader
}

// Open returns the seeds kept in directory path, creating it (mode 0700)
// when missing. Its seeds come from crypto/rand.
func Open(path string) (*Dir, error) {
	return OpenWith(path, rand.Reader)
}

// OpenWith is Open with the seeds read from random. Only a test that
// needs the same draws on every run passes anything but crypto/rand: a
// seed that can be guessed lets its draws be foreseen.
func OpenWith(path string, random io.Reader) (*Dir, error) {
	if err := os.MkdirAll(path, 0o700); err != nil {
		return nil, fmt.Errorf("drawseed: %w", err)
	}
	return &Dir{path: path, random: random}, nil
}

// New makes a seed of SeedBytes random bytes (read from the Dir's source), writes it durably (a
// temporary file synced, renamed, the directory synced) and returns its
// commitment. pool only names the temporary file.
func (d *Dir) New(pool string) (string, error) {
	seed := make([]byte, SeedBytes)
	if _, err := io.ReadFull(d.random, seed); err != nil {
		return "", fmt.Errorf("drawseed: %w", err)
	}
	c := games.DrawCommitment(seed)
	tmp, err := os.CreateTemp(d.path, ".new-"+strings.Map(safe, pool)+"-*")
	if err != nil {
		return "", fmt.Errorf("drawseed: %w", err)
	}
	defer os.Remove(tmp.Name())
	err = tmp.Chmod(0o600)
	if err == nil {
		_, err = tmp.WriteString(hex.EncodeToString(seed) + "\n")
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), d.file(c))
	}
	if err == nil {
		err = syncDir(d.path)
	}
	if err != nil {
		return "", fmt.Errorf("drawseed: %w", err)
	}
	return c, nil
}

// Seed returns the seed whose commitment is c. It returns an error
// wrapping ErrNotKept when no file holds it, and an error when the file
// does not hold a seed that hashes to c.
func (d *Dir) Seed(c string) ([]byte, error) {
	if !commitmentPattern.MatchString(c) {
		return nil, fmt.Errorf("%w: %q is not a commitment", ErrNotKept, c)
	}
	b, err := os.ReadFile(d.file(c))
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%w: %s", ErrNotKept, c)
	}
	if err != nil {
		return nil, fmt.Errorf("drawseed: %w", err)
	}
	seed, err := hex.DecodeString(strings.TrimSpace(string(b)))
	if err != nil || games.DrawCommitment(seed) != c {
		return nil, fmt.Errorf("drawseed: the file of %s does not hold its seed", c)
	}
	return seed, nil
}

func (d *Dir) file(c string) string { return filepath.Join(d.path, c+".seed") }

func safe(r rune) rune {
	if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
		return r
	}
	return '_'
}

func syncDir(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}
