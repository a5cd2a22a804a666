package api_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/api"
	"github.com/wagerlog/wagerlog/ledger"
)

// TestServer_ReadOnly checks a read replica's API (Config.ReadOnly, no
// ledger) on the projections a writer keeps: every write route answers
// read_only to a role that may call it (and forbidden to the others), and
// the reads answer as on the writer.
func TestServer_ReadOnly(t *testing.T) {
	e := newEnv(t, envOptions{})
	dep := e.must(200, "POST", "/v1/wallets/alice/deposit", ledger.RoleCashier, map[string]string{"amount": "25.50", "currency": "EUR"}).result(t)

	tokens := map[string]string{}
	var lines []string
	for _, role := range api.Roles() {
		tok, line, err := api.NewToken(role, role+"-1")
		if err != nil {
			t.Fatal(err)
		}
		tokens[role] = tok
		lines = append(lines, line)
	}
	toks, err := api.ParseTokens(strings.NewReader(strings.Join(lines, "\n") + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	ro, err := api.New(api.Config{ReadOnly: true, Views: e.views, Tokens: toks})
	if err != nil {
		t.Fatalf("read-only server without a ledger: %v", err)
	}
	srv := httptest.NewServer(ro)
	t.Cleanup(func() { ro.Close(); srv.Close() })
	if _, err := api.New(api.Config{Views: e.views, Tokens: toks}); err == nil {
		t.Error("a writer without a ledger was accepted")
	}

	do := func(method, path, role, body string) (int, api.Problem) {
		t.Helper()
		r, err := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		r.Header.Set("Authorization", "Bearer "+tokens[role])
		r.Header.Set("Idempotency-Key", "ro-test")
		r.Header.Set("Content-Type", "application/json")
		res, err := srv.Client().Do(r)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var p api.Problem
		if res.StatusCode >= 300 {
			if err := json.NewDecoder(res.Body).Decode(&p); err != nil {
				t.Fatalf("%s %s: %d without a problem body: %v", method, path, res.StatusCode, err)
			}
		}
		return res.StatusCode, p
	}
	fill := strings.NewReplacer("{player}", "alice", "{table}", "t1", "{round}", "01930000-0000-7000-8000-000000000000")

	writes := 0
	for _, pattern := range ro.Patterns() {
		method, path, _ := strings.Cut(pattern, " ")
		if method != "POST" || path == "/v1/audit/verify" {
			continue // verify reads the stream: a replica serves it
		}
		writes++
		readOnly := 0
		for _, role := range api.Roles() {
			status, p := do(method, fill.Replace(path), role, "{}")
			switch p.Code {
			case api.CodeReadOnly:
				readOnly++
				if status != http.StatusForbidden {
					t.Errorf("%s as %s: read_only with status %d, want 403", pattern, role, status)
				}
			case api.CodeForbidden:
			default:
				t.Errorf("%s as %s: %d %q, want read_only or forbidden", pattern, role, status, p.Code)
			}
		}
		if readOnly == 0 {
			t.Errorf("%s: no role got read_only", pattern)
		}
	}
	if writes < 10 {
		t.Fatalf("only %d write routes found", writes)
	}

	// The reads are served, from the same projections.
	r, err := http.NewRequest("GET", srv.URL+"/v1/wallets/alice?min_seq="+jsonNumber(dep.LastSeq), nil)
	if err != nil {
		t.Fatal(err)
	}
	r.Header.Set("Authorization", "Bearer "+tokens[ledger.RoleCashier])
	res, err := srv.Client().Do(r)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var wallet struct {
		Balances []struct {
			Balance  string `json:"balance"`
			Currency string `json:"currency"`
		} `json:"balances"`
	}
	if err := json.NewDecoder(res.Body).Decode(&wallet); err != nil || res.StatusCode != 200 {
		t.Fatalf("wallet on the replica: %d %v", res.StatusCode, err)
	}
	if len(wallet.Balances) != 1 || !decimal.RequireFromString(wallet.Balances[0].Balance).Equal(decimal.RequireFromString("25.50")) {
		t.Fatalf("wallet on the replica: %+v, want 25.50 EUR", wallet)
	}
	for _, path := range []string{"/healthz", "/readyz"} {
		if status, p := do("GET", path, ledger.RoleAuditor, ""); status != 200 {
			t.Errorf("%s on the replica: %d %q", path, status, p.Code)
		}
	}
}

func jsonNumber(n uint64) string {
	b, _ := json.Marshal(n)
	return string(b)
}
