package api_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/wagerlog/wagerlog/api"
)

func TestParseTokens_OK(t *testing.T) {
	tokD, lineD, err := api.NewToken("dealer", "dealer-7")
	if err != nil {
		t.Fatal(err)
	}
	tokA, lineA, err := api.NewToken("auditor", "aud_1")
	if err != nil {
		t.Fatal(err)
	}
	if tokD == tokA || !strings.HasPrefix(tokD, api.TokenPrefix) || strings.Contains(lineD, tokD) {
		t.Fatalf("tokens %q %q, line %q", tokD, tokA, lineD)
	}
	file := "# wagerlog tokens\n\n" + lineD + "\n  " + lineA + "  \n"
	toks, err := api.ParseTokens(strings.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	if toks.Len() != 2 {
		t.Fatalf("%d tokens", toks.Len())
	}
	if who, ok := toks.Lookup(tokD); !ok || who != (api.Principal{Role: "dealer", Actor: "dealer-7"}) {
		t.Fatalf("dealer token: %+v %v", who, ok)
	}
	if who, ok := toks.Lookup(tokA); !ok || who.Role != "auditor" || who.Actor != "aud_1" {
		t.Fatalf("auditor token: %+v %v", who, ok)
	}
	for _, bad := range []string{"", tokD + "x", tokD[:len(tokD)-1], strings.ToUpper(tokD), strings.Repeat("a", api.TokenBytesMax+1)} {
		if who, ok := toks.Lookup(bad); ok {
			t.Errorf("token %q admitted as %+v", bad, who)
		}
	}
	// The line for a known token is reproducible.
	// (The hash is sha256sum of "secret", computed outside Go.)
	if api.TokenLine("viewer", "v", "secret") != "viewer:v:2bb80d537b1da3e38bd30361aa855686bde0eacd7162fef6a25fe97bf527a25b" {
		t.Fatalf("TokenLine: %s", api.TokenLine("viewer", "v", "secret"))
	}
	var nilTokens *api.Tokens
	if _, ok := nilTokens.Lookup(tokD); ok {
		t.Fatal("nil Tokens admitted a token")
	}
}

func TestParseTokens_Err(t *testing.T) {
	hash := strings.Repeat("ab", 32)
	cases := map[string]string{
		"unknown role":     "system:sys:" + hash,
		"bad actor":        "dealer:bad actor:" + hash,
		"empty actor":      "dealer::" + hash,
		"short hash":       "dealer:d1:abcd",
		"upper-case hash":  "dealer:d1:" + strings.ToUpper(hash),
		"not hex":          "dealer:d1:" + strings.Repeat("zz", 32),
		"two fields":       "dealer:" + hash,
		"four fields":      "dealer:d1:x:" + hash,
		"duplicate hash":   "dealer:d1:" + hash + "\nviewer:v1:" + hash,
		"over-long line":   "dealer:d1:" + hash + strings.Repeat(" ", api.TokenLineMax),
		"plain token line": "wlt_abcdef",
	}
	for name, file := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := api.ParseTokens(strings.NewReader(file))
			if !errors.Is(err, api.ErrTokensFile) {
				t.Fatalf("err %v, want ErrTokensFile", err)
			}
		})
	}
	if _, _, err := api.NewToken("root", "x"); err == nil {
		t.Fatal("NewToken accepted an unknown role")
	}
	if _, _, err := api.NewToken("viewer", "a b"); err == nil {
		t.Fatal("NewToken accepted a bad actor id")
	}
}
