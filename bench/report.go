package bench

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
)

// Report is the figures of one run. Its JSON form is one object with the
// keys of docs/BENCHMARKS.md, plus machine and command.
type Report struct {
	// Ingest: durable one-bet slips through ledger.Execute.
	IngestBetsPerS float64 `json:"ingest_bets_per_s"`
	IngestP50Ms    float64 `json:"ingest_p50_ms"`
	IngestP99Ms    float64 `json:"ingest_p99_ms"`
	// RawAppendEventsPerS is JetStream's rate for atomic batches of the
	// ledger's mean batch and event sizes, no ledger. IngestRatio is the
	// events the ledger stored per second during ingest (bets,
	// settlements, round events) over it: like for like.
	RawAppendEventsPerS float64 `json:"raw_append_events_per_s"`
	IngestRatio         float64 `json:"ingest_ratio"`
	// Rebuild of the projections against a plain ordered-consumer read of
	// the same stream.
	RebuildEventsPerS float64 `json:"rebuild_events_per_s"`
	RawReadEventsPerS float64 `json:"raw_read_events_per_s"`
	RebuildRatio      float64 `json:"rebuild_ratio"`
	// ProjectorCPUUsPerEvent is the process's CPU time during the rebuild
	// per event rebuilt, in microseconds: the projections' decoding and
	// fold, bbolt, and the embedded server reading the stream to them.
	ProjectorCPUUsPerEvent float64 `json:"projector_cpu_us_per_event"`
	// RoundReplayMs is the median time to replay one settled round.
	// RoundReplayReadMs is the median time to read the stream's stretch
	// that replay reads, alone: the embedded server's part of it.
	RoundReplayMs     float64 `json:"round_replay_ms"`
	RoundReplayReadMs float64 `json:"round_replay_read_ms"`
	// BoardReadP99Us is the 99th percentile of a board read.
	BoardReadP99Us float64 `json:"board_read_p99_us"`
	// HTTP: one-bet slips through the API.
	HTTPPlaceBetPerS  float64 `json:"http_place_bet_per_s"`
	HTTPPlaceBetP99Ms float64 `json:"http_place_bet_p99_ms"`
	// PeakRSSMB is the process's peak resident memory (VmHWM), embedded
	// NATS server included, in MiB.
	PeakRSSMB float64 `json:"peak_rss_mb"`
	// ServeRSSMB is the largest resident memory of the process during the
	// HTTP phase (the ledger, the embedded server, the projections, the
	// API and its clients: what serve holds under that load, plus the
	// clients), in MiB.
	ServeRSSMB float64 `json:"serve_rss_mb"`
	// RestartReadyMs is the time from opening the store to a ledger ready
	// for commands, after the store and the ledger were stopped with the
	// stream at its full length, the median of restartRepeats restarts.
	// RestartRatio is that median over the median at half the length: 1
	// when a start does not grow with history.
	RestartReadyMs float64 `json:"restart_ready_ms"`
	RestartRatio   float64 `json:"restart_ratio"`
	// CheckpointPauseMs is the time the sequencer spent copying the state
	// for the checkpoint taken before the last restart (the pause it costs
	// the writes; the encoding and the save run in the background), and
	// CheckpointMB its size.
	CheckpointPauseMs float64 `json:"checkpoint_pause_ms"`
	CheckpointMB      float64 `json:"checkpoint_mb"`
	// LedgerPlaceBetPerS is the slips per second through ledger.Execute
	// with as many clients as the HTTP phase, run after it; HTTPRatio the
	// HTTP phase's slips per second over it (the HTTP edge's cost).
	LedgerPlaceBetPerS float64 `json:"ledger_place_bet_per_s"`
	HTTPRatio          float64 `json:"http_ratio"`
	// CPU time per slip placed, in microseconds: of the whole process in
	// the direct run (ledger, embedded server, clients), and, when the
	// load generator ran as a separate process, of the server's process
	// and of the generator's in the HTTP phase.
	LedgerCPUUsPerSlip      float64 `json:"ledger_cpu_us_per_slip"`
	HTTPServerCPUUsPerSlip  float64 `json:"http_server_cpu_us_per_slip,omitempty"`
	HTTPLoadgenCPUUsPerSlip float64 `json:"http_loadgen_cpu_us_per_slip,omitempty"`
	// HTTPProjectorBehindEvents is how many events the projections had not
	// applied when the HTTP phase's load ended; HTTPCatchUpCPUUsPerSlip
	// the server's CPU per slip of the phase spent after the load until
	// they had: work the projector deferred, which
	// http_server_cpu_us_per_slip does not count.
	HTTPProjectorBehindEvents float64 `json:"http_projector_behind_events"`
	// HTTPRefusedPerSlip is the HTTP phase's requests refused as betting
	// closed or the ledger's queue full, per slip placed: requests the
	// server answered and no slip counts, so part of its CPU per slip.
	HTTPRefusedPerSlip float64 `json:"http_refused_per_slip"`
	// HTTPCPUSplit is the server's CPU per slip over the whole HTTP phase
	// (the load and the projector's catch-up after it), by the part of the
	// server it ran in (CPUSplitParts: the projector, the ledger, request
	// handling, the embedded JetStream server, the NATS client, the
	// garbage collector, other), from a CPU profile of the phase; only
	// with the load generator in a process of its own.
	// ServeProjectorCPUUsPerEvent is the projector's part per event the
	// phase appended: what following the stream costs `serve` under load.
	HTTPCPUSplit                map[string]float64 `json:"http_cpu_split_us_per_slip,omitempty"`
	ServeProjectorCPUUsPerEvent float64            `json:"serve_projector_cpu_us_per_event,omitempty"`
	HTTPCatchUpCPUUsPerSlip     float64            `json:"http_catchup_cpu_us_per_slip"`
	// The ledger's group commits during ingest: events per atomic batch,
	// mean, median and 99th percentile.
	IngestBatchMean float64 `json:"ingest_batch_mean"`
	IngestBatchP50  float64 `json:"ingest_batch_p50"`
	IngestBatchP99  float64 `json:"ingest_batch_p99"`
	// IngestCPUUsPerSlip is the process's CPU time per slip placed in the
	// ingest phase, in microseconds (ledger, embedded server, clients and
	// dealers): what a bet costs the machine at --clients.
	IngestCPUUsPerSlip float64 `json:"ingest_cpu_us_per_slip"`

	Machine Machine `json:"machine"`
	// Command is the command line, set by the caller.
	Command string `json:"command,omitempty"`
	// MemoryLimitMiB is the Go runtime's soft memory limit during the run
	// (GOMEMLIMIT, or `wagerlog bench --memory-limit-mib`), 0 for none: the
	// memory figures depend on it.
	MemoryLimitMiB int64 `json:"memory_limit_mib"`

	// Details are the figures behind the figures, for the table.
	Details Details `json:"-"`
}

// Details are what the table shows beside the reported figures.
type Details struct {
	Start    time.Time
	Elapsed  time.Duration
	Duration time.Duration
	// Ingest.
	Clients          int
	Tables           int
	RoundSlips       int
	IngestBets       int64
	IngestRefused    int64
	IngestEvents     int64
	IngestEventsPerS float64
	IngestBatchMean  float64
	IngestEventBytes float64
	// IngestAppendBusy is the share of the phase's wall time during which
	// an append of the ledger was in flight (0..1).
	IngestAppendBusy float64
	// Raw append.
	RawBatch      int
	RawEventBytes int
	RawRefPerS    float64
	// Fill, read, rebuild.
	FillEvents  int64
	FillElapsed time.Duration
	// Restarts: at half the stream's length and at its full length, with
	// the tail the last one read after its checkpoint.
	RestartHalfEvents, RestartEvents uint64
	RestartHalf                      time.Duration
	RestartTail                      uint64
	// RestartStore is the part of the last restart spent opening the
	// store (server start and recovery, stream check).
	RestartStore   time.Duration
	StreamEvents   int64
	RebuildElapsed time.Duration
	// Round replay.
	ReplayRound  string
	ReplayBets   int
	ReplayEvents int
	// Board.
	BoardReads   int
	BoardReadP50 time.Duration
	// HTTP.
	HTTPClients int
	HTTPSlips   int64
	HTTPRefused int64
	HTTPP50     time.Duration
	// HTTPSeparate is true when the load generator ran as a process of
	// its own.
	HTTPSeparate bool
	// HTTPHandoffTaken and HTTPHandoffMissed count the events the HTTP
	// phase's projector took from the ledger's hand-off and those it
	// decoded from the stream instead.
	HTTPHandoffTaken, HTTPHandoffMissed uint64
	// The ledger's group commits (events per append) during the HTTP
	// phase and during the direct run at the same number of clients.
	HTTPBatches, DirectBatches batchSizes
	// DataDir is where the data was kept, "" when it was removed.
	DataDir string
	// Streams are the streams created on an external server, left there.
	Streams []string
}

// Aim is one of the aims of docs/BENCHMARKS.md for a 2-core machine.
type Aim struct {
	// Key is the Report's JSON key.
	Key string
	// AtLeast means the figure must be ≥ Value; otherwise < Value.
	AtLeast bool
	Value   float64
}

// Met reports whether v meets the aim.
func (a Aim) Met(v float64) bool {
	if a.AtLeast {
		return v >= a.Value
	}
	return v < a.Value
}

// String writes the aim as the table shows it: "≥ 30,000" or "< 50".
func (a Aim) String() string {
	if a.AtLeast {
		return "≥ " + number(a.Value)
	}
	return "< " + number(a.Value)
}

// Aims returns the aims of docs/BENCHMARKS.md, in the table's order.
func Aims() []Aim {
	return []Aim{
		{"ingest_bets_per_s", true, 30_000},
		{"ingest_ratio", true, 0.7},
		{"rebuild_events_per_s", true, 100_000},
		{"rebuild_ratio", true, 0.8},
		{"round_replay_ms", false, 50},
		{"board_read_p99_us", false, 1000},
		{"http_place_bet_p99_ms", false, 20},
		{"peak_rss_mb", false, 500},
		{"serve_rss_mb", false, 300},
		{"restart_ready_ms", false, 1000},
		{"restart_ratio", false, 1.5},
		{"http_ratio", true, 0.75},
	}
}

// Figures returns the report's figures by JSON key.
func (r *Report) Figures() map[string]float64 {
	return map[string]float64{
		"ingest_bets_per_s":                r.IngestBetsPerS,
		"ingest_p50_ms":                    r.IngestP50Ms,
		"ingest_p99_ms":                    r.IngestP99Ms,
		"raw_append_events_per_s":          r.RawAppendEventsPerS,
		"ingest_ratio":                     r.IngestRatio,
		"rebuild_events_per_s":             r.RebuildEventsPerS,
		"raw_read_events_per_s":            r.RawReadEventsPerS,
		"rebuild_ratio":                    r.RebuildRatio,
		"projector_cpu_us_per_event":       r.ProjectorCPUUsPerEvent,
		"round_replay_ms":                  r.RoundReplayMs,
		"round_replay_read_ms":             r.RoundReplayReadMs,
		"board_read_p99_us":                r.BoardReadP99Us,
		"http_place_bet_per_s":             r.HTTPPlaceBetPerS,
		"http_place_bet_p99_ms":            r.HTTPPlaceBetP99Ms,
		"peak_rss_mb":                      r.PeakRSSMB,
		"serve_rss_mb":                     r.ServeRSSMB,
		"restart_ready_ms":                 r.RestartReadyMs,
		"restart_ratio":                    r.RestartRatio,
		"checkpoint_pause_ms":              r.CheckpointPauseMs,
		"checkpoint_mb":                    r.CheckpointMB,
		"ledger_place_bet_per_s":           r.LedgerPlaceBetPerS,
		"http_ratio":                       r.HTTPRatio,
		"ledger_cpu_us_per_slip":           r.LedgerCPUUsPerSlip,
		"http_server_cpu_us_per_slip":      r.HTTPServerCPUUsPerSlip,
		"http_loadgen_cpu_us_per_slip":     r.HTTPLoadgenCPUUsPerSlip,
		"http_projector_behind_events":     r.HTTPProjectorBehindEvents,
		"http_refused_per_slip":            r.HTTPRefusedPerSlip,
		"http_catchup_cpu_us_per_slip":     r.HTTPCatchUpCPUUsPerSlip,
		"serve_projector_cpu_us_per_event": r.ServeProjectorCPUUsPerEvent,
		"ingest_batch_mean":                r.IngestBatchMean,
		"ingest_batch_p50":                 r.IngestBatchP50,
		"ingest_batch_p99":                 r.IngestBatchP99,
		"ingest_cpu_us_per_slip":           r.IngestCPUUsPerSlip,
	}
}

// AimsMet counts the aims the report meets, out of len(Aims()).
func (r *Report) AimsMet() int {
	f := r.Figures()
	n := 0
	for _, a := range Aims() {
		if a.Met(f[a.Key]) {
			n++
		}
	}
	return n
}

// WriteJSON writes the report as one line of JSON.
func (r *Report) WriteJSON(w io.Writer) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// WriteTable writes the report as an aligned table, each figure with its
// aim and a mark, under the machine and the command.
func (r *Report) WriteTable(w io.Writer) error {
	d := &r.Details
	m := r.Machine
	var b strings.Builder
	fmt.Fprintf(&b, "wagerlog bench, %s (%s)\n", d.Start.UTC().Format("2006-01-02 15:04 MST"), d.Elapsed.Round(time.Second))
	fmt.Fprintf(&b, "machine: %d cores, %s, %d MiB RAM, %s %s\n", m.Cores, orUnknown(m.CPU), m.RAMMB, m.Go, m.OS)
	fmt.Fprintf(&b, "load average (1/5/15 min): %s at start, %s at end\n", orUnknown(m.LoadStart), orUnknown(m.LoadEnd))
	if r.Command != "" {
		fmt.Fprintf(&b, "command: %s\n", r.Command)
	}
	fmt.Fprintf(&b, "Go memory limit: %d MiB (0: none)\n", r.MemoryLimitMiB)
	b.WriteString("\n")
	aims := map[string]Aim{}
	for _, a := range Aims() {
		aims[a.Key] = a
	}
	f := r.Figures()
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "figure\tkey\tvalue\taim\t")
	row := func(label, key, value string) {
		aim, mark := "", ""
		if a, ok := aims[key]; ok {
			aim, mark = a.String(), "✗"
			if a.Met(f[key]) {
				mark = "✓"
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", label, key, value, aim, mark)
	}
	row(fmt.Sprintf("ingest, %d clients, fsync always", d.Clients), "ingest_bets_per_s", number(r.IngestBetsPerS)+" bets/s")
	row("  latency p50", "ingest_p50_ms", number(r.IngestP50Ms)+" ms")
	row("  latency p99", "ingest_p99_ms", number(r.IngestP99Ms)+" ms")
	row(fmt.Sprintf("raw append, batch %d × %d B", d.RawBatch, d.RawEventBytes), "raw_append_events_per_s", number(r.RawAppendEventsPerS)+" events/s")
	row("ingest events/s ÷ raw", "ingest_ratio", number(r.IngestRatio))
	row("  events per group commit, mean", "ingest_batch_mean", number(r.IngestBatchMean))
	row("  p50", "ingest_batch_p50", number(r.IngestBatchP50))
	row("  p99", "ingest_batch_p99", number(r.IngestBatchP99))
	row("  CPU per slip, ingest (process)", "ingest_cpu_us_per_slip", number(r.IngestCPUUsPerSlip)+" µs")
	row(fmt.Sprintf("rebuild, %s events", number(float64(d.StreamEvents))), "rebuild_events_per_s", number(r.RebuildEventsPerS)+" events/s")
	row("raw ordered-consumer read", "raw_read_events_per_s", number(r.RawReadEventsPerS)+" events/s")
	row("rebuild ÷ raw read", "rebuild_ratio", number(r.RebuildRatio))
	row("  CPU per event, rebuild (process)", "projector_cpu_us_per_event", number(r.ProjectorCPUUsPerEvent)+" µs")
	row(fmt.Sprintf("round replay, %d bets", d.ReplayBets), "round_replay_ms", number(r.RoundReplayMs)+" ms")
	row("  its stretch of the stream read alone", "round_replay_read_ms", number(r.RoundReplayReadMs)+" ms")
	row("board read p99", "board_read_p99_us", number(r.BoardReadP99Us)+" µs")
	row(fmt.Sprintf("HTTP slips, %d connections", d.HTTPClients), "http_place_bet_per_s", number(r.HTTPPlaceBetPerS)+" bets/s")
	row("  latency p99", "http_place_bet_p99_ms", number(r.HTTPPlaceBetP99Ms)+" ms")
	row(fmt.Sprintf("ledger slips, %d clients", d.HTTPClients), "ledger_place_bet_per_s", number(r.LedgerPlaceBetPerS)+" bets/s")
	row("HTTP ÷ ledger, same clients", "http_ratio", number(r.HTTPRatio))
	row("  CPU per slip, ledger (process)", "ledger_cpu_us_per_slip", number(r.LedgerCPUUsPerSlip)+" µs")
	if d.HTTPSeparate {
		row("  CPU per slip, HTTP server", "http_server_cpu_us_per_slip", number(r.HTTPServerCPUUsPerSlip)+" µs")
		row("  CPU per slip, load generator", "http_loadgen_cpu_us_per_slip", number(r.HTTPLoadgenCPUUsPerSlip)+" µs")
	}
	row("  requests refused per slip", "http_refused_per_slip", number(r.HTTPRefusedPerSlip))
	row("  projector behind at the load's end", "http_projector_behind_events", number(r.HTTPProjectorBehindEvents)+" events")
	row("  CPU per slip, projector catching up", "http_catchup_cpu_us_per_slip", number(r.HTTPCatchUpCPUUsPerSlip)+" µs")
	if d.HTTPSeparate && r.HTTPCPUSplit != nil {
		for _, part := range CPUSplitParts() {
			row("  server CPU per slip: "+strings.ReplaceAll(part, "_", " "), "http_cpu_split_us_per_slip."+part, number(r.HTTPCPUSplit[part])+" µs")
		}
		row("  projector CPU per event, serve", "serve_projector_cpu_us_per_event", number(r.ServeProjectorCPUUsPerEvent)+" µs")
	}
	row("peak RSS, whole process", "peak_rss_mb", number(r.PeakRSSMB)+" MiB")
	row("RSS during the HTTP phase", "serve_rss_mb", number(r.ServeRSSMB)+" MiB")
	row(fmt.Sprintf("restart, %s events", number(float64(d.RestartEvents))), "restart_ready_ms", number(r.RestartReadyMs)+" ms")
	row(fmt.Sprintf("  ÷ restart at %s events", number(float64(d.RestartHalfEvents))), "restart_ratio", number(r.RestartRatio))
	row("  checkpoint: sequencer pause", "checkpoint_pause_ms", number(r.CheckpointPauseMs)+" ms")
	row("  checkpoint size", "checkpoint_mb", number(r.CheckpointMB)+" MiB")
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(&b, "\naims met: %d of %d\n\n", r.AimsMet(), len(Aims()))
	fmt.Fprintf(&b, "ingest: %s bets in %s, %d tables, dealers settling rounds of %d slips; %s slips refused and retried (betting closed, queue full)\n",
		number(float64(d.IngestBets)), d.Duration, d.Tables, d.RoundSlips, number(float64(d.IngestRefused)))
	fmt.Fprintf(&b, "ingest: the ledger stored %s events/s (%s events: bets, settlements, rounds, seals) in batches of %s events of %s bytes on average; an append was in flight %.0f%% of the time\n",
		number(d.IngestEventsPerS), number(float64(d.IngestEvents)), number(d.IngestBatchMean), number(d.IngestEventBytes), 100*d.IngestAppendBusy)
	fmt.Fprintf(&b, "raw append at batch %d (reference): %s events/s\n", rawReferenceBatch, number(d.RawRefPerS))
	if d.FillEvents > 0 {
		fmt.Fprintf(&b, "fill: the ledger wrote %s events in %s to reach the rebuild's stream\n", number(float64(d.FillEvents)), d.FillElapsed.Round(100*time.Millisecond))
	}
	if d.RestartEvents > 0 {
		fmt.Fprintf(&b, "restart (median of %d): %s ms at %s events, %s ms at %s (%s ms of it opening the store); the last read %s events after its checkpoint\n", restartRepeats,
			number(ms(d.RestartHalf)), number(float64(d.RestartHalfEvents)), number(r.RestartReadyMs), number(float64(d.RestartEvents)),
			number(ms(d.RestartStore)), number(float64(d.RestartTail)))
	}
	fmt.Fprintf(&b, "rebuild: %s; round replay: %d events fetched and checked\n", d.RebuildElapsed.Round(time.Millisecond), d.ReplayEvents)
	fmt.Fprintf(&b, "board: %s reads, p50 %s µs\n", number(float64(d.BoardReads)), number(us(d.BoardReadP50)))
	where := "the load generator in the same process"
	if d.HTTPSeparate {
		where = "the load generator a separate process"
	}
	fmt.Fprintf(&b, "HTTP: %s slips in %s, p50 %s ms, %s refused and retried; %s\n",
		number(float64(d.HTTPSlips)), d.Duration, number(ms(d.HTTPP50)), number(float64(d.HTTPRefused)), where)
	fmt.Fprintf(&b, "events per group commit: HTTP phase %s; direct run %s\n", d.HTTPBatches, d.DirectBatches)
	fmt.Fprintf(&b, "HTTP: the projector took %s events from the ledger's hand-off and decoded %s from the stream\n",
		number(float64(d.HTTPHandoffTaken)), number(float64(d.HTTPHandoffMissed)))
	if d.DataDir != "" {
		fmt.Fprintf(&b, "data kept in %s\n", d.DataDir)
	}
	if len(d.Streams) > 0 {
		fmt.Fprintf(&b, "streams left on the server (delete them as its admin): %s\n", strings.Join(d.Streams, ", "))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func orUnknown(s string) string {
	if s == "" {
		return "unknown"
	}
	return s
}

// tidy rounds a figure for the report: whole numbers from 100 up, three
// significant digits below (so that a small positive figure never becomes
// zero).
func tidy(x float64) float64 {
	if x == 0 || math.IsNaN(x) || math.IsInf(x, 0) {
		return 0
	}
	if math.Abs(x) >= 100 {
		return math.Round(x)
	}
	p := math.Pow(10, 2-math.Floor(math.Log10(math.Abs(x))))
	return math.Round(x*p) / p
}

// number formats a figure: thousands separated by commas from 1,000 up,
// three significant digits below.
func number(x float64) string {
	x = tidy(x)
	if math.Abs(x) < 1000 {
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	s := strconv.FormatInt(int64(math.Round(math.Abs(x))), 10)
	var b strings.Builder
	if x < 0 {
		b.WriteByte('-')
	}
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}
