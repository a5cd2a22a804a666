package api

// lastSeq is the last stream sequence this server knows of: the ledger's;
// on a read replica (no ledger), the stream's as the projector last saw it
// (Config.Lag), or else the projections' own.
func (s *Server) lastSeq() uint64 {
	switch {
	case s.cfg.Ledger != nil:
		return s.cfg.Ledger.LastSeq()
	case s.cfg.Lag != nil:
		return s.cfg.Lag().StreamSeq
	}
	return s.cfg.Views.LastSeq()
}
