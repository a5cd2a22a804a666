package projections

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"slices"

	bolt "go.etcd.io/bbolt"
)

// Round returns a round: status, result, reshakes, corrections, the
// sequences of its events, its bets with their outcomes, and its totals.
func (s *Store) Round(id string) (RoundView, error) {
	var out RoundView
	err := s.view(func(tx *bolt.Tx, seq uint64) error {
		out.Seq = seq
		return getRound(tx, id, &out.RoundInfo)
	})
	return out, err
}

// getRound reads a round with its bets (in placement order) and the
// sequences of its events.
func getRound(tx *bolt.Tx, id string, into *RoundInfo) error {
	head, err := getRoundHead(tx, id, into)
	if err != nil {
		return err
	}
	bets, err := roundBets(tx, id)
	if err != nil {
		return err
	}
	into.Bets = make([]RoundBet, len(bets))
	for i := range bets {
		into.Bets[i] = bets[i].roundBet()
	}
	betEvents := make([][]uint64, len(bets))
	for i := range bets {
		betEvents[i] = bets[i].Events
	}
	into.Events = roundEvents(head, betEvents)
	return nil
}

// getRoundHead reads a round without its bets and events, and returns the
// sequences of the round's own events.
func getRoundHead(tx *bolt.Tx, id string, into *RoundInfo) ([]uint64, error) {
	v := tx.Bucket(bucketRounds).Get([]byte(id))
	if v == nil {
		return nil, fmt.Errorf("%w: round %q", ErrNotFound, id)
	}
	var r roundRec
	if err := decodeJSON(bucketRounds, []byte(id), v, &r); err != nil {
		return nil, err
	}
	*into = r.RoundInfo
	into.Results = r.History
	if into.Results == nil {
		into.Results = []json.RawMessage{}
	}
	return r.Seqs, nil
}

// roundBets reads a round's bets in the order they were placed.
func roundBets(tx *bolt.Tx, id string) ([]betRecord, error) {
	var out []betRecord
	err := eachRoundBet(tx, id, func(v []byte) error {
		b, err := decodeBetRecord(v)
		out = append(out, b)
		return err
	})
	slices.SortFunc(out, func(a, b betRecord) int {
		return cmp.Or(cmp.Compare(a.PlacedSeq, b.PlacedSeq), cmp.Compare(a.Position, b.Position))
	})
	return out, err
}

// eachRoundBet calls fn with the encoded record of each of a round's bets,
// in key order; a record fn fails on is reported damaged.
func eachRoundBet(tx *bolt.Tx, id string, fn func(v []byte) error) error {
	prefix := append([]byte(id), 0)
	c := tx.Bucket(bucketBets).Cursor()
	for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
		if err := fn(v); err != nil {
			return damaged(bucketBets, k, err)
		}
	}
	return nil
}

// roundEvents merges the sequences of a round's own events (head) with
// those of each of its bets' events: the round index, in stream order.
func roundEvents(head []uint64, bets [][]uint64) []uint64 {
	n := len(head)
	for _, b := range bets {
		n += len(b)
	}
	out := append(make([]uint64, 0, n), head...)
	for _, b := range bets {
		out = append(out, b...)
	}
	slices.Sort(out)
	return slices.Compact(out) // the bets of one slip share its event
}

// RoundIndex returns where a round's events are in the stream (the round
// index), with the currency scale its bets were settled at, so that replay
// can fetch them one by one without scanning the stream.
func (s *Store) RoundIndex(id string) (RoundIndex, error) {
	var out RoundIndex
	err := s.view(func(tx *bolt.Tx, seq uint64) error {
		var r RoundInfo
		head, err := getRoundHead(tx, id, &r)
		if err != nil {
			return err
		}
		// Only the bets' events are needed: their records are skimmed,
		// not decoded (a replay waits on this before it reads).
		var bets [][]uint64
		if err := eachRoundBet(tx, id, func(v []byte) error {
			evs, err := betRecordEvents(v)
			bets = append(bets, evs)
			return err
		}); err != nil {
			return err
		}
		out = RoundIndex{Seq: seq, Round: r.ID, Table: r.Table, Currency: r.Currency, Scale: r.Scale, Events: roundEvents(head, bets)}
		return nil
	})
	return out, err
}

// Rounds returns one page of a table's rounds, newest first.
func (s *Store) Rounds(table string, page Page) (RoundPage, error) {
	out := RoundPage{Table: table, Rounds: []RoundSummary{}}
	err := s.view(func(tx *bolt.Tx, seq uint64) error {
		out.Seq = seq
		if tx.Bucket(bucketTables).Get([]byte(table)) == nil {
			return fmt.Errorf("%w: table %q", ErrNotFound, table)
		}
		next, err := scanBack(tx.Bucket(bucketTableRounds), table, 8, page, func(_, v []byte) error {
			var r RoundInfo
			if _, err := getRoundHead(tx, string(v), &r); err != nil {
				return err
			}
			out.Rounds = append(out.Rounds, RoundSummary{
				ID: r.ID, Number: r.Number, Status: r.Status, OpenedAt: r.OpenedAt,
				Results: r.Results, Dice: r.Dice, Result: r.Result, Currency: r.Currency, Totals: r.Totals,
			})
			return nil
		})
		out.Next = next
		return err
	})
	return out, err
}
