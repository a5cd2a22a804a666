package ledger

import "slices"

// idemChunkLen is how many remembered keys one chunk of the idempotency
// index holds (48 KiB a chunk).
const idemChunkLen = 1024

// idemItem is one remembered key and what the ledger remembers of it.
type idemItem struct {
	key idemKey
	ent idemEntry
}

// idemChunk is a run of items in the order their keys were first used.
// gen is the generation of the index that may change it in place; a chunk
// of an older generation is shared with a checkpoint's snapshot, and is
// copied before it is changed.
type idemChunk struct {
	items [idemChunkLen]idemItem
	gen   uint64
}

// idemIndex is the idempotency keys the ledger remembers, oldest first,
// with a map from each key to its position. A checkpoint's snapshot shares
// the chunks instead of copying them (share): at up to IdempotencyMax (2
// million) keys, a copy of the map paused the sequencer for tens to
// hundreds of milliseconds at every checkpoint, where sharing costs a
// pointer per chunk. The index only appends new keys, changes the entry of
// the newest ones (a command's later events) and drops the oldest, so after
// a snapshot the chunks it changes are copied once each (copy on write),
// which in practice is the last chunk alone.
type idemIndex struct {
	// pos maps a key to its absolute position: the count of keys added
	// before it since the index began. A snapshot has none (it is only
	// encoded).
	pos    map[idemKey]uint64
	chunks []*idemChunk
	// head is the oldest item's place in chunks[0], first its position,
	// n the number of items.
	head  int
	first uint64
	n     int
	gen   uint64
}

// newIdemIndex returns an empty index with room for about n keys.
func newIdemIndex(n int) idemIndex {
	return idemIndex{pos: make(map[idemKey]uint64, n)}
}

func (q *idemIndex) len() int { return q.n }

// at returns the chunk and the place in it of absolute position p.
func (q *idemIndex) at(p uint64) (int, int) {
	i := q.head + int(p-q.first)
	return i / idemChunkLen, i % idemChunkLen
}

// get returns the entry of key k.
func (q *idemIndex) get(k idemKey) (idemEntry, bool) {
	p, ok := q.pos[k]
	if !ok {
		return idemEntry{}, false
	}
	c, i := q.at(p)
	return q.chunks[c].items[i].ent, true
}

// own returns chunk c, copied first if a snapshot shares it.
func (q *idemIndex) own(c int) *idemChunk {
	ch := q.chunks[c]
	if ch.gen != q.gen {
		cp := *ch
		cp.gen = q.gen
		ch = &cp
		q.chunks[c] = ch
	}
	return ch
}

// set stores e as the entry of k: in place for a key already remembered,
// else as the newest item. It reports whether k was new.
func (q *idemIndex) set(k idemKey, e idemEntry) bool {
	if p, ok := q.pos[k]; ok {
		c, i := q.at(p)
		q.own(c).items[i].ent = e
		return false
	}
	c, i := q.at(q.first + uint64(q.n))
	if c == len(q.chunks) {
		q.chunks = append(q.chunks, &idemChunk{gen: q.gen})
	}
	q.own(c).items[i] = idemItem{key: k, ent: e}
	q.pos[k] = q.first + uint64(q.n)
	q.n++
	return true
}

// oldest returns the oldest item; the index must not be empty.
func (q *idemIndex) oldest() idemItem {
	return q.chunks[0].items[q.head]
}

// dropOldest forgets the oldest key.
func (q *idemIndex) dropOldest() {
	delete(q.pos, q.oldest().key)
	q.head++
	q.first++
	q.n--
	if q.head == idemChunkLen || q.n == 0 {
		// The chunk is done with here; a snapshot may still hold it.
		q.chunks[0] = nil
		q.chunks = q.chunks[1:]
		q.head = 0
	}
}

// each calls fn with every item, oldest first.
func (q *idemIndex) each(fn func(idemItem)) {
	for p := q.first; p < q.first+uint64(q.n); p++ {
		c, i := q.at(p)
		fn(q.chunks[c].items[i])
	}
}

// share returns a snapshot of the index for a checkpoint to encode (each,
// len): it holds the same chunks, and from now on q copies a chunk before
// changing it.
func (q *idemIndex) share() idemIndex {
	s := *q
	s.pos = nil
	s.chunks = slices.Clone(q.chunks)
	q.gen++
	return s
}
