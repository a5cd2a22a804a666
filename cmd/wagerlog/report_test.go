package main

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/internal/ledgertest"
	"github.com/wagerlog/wagerlog/internal/pdftext"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

var updateReports = flag.Bool("update", false, "rewrite the report golden files under testdata/")

// everyGameDay is the day the every-game stream is played on.
var everyGameDay = time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)

// everyGameStream plays cycles of the demo's rounds on every demo table
// (every game) into a stream in dir, with the deterministic clock and ids
// of golden tests, and returns a settled craps round. The demo is driven
// round by round (as runDemo does on its ticker) so that the stream is
// the same bytes on every run.
func everyGameStream(t *testing.T, dir string, cycles int) (crapsRound string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	st, err := jetstream.Open(ctx, jetstream.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	playEveryGame(ctx, t, st, nil, cycles)
	err = st.Read(ctx, 1, 0, func(r events.Raw) error {
		e, err := events.Decode(r.Data)
		if err == nil && e.Type == events.TypeRoundSettled && e.Table == DemoCrapsTable && crapsRound == "" {
			crapsRound = e.Round
		}
		return nil
	})
	if err != nil || crapsRound == "" {
		t.Fatalf("no craps round settled (%v)", err)
	}
	return crapsRound
}

// playEveryGame plays cycles of the demo's rounds on every demo table
// into st through a ledger with the deterministic clock and ids of golden
// tests; obs, when not nil, is the ledger's observer.
func playEveryGame(ctx context.Context, t *testing.T, st *jetstream.Store, obs ledger.Observer, cycles int) {
	t.Helper()
	clock := ledgertest.NewClock()
	clock.Set(everyGameDay)
	led, err := ledger.Open(ctx, st, ledger.Options{Games: registry.New(), Clock: clock.Now, NewID: new(ledgertest.IDs).Next, Observer: obs})
	if err != nil {
		t.Fatal(err)
	}
	defer led.Close()
	catalog := registry.New()
	tables, err := demoTables(catalog)
	if err != nil {
		t.Fatal(err)
	}
	// As runDemo sets it up.
	d := &demo{led: led, log: slog.New(slog.NewTextHandler(io.Discard, nil)), catalog: catalog, tables: tables, rng: demoRNG(7, led.LastSeq()),
		deposit: decimal.RequireFromString("1000"), topUpBelow: decimal.RequireFromString("100")}
	for _, tb := range d.tables {
		if err := d.setUp(ctx, tb); err != nil {
			t.Fatal(err)
		}
	}
	for range cycles {
		for _, tb := range d.tables {
			if err := d.round(ctx, tb); err != nil {
				t.Fatalf("%s: %v", tb.ID, err)
			}
		}
	}
}

// generated matches the report's generation time, the one thing of a
// report of a fixed stream that is not fixed.
var generated = regexp.MustCompile(`"generated_at": "[^"]*"|Generated [0-9-]+ [0-9:.]+ (?:[+-]|&#43;)[0-9:]+|,[0-9-]+ [0-9:.]+ [+-][0-9:]+,([0-9]+)\n`)

// TestReport_EveryGame runs `wagerlog report` for the three reports in
// every format over a stream of every demo table's game: the JSON, CSV and
// HTML are golden files (with the generation time blanked); every amount
// member of the JSON has its currency's decimals; the PDF reads back with
// every header word and every cell word whole and the hashes short.
func TestReport_EveryGame(t *testing.T) {
	dir := t.TempDir()
	round := everyGameStream(t, dir, 3)
	period := []string{"--period", "day:" + everyGameDay.Format(time.DateOnly)}
	for _, rep := range []struct {
		name string
		args []string
	}{
		{"regulator", append([]string{"report", "regulator", "--large-win", "EUR=100"}, period...)},
		{"reconcile", append([]string{"report", "reconcile"}, period...)},
		{"dispute", []string{"report", "dispute", round}},
	} {
		t.Run(rep.name, func(t *testing.T) {
			out := map[string][]byte{}
			for _, f := range []string{"json", "csv", "html", "pdf"} {
				stdout, stderr, err := runMain(t, append(rep.args, "--data-dir", dir, "--operator", "Casino Example S.A.", "--format", f)...)
				if err != nil {
					t.Fatalf("%s: %v\n%s", f, err, stderr)
				}
				out[f] = []byte(stdout)
			}
			checkAmounts(t, out["json"])
			for _, f := range []string{"json", "html"} {
				reportGolden(t, "every-game-"+rep.name+"."+f, out[f])
			}
			reportGolden(t, "every-game-"+rep.name+".csv", csvText(t, out["csv"]))
			text := pdftext.Text(t, out["pdf"])
			if n := pdftext.CheckReport(t, text, out["csv"], audit.ColumnTitle); n < 50 {
				t.Errorf("%d words checked in the PDF", n)
			}
			if dir := os.Getenv("WAGERLOG_ARTIFACTS"); dir != "" {
				_ = os.WriteFile(filepath.Join(dir, "every-game-"+rep.name+".pdf"), out["pdf"], 0o644)
			}
		})
	}
	// After the reports: the rebuild it runs adds a projections file.
	t.Run("rules", func(t *testing.T) { everyGameRules(t, dir) })
}

// checkAmounts finds every amount member of a report's JSON (a string
// that is a decimal, in an object with a currency) and checks it has at
// least its currency's decimals: EUR two, CLP none.
func checkAmounts(t *testing.T, doc []byte) {
	t.Helper()
	var v any
	if err := json.Unmarshal(doc, &v); err != nil {
		t.Fatal(err)
	}
	scales := posting.DefaultCurrencies()
	decimalText := regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?$`)
	skip := map[string]bool{"percent": true, "ci95_low_percent": true, "ci95_high_percent": true, "exact": true, "residue_exact": true}
	n := 0
	var walk func(v any, scale int32)
	walk = func(v any, scale int32) {
		switch x := v.(type) {
		case []any:
			for _, e := range x {
				walk(e, scale)
			}
		case map[string]any:
			if c, ok := x["currency"].(string); ok {
				if s, ok := scales[c]; ok {
					scale = s
				}
			}
			for k, e := range x {
				s, ok := e.(string)
				if !ok || skip[k] || !decimalText.MatchString(s) || scale < 0 {
					walk(e, scale)
					continue
				}
				if _, err := decimal.NewFromString(s); err != nil {
					continue
				}
				n++
				places := int32(0)
				if _, frac, ok := strings.Cut(s, "."); ok {
					places = int32(len(frac))
				}
				if places < scale {
					t.Errorf("%s = %q: %d decimals, its currency has %d", k, s, places, scale)
				}
			}
		}
	}
	walk(v, -1)
	if n == 0 {
		t.Error("no amount found")
	}
}

// csvText lists a CSV report (a zip) as text, file by file.
func csvText(t *testing.T, z []byte) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(z), int64(len(z)))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		out.WriteString("== " + f.Name + " ==\n")
		out.Write(data)
	}
	return out.Bytes()
}

// reportGolden compares a report with testdata/name, its generation time
// blanked, or rewrites it with -update.
func reportGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	got = generated.ReplaceAllFunc(got, func(m []byte) []byte {
		switch {
		case bytes.HasPrefix(m, []byte(`"generated_at"`)):
			return []byte(`"generated_at": "GENERATED"`)
		case bytes.HasPrefix(m, []byte("Generated")):
			return []byte("Generated GENERATED")
		}
		return generated.ReplaceAll(m, []byte(",GENERATED,$1\n"))
	})
	path := filepath.Join("testdata", name)
	if *updateReports {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/wagerlog -run %s -update)", err, t.Name())
	}
	if !bytes.Equal(got, want) {
		gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
		for i := range max(len(gl), len(wl)) {
			var g, w string
			if i < len(gl) {
				g = gl[i]
			}
			if i < len(wl) {
				w = wl[i]
			}
			if g != w {
				t.Fatalf("testdata/%s differs at line %d:\n got %s\nwant %s\n(run with -update if the change is intended)", name, i+1, g, w)
			}
		}
	}
}
