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
	// starts at FontMax and shrinks until its columns fit or FontMin is
	// reached; then its cells wrap.
	FontMax = 7.5
	FontMin = 5.0
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
}

// Document is a report to draw.
type Document struct {
	Title string
	// Lines are the report's header lines under the title (operator,
	// period, generation time, sequence read).
	Lines []string
	// Created is the document's creation date, so that one report gives
	// one file.
	Created time.Time
	Tables  []Table
}

// numeric recognises the cells drawn right-aligned.
var numeric = regexp.MustCompile(`^-?[0-9][0-9.,]*%?$`)

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
	clean := strings.NewReplacer("→", "->", "−", "-", "✓", "yes", "✗", "no", "≥", ">=", "≤", "<=")
	text := func(s string) string { return tr(clean.Replace(s)) }
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

// fit chooses the font size and the column widths of t.
func fit(f *fpdf.Fpdf, t Table, text func(string) string, avail float64) layout {
	natural := func(fs float64) ([]float64, float64) {
		f.SetFont("Helvetica", "", fs)
		ws := make([]float64, len(t.Columns))
		for i, c := range t.Columns {
			// A header wraps at its spaces: its longest word counts.
			for _, word := range strings.Fields(text(c)) {
				ws[i] = max(ws[i], f.GetStringWidth(word)+2*cellPad)
			}
		}
		for _, r := range t.Rows {
			for i := range min(len(r), len(ws)) {
				ws[i] = max(ws[i], f.GetStringWidth(text(r[i]))+2*cellPad)
			}
		}
		sum := 0.0
		for i := range ws {
			ws[i] = min(ws[i], colMax)
			sum += ws[i]
		}
		return ws, sum
	}
	fs := FontMax
	ws, sum := natural(fs)
	for sum > avail && fs > FontMin {
		fs = max(fs-0.5, FontMin)
		ws, sum = natural(fs)
	}
	if sum > avail {
		// Still too wide at the smallest font: share the width out in
		// proportion, and let the cells wrap.
		for i := range ws {
			ws[i] *= avail / sum
		}
	}
	return layout{font: fs, widths: ws}
}

// cellLines wraps s to the column width.
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

// drawTable draws t from the current position, on new pages as needed.
func drawTable(f *fpdf.Fpdf, t Table, text func(string) string) {
	pw, ph := f.GetPageSize()
	avail := pw - 2*pageMargin
	bottom := ph - pageMargin - 4 // room for the footer
	title := strings.ReplaceAll(t.Title, "_", " ")
	if title != "" {
		title = strings.ToUpper(title[:1]) + title[1:]
	}
	l := fit(f, t, text, avail)
	lh := l.lineH()
	header := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		header[i] = text(strings.ReplaceAll(c, "_", " "))
	}
	rows := make([][]string, len(t.Rows))
	for i, r := range t.Rows {
		rows[i] = make([]string, len(r))
		for j, c := range r {
			rows[i][j] = text(c)
		}
	}
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
	total := 7 + headH
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
	} else if f.GetY()+7+headH+lh > bottom {
		f.AddPage()
	}
	f.Ln(2)
	f.SetFont("Helvetica", "B", 10)
	f.CellFormat(0, 5, text(title), "", 1, "L", false, 0, "")
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
			if !fill && len(lines) == 1 && numeric.MatchString(lines[0]) {
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
