package pdf

import (
	"fmt"
	"io"
	"regexp"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"
)

// Page geometry and limits, in millimetres and points.
const (
	pageMargin = 10.0
	// FontMax and FontMin bound a table's font size, in points: a table
	// starts at FontMax and shrinks until its columns fit whole, or at
	// least its longest words do; below FontMin it is drawn in parts.
	FontMax = 7.5
	FontMin = 5.5
	// colMax is the widest a column may be before its cells wrap.
	colMax = 75.0
	// cellPad is the horizontal padding inside a cell.
	cellPad = 1.0
	// TablesMax and RowsMax bound a document (a report's tables are
	// bounded by the report's own limits; these stop a runaway).
	TablesMax = 100
	RowsMax   = 200_000
)

// Table is one table of a report: a title, its columns, its rows (each as
// wide as the columns).
type Table struct {
	Title   string
	Columns []string
	Rows    [][]string
	// Keys is how many leading columns identify a row: a table too wide
	// for the page even at FontMin is drawn in parts, each repeating them.
	Keys int
	// Note is a line under the title (what the table holds, a method).
	Note string
}

// Document is a report to draw.
type Document struct {
	Title string
	// Lines are the report's header lines under the title (operator,
	// period, generation time, sequence read).
	Lines []string
	// Legend explains the abbreviations and conventions of the tables,
	// under the header lines.
	Legend []string
	// Created is the document's creation date, so that one report gives
	// one file.
	Created time.Time
	Tables  []Table
}

// numeric recognises the cells drawn right-aligned.
var numeric = regexp.MustCompile(`^-?[0-9][0-9.,]*%?$`)

// spelled are the symbols of the reports outside code page 1252 (the core
// fonts'), and how the PDF spells them.
var spelled = strings.NewReplacer("→", "->", "−", "-", "✓", "yes", "✗", "no", "≥", ">=", "≤", "<=")

// Spell returns s as the PDF writes it: the symbols outside code page
// 1252 spelled out.
func Spell(s string) string { return spelled.Replace(s) }

// Write draws d as a PDF to w.
func Write(w io.Writer, d Document) error {
	if len(d.Tables) > TablesMax {
		return fmt.Errorf("pdf: %d tables, more than %d", len(d.Tables), TablesMax)
	}
	f := fpdf.New("L", "mm", "A4", "")
	f.SetMargins(pageMargin, pageMargin, pageMargin)
	f.SetAutoPageBreak(false, pageMargin)
	f.SetCreationDate(d.Created)
	f.SetModificationDate(d.Created)
	f.SetCatalogSort(true)
	f.SetTitle(d.Title, true)
	f.SetCreator("wagerlog", true)
	// The core fonts are in code page 1252; the few symbols of the
	// reports outside it are spelled out first.
	tr := f.UnicodeTranslatorFromDescriptor("")
	text := func(s string) string { return tr(Spell(s)) }
	f.AliasNbPages("")
	f.SetFooterFunc(func() {
		f.SetY(-pageMargin + 2)
		f.SetFont("Helvetica", "", 7)
		f.CellFormat(0, 4, text(d.Title)+fmt.Sprintf("  page %d of {nb}", f.PageNo()), "", 0, "R", false, 0, "")
	})
	f.AddPage()
	f.SetFont("Helvetica", "B", 14)
	f.CellFormat(0, 8, text(d.Title), "", 1, "L", false, 0, "")
	f.SetFont("Helvetica", "", 8)
	for _, l := range d.Lines {
		f.CellFormat(0, 4, text(l), "", 1, "L", false, 0, "")
	}
	if len(d.Legend) > 0 {
		f.Ln(1)
		f.SetFont("Helvetica", "B", 8)
		f.CellFormat(0, 4, "How to read the tables", "", 1, "L", false, 0, "")
		f.SetFont("Helvetica", "", 7)
		for _, l := range d.Legend {
			f.MultiCell(0, 3.2, text(l), "", "L", false)
		}
	}
	rows := 0
	for _, t := range d.Tables {
		rows += len(t.Rows)
		if rows > RowsMax {
			return fmt.Errorf("pdf: more than %d rows", RowsMax)
		}
		drawTable(f, t, text)
	}
	if err := f.Error(); err != nil {
		return fmt.Errorf("pdf: %w", err)
	}
	if err := f.Output(w); err != nil {
		return fmt.Errorf("pdf: %w", err)
	}
	return nil
}

// layout is a table's font size and column widths.
type layout struct {
	font   float64
	widths []float64
}

func (l layout) lineH() float64 { return l.font * 0.3528 * 1.25 }

// wordSlack is added to a column's longest word so that the library's own
// line breaking, which measures in thousandths of a point, never finds it
// a hair too wide.
const wordSlack = 0.3

// measure returns, at font size fs, each column's narrowest width (its
// longest word, header included: a cell wraps between words, never inside
// one) and its natural width (its longest cell on one line, at most colMax;
// a header wraps at its spaces, so only its longest word counts).
func measure(f *fpdf.Fpdf, t Table, text func(string) string, fs float64) (least, natural []float64) {
	f.SetFont("Helvetica", "B", fs) // the header is bold, and wider
	least = make([]float64, len(t.Columns))
	natural = make([]float64, len(t.Columns))
	for i, c := range t.Columns {
		for _, word := range strings.Fields(text(c)) {
			least[i] = max(least[i], f.GetStringWidth(word)+2*cellPad+wordSlack)
		}
	}
	f.SetFont("Helvetica", "", fs)
	for _, r := range t.Rows {
		for i := range min(len(r), len(least)) {
			s := text(r[i])
			for _, word := range strings.Fields(s) {
				least[i] = max(least[i], f.GetStringWidth(word)+2*cellPad+wordSlack)
			}
			natural[i] = max(natural[i], f.GetStringWidth(s)+2*cellPad+wordSlack)
		}
	}
	for i := range natural {
		natural[i] = max(least[i], min(natural[i], colMax))
	}
	return least, natural
}

func sum(ws []float64) float64 {
	s := 0.0
	for _, w := range ws {
		s += w
	}
	return s
}

// fit chooses the font size and the column widths of t: the largest font
// at which every cell fits on one line; else the largest at which every
// column holds its longest word, the width left shared out in proportion
// to what each column lacks. ok is false when even FontMin cannot hold
// the longest words: the table must be drawn in parts (split).
func fit(f *fpdf.Fpdf, t Table, text func(string) string, avail float64) (l layout, ok bool) {
	for fs := FontMax; fs >= FontMin; fs -= 0.5 {
		if _, nat := measure(f, t, text, fs); sum(nat) <= avail {
			return layout{font: fs, widths: nat}, true
		}
	}
	for fs := FontMax; fs >= FontMin; fs -= 0.5 {
		least, nat := measure(f, t, text, fs)
		if sum(least) > avail {
			continue
		}
		ws := make([]float64, len(least))
		spare, want := avail-sum(least), sum(nat)-sum(least)
		for i := range ws {
			ws[i] = least[i]
			if want > 0 {
				ws[i] += (nat[i] - least[i]) * spare / want
			}
		}
		return layout{font: fs, widths: ws}, true
	}
	least, _ := measure(f, t, text, FontMin)
	return layout{font: FontMin, widths: least}, false
}

// split cuts a table too wide for the page into parts that fit, each
// with the table's key columns first and as many of the others as fit
// at FontMin, in order.
func split(f *fpdf.Fpdf, t Table, text func(string) string, avail float64) []Table {
	least, _ := measure(f, t, text, FontMin)
	keys := min(max(t.Keys, 0), len(t.Columns)-1)
	keyW := sum(least[:keys])
	var groups [][]int
	var cur []int
	w := keyW
	for i := keys; i < len(t.Columns); i++ {
		if len(cur) > 0 && w+least[i] > avail {
			groups = append(groups, cur)
			cur, w = nil, keyW
		}
		cur = append(cur, i)
		w += least[i]
	}
	groups = append(groups, cur)
	parts := make([]Table, len(groups))
	for g, cols := range groups {
		idx := append(seq(keys), cols...)
		p := Table{Title: fmt.Sprintf("%s (part %d of %d)", t.Title, g+1, len(groups)), Keys: keys, Note: t.Note}
		for _, i := range idx {
			p.Columns = append(p.Columns, t.Columns[i])
		}
		for _, r := range t.Rows {
			row := make([]string, len(idx))
			for j, i := range idx {
				if i < len(r) {
					row[j] = r[i]
				}
			}
			p.Rows = append(p.Rows, row)
		}
		parts[g] = p
	}
	return parts
}

func seq(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// cellLines wraps s to the column width, between words.
func cellLines(f *fpdf.Fpdf, s string, w float64) []string {
	if s == "" {
		return []string{""}
	}
	var out []string
	for _, b := range f.SplitLines([]byte(s), w) {
		out = append(out, string(b))
	}
	return out
}

// numericColumns tells which columns hold numbers only (amounts, counts,
// percentages): they are right-aligned, header included.
func numericColumns(t Table) []bool {
	out := make([]bool, len(t.Columns))
	for i := range out {
		seen := false
		out[i] = true
		for _, r := range t.Rows {
			if i >= len(r) || r[i] == "" {
				continue
			}
			seen = true
			if !numeric.MatchString(r[i]) {
				out[i] = false
				break
			}
		}
		out[i] = out[i] && seen
	}
	return out
}

// drawTable draws t from the current position, on new pages as needed.
func drawTable(f *fpdf.Fpdf, t Table, text func(string) string) {
	pw, ph := f.GetPageSize()
	avail := pw - 2*pageMargin
	bottom := ph - pageMargin - 4 // room for the footer
	l, ok := fit(f, t, text, avail)
	if !ok {
		for _, p := range split(f, t, text, avail) {
			drawTable(f, p, text)
		}
		return
	}
	lh := l.lineH()
	header := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		header[i] = text(c)
	}
	rows := make([][]string, len(t.Rows))
	for i, r := range t.Rows {
		rows[i] = make([]string, len(r))
		for j, c := range r {
			rows[i][j] = text(c)
		}
	}
	right := numericColumns(t)
	heights := func(font string, r []string) (float64, [][]string) {
		f.SetFont("Helvetica", font, l.font)
		cells := make([][]string, len(r))
		n := 1
		for i, c := range r {
			if i >= len(l.widths) {
				break
			}
			cells[i] = cellLines(f, c, l.widths[i])
			n = max(n, len(cells[i]))
		}
		return float64(n)*lh + 1, cells
	}
	headH, headCells := heights("B", header)
	titleH := 7.0
	if t.Note != "" {
		titleH += 3.5
	}
	total := titleH + headH
	rowHs := make([]float64, len(rows))
	rowCells := make([][][]string, len(rows))
	for i, r := range rows {
		rowHs[i], rowCells[i] = heights("", r)
		total += rowHs[i]
	}
	if len(rows) == 0 {
		total = 12
	}
	// Keep the table whole: a table that fits on a page but not in what
	// is left of this one starts on the next.
	if f.GetY()+total > bottom && total <= bottom-pageMargin {
		f.AddPage()
	} else if f.GetY()+titleH+headH+lh > bottom {
		f.AddPage()
	}
	f.Ln(2)
	f.SetFont("Helvetica", "B", 10)
	f.CellFormat(0, 5, text(t.Title), "", 1, "L", false, 0, "")
	if t.Note != "" {
		f.SetFont("Helvetica", "I", 7)
		f.MultiCell(0, 3.5, text(t.Note), "", "L", false)
	}
	if len(rows) == 0 {
		f.SetFont("Helvetica", "", 8)
		f.CellFormat(0, 5, "None.", "", 1, "L", false, 0, "")
		return
	}
	drawRow := func(cells [][]string, h float64, font string, fill bool) {
		f.SetFont("Helvetica", font, l.font)
		x, y := pageMargin, f.GetY()
		for i, lines := range cells {
			if i >= len(l.widths) {
				break
			}
			w := l.widths[i]
			style := "D"
			if fill {
				f.SetFillColor(235, 235, 235)
				style = "FD"
			}
			f.Rect(x, y, w, h, style)
			align := "L"
			if right[i] {
				align = "R"
			}
			for k, line := range lines {
				f.SetXY(x, y+0.5+float64(k)*lh)
				f.CellFormat(w, lh, line, "", 0, align, false, 0, "")
			}
			x += w
		}
		f.SetXY(pageMargin, y+h)
	}
	f.SetDrawColor(180, 180, 180)
	drawRow(headCells, headH, "B", true)
	for i := range rows {
		if f.GetY()+rowHs[i] > bottom {
			f.AddPage()
			drawRow(headCells, headH, "B", true) // the header again
		}
		drawRow(rowCells[i], rowHs[i], "", false)
	}
}
