package games

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
)

// CanonicalJSON is the hashed form of a paytable's or a pool's data:
// compact JSON of v with its fields in declaration order, no HTML escaping
// (a "<" in a source stays one byte) and no trailing newline. The caller
// puts v's lists in their canonical order first. Every game's paytable
// hash, and so every table.opened's paytable_hash, depends on these bytes:
// change nothing here.
func CanonicalJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// ContentHash is the hex SHA-256 of canonical bytes: a paytable's Hash.
func ContentHash(canonical []byte) string {
	sum := sha256.Sum256(canonical)
	return hex.EncodeToString(sum[:])
}
