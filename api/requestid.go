package api

import (
	"context"
	"crypto/rand"
	"encoding/hex"
)

// RequestIDMax is the longest X-Request-Id accepted from a client; a longer
// or odd one is replaced by a fresh id.
const RequestIDMax = 64

type requestIDKey struct{}

func withRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, requestIDKey{}, id)
}

// requestIDOf returns the request id of ctx ("" outside a request).
func requestIDOf(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

func newRequestID() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// validRequestID accepts a client's request id only if it is short and
// made of characters safe in logs and headers.
func validRequestID(id string) bool {
	if id == "" || len(id) > RequestIDMax {
		return false
	}
	for _, c := range []byte(id) {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.'
		if !ok {
			return false
		}
	}
	return true
}
