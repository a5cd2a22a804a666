package audit_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/csv"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/internal/pdftext"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// reportOptions are the options of the golden reports: Madrid days, a fixed
// generation time, the seal key, large wins from 300 EUR or 2,000 CLP.
func reportOptions(t testing.TB) audit.Options {
	opts := options()
	opts.Location = madrid(t)
	opts.Now = func() time.Time { return exportTime }
	opts.Operator = "Casino Example S.A."
	opts.PublicKey = sealPub()
	opts.LargeWins = map[string]decimal.Decimal{"EUR": dec("300"), "CLP": dec("2000")}
	return opts
}

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./audit -run %s -update to create it)", err, t.Name())
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
				t.Fatalf("%s differs at line %d:\n got: %s\nwant: %s\n(run with -update if the change is intended)", path, i+1, g, w)
			}
		}
	}
}

// renderAll renders a report in every format and compares each with its
// golden file.
func renderAll(t *testing.T, name string, r audit.Report) {
	t.Helper()
	for _, f := range []audit.Format{audit.FormatJSON, audit.FormatCSV, audit.FormatHTML} {
		var buf bytes.Buffer
		if err := audit.Render(&buf, r, f); err != nil {
			t.Fatalf("render %s: %v", f, err)
		}
		got := buf.Bytes()
		if f == audit.FormatCSV {
			got = csvListing(t, got)
		}
		golden(t, name+"."+string(f), got)
	}
	checkPDF(t, r)
}

// checkPDF renders r as a PDF and reads it back as text: every header
// word and every word of every cell is found whole, hashes short with the
// full values in the appendix.
func checkPDF(t testing.TB, r audit.Report) {
	t.Helper()
	var doc, z bytes.Buffer
	if err := r.WritePDF(&doc); err != nil {
		t.Fatal(err)
	}
	if err := r.WriteCSV(&z); err != nil {
		t.Fatal(err)
	}
	if n := pdftext.CheckReport(t, pdftext.Text(t, doc.Bytes()), z.Bytes(), audit.ColumnTitle); n == 0 {
		t.Error("no word checked")
	}
}

// csvListing turns a CSV report (a zip of one CSV file per table) into a
// text listing for its golden file: each file's name, then its content.
// It checks that every table is rectangular with a header row.
func csvListing(t *testing.T, z []byte) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(z), int64(len(z)))
	if err != nil {
		t.Fatalf("csv report is not a zip: %v", err)
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
		r := csv.NewReader(bytes.NewReader(data))
		r.FieldsPerRecord = 0 // every record as wide as the header
		if _, err := r.ReadAll(); err != nil {
			t.Errorf("%s: not one rectangular table: %v", f.Name, err)
		}
		fmt.Fprintf(&out, "== %s ==\n%s", f.Name, data)
	}
	return out.Bytes()
}

func TestReports_Golden(t *testing.T) {
	sc := newScenario(t)
	opts := reportOptions(t)
	ctx := context.Background()
	p, err := audit.NewPeriod("2026-11-01", "2026-11-04", opts.Location)
	if err != nil {
		t.Fatal(err)
	}
	// Round 3 was corrected; round 1 had a reshake and a large win;
	// round 2 was paused and cancelled.
	for name, round := range map[string]string{"dispute": "r3", "dispute-reshake": "r1", "dispute-cancelled": "r2"} {
		t.Run(name, func(t *testing.T) {
			r, err := audit.Dispute(ctx, sc.store, sc.rounds[round], opts)
			if err != nil {
				t.Fatal(err)
			}
			renderAll(t, name, r)
		})
	}
	t.Run("reconcile", func(t *testing.T) {
		r, err := audit.Reconcile(ctx, sc.store, p, opts)
		if err != nil {
			t.Fatal(err)
		}
		renderAll(t, "reconcile", r)
	})
	t.Run("regulator", func(t *testing.T) {
		r, err := audit.Regulator(ctx, sc.store, p, opts)
		if err != nil {
			t.Fatal(err)
		}
		renderAll(t, "regulator", r)
	})
}
