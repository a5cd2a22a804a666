package api

import (
	"encoding/json"
	"net/http"

	"github.com/wagerlog/wagerlog/ledger"
)

// openSessionRequest opens a session above a table's rounds (a bingo
// session) with its terms, which the table's game reads (bingo: the
// series it sells, {"series":[{"id","face","from","to","seed"}]}).
type openSessionRequest struct {
	Session string          `json:"session"`
	Terms   json.RawMessage `json:"terms"`
}

// openSession opens a table's session (session.opened).
func (s *Server) openSession(w http.ResponseWriter, r *http.Request, who Principal) error {
	return write(s, w, r, who, http.StatusCreated, func(m ledger.Meta, q *openSessionRequest) (ledger.Command, error) {
		t, err := pathID(r, "table")
		return &ledger.OpenSession{Meta: m, Table: t, Session: q.Session, Terms: q.Terms}, err
	})
}

// closeSession closes a table's open session between rounds
// (session.closed).
func (s *Server) closeSession(w http.ResponseWriter, r *http.Request, who Principal) error {
	return write(s, w, r, who, 0, func(m ledger.Meta, q *reasonRequest) (ledger.Command, error) {
		t, err := pathID(r, "table")
		if err != nil {
			return nil, err
		}
		id, err := pathID(r, "session")
		return &ledger.CloseSession{Meta: m, Table: t, Session: id, Reason: q.Reason}, err
	})
}

// getSession answers a table's session with its terms and what it sold,
// paid and refunded, in all and per day.
func (s *Server) getSession(w http.ResponseWriter, r *http.Request, _ Principal) error {
	table, err := pathID(r, "table")
	if err != nil {
		return err
	}
	id, err := pathID(r, "session")
	if err != nil {
		return err
	}
	if err := s.waitMinSeq(r); err != nil {
		return err
	}
	v, err := s.cfg.Views.Session(table, id)
	return answer(w, v.Seq, v, err)
}
