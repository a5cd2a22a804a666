package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/internal/syncbuf"
)

// TestServe_MetricsCountDemoTraffic runs serve --demo and reads /metrics:
// the demo table's commands bypass HTTP but go through the ledger, so its
// events, its stakes and payouts and the ledger's latency are counted.
func TestServe_MetricsCountDemoTraffic(t *testing.T) {
	dir := t.TempDir()
	tokens := filepath.Join(dir, "tokens")
	var tok bytes.Buffer
	if err := (&Main{Stdin: strings.NewReader(""), Stdout: &tok, Stderr: io.Discard}).Run(t.Context(),
		[]string{"token", "add", "--tokens", tokens, "--role", "auditor", "--actor", "grafana"}); err != nil {
		t.Fatal(err)
	}
	token := strings.TrimSpace(tok.String())
	addr := make(chan string, 1)
	var stderr syncbuf.Buffer
	m := &Main{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: &stderr, onListen: func(a string) { addr <- a }}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- m.Run(ctx, []string{"serve", "--demo", "--demo-interval", "20ms", "--data-dir", dir, "--tokens", tokens, "--http", "127.0.0.1:0"})
	}()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	}()
	var base string
	select {
	case a := <-addr:
		base = "http://" + a
	case err := <-done:
		t.Fatalf("serve stopped: %v\n%s", err, stderr.String())
	}
	value := func(text, sample string) float64 {
		m := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(sample) + ` (\S+)$`).FindStringSubmatch(text)
		if m == nil {
			return 0
		}
		v, _ := strconv.ParseFloat(m[1], 64)
		return v
	}
	want := []string{
		`wagerlog_ledger_events_appended_total{type="round.settled"}`,
		`wagerlog_ledger_events_appended_total{type="bet.placed"}`,
		`wagerlog_staked_total{currency="EUR",table="demo-1"}`,
		`wagerlog_ledger_append_duration_seconds_count`,
		`wagerlog_ledger_append_batch_events_count`,
	}
	deadline := time.Now().Add(30 * time.Second)
	var text string
	for {
		req, _ := http.NewRequest("GET", base+"/metrics", nil)
		req.Header.Set("Authorization", "Bearer "+token)
		res, err := http.DefaultClient.Do(req)
		if err == nil {
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			text = string(b)
		}
		ok := true
		for _, s := range want {
			ok = ok && value(text, s) >= 3
		}
		if ok && value(text, `wagerlog_paid_total{currency="EUR",table="demo-1"}`) > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after 30 s of demo the metrics lack some of %v or a payout:\n%s", want, text)
		}
		time.Sleep(50 * time.Millisecond)
	}
	for _, s := range []string{`wagerlog_build_info{goversion=`, `wagerlog_ledger_queue_depth `, `wagerlog_ledger_commands_in_flight `, `wagerlog_ledger_settlements_owed `} {
		if !strings.Contains(text, s) {
			t.Errorf("/metrics lacks %s", s)
		}
	}
}
