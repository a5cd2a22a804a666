package games

import "testing"

// TestCanonicalJSON: field order kept, no HTML escaping, no trailing
// newline, and the hash is the SHA-256 of exactly those bytes.
func TestCanonicalJSON(t *testing.T) {
	v := struct {
		B string `json:"b"`
		A int    `json:"a"`
	}{B: "<a & b>", A: 1}
	b, err := CanonicalJSON(v)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(b), `{"b":"<a & b>","a":1}`; got != want {
		t.Fatalf("canonical %s, want %s", got, want)
	}
	// sha256 of `{"b":"<a & b>","a":1}`, computed apart (sha256sum).
	if got, want := ContentHash(b), "49cc2e204cb192e885bd7f91321ed7a20c5cbdce9ebe8e30c14c8aff815b2a17"; got != want {
		t.Fatalf("hash %s, want %s", got, want)
	}
	if _, err := CanonicalJSON(func() {}); err == nil {
		t.Fatal("a func encoded")
	}
}
