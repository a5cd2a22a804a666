// Package pdf draws a report's tables as a PDF document: A4 landscape,
// every table with its header row repeated on each page it spans, moved to
// the next page whole when it fits on one, its font reduced (down to
// FontMin) and its cells wrapped so that it fits between the margins.
//
// It is the one package that imports the PDF library (github.com/go-pdf/fpdf,
// pure Go, no HTML engine): package audit hands it the same tables it
// writes as CSV, so a report's content is defined once.
package pdf
