package projections

import (
	"encoding/json"
	"fmt"

	bolt "go.etcd.io/bbolt"

	"github.com/wagerlog/wagerlog/games"
)

// TableState is the answer of TableState: the round in progress on a
// table, its results so far, its open bets and, for a game whose rounds
// carry a state across results (games.Stater: a craps hand's point), the
// game's description of that state.
type TableState struct {
	Seq      uint64 `json:"seq"`
	Table    string `json:"table"`
	Paytable string `json:"paytable"`
	// Status is the table's (open, closed).
	Status string `json:"status"`
	// Round, Number and RoundStatus describe the round in progress; all
	// empty between rounds.
	Round       string `json:"round,omitempty"`
	Number      int64  `json:"number,omitempty"`
	RoundStatus string `json:"round_status,omitempty"`
	// Results are the round's results so far, in order, as their game's
	// JSON.
	Results []json.RawMessage `json:"results"`
	// OpenBets are the round's bets still in play, in placement order.
	OpenBets []RoundBet `json:"open_bets"`
	// State is the game's state of the round (games.Stater), nil for a
	// game without one, between rounds, or when the store's catalog does
	// not know the table's paytable.
	State games.StateView `json:"state,omitempty"`
}

// TableState returns the state of a table's round in progress, read in one
// transaction.
func (s *Store) TableState(table string) (TableState, error) {
	out := TableState{Table: table, Results: []json.RawMessage{}, OpenBets: []RoundBet{}}
	err := s.view(func(tx *bolt.Tx, seq uint64) error {
		out.Seq = seq
		tv := tx.Bucket(bucketTables).Get([]byte(table))
		if tv == nil {
			return fmt.Errorf("%w: table %q", ErrNotFound, table)
		}
		var t TableInfo
		if err := decodeJSON(bucketTables, []byte(table), tv, &t); err != nil {
			return err
		}
		out.Paytable, out.Status = t.Paytable, t.Status
		if t.ActiveRound == "" {
			return nil
		}
		v := tx.Bucket(bucketRounds).Get([]byte(t.ActiveRound))
		if v == nil {
			return fmt.Errorf("%w: round %q", ErrNotFound, t.ActiveRound)
		}
		var r roundRec
		if err := decodeJSON(bucketRounds, []byte(t.ActiveRound), v, &r); err != nil {
			return err
		}
		out.Round, out.Number, out.RoundStatus = r.ID, r.Number, r.Status
		out.Results = append(out.Results, r.History...)
		bets, err := roundBets(tx, r.ID)
		if err != nil {
			return err
		}
		for i := range bets {
			if bets[i].Status == BetOpen {
				out.OpenBets = append(out.OpenBets, bets[i].roundBet())
			}
		}
		_, pt := s.gameOf(r.Paytable)
		stater, ok := pt.(games.Stater)
		if !ok {
			return nil
		}
		results := make([]games.Result, 0, len(r.History))
		for _, raw := range r.History {
			// A result this build's paytable does not parse is left
			// out of the game's state, as the board leaves it out of its
			// statistics.
			if res, err := pt.ParseResult(raw); err == nil {
				results = append(results, res)
			}
		}
		out.State = stater.State(results)
		return nil
	})
	return out, err
}
