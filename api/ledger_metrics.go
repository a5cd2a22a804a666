package api

import (
	"runtime"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/ledger"
)

// LedgerMetrics implements ledger.Observer with Prometheus metrics: the
// events the ledger appends by type, the append latency and batch size,
// refusals by code, and the money that moves per table and currency. It
// is made before the ledger (ledger.Options.Observer) and registered in
// the Server's own registry (Config.LedgerMetrics). Every command reaches
// the ledger through Execute, so the demo table's traffic, which bypasses
// HTTP, is counted with the rest.
//
// The business counters are derived here, from the events the ledger
// appended, and nowhere else: a read replica has no ledger and shows none
// of them.
type LedgerMetrics struct {
	appended    *prometheus.CounterVec
	appendTime  prometheus.Histogram
	batchEvents prometheus.Histogram
	refusals    *prometheus.CounterVec
	staked      *prometheus.CounterVec
	paid        *prometheus.CounterVec
	refunded    *prometheus.CounterVec
	commission  *prometheus.CounterVec
	reversed    *prometheus.CounterVec
}

// NewLedgerMetrics returns the ledger's metrics, registered nowhere yet.
func NewLedgerMetrics() *LedgerMetrics {
	money := func(name, help string) *prometheus.CounterVec {
		return prometheus.NewCounterVec(prometheus.CounterOpts{Name: name, Help: help}, []string{"table", "currency"})
	}
	return &LedgerMetrics{
		appended: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "wagerlog_ledger_events_appended_total",
			Help: "Events the ledger appended to the stream, by event type.",
		}, []string{"type"}),
		appendTime: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "wagerlog_ledger_append_duration_seconds",
			Help:    "Time to store one atomic batch in JetStream (fsync included), from publish to acknowledgement.",
			Buckets: []float64{.0005, .001, .002, .004, .008, .016, .032, .064, .128, .256, .512, 1, 2, 5},
		}),
		batchEvents: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "wagerlog_ledger_append_batch_events",
			Help:    "Events in one atomic batch the ledger appended.",
			Buckets: []float64{1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1000},
		}),
		refusals: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "wagerlog_ledger_refusals_total",
			Help: "Commands the ledger refused or failed, by problem code (docs/ERRORS.md); HTTP and the demo table alike.",
		}, []string{"code"}),
		staked:     money("wagerlog_staked_total", "Amount staked (bets placed), by table and currency."),
		paid:       money("wagerlog_paid_total", "Amount returned to players by settlements (stake back plus win, net of commission), by table and currency."),
		refunded:   money("wagerlog_refunded_total", "Stakes refunded (cancelled rounds, refused bets), by table and currency."),
		commission: money("wagerlog_commission_total", "Commission charged: on placing (craps buy and lay) and on wins (baccarat banker), by table and currency."),
		reversed:   money("wagerlog_paid_reversed_total", "Amount returned by settlements that a result correction reversed, by table and currency (subtract from wagerlog_paid_total)."),
	}
}

func (m *LedgerMetrics) collectors() []prometheus.Collector {
	return []prometheus.Collector{m.appended, m.appendTime, m.batchEvents, m.refusals, m.staked, m.paid, m.refunded, m.commission, m.reversed}
}

// Appended implements ledger.Observer.
func (m *LedgerMetrics) Appended(batch []events.Appended, took time.Duration) {
	m.appendTime.Observe(took.Seconds())
	m.batchEvents.Observe(float64(len(batch)))
	for _, a := range batch {
		m.appended.WithLabelValues(string(a.Env.Type)).Inc()
		m.money(a.Env.Table, a.Payload)
	}
}

// Refused implements ledger.Observer.
func (m *LedgerMetrics) Refused(_ ledger.Command, err error) {
	m.refusals.WithLabelValues(ledger.CodeOf(err)).Inc()
}

// money adds what an event moves to the business counters. The counters
// are floats: they are for dashboards, never for the books (the reports
// are computed from the stream in decimal).
func (m *LedgerMetrics) money(table string, payload any) {
	add := func(c *prometheus.CounterVec, currency string, d decimal.Decimal) {
		if d.IsPositive() {
			c.WithLabelValues(table, currency).Add(d.InexactFloat64())
		}
	}
	switch p := payload.(type) {
	case *events.BetPlaced:
		add(m.staked, p.Currency, p.Total)
		for _, b := range p.Bets {
			add(m.commission, p.Currency, b.Commission)
		}
	case *events.BetSettled:
		add(m.paid, p.Currency, p.Returned)
		add(m.commission, p.Currency, p.Commission)
	case *events.BetRefunded:
		add(m.refunded, p.Currency, p.Stake)
	case *events.BetSettlementReversed:
		add(m.reversed, p.Currency, p.Returned)
	}
}

// buildInfo is wagerlog_build_info: 1, with the version as labels.
func buildInfo(version string) prometheus.Collector {
	if version == "" {
		version = "dev"
	}
	g := prometheus.NewGauge(prometheus.GaugeOpts{
		Name:        "wagerlog_build_info",
		Help:        "Always 1; the labels say which build runs.",
		ConstLabels: prometheus.Labels{"version": version, "goversion": runtime.Version()},
	})
	g.Set(1)
	return g
}
