package events

import (
	"crypto/ed25519"
	"errors"
	"testing"
)

func TestSeal_SignVerify(t *testing.T) {
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	s := &LedgerSealed{FromSeq: 1, ToSeq: 100, Count: 100, Head: Sum([]byte("head"))}
	SignSeal(priv, s)
	if err := VerifySeal(pub, s); err != nil {
		t.Fatalf("OK: %v", err)
	}
	t.Run("ErrChangedHead", func(t *testing.T) {
		c := *s
		c.Head[0] ^= 1
		if err := VerifySeal(pub, &c); !errors.Is(err, ErrSealSignature) {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("ErrChangedRange", func(t *testing.T) {
		c := *s
		c.ToSeq = 101
		if err := VerifySeal(pub, &c); !errors.Is(err, ErrSealSignature) {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("ErrOtherKey", func(t *testing.T) {
		other, _, _ := ed25519.GenerateKey(nil)
		if err := VerifySeal(other, s); !errors.Is(err, ErrSealSignature) {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("ErrUnsigned", func(t *testing.T) {
		c := *s
		c.Signature, c.KeyID = "", ""
		if err := VerifySeal(pub, &c); !errors.Is(err, ErrSealSignature) {
			t.Fatalf("got %v", err)
		}
	})
}
