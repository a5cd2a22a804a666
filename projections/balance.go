package projections

import (
	"bytes"
	"encoding/binary"
	"fmt"

	"github.com/shopspring/decimal"
	bolt "go.etcd.io/bbolt"
)

// A balance is stored as the sequence of the event that last changed it
// (8 bytes) followed by the decimal's text.
func encodeBalance(seq uint64, d decimal.Decimal) []byte {
	b := binary.BigEndian.AppendUint64(make([]byte, 0, 24), seq)
	return append(b, d.String()...)
}

func decodeBalance(v []byte) (uint64, decimal.Decimal, error) {
	if len(v) < 9 {
		return 0, decimal.Decimal{}, fmt.Errorf("balance record of %d bytes", len(v))
	}
	d, err := decimal.NewFromString(string(v[8:]))
	if err != nil {
		return 0, decimal.Decimal{}, fmt.Errorf("balance record: %w", err)
	}
	return binary.BigEndian.Uint64(v[:8]), d, nil
}

// Balance returns an account's balance in a currency (account names as in
// posting/account.go: "wallet:<player>", "house:<table>", "cashier", …). An
// account no event has touched has a zero balance, not an error.
func (s *Store) Balance(account, currency string) (BalanceView, error) {
	out := BalanceView{AccountBalance: AccountBalance{Account: account, Currency: currency}}
	err := s.view(func(tx *bolt.Tx, seq uint64) error {
		out.Seq = seq
		key := balanceKey(account, currency)
		if v := tx.Bucket(bucketBalances).Get(key); v != nil {
			var err error
			if out.UpdatedSeq, out.Balance, err = decodeBalance(v); err != nil {
				return damaged(bucketBalances, key, err)
			}
		}
		return nil
	})
	return out, err
}

// Balances returns the balances of every account whose name starts with
// prefix ("" for all, "wallet:" for the wallets, "wallet:p1" for one
// player's), sorted by account then currency, at most BalancesMax of them.
func (s *Store) Balances(prefix string) (BalanceList, error) {
	out := BalanceList{Balances: []AccountBalance{}}
	err := s.view(func(tx *bolt.Tx, seq uint64) error {
		out.Seq = seq
		c := tx.Bucket(bucketBalances).Cursor()
		p := []byte(prefix)
		for k, v := c.Seek(p); k != nil && bytes.HasPrefix(k, p); k, v = c.Next() {
			if len(out.Balances) == BalancesMax {
				out.Truncated = true
				break
			}
			account, currency, ok := bytes.Cut(k, []byte{0})
			if !ok {
				return fmt.Errorf("projections: balance key %q", k)
			}
			b := AccountBalance{Account: string(account), Currency: string(currency)}
			var err error
			if b.UpdatedSeq, b.Balance, err = decodeBalance(v); err != nil {
				return damaged(bucketBalances, k, err)
			}
			out.Balances = append(out.Balances, b)
		}
		return nil
	})
	return out, err
}

// OmitZero returns the rows of list whose balance is not zero, in place.
// It is the one rule of which balances a listing shows by default: GET
// /v1/balances and wagerlog replay balances both apply it unless asked to
// list the accounts at zero too, so that the two agree row for row.
func OmitZero(list []AccountBalance) []AccountBalance {
	out := list[:0]
	for _, b := range list {
		if !b.Balance.IsZero() {
			out = append(out, b)
		}
	}
	return out
}
