package projections

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// limit returns the page size a Page asks for.
func (p Page) limit() (int, error) {
	switch {
	case p.Limit == 0:
		return PageLimitDefault, nil
	case p.Limit < 0 || p.Limit > PageLimitMax:
		return 0, fmt.Errorf("%w: page limit %d is outside 1..%d", ErrBadQuery, p.Limit, PageLimitMax)
	}
	return p.Limit, nil
}

// cursorBytesMax bounds a decoded cursor: a sequence and a bet index.
const cursorBytesMax = 10

// A cursor is the key suffix (after the owner's id) of the last item of a
// page, base64url-encoded; the next page starts just before it.
func encodeCursor(suffix []byte) string { return base64.RawURLEncoding.EncodeToString(suffix) }

func decodeCursor(c string, size int) ([]byte, error) {
	if len(c) > base64.RawURLEncoding.EncodedLen(cursorBytesMax) {
		return nil, &CursorError{Cursor: c, Reason: "too long"}
	}
	b, err := base64.RawURLEncoding.DecodeString(c)
	if err != nil {
		return nil, &CursorError{Cursor: c, Reason: "not base64url"}
	}
	if len(b) != size {
		return nil, &CursorError{Cursor: c, Reason: fmt.Sprintf("%d bytes, want %d", len(b), size)}
	}
	if binary.BigEndian.Uint64(b[:8]) == 0 {
		return nil, &CursorError{Cursor: c, Reason: "sequence 0"}
	}
	return b, nil
}

// scanBack calls fn for the keys owner 0 <suffix of suffixSize bytes> of b,
// newest (largest) first, starting just before the page's cursor, for one
// page. It returns the cursor of the next page, "" when there is none.
func scanBack(b *bolt.Bucket, owner string, suffixSize int, page Page, fn func(k, v []byte) error) (string, error) {
	limit, err := page.limit()
	if err != nil {
		return "", err
	}
	prefix := append([]byte(owner), 0)
	c := b.Cursor()
	var k, v []byte
	if page.Cursor != "" {
		suffix, err := decodeCursor(page.Cursor, suffixSize)
		if err != nil {
			return "", err
		}
		from := append(append([]byte(nil), prefix...), suffix...)
		k, v = c.Seek(from)
		if k == nil {
			k, v = c.Last()
		}
		for k != nil && bytes.Compare(k, from) >= 0 {
			k, v = c.Prev()
		}
	} else {
		end := append([]byte(owner), 1) // just past every key of owner
		if k, _ = c.Seek(end); k == nil {
			k, v = c.Last()
		} else {
			k, v = c.Prev()
		}
	}
	n := 0
	var lastSuffix []byte
	for ; k != nil && bytes.HasPrefix(k, prefix); k, v = c.Prev() {
		if len(k) != len(prefix)+suffixSize {
			continue
		}
		if n == limit {
			return encodeCursor(lastSuffix), nil
		}
		if err := fn(k, v); err != nil {
			return "", err
		}
		lastSuffix = append(lastSuffix[:0], k[len(prefix):]...)
		n++
	}
	return "", nil
}
