package api

import "net/http"

// Test-only access to the mux, so that the OpenAPI test checks the
// document against the routes the mux really serves.

// MuxPattern returns the pattern the mux matches for r ("" for none).
func (s *Server) MuxPattern(r *http.Request) string {
	_, p := s.mux.Handler(r)
	return p
}

// Patterns returns every pattern registered with the mux.
func (s *Server) Patterns() []string { return append([]string(nil), s.patterns...) }
