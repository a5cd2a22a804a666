package pdf

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/go-pdf/fpdf"
)

func TestWrite(t *testing.T) {
	wide := Table{Title: "days", Columns: make([]string, 20)}
	for i := range wide.Columns {
		wide.Columns[i] = fmt.Sprintf("column_number_%d", i)
	}
	for r := range 120 { // more than a page
		row := make([]string, 20)
		for i := range row {
			row[i] = fmt.Sprintf("%d.%02d", 1_000_000+r*i, i)
		}
		row[0] = strings.Repeat("8a65593b29d787fa", 4) // a hash, longer than a column
		wide.Rows = append(wide.Rows, row)
	}
	d := Document{Title: "Regulator report → test", Lines: []string{"Operator: Casino Example S.A."},
		Created: time.Date(2026, 11, 5, 8, 0, 0, 0, time.UTC),
		Tables:  []Table{wide, {Title: "large_wins", Columns: []string{"seq", "win"}}}}
	var a, b bytes.Buffer
	if err := Write(&a, d); err != nil {
		t.Fatal(err)
	}
	if err := Write(&b, d); err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(a.Bytes(), []byte("%PDF-")) {
		t.Fatalf("not a PDF: %.20q", a.Bytes())
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("the same document gave two different files")
	}
	if n := bytes.Count(a.Bytes(), []byte("/Type /Page\n")); n < 3 {
		t.Errorf("%d pages, want the long table over several", n)
	}
}

// TestFit_ShrinksThenWraps: a table wider than the page gets a smaller
// font, and its columns are shared out so that it fits.
func TestFit_ShrinksThenWraps(t *testing.T) {
	f := fpdf.New("L", "mm", "A4", "")
	tr := f.UnicodeTranslatorFromDescriptor("")
	long := strings.Repeat("x", 200) // wider than colMax at any font
	tb := Table{Columns: []string{"a", "b", "c", "d", "e"}, Rows: [][]string{{long, long, long, long, long}}}
	l := fit(f, tb, tr, 277)
	sum := 0.0
	for _, w := range l.widths {
		sum += w
	}
	if l.font != FontMin || sum > 277.001 {
		t.Errorf("font %v, width %v, want %v and at most 277", l.font, sum, FontMin)
	}
	narrow := fit(f, Table{Columns: []string{"a"}, Rows: [][]string{{"1"}}}, tr, 277)
	if narrow.font != FontMax {
		t.Errorf("a narrow table got font %v, want %v", narrow.font, FontMax)
	}
}
