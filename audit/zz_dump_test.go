package audit_test

import (
	"bytes"
	"context"
	"os"
	"testing"

	"github.com/wagerlog/wagerlog/audit"
)

func TestZZDump(t *testing.T) {
	sc := newScenario(t)
	opts := reportOptions(t)
	ctx := context.Background()
	p, _ := audit.NewPeriod("2026-11-01", "2026-11-04", opts.Location)
	reg, _ := audit.Regulator(ctx, sc.store, p, opts)
	rec, _ := audit.Reconcile(ctx, sc.store, p, opts)
	dis, _ := audit.Dispute(ctx, sc.store, sc.rounds["r3"], opts)
	for name, r := range map[string]audit.Report{"regulator": reg, "reconcile": rec, "dispute": dis} {
		var a bytes.Buffer
		if err := audit.Render(&a, r, audit.FormatPDF); err != nil {
			t.Fatal(err)
		}
		os.WriteFile("/tmp/pdfs/"+name+".pdf", a.Bytes(), 0o644)
	}
}
