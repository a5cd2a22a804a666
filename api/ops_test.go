package api_test

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/api"
	"github.com/wagerlog/wagerlog/ledger"
)

// metricValue returns the value of one sample line of the exposition.
func metricValue(t testing.TB, text, sample string) string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(sample) + ` (\S+)$`).FindStringSubmatch(text)
	if m == nil {
		return ""
	}
	return m[1]
}

// TestMetrics counts requests by route pattern and status, tracks live
// streams, and reports the sequences and the projector's lag.
func TestMetrics(t *testing.T) {
	e := newEnv(t, envOptions{})
	res := e.deposit("ivy", "5")
	e.deposit("ivy", "5")
	e.req("POST", "/v1/wallets/ivy/withdraw", ledger.RoleCashier, map[string]string{"amount": "50", "currency": "EUR"})
	e.openTable("t1")
	e.waitProjected()

	ctx, cancel := context.WithCancel(context.Background())
	events, _ := e.openStream(ctx, "t1", ledger.RoleViewer)
	next(t, events)
	text := string(e.must(200, "GET", "/metrics", ledger.RoleAuditor, nil).body)
	for sample, want := range map[string]string{
		`wagerlog_http_requests_total{route="POST /v1/wallets/{player}/deposit",status="200"}`:  "2",
		`wagerlog_http_requests_total{route="POST /v1/wallets/{player}/withdraw",status="422"}`: "1",
		`wagerlog_http_live_streams`:       "1",
		`wagerlog_projections_lag_events`:  "0",
		`wagerlog_ledger_last_seq`:         fmt.Sprint(e.lastSeq()),
		`wagerlog_projections_applied_seq`: fmt.Sprint(e.lastSeq()),
		`wagerlog_http_request_duration_seconds_count{route="POST /v1/wallets/{player}/deposit"}`: "2",
	} {
		if got := metricValue(t, text, sample); got != want {
			t.Errorf("%s = %q, want %s", sample, got, want)
		}
	}
	if strings.Contains(text, "ivy") || res.LastSeq == 0 {
		t.Error("a raw path (with a player id) leaked into the labels")
	}
	// A client that leaves ends its stream and its subscription.
	cancel()
	deadline := time.Now().Add(30 * time.Second)
	for {
		text = string(e.must(200, "GET", "/metrics", ledger.RoleAuditor, nil).body)
		if metricValue(t, text, "wagerlog_http_live_streams") == "0" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the stream is still counted 30 s after its client left")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestHealth answers liveness always and readiness from Config.Ready.
func TestHealth(t *testing.T) {
	e := newEnv(t, envOptions{})
	m := e.must(200, "GET", "/healthz", "", nil).json(t)
	if m["status"] != "ok" {
		t.Fatalf("healthz %v", m)
	}
	e.must(200, "GET", "/readyz", "", nil)
}

// TestPanic answers a panicking handler with a 500 problem and keeps
// serving.
func TestPanic(t *testing.T) {
	dash := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/boom" {
			panic("dashboard bug")
		}
		fmt.Fprint(w, "dashboard")
	})
	e := newEnv(t, envOptions{dashboard: dash})
	r := e.req("GET", "/boom", "", nil)
	if p := r.problem(t); r.status != 500 || p.Code != api.CodeInternal || strings.Contains(p.Detail, "dashboard bug") {
		t.Fatalf("panic answered %s", r)
	}
	if r := e.must(200, "GET", "/index.html", "", nil); string(r.body) != "dashboard" {
		t.Fatalf("dashboard: %s", r)
	}
	// API paths never fall through to the dashboard.
	if p := e.must(404, "GET", "/v1/nothing", "", nil).problem(t); p.Code != api.CodeNotFound {
		t.Fatalf("unknown API path: %+v", p)
	}
	e.must(200, "GET", "/healthz", "", nil)
}
