package pdf_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/audit/pdf"
	"github.com/wagerlog/wagerlog/internal/pdftext"
)

// TestWrite_WordsWhole draws tables that must shrink, wrap and split, and
// reads the PDF back as text: every word of every header and cell is
// found whole (a word broken across two lines of a cell would not be).
func TestWrite_WordsWhole(t *testing.T) {
	var words []string
	long := pdf.Table{Title: "Significant events", Keys: 1, Columns: []string{"Seq", "Reason given by the pit boss", "Theoretical return to player %"}}
	for i := range 30 {
		reason := fmt.Sprintf("dealer%d reshook the dice because one die stayed cocked against the rail in round %d", i, i*7)
		long.Rows = append(long.Rows, []string{fmt.Sprint(i + 1), reason, fmt.Sprintf("%d.%04d", 90+i%9, i*37)})
	}
	wide := pdf.Table{Title: "Games", Keys: 2}
	for i := range 30 {
		wide.Columns = append(wide.Columns, fmt.Sprintf("Settled stakes %d", i))
	}
	for r := range 5 {
		row := make([]string, 30)
		for i := range row {
			row[i] = fmt.Sprintf("%d.%02d", 1_000_000+r*i, i)
		}
		wide.Rows = append(wide.Rows, row)
	}
	for _, tb := range []pdf.Table{long, wide} {
		words = append(words, strings.Fields(strings.Join(tb.Columns, " "))...)
		for _, r := range tb.Rows {
			words = append(words, strings.Fields(strings.Join(r, " "))...)
		}
	}
	var buf bytes.Buffer
	if err := pdf.Write(&buf, pdf.Document{Title: "Words whole", Created: time.Date(2026, 11, 5, 8, 0, 0, 0, time.UTC), Tables: []pdf.Table{long, wide}}); err != nil {
		t.Fatal(err)
	}
	text := pdftext.Text(t, buf.Bytes())
	found := map[string]bool{}
	for _, w := range strings.Fields(text) {
		found[w] = true
	}
	for _, w := range words {
		if !found[w] {
			t.Errorf("word %q is not found whole in the PDF's text", w)
		}
	}
	if !strings.Contains(text, "Games (part 2 of") {
		t.Error("the wide table is not drawn in parts")
	}
}
