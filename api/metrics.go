package api

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"net/http"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// The metrics are written in the Prometheus text exposition format (0.0.4)
// by this small registry rather than by prometheus/client_golang, whose
// dependencies are not in the module's go.sum. Everything is per Server:
// there is no global registry.

// RoutesLabelMax bounds the distinct route labels the metrics keep; the
// label is the route pattern, so the real count is the number of routes.
const RoutesLabelMax = 256

// durationBuckets are the upper bounds (seconds) of the request duration
// histogram.
var durationBuckets = []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30}

// metrics are the API's counters, histogram and gauges.
type metrics struct {
	mu       sync.Mutex
	requests map[[2]string]uint64 // route, status → count
	duration map[string]*histogram
	streams  gauge
	gauges   []gaugeFunc
}

type histogram struct {
	counts []uint64 // per bucket, not cumulative
	count  uint64
	sum    float64
}

type gauge struct{ n atomic.Int64 }

func (g *gauge) Inc() { g.n.Add(1) }
func (g *gauge) Dec() { g.n.Add(-1) }

type gaugeFunc struct {
	name, help string
	fn         func() float64
}

func newMetrics(s *Server) *metrics {
	m := &metrics{
		requests: map[[2]string]uint64{},
		duration: map[string]*histogram{},
	}
	m.gauges = []gaugeFunc{
		{"wagerlog_http_live_streams", "Live board streams (server-sent events) open now.", func() float64 { return float64(m.streams.n.Load()) }},
		{"wagerlog_ledger_last_seq", "The last stream sequence the ledger has applied.", func() float64 { return float64(s.lastSeq()) }},
		{"wagerlog_projections_applied_seq", "The last stream sequence the projections have applied.", func() float64 { return float64(s.cfg.Views.LastSeq()) }},
	}
	if s.cfg.Lag != nil {
		m.gauges = append(m.gauges,
			gaugeFunc{"wagerlog_projections_lag_events", "Events stored in the stream and not yet applied to the projections.", func() float64 { return float64(s.cfg.Lag().Events) }},
			gaugeFunc{"wagerlog_projections_lag_seconds", "How long the projections have been behind the stream (0 when caught up).", func() float64 { return s.cfg.Lag().Seconds }},
		)
	}
	return m
}

// observe records one finished request under its route pattern (never the
// raw path, whose ids would make the label set unbounded).
func (m *metrics) observe(r *http.Request, status int, d time.Duration) {
	route := r.Pattern
	if route == "" {
		route = "unmatched"
	}
	if status == 0 {
		status = http.StatusOK
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.duration[route]; !ok && len(m.duration) >= RoutesLabelMax {
		route = "other"
	}
	m.requests[[2]string{route, strconv.Itoa(status)}]++
	if isStream(route) {
		return // a live stream's duration is the client's choice
	}
	h := m.duration[route]
	if h == nil {
		h = &histogram{counts: make([]uint64, len(durationBuckets))}
		m.duration[route] = h
	}
	sec := d.Seconds()
	for i, le := range durationBuckets {
		if sec <= le {
			h.counts[i]++
			break
		}
	}
	h.count++
	h.sum += sec
}

func isStream(route string) bool { return route == "GET /v1/tables/{table}/board/stream" }

// write writes every metric in the text exposition format.
func (m *metrics) write(w io.Writer) error {
	bw := bufio.NewWriter(w)
	m.mu.Lock()
	reqKeys := make([][2]string, 0, len(m.requests))
	for k := range m.requests {
		reqKeys = append(reqKeys, k)
	}
	sort.Slice(reqKeys, func(i, j int) bool {
		if reqKeys[i][0] != reqKeys[j][0] {
			return reqKeys[i][0] < reqKeys[j][0]
		}
		return reqKeys[i][1] < reqKeys[j][1]
	})
	fmt.Fprintln(bw, "# HELP wagerlog_http_requests_total HTTP requests by route pattern (method and path) and status.")
	fmt.Fprintln(bw, "# TYPE wagerlog_http_requests_total counter")
	for _, k := range reqKeys {
		fmt.Fprintf(bw, "wagerlog_http_requests_total{route=%s,status=%s} %d\n", label(k[0]), label(k[1]), m.requests[k])
	}
	routes := make([]string, 0, len(m.duration))
	for r := range m.duration {
		routes = append(routes, r)
	}
	sort.Strings(routes)
	fmt.Fprintln(bw, "# HELP wagerlog_http_request_duration_seconds HTTP request duration by route pattern (live streams excluded).")
	fmt.Fprintln(bw, "# TYPE wagerlog_http_request_duration_seconds histogram")
	for _, r := range routes {
		h := m.duration[r]
		var cum uint64
		for i, le := range durationBuckets {
			cum += h.counts[i]
			fmt.Fprintf(bw, "wagerlog_http_request_duration_seconds_bucket{route=%s,le=%s} %d\n", label(r), label(formatFloat(le)), cum)
		}
		fmt.Fprintf(bw, "wagerlog_http_request_duration_seconds_bucket{route=%s,le=\"+Inf\"} %d\n", label(r), h.count)
		fmt.Fprintf(bw, "wagerlog_http_request_duration_seconds_sum{route=%s} %s\n", label(r), formatFloat(h.sum))
		fmt.Fprintf(bw, "wagerlog_http_request_duration_seconds_count{route=%s} %d\n", label(r), h.count)
	}
	m.mu.Unlock()
	for _, g := range m.gauges {
		fmt.Fprintf(bw, "# HELP %s %s\n# TYPE %s gauge\n%s %s\n", g.name, g.help, g.name, g.name, formatFloat(g.fn()))
	}
	return bw.Flush()
}

// label quotes a label value as the exposition format wants.
func label(v string) string { return strconv.Quote(v) }

func formatFloat(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "+Inf"
	case math.IsInf(f, -1):
		return "-Inf"
	case math.IsNaN(f):
		return "NaN"
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}
