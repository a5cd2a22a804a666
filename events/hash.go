package events

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
)

// HashSize is the size of a chain hash in bytes (SHA-256).
const HashSize = sha256.Size

// Hash is a SHA-256 chain hash. The zero Hash is the predecessor of the first
// event of a stream. It is encoded in JSON as 64 lower-case hex digits.
type Hash [HashSize]byte

// IsZero reports whether h is the zero hash.
func (h Hash) IsZero() bool { return h == Hash{} }

// String returns h as lower-case hex.
func (h Hash) String() string { return hex.EncodeToString(h[:]) }

// ParseHash parses 64 lower-case hex digits. Upper-case digits are refused:
// a hash has exactly one spelling, so that flipping the case bit of a stored
// digit is detected as a change instead of decoding to the same hash.
func ParseHash(s string) (Hash, error) { return parseHash(s) }

// parseHash is ParseHash for a string or bytes, so that UnmarshalText and
// Canonical, which hold bytes, parse without converting them (two
// allocations per hash otherwise, on every event decoded).
func parseHash[S string | []byte](s S) (Hash, error) {
	var h Hash
	if len(s) != 2*HashSize {
		return h, fmt.Errorf("%w: hash must be %d hex digits, got %d", ErrMalformed, 2*HashSize, len(s))
	}
	for i := range h {
		hi, ok1 := lowerHexDigit(s[2*i])
		lo, ok2 := lowerHexDigit(s[2*i+1])
		if !ok1 || !ok2 {
			at := 2 * i
			if ok1 {
				at++
			}
			return Hash{}, fmt.Errorf("%w: hash must be lower-case hex, got %q at %d", ErrMalformed, s[at], at)
		}
		h[i] = hi<<4 | lo
	}
	return h, nil
}

// lowerHexDigit returns the value of the lower-case hex digit c.
func lowerHexDigit(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	}
	return 0, false
}

// MarshalText encodes h as hex.
func (h Hash) MarshalText() ([]byte, error) {
	out := make([]byte, 2*HashSize)
	hex.Encode(out, h[:])
	return out, nil
}

// UnmarshalText decodes lower-case hex (see ParseHash).
func (h *Hash) UnmarshalText(b []byte) error {
	p, err := parseHash(b)
	if err != nil {
		return err
	}
	*h = p
	return nil
}

// hashMemberLen is the length of the trailing `,"hash":"<64 hex>"` member.
const hashMemberLen = len(`,"hash":""`) + 2*HashSize

// Canonical returns the canonical bytes of a stored event: data without its
// trailing hash member and closing brace, followed by the closing brace. It
// fails when data does not end in a well-formed hash member.
func Canonical(data []byte) (canonical []byte, stated Hash, err error) {
	stated, err = StatedHash(data)
	if err != nil {
		return nil, stated, err
	}
	n := len(data)
	canonical = make([]byte, 0, n-hashMemberLen)
	canonical = append(canonical, data[:n-1-hashMemberLen]...)
	canonical = append(canonical, '}')
	return canonical, stated, nil
}

// StatedHash returns the hash a stored event states in its trailing hash
// member, without checking it against the content (CheckHash does) and
// without copying the event: the projections record it for the last event
// they applied, so that a file can later be proven to belong to its stream.
func StatedHash(data []byte) (Hash, error) {
	n := len(data)
	if n < hashMemberLen+2 || data[n-1] != '}' {
		return Hash{}, fmt.Errorf("%w: event does not end with a hash member", ErrMalformed)
	}
	member := data[n-1-hashMemberLen : n-1]
	if !bytes.HasPrefix(member, []byte(`,"hash":"`)) || member[len(member)-1] != '"' {
		return Hash{}, fmt.Errorf("%w: event does not end with a hash member", ErrMalformed)
	}
	return parseHash(member[len(`,"hash":"`) : len(member)-1])
}

// Sum returns the chain hash of canonical bytes.
func Sum(canonical []byte) Hash { return sha256.Sum256(canonical) }

// CheckHash verifies that the hash stated in the stored bytes data matches
// their content. It returns the stated hash. It does not check the link to
// the predecessor; a Chain does that.
func CheckHash(data []byte) (Hash, error) {
	canonical, stated, err := Canonical(data)
	if err != nil {
		return stated, err
	}
	if Sum(canonical) != stated {
		return stated, fmt.Errorf("%w: content does not match its hash %s", ErrHashMismatch, stated)
	}
	return stated, nil
}

// Chain follows the hash chain of a stream, event by event, from a known
// head. The zero Chain starts at the beginning of a stream.
type Chain struct {
	head Hash
	seq  uint64
}

// NewChain returns a Chain whose last verified event had hash head at
// sequence seq, for verifying a range that does not start at sequence 1.
func NewChain(head Hash, seq uint64) *Chain { return &Chain{head: head, seq: seq} }

// Head returns the hash of the last event accepted by Next.
func (c *Chain) Head() Hash { return c.head }

// Seq returns the sequence of the last event accepted by Next.
func (c *Chain) Seq() uint64 { return c.seq }

// Next checks the event stored as data at sequence seq against the chain: its
// hash must match its content, its prev must be the current head, and seq must
// follow the previous sequence without a gap. On success the event becomes the
// new head. On failure the error wraps every finding: ErrHashMismatch (or
// ErrMalformed when data has no hash member to check), ErrSequenceGap, and
// ErrChainBroken (checked only when the hash matches, since a changed event's
// prev cannot be trusted). A gap over which the links still match is so told
// apart from a gap where events are missing.
//
// The head still moves to the event's stated hash, so that one changed event
// is reported once and the walk can continue. An event without a readable
// hash member leaves no head to carry on from: the link of the event after
// it is reported broken too.
func (c *Chain) Next(seq uint64, prev Hash, data []byte) error {
	stated, err := CheckHash(data)
	expectSeq := c.seq + 1
	expectPrev := c.head
	c.seq = seq
	c.head = stated
	var findings []error
	if err != nil {
		findings = append(findings, err)
	}
	if seq != expectSeq {
		findings = append(findings, fmt.Errorf("%w: expected sequence %d", ErrSequenceGap, expectSeq))
	}
	if err == nil && prev != expectPrev {
		findings = append(findings, fmt.Errorf("%w: prev is %s, the previous event's hash is %s", ErrChainBroken, prev, expectPrev))
	}
	if len(findings) == 0 {
		return nil
	}
	format, args := "seq %d: %w", []any{seq, findings[0]}
	for _, f := range findings[1:] {
		format += "; %w"
		args = append(args, f)
	}
	return fmt.Errorf(format, args...)
}
