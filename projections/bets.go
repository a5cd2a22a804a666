package projections

import (
	bolt "go.etcd.io/bbolt"
)

// PlayerBets returns one page of a player's bet history ("registro de
// apuestas", seed 001), newest bet first, each with its outcome. A player
// with no bets has an empty history, not an error.
func (s *Store) PlayerBets(player string, page Page) (BetPage, error) {
	out := BetPage{Player: player, Bets: []BetView{}}
	err := s.view(func(tx *bolt.Tx, seq uint64) error {
		out.Seq = seq
		next, err := scanBack(tx.Bucket(bucketBets), player, 10, page, func(_, v []byte) error {
			var b BetView
			mustUnmarshal(v, &b)
			out.Bets = append(out.Bets, b)
			return nil
		})
		out.Next = next
		return err
	})
	return out, err
}
