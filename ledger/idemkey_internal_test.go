package ledger

import (
	"crypto/sha256"
	"strings"
	"testing"
)

// TestNewIdemKey_SameHash holds newIdemKey to the hash it has always been
// (SHA-256 of actor, a zero byte and key, written in parts), short and
// longer than its stack buffer: checkpoints store these keys.
func TestNewIdemKey_SameHash(t *testing.T) {
	for _, c := range [][2]string{{"", ""}, {"fe-1", "slip-42"}, {strings.Repeat("a", 64), strings.Repeat("k", 200)}, {"é", "\x00"}} {
		h := sha256.New()
		h.Write([]byte(c[0]))
		h.Write([]byte{0})
		h.Write([]byte(c[1]))
		var want idemKey
		copy(want[:], h.Sum(nil))
		if got := newIdemKey(c[0], c[1]); got != want {
			t.Errorf("newIdemKey(%q, %q) = %x, want %x", c[0], c[1], got, want)
		}
	}
}
