package projections

import (
	bolt "go.etcd.io/bbolt"
)

// WalletHistory returns one page of the events that moved a player's wallet
// (deposits, withdrawals, adjustments, stakes, payouts, refunds and
// reversals), newest first, each with the balance after it.
func (s *Store) WalletHistory(player string, page Page) (WalletPage, error) {
	out := WalletPage{Player: player, Entries: []WalletEntry{}}
	err := s.view(func(tx *bolt.Tx, seq uint64) error {
		out.Seq = seq
		h, err := storedHead(tx, player)
		if err != nil {
			return err
		}
		next, err := walkBack(tx, bucketWallet, player, u64(h.wallet), linkKey, page, func(k, v []byte) error {
			w, err := decodeWalletEntry(v)
			if err != nil {
				return damaged(bucketWallet, k, err)
			}
			out.Entries = append(out.Entries, w)
			return nil
		})
		out.Next = next
		return err
	})
	return out, err
}
