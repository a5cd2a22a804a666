package projections

import (
	"fmt"

	bolt "go.etcd.io/bbolt"
)

// PlayerBets returns one page of a player's bet history ("registro de
// apuestas", seed 001), newest bet first, each with its outcome. A player
// with no bets has an empty history, not an error.
func (s *Store) PlayerBets(player string, page Page) (BetPage, error) {
	out := BetPage{Player: player, Bets: []BetView{}}
	err := s.view(func(tx *bolt.Tx, seq uint64) error {
		out.Seq = seq
		bets := tx.Bucket(bucketBets)
		h, err := storedHead(tx, player)
		if err != nil {
			return err
		}
		next, err := walkBack(tx, bucketPlayerBets, player, h.bet[:], linkKey, page, func(_, k []byte) error {
			v := bets.Get(k)
			if v == nil {
				return fmt.Errorf("projections: bet %q of player %q indexed but not stored", k, player)
			}
			b, err := decodeBetRecord(v)
			if err != nil {
				return damaged(bucketBets, k, err)
			}
			out.Bets = append(out.Bets, b.view())
			return nil
		})
		out.Next = next
		return err
	})
	return out, err
}
