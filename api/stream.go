package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// boardStream serves a table's board as server-sent events: an `event:
// board` with the board as JSON on connect and after every change, and a
// comment line every heartbeat. It ends when the client goes away, when the
// projections close, or when the server closes (Server.Close).
func (s *Server) boardStream(w http.ResponseWriter, r *http.Request, _ Principal) error {
	table, err := pathID(r, "table")
	if err != nil {
		return err
	}
	return s.liveStream(w, r, "board", table, func() (uint64, any, error) {
		b, err := s.cfg.Views.Board(table)
		return b.Seq, b, err
	})
}

// liveStream serves one view as server-sent events: `event: <event>` with
// the view as JSON (amounts at their currency's decimals) on connect and
// whenever the projections publish on subject and the view's sequence
// moved, and a comment line every heartbeat. read gives the view and its
// sequence; its first error is the route's answer (an unknown table or
// pool gets its 404 problem rather than an empty stream). The boards and
// the progressive pools' displays share it.
func (s *Server) liveStream(w http.ResponseWriter, r *http.Request, event, subject string, read func() (uint64, any, error)) error {
	seq, v, err := read()
	if err != nil {
		return err
	}
	select {
	case s.streams <- struct{}{}:
		defer func() { <-s.streams }()
	default:
		return apiErr("overloaded", fmt.Sprintf("%d live streams are open, the most this server serves", StreamsMax))
	}
	rc := http.NewResponseController(w)
	updates, unsubscribe := s.cfg.Views.Subscribe(subject)
	defer unsubscribe()

	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no") // nginx: do not buffer the stream
	w.WriteHeader(http.StatusOK)
	// Live streams outlast the server's write timeout.
	_ = rc.SetWriteDeadline(time.Time{})

	lastSeq := uint64(0)
	send := func() bool {
		if seq == lastSeq && lastSeq != 0 {
			return true
		}
		lastSeq = seq
		data, err := json.Marshal(v)
		if err != nil {
			s.log.Error(event+" stream: marshal", "subject", subject, "err", err)
			return false
		}
		data = s.amounts.render(data)
		if _, err := fmt.Fprintf(w, "event: %s\nid: %d\ndata: %s\n\n", event, seq, data); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	// Count the stream before its first event, so that a client that has
	// seen an event always finds the stream counted.
	s.metrics.streams.Inc()
	defer s.metrics.streams.Dec()
	if !send() {
		return nil
	}
	tick := time.NewTicker(s.cfg.Heartbeat)
	defer tick.Stop()
	for {
		select {
		case <-r.Context().Done():
			return nil
		case <-s.quit:
			return nil
		case _, ok := <-updates:
			if !ok {
				return nil // the projections closed
			}
			if seq, v, err = read(); err != nil {
				s.log.Warn(event+" stream: read", "subject", subject, "err", err)
				return nil
			}
			if !send() {
				return nil
			}
		case <-tick.C:
			if _, err := fmt.Fprint(w, ": heartbeat\n\n"); err != nil || rc.Flush() != nil {
				return nil
			}
		}
	}
}
