package api

import (
	"encoding/json"
	"net/http"
	"strconv"
)

// responseWriter records the status for the metrics and whether anything
// was written, so that a panic after the headers went out is not answered
// twice.
type responseWriter struct {
	http.ResponseWriter
	status int
	wrote  bool
	// problem is the code of the problem answered, for the metrics.
	problem string
	// render rewrites a JSON answer's amounts with their currency's
	// decimals (amounts.go); writeJSON applies it.
	render func([]byte) []byte
}

func (w *responseWriter) WriteHeader(code int) {
	if !w.wrote {
		w.status, w.wrote = code, true
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *responseWriter) Write(b []byte) (int, error) {
	if !w.wrote {
		w.status, w.wrote = http.StatusOK, true
	}
	return w.ResponseWriter.Write(b)
}

// Flush lets live streams flush through the wrapper.
func (w *responseWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap gives http.ResponseController the underlying writer.
func (w *responseWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// problemOnly turns the mux's plain-text 404 and 405 answers into problems:
// it keeps the headers the mux set (Allow) and replaces the body. Other
// answers of the mux (a redirect to a cleaned path) pass through.
type problemOnly struct {
	rw      http.ResponseWriter
	r       *http.Request
	written bool
	pass    bool
	// log logs the problem answered, as every other problem is.
	log func(r *http.Request, p Problem, err error)
}

func (p *problemOnly) Header() http.Header { return p.rw.Header() }

func (p *problemOnly) WriteHeader(code int) {
	if p.written {
		return
	}
	p.written = true
	var e *Error
	switch code {
	case http.StatusNotFound:
		e = apiErr(CodeNotFound, "no such endpoint: "+p.r.URL.Path)
	case http.StatusMethodNotAllowed:
		e = apiErr(CodeMethodNotAllowed, p.r.Method+" is not allowed on "+p.r.URL.Path+"; allowed: "+p.rw.Header().Get("Allow"))
	default:
		p.pass = true
		p.rw.WriteHeader(code)
		return
	}
	prob := problemFor(e)
	if p.log != nil {
		p.log(p.r, prob, e)
	}
	writeProblem(p.rw, p.r, prob)
}

func (p *problemOnly) Write(b []byte) (int, error) {
	if !p.written {
		p.WriteHeader(http.StatusOK)
	}
	if p.pass {
		return p.rw.Write(b)
	}
	return len(b), nil
}

// writeJSON writes v as JSON with status.
func writeJSON(w http.ResponseWriter, status int, v any) error {
	body, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if rw, ok := w.(*responseWriter); ok && rw.render != nil {
		body = rw.render(body)
	}
	writeBody(w, status, body)
	return nil
}

// writeBody writes an encoded JSON answer with status.
func writeBody(w http.ResponseWriter, status int, body []byte) {
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Cache-Control", "no-store")
	h.Set("Content-Length", strconv.Itoa(len(body)+1))
	w.WriteHeader(status)
	// A failed write means the client went away: nothing left to tell it.
	_, _ = w.Write(append(body, '\n'))
}
