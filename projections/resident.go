package projections

import (
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// DefaultReleaseEvents is how many applied events Options.ReleaseEvents
// means when zero. At about 1.7 KB of file per event, the pages a batch of
// this many writes and reads back stay under a few tens of megabytes of
// the process's resident set before they are released (docs/BENCHMARKS.md,
// "Memory").
const DefaultReleaseEvents = 20_000

// ReleaseMapped drops the pages of the file's memory map from the
// process's resident set. bbolt reads the file through a read-only shared
// map, and every page a fold or a query reads stays resident in the
// process (counted in its RSS) until the kernel needs the memory, so a
// rebuild of a million events leaves the process holding most of a
// 1.7 GB file. The pages stay in the kernel's page cache: the next read of
// one costs a minor fault, not a disk read, and nothing is lost, since the
// map is read-only and bbolt writes through the file. Outside Linux it
// does nothing.
//
// It runs inside a read transaction: bbolt remaps the file (when it grows)
// only once every read transaction has ended, so the map's address and
// size cannot change while the pages are released.
func (s *Store) ReleaseMapped() error {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.closed {
		return ErrClosed
	}
	return s.releaseMapped()
}

// releaseMapped is ReleaseMapped with s.mu held.
func (s *Store) releaseMapped() error {
	err := s.db.View(func(tx *bolt.Tx) error {
		return releaseMap(s.db.Info().Data, tx.Size())
	})
	if err != nil {
		return fmt.Errorf("projections: release the file's map: %w", err)
	}
	return nil
}

// releaseAfter counts n applied events and releases the map's pages once
// Options.ReleaseEvents have been applied since the last release. The
// caller holds applyMu and s.mu shared. A failed release is not a failed
// batch (the batch is committed): it is retried after the next one.
func (s *Store) releaseAfter(n int) {
	if s.opts.ReleaseEvents < 0 {
		return
	}
	s.sinceRelease += n
	if s.sinceRelease < s.opts.ReleaseEvents {
		return
	}
	if s.releaseMapped() == nil {
		s.sinceRelease = 0
	}
}

// releaseOpened releases the pages bbolt read while opening the file. A
// file without a stored free list (written before the store kept one, or
// opened read-only before a writer stored it) is walked page by page to
// rebuild the list, which left a 300,000-event file's 190 MiB resident
// before the first query. A failure leaves them to the next release.
func (s *Store) releaseOpened() {
	if s.opts.ReleaseEvents >= 0 {
		_ = s.releaseMapped()
	}
}
