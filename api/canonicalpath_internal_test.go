package api

import (
	"errors"
	"testing"
)

// TestCanonicalPath checks the segments canonicalPath refuses: an empty,
// "." or ".." segment anywhere after the leading slash, a trailing slash
// aside.
func TestCanonicalPath(t *testing.T) {
	for _, c := range []struct {
		path string
		ok   bool
	}{
		{"", true},
		{"/", true},
		{"/v1/slips", true},
		{"/v1/tables/t1/", true},
		{"/v1/wallets/p1/deposits", true},
		{"/v1/players/a.b/bets", true},
		{"/v1/players/...", true},
		{"//v1", false},
		{"/v1//slips", false},
		{"/v1/./slips", false},
		{"/v1/../v1/slips", false},
		{"/v1/slips/.", false},
		{"/v1/slips/..", false},
		{"/v1/slips//", false},
		{"/.", false},
		{"/..", false},
	} {
		err := canonicalPath(c.path)
		if c.ok && err != nil {
			t.Errorf("canonicalPath(%q) = %v, want nil", c.path, err)
		}
		var ae *Error
		if !c.ok && (!errors.As(err, &ae) || ae.Code != CodeInvalidPath) {
			t.Errorf("canonicalPath(%q) = %v, want %s", c.path, err, CodeInvalidPath)
		}
	}
}
