package projections

import (
	"bytes"
	"encoding/binary"
	"fmt"

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
	if err := getRoundHead(tx, id, into); err != nil {
		return err
	}
	into.Events = roundEvents(tx, id)
	into.Bets = []RoundBet{}
	prefix := append([]byte(id), 0)
	c := tx.Bucket(bucketRoundBets).Cursor()
	for k, v := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
		var b RoundBet
		mustUnmarshal(v, &b)
		into.Bets = append(into.Bets, b)
	}
	return nil
}

// getRoundHead reads a round without its bets and events.
func getRoundHead(tx *bolt.Tx, id string, into *RoundInfo) error {
	v := tx.Bucket(bucketRounds).Get([]byte(id))
	if v == nil {
		return fmt.Errorf("%w: round %q", ErrNotFound, id)
	}
	mustUnmarshal(v, into)
	return nil
}

// roundEvents returns the sequences of a round's events, in order.
func roundEvents(tx *bolt.Tx, id string) []uint64 {
	out := []uint64{}
	prefix := append([]byte(id), 0)
	c := tx.Bucket(bucketRoundEvents).Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		out = append(out, binary.BigEndian.Uint64(k[len(prefix):]))
	}
	return out
}

// RoundIndex returns where a round's events are in the stream (the round
// index), with the currency scale its bets were settled at, so that replay
// can fetch them one by one without scanning the stream.
func (s *Store) RoundIndex(id string) (RoundIndex, error) {
	var out RoundIndex
	err := s.view(func(tx *bolt.Tx, seq uint64) error {
		var r RoundInfo
		if err := getRoundHead(tx, id, &r); err != nil {
			return err
		}
		out = RoundIndex{Seq: seq, Round: r.ID, Table: r.Table, Currency: r.Currency, Scale: r.Scale, Events: roundEvents(tx, id)}
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
			if err := getRoundHead(tx, string(v), &r); err != nil {
				return err
			}
			out.Rounds = append(out.Rounds, RoundSummary{
				ID: r.ID, Number: r.Number, Status: r.Status, OpenedAt: r.OpenedAt,
				Dice: r.Dice, Currency: r.Currency, Totals: r.Totals,
			})
			return nil
		})
		out.Next = next
		return err
	})
	return out, err
}
