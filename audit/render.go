package audit

import (
	"archive/zip"
	"bytes"
	"embed"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/internal/amountjson"
	"github.com/wagerlog/wagerlog/internal/assert"
)

// Format is a report's rendering.
type Format string

// The formats every report renders to.
const (
	FormatJSON Format = "json"
	FormatCSV  Format = "csv"
	FormatHTML Format = "html"
	// FormatPDF draws the report's tables (the CSV's) as a PDF document
	// (package audit/pdf).
	FormatPDF Format = "pdf"
)

// ErrBadFormat is returned by ParseFormat for a format no report renders
// to.
var ErrBadFormat = errors.New("audit: unknown report format")

// ParseFormat reads "json", "csv" or "html".
func ParseFormat(s string) (Format, error) {
	switch f := Format(strings.ToLower(s)); f {
	case FormatJSON, FormatCSV, FormatHTML, FormatPDF:
		return f, nil
	}
	return "", fmt.Errorf("%w %q: want json, csv, html or pdf", ErrBadFormat, s)
}

// ContentType returns the MIME type of the format.
func (f Format) ContentType() string {
	switch f {
	case FormatCSV:
		// One CSV file per table, in a zip archive (csvSections).
		return "application/zip"
	case FormatHTML:
		return "text/html; charset=utf-8"
	case FormatPDF:
		return "application/pdf"
	}
	return "application/json"
}

// Report is a report that renders to every Format: *DisputeReport,
// *ReconcileReport and *RegulatorReport.
type Report interface {
	// WriteJSON writes the report's data as indented JSON.
	WriteJSON(w io.Writer) error
	// WriteCSV writes the report's tables as a zip archive of CSV files,
	// one rectangular table per file with a header row (see
	// docs/AUDIT.md).
	WriteCSV(w io.Writer) error
	// WriteHTML writes a self-contained HTML page with inline SVG charts
	// and no external resource.
	WriteHTML(w io.Writer) error
	// WritePDF writes the report's tables (those of WriteCSV) as a PDF
	// document, A4 landscape.
	WritePDF(w io.Writer) error
}

// Render writes r in format f.
func Render(w io.Writer, r Report, f Format) error {
	switch f {
	case FormatJSON:
		return r.WriteJSON(w)
	case FormatCSV:
		return r.WriteCSV(w)
	case FormatHTML:
		return r.WriteHTML(w)
	case FormatPDF:
		return r.WritePDF(w)
	}
	return fmt.Errorf("%w %q", ErrBadFormat, f)
}

// renderInfo is what rendering needs beyond a report's data: each
// currency's scale (amounts are rendered at a fixed scale) and the time
// zone of its times.
type renderInfo struct {
	scales map[string]int32
	loc    *time.Location
}

// amount renders an amount at its currency's scale; an amount finer than
// that (a residue an older stream posted) keeps every decimal it has,
// never rounded.
func (ri renderInfo) amount(d decimal.Decimal, currency string) string {
	scale, ok := ri.scales[currency]
	if !ok {
		scale = 2
	}
	return d.StringFixed(max(scale, -d.Exponent()))
}

// timeLayout renders report times to the millisecond with their offset.
const timeLayout = "2006-01-02 15:04:05.000 -07:00"

func (ri renderInfo) time(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	loc := ri.loc
	if loc == nil {
		loc = time.UTC
	}
	return t.In(loc).Format(timeLayout)
}

// writeJSON writes a report as indented JSON, its amounts with their
// currency's decimals and its percentages with a fixed number of decimals
// (package amountjson): the types declare which members are amounts, the
// nearest "currency" member says which currency.
func writeJSON(w io.Writer, ri renderInfo, v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("audit: json: %w", err)
	}
	out, unscoped, err := ri.amountsJSON(reflect.TypeOf(v)).Render(bytes.TrimSpace(buf.Bytes()))
	if err != nil {
		return fmt.Errorf("audit: json: %w", err)
	}
	if len(unscoped) > 0 {
		// A report type that holds an amount with no currency around it
		// is a mistake of this package: say so rather than write "3731".
		return fmt.Errorf("audit: json: amounts with no currency in scope: %s", strings.Join(unscoped, ", "))
	}
	buf.Reset()
	if err := json.Indent(&buf, out, "", "  "); err != nil {
		return fmt.Errorf("audit: json: %w", err)
	}
	buf.WriteByte('\n')
	_, err = w.Write(buf.Bytes())
	return err
}

// amountsJSON is the amount renderer of a report of type t: the members
// that hold percentages and the large-win thresholds (keyed by currency)
// are named here, every other decimal member is an amount.
func (ri renderInfo) amountsJSON(t reflect.Type) *amountjson.Renderer {
	return amountjson.New(amountjson.Options{
		Scales:          ri.scales,
		Percents:        map[string]int32{"percent": PercentPlaces, "ci95_low_percent": kindPercentPlaces, "ci95_high_percent": kindPercentPlaces},
		KeyedByCurrency: []string{"large_win_thresholds"},
	}, t)
}

// csvSections collects a report's tables, one rectangular table per
// section with a header row, and writes them as a zip archive of CSV
// files (<section>.csv, in the order the report first names them): each
// opens cleanly in a spreadsheet, which one file of mixed sections did
// not. The archive is stored uncompressed with no file times, so the same
// report gives the same bytes.
type csvSections struct {
	order  []string
	tables map[string]*csvTable
}

// csvTable is one section: its buffer and its column count.
type csvTable struct {
	buf    bytes.Buffer
	w      *csv.Writer
	cols   int
	header []string
	rows   [][]string
}

func newCSV() *csvSections { return &csvSections{tables: map[string]*csvTable{}} }

// header starts the section with its header row.
func (c *csvSections) header(section string, cols ...string) {
	t := &csvTable{cols: len(cols), header: cols}
	t.w = csv.NewWriter(&t.buf)
	if _, ok := c.tables[section]; !ok {
		c.order = append(c.order, section)
	}
	c.tables[section] = t
	_ = t.w.Write(cols)
}

// row adds a record to a section whose header was written; a record of
// another width is a programming error.
func (c *csvSections) row(section string, vals ...string) {
	t := c.tables[section]
	assert.That(t != nil, "csv row of section %q before its header", section)
	assert.That(len(vals) == t.cols, "csv row of %q has %d fields, its header %d", section, len(vals), t.cols)
	_ = t.w.Write(vals)
	t.rows = append(t.rows, vals)
}

// zip writes the tables to w as a zip of CSV files.
func (c *csvSections) zip(w io.Writer) error {
	zw := zip.NewWriter(w)
	for _, name := range c.order {
		t := c.tables[name]
		t.w.Flush()
		if err := t.w.Error(); err != nil {
			return fmt.Errorf("audit: csv: %w", err)
		}
		f, err := zw.CreateHeader(&zip.FileHeader{Name: name + ".csv", Method: zip.Store})
		if err != nil {
			return fmt.Errorf("audit: csv: %w", err)
		}
		if _, err := f.Write(t.buf.Bytes()); err != nil {
			return fmt.Errorf("audit: csv: %w", err)
		}
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("audit: csv: %w", err)
	}
	return nil
}

func u64s(n uint64) string { return strconv.FormatUint(n, 10) }
func ints(n int) string    { return strconv.Itoa(n) }
func bools(b bool) string  { return strconv.FormatBool(b) }

func dicePtr(d *[3]int) string {
	if d == nil {
		return ""
	}
	return diceString(*d)
}

func pctString(r *Ratio) string {
	if r == nil {
		return ""
	}
	return r.Percent.StringFixed(PercentPlaces)
}

//go:embed templates/*.html
var templateFS embed.FS

// templates parses the report templates with the helpers bound to ri.
// "hash" shows a SHA-256 by its first HashShown hex digits and keeps it
// for the appendix that "hashesInFull" lists at the page's foot (pairs of
// short and full, in the order first shown).
func templates(ri renderInfo) *template.Template {
	var shown [][2]string
	seen := map[string]bool{}
	funcs := template.FuncMap{
		"hash": func(h string) string {
			if len(h) <= HashShown {
				return h
			}
			if !seen[h] {
				seen[h] = true
				shown = append(shown, [2]string{short(h), h})
			}
			return short(h)
		},
		"hashesInFull": func() [][2]string { return shown },
		"amount":       ri.amount,
		"time":         ri.time,
		"dice": func(v any) string {
			switch d := v.(type) {
			case *[3]int:
				return dicePtr(d)
			case [3]int:
				return diceString(d)
			}
			return ""
		},
		// result is a result's JSON with a space after each comma and
		// colon outside its strings, so that a card game's deal wraps
		// between its parts instead of inside one.
		"result": func(v any) string {
			var raw []byte
			switch r := v.(type) {
			case json.RawMessage:
				raw = r
			case []byte:
				raw = r
			case string:
				raw = []byte(r)
			default:
				return fmt.Sprint(v)
			}
			return spacedJSON(raw)
		},
		"pct": pctString,
		// pctSign is a percentage with its sign, or nothing without one
		// (never a lone "%").
		"pctSign": func(r *Ratio) string {
			if r == nil {
				return ""
			}
			return pctString(r) + "%"
		},
		"interval": func(lo, hi *decimal.Decimal) string {
			if lo == nil || hi == nil {
				return ""
			}
			return decPtr(lo) + "% to " + decPtr(hi) + "%"
		},
		"significance": significanceText,
		"kindBetsMin":  func() int { return KindBetsMin },
		// thresholds lists large-win thresholds ("CLP 2000 · EUR 300"),
		// or says there are none.
		"thresholds": func(m map[string]decimal.Decimal) string {
			if len(m) == 0 {
				return "none given"
			}
			parts := make([]string, 0, len(m))
			for _, c := range sortedKeys(m) {
				parts = append(parts, c+" "+ri.amount(m[c], c))
			}
			return strings.Join(parts, " · ")
		},
		"short": short,
		"nonzero": func(d decimal.Decimal) bool {
			return !d.IsZero()
		},
		"chart": barChart,
		"deref": func(b *bool) bool { return b != nil && *b },
	}
	return template.Must(template.New("").Funcs(funcs).ParseFS(templateFS, "templates/*.html"))
}

func writeHTML(w io.Writer, ri renderInfo, name string, data any) error {
	if err := templates(ri).ExecuteTemplate(w, name, data); err != nil {
		return fmt.Errorf("audit: html: %w", err)
	}
	return nil
}

// spacedJSON returns compact JSON with a space after every comma and colon
// that is not inside a string.
func spacedJSON(raw []byte) string {
	var b strings.Builder
	b.Grow(len(raw) + len(raw)/4)
	inString, escaped := false, false
	for _, c := range raw {
		b.WriteByte(c)
		switch {
		case escaped:
			escaped = false
		case inString && c == '\\':
			escaped = true
		case c == '"':
			inString = !inString
		case !inString && (c == ',' || c == ':'):
			b.WriteByte(' ')
		}
	}
	return b.String()
}
