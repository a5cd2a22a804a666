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

func TestArchiveSeal_SignVerify(t *testing.T) {
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	head := Sum([]byte("head"))
	id, sig := SignArchiveSeal(priv, "WAGERLOG", 1, 282, head)
	if err := VerifyArchiveSeal(pub, "WAGERLOG", 1, 282, head, id, sig); err != nil {
		t.Fatalf("OK: %v", err)
	}
	other := head
	other[0] ^= 1
	for name, err := range map[string]error{
		"ErrChangedHead":   VerifyArchiveSeal(pub, "WAGERLOG", 1, 282, other, id, sig),
		"ErrChangedRange":  VerifyArchiveSeal(pub, "WAGERLOG", 1, 281, head, id, sig),
		"ErrChangedStream": VerifyArchiveSeal(pub, "OTHER", 1, 282, head, id, sig),
		"ErrUnsigned":      VerifyArchiveSeal(pub, "WAGERLOG", 1, 282, head, id, ""),
	} {
		if !errors.Is(err, ErrSealSignature) {
			t.Errorf("%s: got %v", name, err)
		}
	}
	// A ledger seal's signature over the same range and head does not
	// pass for an archive seal: the messages differ.
	s := &LedgerSealed{FromSeq: 1, ToSeq: 282, Count: 282, Head: head}
	SignSeal(priv, s)
	if err := VerifyArchiveSeal(pub, "WAGERLOG", 1, 282, head, s.KeyID, s.Signature); !errors.Is(err, ErrSealSignature) {
		t.Errorf("a ledger seal's signature verified as an archive seal: %v", err)
	}
}
