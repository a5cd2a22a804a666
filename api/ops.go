package api

import (
	"net/http"
)

// statusBody is the answer of the health checks.
type statusBody struct {
	Status string `json:"status"`
	// LastSeq is the ledger's last sequence, ProjectedSeq the projections'.
	LastSeq      uint64 `json:"last_seq"`
	ProjectedSeq uint64 `json:"projected_seq"`
}

func (s *Server) healthz(w http.ResponseWriter, _ *http.Request, _ Principal) error {
	return writeJSON(w, http.StatusOK, statusBody{Status: "ok", LastSeq: s.lastSeq(), ProjectedSeq: s.cfg.Views.LastSeq()})
}

func (s *Server) readyz(w http.ResponseWriter, _ *http.Request, _ Principal) error {
	if s.cfg.Ready != nil {
		if err := s.cfg.Ready(); err != nil {
			return &Error{Code: CodeNotReady, Detail: err.Error(), Err: err}
		}
	}
	return writeJSON(w, http.StatusOK, statusBody{Status: "ready", LastSeq: s.lastSeq(), ProjectedSeq: s.cfg.Views.LastSeq()})
}

func (s *Server) metricsHandler(w http.ResponseWriter, r *http.Request, _ Principal) error {
	w.Header().Set("Cache-Control", "no-store")
	s.metrics.handler.ServeHTTP(w, r)
	return nil
}

func (s *Server) openapi(w http.ResponseWriter, _ *http.Request, _ Principal) error {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(s.doc)
	return nil
}
