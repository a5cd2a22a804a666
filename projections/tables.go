package projections

import (
	"fmt"

	"github.com/shopspring/decimal"
	bolt "go.etcd.io/bbolt"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/posting"
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
		if err := decodeJSON(bucketTables, []byte(id), v, &out.TableInfo); err != nil {
			return err
		}
		return bankBalance(tx, &out.TableInfo)
	})
	return out, err
}

// bankBalance fills the balance of the bank a player holds at t, read
// from its account in the same transaction as the table.
func bankBalance(tx *bolt.Tx, t *TableInfo) error {
	if t.Bank == nil {
		return nil
	}
	key := balanceKey(posting.BankAccount(t.ID), t.Currency)
	t.Bank.Balance = decimal.Zero
	if v := tx.Bucket(bucketBalances).Get(key); v != nil {
		_, bal, err := decodeBalance(v)
		if err != nil {
			return damaged(bucketBalances, key, err)
		}
		t.Bank.Balance = bal
	}
	return nil
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
			if err := decodeJSON(bucketTables, k, v, &t); err != nil {
				return err
			}
			if err := bankBalance(tx, &t); err != nil {
				return err
			}
			out.Tables = append(out.Tables, t)
		}
		return nil
	})
	return out, err
}

// Board returns a table's statistics board: its last settled results
// (Options.BoardSize of them at most; one per round for a game of one
// result per round, one per result of a round of several, the round in
// progress included), newest first, with their statistics.
// Cancelled rounds and reshakes are not results and never appear.
func (s *Store) Board(table string) (Board, error) {
	var out Board
	err := s.view(func(tx *bolt.Tx, seq uint64) error {
		tv := tx.Bucket(bucketTables).Get([]byte(table))
		if tv == nil {
			return fmt.Errorf("%w: table %q", ErrNotFound, table)
		}
		var t TableInfo
		if err := decodeJSON(bucketTables, []byte(table), tv, &t); err != nil {
			return err
		}
		var b boardRec
		if v := tx.Bucket(bucketBoards).Get([]byte(table)); v != nil {
			if err := b.decode(v); err != nil {
				return damaged(bucketBoards, []byte(table), err)
			}
		}
		game, pt := s.gameOf(t.Paytable)
		out = b.view(table, s.opts.BoardSize, seq, game, pt, func(round string, index int) [][]byte {
			var r roundRec
			v := tx.Bucket(bucketRounds).Get([]byte(round))
			if v == nil || decodeJSON(bucketRounds, []byte(round), v, &r) != nil {
				return nil
			}
			out := make([][]byte, 0, min(index, len(r.History)))
			for _, raw := range r.History[:min(index, len(r.History))] {
				out = append(out, raw)
			}
			return out
		})
		return nil
	})
	return out, err
}

// gameOf returns the game and paytable of a table's paytable id from the
// store's catalog, nil and nil when it does not know it.
func (s *Store) gameOf(paytable string) (games.Game, games.Paytable) {
	if s.opts.Games == nil {
		return nil, nil
	}
	pt, err := s.opts.Games.Paytable(paytable)
	if err != nil {
		return nil, nil
	}
	g, ok := s.opts.Games.Game(pt.Game())
	if !ok {
		return nil, nil
	}
	return g, pt
}

// boardByRound reports whether the game of paytable keeps whole rounds on
// its board (games.RoundBoarder).
func (s *Store) boardByRound(paytable string) bool {
	g, _ := s.gameOf(paytable)
	_, ok := g.(games.RoundBoarder)
	return ok
}

// boardPayer reports whether the game of paytable shows its rounds'
// winners on its board (games.BoardPayer).
func (s *Store) boardPayer(paytable string) bool {
	g, _ := s.gameOf(paytable)
	_, ok := g.(games.BoardPayer)
	return ok
}
