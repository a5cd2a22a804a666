package api_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/api"
)

var fuzzMethods = []string{"GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"}

// FuzzAPIRequest sends random requests (method, path, body, caller,
// headers) to the real handler: it never panics, never answers a 5xx (but
// 501 for the audit endpoints, as no auditor is configured here), every
// error is a problem with a code its route documents, and a request
// answered with an error writes nothing to the stream. CI runs it for a
// fixed time (.ci/run).
func FuzzAPIRequest(f *testing.F) {
	seeds := []struct {
		method      uint8
		path, body  string
		role        uint8
		ctype, key  string
		contentType bool
	}{
		{1, "/v1/wallets/p1/deposit", `{"amount":"10","currency":"EUR"}`, 3, "application/json", "k1", true},
		{1, "/v1/wallets/p1/deposit", `{"amount":10.5,"currency":"EUR","reference":"r"}`, 3, "application/json", "k2", true},
		{1, "/v1/wallets/p1/withdraw", `{"amount":"1e3","currency":"EUR"}`, 3, "application/json", "k3", true},
		{1, "/v1/wallets/p1/adjust", `{"amount":"-1","currency":"EUR","reason":"x"}`, 2, "application/json", "k4", true},
		{1, "/v1/tables", `{"table":"t2","paytable":"sicbo/live","currency":"EUR","limits":{"*":{"min":"1","max":"5"}},"band":{"min":"1","max":"9"},"dealer":"dealer-1"}`, 2, "application/json", "k5", true},
		{1, "/v1/tables/t1/slips", `{"player":"p1","bets":[{"code":"big","stake":"1"},{"code":"total:9","stake":2}]}`, 4, "application/json", "k6", true},
		{1, "/v1/tables/t1/slips", `{"player":"p1","bets":[{"code":"big","stake":"1"}]}{}`, 4, "application/json", "k7", true},
		{1, "/v1/tables/t1/rounds", `{"betting_window":"-5s"}`, 1, "", "k8", false},
		{1, "/v1/tables/t1/rounds/0190a0b0-0000-7000-8000-000000000000/result", `{"dice":[1,2,7]}`, 1, "application/json", "k9", true},
		{1, "/v1/tables/t1/limits", `{"limits":{"*":{"min":"5","max":"1"}}}`, 2, "application/json", "k10", true},
		{1, "/v1/audit/verify", `{"from":5,"to":1}`, 5, "application/json", "", true},
		{0, "/v1/wallets/p1/history?limit=0&cursor=AAAA", "", 4, "", "", false},
		{0, "/v1/reports/daily?from=2026-13-01&to=2026-01-01", "", 6, "", "", false},
		{0, "/v1/balances?prefix=wallet:&min_seq=99999999999999999999", "", 6, "", "", false},
		{0, "/v1/rounds/../../etc/passwd", "", 5, "", "", false},
		{3, "/v1/tables/t1", "", 2, "", "", false},
		{1, "/v1/wallets/%00/deposit", `{"amount":"1","currency":"EUR"}`, 3, "text/plain", "k11", true},
		{0, "/metrics", "", 5, "", "", false},
		{1, "/v1/wallets/mallory/../p1/deposit", `{"amount":"5","currency":"EUR"}`, 3, "application/json", "k12", true},
		{1, "/v1/wallets/p1/deposit", `{"Amount":"5","currency":"EUR"}`, 3, "application/json", "k13", true},
		{1, "/v1/wallets/p1/deposit", `{"amount":"1","AMOUNT":"1000","currency":"EUR"}`, 3, "application/json", "k14", true},
		{1, "/v1/wallets/p1/deposit", `null`, 3, "application/json", "k15", true},
		{1, "/v1/wallets/p1/adjust", `{"amount":"1E+2","currency":"EUR","reason":"x"}`, 2, "application/json", "k16", true},
		{1, "/v1/wallets/p1/deposit", `{"amount":"1.000","currency":"EUR"}`, 3, "application/json", "k17", true},
		{0, "/v1/wallets?limit=&cursor=cDE", "", 6, "", "", false},
		{0, "/v1/balances?min_seq=1&min_seq=999999&zero=true", "", 6, "", "", false},
		{1, "/v1/tables/t1/rounds/0190a0b0-0000-7000-8000-000000000000/correct", `{"pocket":"00","reason":"x","Reason":"y"}`, 2, "application/json", "k18", true},
		{5, "/v1//tables", "", 2, "", "", false},
	}
	for _, s := range seeds {
		f.Add(s.method, s.path, []byte(s.body), s.role, s.ctype, s.key)
	}
	e := newEnv(f, envOptions{})
	e.deposit("p1", "100")
	e.openTable("t1")
	e.openRound("t1")
	callers := append([]string{""}, api.Roles()...)
	f.Fuzz(func(t *testing.T, method uint8, path string, body []byte, role uint8, ctype, key string) {
		if !strings.HasPrefix(path, "/") {
			path = "/" + path
		}
		r, err := http.NewRequest(fuzzMethods[int(method)%len(fuzzMethods)], "http://api"+path, strings.NewReader(string(body)))
		if err != nil {
			t.Skip("not a request the HTTP server would parse")
		}
		if strings.HasSuffix(e.api.MuxPattern(r), "/board/stream") {
			t.Skip("live streams run until the client leaves")
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		r = r.WithContext(ctx)
		if ctype != "" {
			r.Header.Set("Content-Type", ctype)
		}
		if key != "" {
			r.Header.Set("Idempotency-Key", key)
		}
		if c := callers[int(role)%len(callers)]; c != "" {
			r.Header.Set("Authorization", "Bearer "+e.tokens[c])
		}
		streamSeq := func() uint64 {
			seq, err := e.store.LastSeq(ctx)
			if err != nil {
				t.Fatal(err)
			}
			return seq
		}
		before := streamSeq()
		w := httptest.NewRecorder()
		e.api.ServeHTTP(w, r)
		res := resp{status: w.Code, header: w.Header(), body: w.Body.Bytes()}
		if res.status >= 400 {
			// Every error is a problem (res.problem checks the media type
			// and the body), with a code its route documents.
			p := res.problem(t)
			e.checkDocumented(t, r, p.Code)
			switch {
			case res.status < 500:
			case res.status == 501 && p.Code == api.CodeNotImplemented:
			default:
				t.Fatalf("%s %s: %s", r.Method, path, res)
			}
		}
		if res.status >= 400 {
			if after := streamSeq(); after != before {
				t.Fatalf("%s %s answered %d but the stream moved %d → %d", r.Method, path, res.status, before, after)
			}
		}
	})
}
