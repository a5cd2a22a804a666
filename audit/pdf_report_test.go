package audit_test

import (
	"bytes"
	"context"
	"testing"

	"github.com/wagerlog/wagerlog/audit"
)

// TestReports_PDF renders every report of the golden scenario as a PDF:
// a PDF, the same bytes each time.
func TestReports_PDF(t *testing.T) {
	sc := newScenario(t)
	opts := reportOptions(t)
	ctx := context.Background()
	p, err := audit.NewPeriod("2026-11-01", "2026-11-04", opts.Location)
	if err != nil {
		t.Fatal(err)
	}
	reg, err := audit.Regulator(ctx, sc.store, p, opts)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := audit.Reconcile(ctx, sc.store, p, opts)
	if err != nil {
		t.Fatal(err)
	}
	dis, err := audit.Dispute(ctx, sc.store, sc.rounds["r3"], opts)
	if err != nil {
		t.Fatal(err)
	}
	for name, r := range map[string]audit.Report{"regulator": reg, "reconcile": rec, "dispute": dis} {
		var a, b bytes.Buffer
		if err := audit.Render(&a, r, audit.FormatPDF); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := r.WritePDF(&b); err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(a.Bytes(), []byte("%PDF-")) || !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s: not one reproducible PDF (%d and %d bytes)", name, a.Len(), b.Len())
		}
	}
	if f, err := audit.ParseFormat("PDF"); err != nil || f.ContentType() != "application/pdf" {
		t.Errorf("ParseFormat(PDF) = %s, %v", f, err)
	}
}
