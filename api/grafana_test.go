package api

import (
	"encoding/json"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/projections"
)

// grafanaDashboard is the dashboard shipped in the repository.
const grafanaDashboard = "../docs/grafana/wagerlog.json"

// TestGrafanaDashboard_MetricsExist checks that every metric the shipped
// Grafana dashboard queries is one the server serves, so that a renamed
// metric cannot leave an empty panel behind; and that the ones
// docs/OPERATIONS.md promises are on it.
func TestGrafanaDashboard_MetricsExist(t *testing.T) {
	raw, err := os.ReadFile(grafanaDashboard)
	if err != nil {
		t.Fatal(err)
	}
	var dash struct {
		Panels []struct {
			Title   string `json:"title"`
			Targets []struct {
				Expr string `json:"expr"`
			} `json:"targets"`
		} `json:"panels"`
		Templating struct {
			List []struct {
				Definition string `json:"definition"`
			} `json:"list"`
		} `json:"templating"`
	}
	if err := json.Unmarshal(raw, &dash); err != nil {
		t.Fatalf("%s: %v", grafanaDashboard, err)
	}
	var exprs []string
	for _, p := range dash.Panels {
		for _, tg := range p.Targets {
			exprs = append(exprs, tg.Expr)
		}
	}
	for _, v := range dash.Templating.List {
		exprs = append(exprs, v.Definition)
	}
	s := metricsServer(t)
	served := s.metrics.names()
	// A histogram is served as _bucket, _sum and _count series.
	name := regexp.MustCompile(`\b(wagerlog|process|go)_[a-z_]+\b`)
	used := map[string]bool{}
	for _, e := range exprs {
		for _, n := range name.FindAllString(e, -1) {
			for _, suffix := range []string{"_bucket", "_sum", "_count"} {
				if base, ok := strings.CutSuffix(n, suffix); ok && served[base] {
					n = base
				}
			}
			used[n] = true
		}
	}
	var missing []string
	for n := range used {
		if !served[n] {
			missing = append(missing, n)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("the dashboard queries metrics the server does not serve: %v", missing)
	}
	for _, n := range []string{
		"wagerlog_ledger_events_appended_total", "wagerlog_ledger_append_duration_seconds", "wagerlog_ledger_append_batch_events",
		"wagerlog_ledger_queue_depth", "wagerlog_ledger_commands_in_flight", "wagerlog_ledger_refusals_total", "wagerlog_http_problems_total",
		"wagerlog_staked_total", "wagerlog_paid_total", "wagerlog_refunded_total", "wagerlog_commission_total", "wagerlog_build_info",
		"wagerlog_http_requests_total", "wagerlog_http_request_duration_seconds", "wagerlog_projections_lag_events",
	} {
		if !used[n] {
			t.Errorf("the dashboard has no panel on %s", n)
		}
	}
}

// metricsServer is a Server with every optional metric configured.
func metricsServer(t testing.TB) *Server {
	t.Helper()
	s, err := New(Config{
		Ledger: loadLedger{}, Views: noViews{}, LedgerMetrics: NewLedgerMetrics(), Version: "test",
		Lag: func() projections.Lag { return projections.Lag{} },
	})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// loadLedger is a Ledger that reports its load, as *ledger.Ledger does.
type loadLedger struct{ Ledger }

func (loadLedger) LastSeq() uint64   { return 0 }
func (loadLedger) Load() ledger.Load { return ledger.Load{} }

// noViews is the Views of a server that serves metrics only.
type noViews struct{ Views }

func (noViews) LastSeq() uint64 { return 0 }
