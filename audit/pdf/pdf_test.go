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

// TestFit_NeverBreaksAWord: a table wider than the page gets a smaller
// font and its columns share the width out, but no column is narrower
// than its longest word; one that cannot fit at FontMin is drawn in parts.
func TestFit_NeverBreaksAWord(t *testing.T) {
	f := fpdf.New("L", "mm", "A4", "")
	tr := f.UnicodeTranslatorFromDescriptor("")
	words := strings.Repeat("settlement ", 40) // wraps, between words
	tb := Table{Columns: []string{"a", "b", "c", "d", "e"}, Rows: [][]string{{words, words, words, words, "theoretical"}}}
	l, ok := fit(f, tb, tr, 277)
	if !ok || sum(l.widths) > 277.001 {
		t.Fatalf("fit = %v, %v: want the table to fit in 277 mm", l, ok)
	}
	least, _ := measure(f, tb, tr, l.font)
	for i, w := range l.widths {
		if w < least[i] {
			t.Errorf("column %d is %.1f mm, narrower than its longest word (%.1f mm)", i, w, least[i])
		}
	}
	narrow, ok := fit(f, Table{Columns: []string{"a"}, Rows: [][]string{{"1"}}}, tr, 277)
	if !ok || narrow.font != FontMax {
		t.Errorf("a narrow table got font %v (%v), want %v", narrow.font, ok, FontMax)
	}
	var wide Table
	wide.Keys = 1
	for i := range 40 {
		wide.Columns = append(wide.Columns, fmt.Sprintf("column%02dheader", i))
	}
	wide.Rows = [][]string{wide.Columns}
	if _, ok := fit(f, wide, tr, 277); ok {
		t.Fatal("40 columns of 14 letters fit on A4 at the smallest font")
	}
	parts := split(f, wide, tr, 277)
	if len(parts) < 2 {
		t.Fatalf("%d parts", len(parts))
	}
	seen := map[string]int{}
	for _, p := range parts {
		if _, ok := fit(f, p, tr, 277); !ok || p.Columns[0] != "column00header" {
			t.Errorf("part %q does not fit or lacks the key column: %v", p.Title, p.Columns)
		}
		for _, c := range p.Columns {
			seen[c]++
		}
	}
	for _, c := range wide.Columns[1:] {
		if seen[c] != 1 {
			t.Errorf("column %s is in %d parts, want 1", c, seen[c])
		}
	}
}
