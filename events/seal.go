package events

import (
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
)

// ErrSealSignature is returned by VerifySeal when a seal's signature does not
// verify with the given key, or the seal is unsigned, or signed by another
// key.
var ErrSealSignature = errors.New("events: seal signature does not verify")

// SealMessage is the byte string a seal's signature covers: a domain
// separator, the range of sequences sealed and the chain head after them.
func SealMessage(fromSeq, toSeq uint64, head Hash) []byte {
	b := make([]byte, 0, 96)
	b = append(b, "wagerlog-seal-v1\n"...)
	b = strconv.AppendUint(b, fromSeq, 10)
	b = append(b, '\n')
	b = strconv.AppendUint(b, toSeq, 10)
	b = append(b, '\n')
	b = append(b, head.String()...)
	return b
}

// KeyID names an Ed25519 public key: the first 8 bytes of its SHA-256, in
// hex.
func KeyID(pub ed25519.PublicKey) string {
	sum := sha256.Sum256(pub)
	return hex.EncodeToString(sum[:8])
}

// SignSeal signs s with priv, setting KeyID and Signature.
func SignSeal(priv ed25519.PrivateKey, s *LedgerSealed) {
	s.KeyID = KeyID(priv.Public().(ed25519.PublicKey))
	s.Signature = base64.StdEncoding.EncodeToString(ed25519.Sign(priv, SealMessage(s.FromSeq, s.ToSeq, s.Head)))
}

// VerifySeal checks s's signature with pub.
func VerifySeal(pub ed25519.PublicKey, s *LedgerSealed) error {
	if s.Signature == "" {
		return fmt.Errorf("%w: the seal of %d..%d is not signed", ErrSealSignature, s.FromSeq, s.ToSeq)
	}
	if s.KeyID != KeyID(pub) {
		return fmt.Errorf("%w: the seal of %d..%d is signed by key %s, not %s", ErrSealSignature, s.FromSeq, s.ToSeq, s.KeyID, KeyID(pub))
	}
	sig, err := base64.StdEncoding.DecodeString(s.Signature)
	if err != nil || !ed25519.Verify(pub, SealMessage(s.FromSeq, s.ToSeq, s.Head), sig) {
		return fmt.Errorf("%w: the seal of %d..%d", ErrSealSignature, s.FromSeq, s.ToSeq)
	}
	return nil
}

// ArchiveSealMessage is the byte string an archive seal's signature covers
// (wagerlog export --seal-key): the stream's name, the archive's range and
// the chain head after its last event. Its domain separator differs from
// SealMessage's, so that an exporter's signature can never pass for a seal
// the ledger wrote into the stream, nor the other way round.
func ArchiveSealMessage(stream string, fromSeq, toSeq uint64, head Hash) []byte {
	b := make([]byte, 0, 128+len(stream))
	b = append(b, "wagerlog-archive-seal-v1\n"...)
	b = append(b, stream...)
	b = append(b, '\n')
	b = strconv.AppendUint(b, fromSeq, 10)
	b = append(b, '\n')
	b = strconv.AppendUint(b, toSeq, 10)
	b = append(b, '\n')
	b = append(b, head.String()...)
	return b
}

// SignArchiveSeal signs an archive's range and head with priv and returns
// the key id and the signature (standard base64).
func SignArchiveSeal(priv ed25519.PrivateKey, stream string, fromSeq, toSeq uint64, head Hash) (keyID, signature string) {
	keyID = KeyID(priv.Public().(ed25519.PublicKey))
	return keyID, base64.StdEncoding.EncodeToString(ed25519.Sign(priv, ArchiveSealMessage(stream, fromSeq, toSeq, head)))
}

// VerifyArchiveSeal checks an archive seal's signature with pub. It returns
// an error wrapping ErrSealSignature when it is missing, names another key
// or does not verify.
func VerifyArchiveSeal(pub ed25519.PublicKey, stream string, fromSeq, toSeq uint64, head Hash, keyID, signature string) error {
	if signature == "" {
		return fmt.Errorf("%w: the archive seal of %d..%d is not signed", ErrSealSignature, fromSeq, toSeq)
	}
	if keyID != KeyID(pub) {
		return fmt.Errorf("%w: the archive seal of %d..%d is signed by key %s, not %s", ErrSealSignature, fromSeq, toSeq, keyID, KeyID(pub))
	}
	sig, err := base64.StdEncoding.DecodeString(signature)
	if err != nil || !ed25519.Verify(pub, ArchiveSealMessage(stream, fromSeq, toSeq, head), sig) {
		return fmt.Errorf("%w: the archive seal of %d..%d", ErrSealSignature, fromSeq, toSeq)
	}
	return nil
}
