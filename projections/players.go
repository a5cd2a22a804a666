package projections

import (
	"bytes"
	"encoding/base64"
	"fmt"

	"github.com/shopspring/decimal"
	bolt "go.etcd.io/bbolt"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/posting"
)

// PlayerBalance is one currency of a player's wallet.
type PlayerBalance struct {
	Currency string          `json:"currency"`
	Balance  decimal.Decimal `json:"balance"`
	// UpdatedSeq is the sequence of the last event that changed it.
	UpdatedSeq uint64 `json:"updated_seq"`
}

// PlayerSummary is one player in the listing of players: the wallet in
// every currency it was ever used in.
type PlayerSummary struct {
	Player   string          `json:"player"`
	Balances []PlayerBalance `json:"balances"`
}

// PlayerPage is the answer of Players: the players with a wallet, by id.
type PlayerPage struct {
	Seq     uint64          `json:"seq"`
	Players []PlayerSummary `json:"players"`
	// Next is the cursor of the following page, "" on the last one.
	Next string `json:"next,omitempty"`
}

// Players returns one page of the players that have a wallet (a player
// exists for the ledger from the first deposit or adjustment), sorted by
// id, each with its balances. The listing is for the cashier and finance:
// it walks the balances the projections keep anyway, so it costs no index
// of its own. The cursor is the last player id of the page, encoded.
func (s *Store) Players(page Page) (PlayerPage, error) {
	out := PlayerPage{Players: []PlayerSummary{}}
	limit, err := page.limit()
	if err != nil {
		return out, err
	}
	prefix := []byte(posting.WalletAccount(""))
	from := prefix
	if page.Cursor != "" {
		after, err := base64.RawURLEncoding.DecodeString(page.Cursor)
		if err != nil || !events.ValidID(string(after)) {
			return out, &CursorError{Cursor: page.Cursor, Reason: "not a player cursor"}
		}
		// Just past every key of that player: its id, then 0 and the
		// currency, sort below its id then 1.
		from = append(append(append([]byte(nil), prefix...), after...), 1)
	}
	err = s.view(func(tx *bolt.Tx, seq uint64) error {
		out.Seq = seq
		c := tx.Bucket(bucketBalances).Cursor()
		for k, v := c.Seek(from); k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
			account, currency, ok := bytes.Cut(k, []byte{0})
			if !ok {
				return fmt.Errorf("projections: balance key %q", k)
			}
			player := string(account[len(prefix):])
			n := len(out.Players)
			if n == 0 || out.Players[n-1].Player != player {
				if n == limit {
					out.Next = base64.RawURLEncoding.EncodeToString([]byte(out.Players[n-1].Player))
					return nil
				}
				out.Players = append(out.Players, PlayerSummary{Player: player, Balances: []PlayerBalance{}})
				n++
			}
			b := PlayerBalance{Currency: string(currency)}
			var err error
			if b.UpdatedSeq, b.Balance, err = decodeBalance(v); err != nil {
				return damaged(bucketBalances, k, err)
			}
			out.Players[n-1].Balances = append(out.Players[n-1].Balances, b)
		}
		return nil
	})
	return out, err
}
