package projections

import (
	"encoding/binary"
	"errors"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// A player's histories (wallet entries, bets) are kept in the order of the
// stream, keyed by the event's sequence first, and each entry links to the
// player's entry before it; the player's newest entries are in a head
// record (bucketPlayerHeads). A commit thus appends a batch's entries at
// the end of their buckets, a few pages, where keys led by the player made
// it rewrite a page of each bucket for every player the batch touched:
// about 500 of the 700 pages a commit of serve's projector wrote with 200
// players at play (docs/BENCHMARKS.md, "A player's histories in the
// stream's order"). Reading a page of history follows the links, one
// lookup an entry.

// headSize is the size of a head record: the newest wallet entry's
// sequence (8 bytes) and the newest bet's sequence and place in its slip
// (10 bytes); zero: none yet.
const headSize = 8 + betLinkSize

// betLinkSize is the size of a link to a player's bet: its placing event's
// sequence (8 bytes) and its place in the slip (2).
const betLinkSize = 10

// playerHead is a player's newest history entries.
type playerHead struct {
	wallet uint64
	bet    [betLinkSize]byte
	// walletAt is the index in the fold's appends of the wallet entry of
	// event wallet, when this batch appended it; -1 otherwise.
	walletAt int
}

func encodeHead(h *playerHead) []byte {
	b := binary.BigEndian.AppendUint64(make([]byte, 0, headSize), h.wallet)
	return append(b, h.bet[:]...)
}

func decodeHead(v []byte) (playerHead, error) {
	h := playerHead{walletAt: -1}
	if len(v) != headSize {
		return h, fmt.Errorf("head record of %d bytes, want %d", len(v), headSize)
	}
	h.wallet = binary.BigEndian.Uint64(v)
	copy(h.bet[:], v[8:])
	return h, nil
}

// head returns player's head record, read once a batch.
func (f *fold) head(player string) *playerHead {
	if h := f.heads[player]; h != nil {
		return h
	}
	h := &playerHead{walletAt: -1}
	key := []byte(player)
	if v := f.ld.load(bucketPlayerHeads, key); v != nil {
		d, err := decodeHead(v)
		if err != nil {
			f.damage(bucketPlayerHeads, key, err)
		}
		*h = d
	}
	f.heads[player] = h
	return h
}

// storedHead returns player's head record as the file holds it.
func storedHead(tx *bolt.Tx, player string) (playerHead, error) {
	v := tx.Bucket(bucketPlayerHeads).Get([]byte(player))
	if v == nil {
		return playerHead{walletAt: -1}, nil
	}
	h, err := decodeHead(v)
	if err != nil {
		return h, damaged(bucketPlayerHeads, []byte(player), err)
	}
	return h, nil
}

// appendWallet appends player's wallet entry, linked to the player's entry
// before it. An event moves a player's wallet once; a second entry of the
// same event for the same player (another currency) replaces the first,
// as its key is the same.
func (f *fold) appendWallet(player string, ent *WalletEntry) {
	h := f.head(player)
	prev, at := h.wallet, -1
	if prev == ent.Seq && h.walletAt >= 0 {
		at = h.walletAt
		prev = binary.BigEndian.Uint64(f.appends[at].value)
	}
	v := appendWalletEntry(binary.BigEndian.AppendUint64(make([]byte, 0, 200), prev), ent)
	if at >= 0 {
		f.appends[at].value = v
		return
	}
	h.wallet, h.walletAt = ent.Seq, len(f.appends)
	f.appends = append(f.appends, kv{bucketWallet, walletKey(ent.Seq, player), v})
}

// appendBet appends player's bet at position of the slip placed by event
// seq: the key of its record in bucketBets (round, bet), linked to the
// player's bet before it.
func (f *fold) appendBet(player string, seq uint64, position int, round, bet string) {
	h := f.head(player)
	link := betLink(seq, position)
	v := appendBetKey(append(make([]byte, 0, betLinkSize+len(round)+1+len(bet)), h.bet[:]...), round, bet)
	h.bet = link
	f.appends = append(f.appends, kv{bucketPlayerBets, playerBetKey(link, player), v})
}

func betLink(seq uint64, position int) [betLinkSize]byte {
	var l [betLinkSize]byte
	binary.BigEndian.PutUint64(l[:], seq)
	l[8], l[9] = byte(position>>8), byte(position)
	return l
}

// walkBack calls fn for the entries of owner in bucket, newest first, for
// one page, following each entry's link to the one before it: head is the
// newest entry's link (zero: none), key makes an entry's key of a link and
// the owner, and an entry's value is the link before it then its record,
// which fn gets. A page's cursor is the link of its last entry; the next
// page starts at the entry that entry links to, so a cursor that names no
// entry of owner is refused. It returns the cursor of the next page, ""
// when there is none.
func walkBack(tx *bolt.Tx, bucket []byte, owner string, head []byte, key func(link []byte, owner string) []byte, page Page, fn func(k, record []byte) error) (string, error) {
	limit, err := page.limit()
	if err != nil {
		return "", err
	}
	b := tx.Bucket(bucket)
	size := len(head)
	at := head
	if page.Cursor != "" {
		link, err := decodeCursor(page.Cursor, size)
		if err != nil {
			return "", err
		}
		v := b.Get(key(link, owner))
		if len(v) < size {
			return "", &CursorError{Cursor: page.Cursor, Reason: "names no entry of " + owner}
		}
		at = v[:size]
	}
	zero := make([]byte, size)
	var last []byte
	for n := 0; string(at) != string(zero); n++ {
		if n == limit {
			return encodeCursor(last), nil
		}
		k := key(at, owner)
		v := b.Get(k)
		switch {
		case v == nil:
			return "", damaged(bucket, k, errors.New("linked to but not stored"))
		case len(v) < size:
			return "", damaged(bucket, k, fmt.Errorf("%d bytes, shorter than its link", len(v)))
		case string(v[:size]) >= string(at):
			// Links go back in the stream: anything else would loop.
			return "", damaged(bucket, k, fmt.Errorf("links forward to %x", v[:size]))
		}
		if err := fn(k, v[size:]); err != nil {
			return "", err
		}
		last, at = at, v[:size]
	}
	return "", nil
}
