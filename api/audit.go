package api

import (
	"fmt"
	"net/http"
	"regexp"
)

// verifyRequest names the range of the stream to verify; 0 means from the
// first and to the last sequence.
type verifyRequest struct {
	From uint64 `json:"from,omitempty"`
	To   uint64 `json:"to,omitempty"`
}

// reportKind is the form of a report name.
var reportKind = regexp.MustCompile(`^[a-z][a-z0-9_-]{0,63}$`)

// ReportParamsMax bounds the query parameters passed to a report.
const ReportParamsMax = 32

func (s *Server) notImplemented(what string) error {
	return apiErr(CodeNotImplemented, what+" is not available: this server has no auditor configured (packages audit and replay)")
}

func (s *Server) replayRound(w http.ResponseWriter, r *http.Request, _ Principal) error {
	round, err := pathUUID(r, "round")
	if err != nil {
		return err
	}
	if s.cfg.Auditor == nil {
		return s.notImplemented("round replay")
	}
	v, err := s.cfg.Auditor.ReplayRound(r.Context(), round)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, v)
}

func (s *Server) verify(w http.ResponseWriter, r *http.Request, _ Principal) error {
	var req verifyRequest
	if err := decodeBody(r, &req); err != nil {
		return err
	}
	if req.To != 0 && req.To < req.From {
		return apiErr("invalid_request", fmt.Sprintf("to %d is before from %d", req.To, req.From))
	}
	if s.cfg.Auditor == nil {
		return s.notImplemented("verification")
	}
	v, err := s.cfg.Auditor.Verify(r.Context(), req.From, req.To)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, v)
}

func (s *Server) report(w http.ResponseWriter, r *http.Request, _ Principal) error {
	kind := r.PathValue("kind")
	if !reportKind.MatchString(kind) {
		return apiErr(CodeInvalidQuery, fmt.Sprintf("report kind %q must be lower-case letters, digits, '_' or '-'", cut(kind)))
	}
	q := r.URL.Query()
	if len(q) > ReportParamsMax {
		return apiErr(CodeInvalidQuery, fmt.Sprintf("%d query parameters is over the limit of %d", len(q), ReportParamsMax))
	}
	if s.cfg.Auditor == nil {
		return s.notImplemented("report " + kind)
	}
	ctype, body, err := s.cfg.Auditor.Report(r.Context(), kind, q)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(body)
	return nil
}
