package projections

import (
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// Table returns a table: its paytable and hash, limits, band, dealer,
// status and round count.
func (s *Store) Table(id string) (TableView, error) {
	var out TableView
	err := s.view(func(tx *bolt.Tx, seq uint64) error {
		out.Seq = seq
		v := tx.Bucket(bucketTables).Get([]byte(id))
		if v == nil {
			return fmt.Errorf("%w: table %q", ErrNotFound, id)
		}
		mustUnmarshal(v, &out.TableInfo)
		return nil
	})
	return out, err
}

// Tables returns every table (open and closed), sorted by id, at most
// TablesMax.
func (s *Store) Tables() (TableList, error) {
	out := TableList{Tables: []TableInfo{}}
	err := s.view(func(tx *bolt.Tx, seq uint64) error {
		out.Seq = seq
		c := tx.Bucket(bucketTables).Cursor()
		for k, v := c.First(); k != nil && len(out.Tables) < TablesMax; k, v = c.Next() {
			var t TableInfo
			mustUnmarshal(v, &t)
			out.Tables = append(out.Tables, t)
		}
		return nil
	})
	return out, err
}

// Board returns a table's statistics board: its last completed rounds
// (Options.BoardSize of them at most), newest first, with their statistics.
// Cancelled rounds and reshakes are not results and never appear.
func (s *Store) Board(table string) (Board, error) {
	var out Board
	err := s.view(func(tx *bolt.Tx, seq uint64) error {
		var b boardRec
		if v := tx.Bucket(bucketBoards).Get([]byte(table)); v != nil {
			if err := b.decode(v); err != nil {
				return fmt.Errorf("projections: board of %s: %w", table, err)
			}
		} else if tx.Bucket(bucketTables).Get([]byte(table)) == nil {
			return fmt.Errorf("%w: table %q", ErrNotFound, table)
		}
		out = b.view(table, s.opts.BoardSize, seq)
		return nil
	})
	return out, err
}
