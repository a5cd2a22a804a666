// Package pdftext reads a PDF back as text for tests, with pdftotext
// (poppler-utils), and checks a report's PDF against its CSV tables: every
// word of every cell is found whole (a cell that broke a word across two
// lines would not give it), every hash is shown short and given in full in
// the appendix.
package pdftext

import (
	"archive/zip"
	"bytes"
	"encoding/csv"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/wagerlog/wagerlog/audit/pdf"
)

// Text returns the text of a PDF. Where pdftotext is not installed the
// test is skipped, but under CI (which installs it, .ci/run) it fails.
func Text(t testing.TB, doc []byte) string {
	t.Helper()
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("pdftotext is not installed (apt-get install poppler-utils)")
		}
		t.Skip("pdftotext is not installed (apt-get install poppler-utils)")
	}
	cmd := exec.Command(bin, "-enc", "UTF-8", "-", "-")
	cmd.Stdin = bytes.NewReader(doc)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}

// Words returns the set of the words of a text.
func Words(text string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.Fields(text) {
		out[w] = true
	}
	return out
}

var fullHash = regexp.MustCompile(`^[0-9a-f]{64}$`)

// Appendix is the title of the PDF's hash appendix (audit.writePDF).
const Appendix = "Appendix: hashes in full"

// CheckReport checks the text of a report's PDF against the report's CSV
// (a zip of one CSV file per table): every word of every cell (but the
// "report" table, which the PDF's header says, and true and false, which
// it says yes and no, and the significance codes, which it says in words)
// is found whole; a 64-hex hash is found as its first 12 digits before the
// appendix and whole after it. Every word of every column's header, as
// header names it, is found whole too. It returns the number of words
// checked.
func CheckReport(t testing.TB, text string, csvZip []byte, header func(field string) string) int {
	t.Helper()
	main, app, _ := strings.Cut(text, Appendix)
	words, appWords := Words(main), Words(app)
	zr, err := zip.NewReader(bytes.NewReader(csvZip), int64(len(csvZip)))
	if err != nil {
		t.Fatalf("csv: %v", err)
	}
	n := 0
	for _, f := range zr.File {
		if f.Name == "report.csv" {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		recs, err := csv.NewReader(bytes.NewReader(data)).ReadAll()
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		if len(recs) < 2 {
			continue // an empty table is drawn as "None."
		}
		for ri, rec := range recs {
			if ri == 0 {
				// Field names: the PDF has human headers.
				for _, field := range rec {
					for _, w := range strings.Fields(header(field)) {
						n++
						if !words[w] {
							t.Errorf("%s: header word %q (of %s) is not found whole in the PDF", f.Name, w, field)
						}
					}
				}
				continue
			}
			for ci, cell := range rec {
				if cell == "true" || cell == "false" || recs[0][ci] == "significance" {
					continue
				}
				for _, w := range strings.Fields(pdf.Spell(cell)) {
					n++
					switch {
					case fullHash.MatchString(w):
						if !words[w[:12]] || !appWords[w] {
							t.Errorf("%s: hash %s is not shown short with its full value in the appendix", f.Name, w)
						}
						if words[w] {
							t.Errorf("%s: hash %s is shown whole in a table", f.Name, w)
						}
					case !words[w] && !appWords[w]:
						t.Errorf("%s: word %q (row %d, %s) is not found whole in the PDF", f.Name, w, ri, recs[0][ci])
					}
				}
			}
		}
	}
	return n
}
