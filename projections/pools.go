package projections

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/shopspring/decimal"
	bolt "go.etcd.io/bbolt"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/posting"
)

// Progressive pools (seed 004, section 6): each pool's configuration events and the
// movements of its accounts, so that a display reads its amount and a
// regulator every movement that explains it. Both are appended once and
// never rewritten.
var (
	bucketPoolEvents = []byte("pool_events") // pool 0 seq(8) → JSON PoolEvent
	bucketPoolMoves  = []byte("pool_moves")  // pool 0 seq(8) index(2) → JSON PoolEntry
	// The prizes again, by pool and by pool and table, so that the last
	// winners are read without scanning every contribution.
	bucketPoolPrizes = []byte("pool_prizes") // pool 0 seq(8) index(2), and pool 0 table 0 seq(8) index(2) → JSON PoolEntry
)

// PoolEvent is one configuration event of a pool.
type PoolEvent struct {
	Seq  uint64          `json:"seq"`
	At   time.Time       `json:"at"`
	Type events.Type     `json:"type"`
	Body json.RawMessage `json:"body"`
}

// PoolEntry is one movement of one of a pool's accounts.
type PoolEntry struct {
	Seq  uint64      `json:"seq"`
	At   time.Time   `json:"at"`
	Type events.Type `json:"type"`
	// Kind is what the movement is: contribution, commission, prize,
	// shortfall, reset, adjustment, funding (the base at configuration),
	// decommission.
	Kind    string `json:"kind"`
	Account string `json:"account"`
	// Amount is signed: into the account is positive.
	Amount decimal.Decimal `json:"amount"`
	// BalanceAfter is the account's balance after the event.
	BalanceAfter decimal.Decimal `json:"balance_after"`
	Currency     string          `json:"currency"`
	// Other is the account on the other side (a wallet for a prize).
	Other  string       `json:"other"`
	Table  string       `json:"table,omitempty"`
	Round  string       `json:"round,omitempty"`
	Reason string       `json:"reason,omitempty"`
	Actor  events.Actor `json:"actor"`
}

// PoolView is a pool as its events leave it.
type PoolView struct {
	Pool           string          `json:"pool"`
	Currency       string          `json:"currency"`
	Version        int             `json:"version"`
	Hash           string          `json:"hash"`
	Params         json.RawMessage `json:"params"`
	Accounts       []string        `json:"accounts"`
	Tables         []string        `json:"tables"`
	Decommissioned bool            `json:"decommissioned"`
	// DrawCommitment is the commitment (hex SHA-256) of the secret seed
	// the pool's complementary prizes are drawn from now, absent when it
	// draws none (events/jackpot_draw.go).
	DrawCommitment string `json:"draw_commitment,omitempty"`
	// AccountBalances are the accounts' balances, each named by its
	// account, in Accounts' order.
	AccountBalances []PoolBalance `json:"account_balances"`
	// Balances are the same balances as a bare list, in Accounts' order,
	// kept for the clients that read it; Total their sum; Main the main
	// pool's, the amount a display shows.
	Balances []decimal.Decimal `json:"balances"`
	Main     decimal.Decimal   `json:"main"`
	Total    decimal.Decimal   `json:"total"`
	// LastWinners are the pool's last prizes (at most LastWinnersMax),
	// newest first.
	LastWinners []PoolEntry `json:"last_winners"`
	Seq         uint64      `json:"seq"`
}

// PoolBalance is one of a pool's accounts and its balance.
type PoolBalance struct {
	Account string          `json:"account"`
	Balance decimal.Decimal `json:"balance"`
}

// PoolPage is one page of a pool's movements, newest first.
type PoolPage struct {
	Pool    string      `json:"pool"`
	Entries []PoolEntry `json:"entries"`
	Next    string      `json:"next,omitempty"`
	Seq     uint64      `json:"seq"`
}

// LastWinnersMax is how many prizes PoolView lists and, per table, PoolPrizes.
const LastWinnersMax = 50

// poolEvent records a pool's configuration event.
func (f *fold) poolEvent(e *events.Envelope, pool string, payload any) {
	body, err := json.Marshal(payload)
	if err != nil {
		f.damage(bucketPoolEvents, []byte(pool), err)
		return
	}
	v, _ := json.Marshal(PoolEvent{Seq: e.Seq, At: e.OccurredAt, Type: e.Type, Body: body})
	f.appends = append(f.appends, kv{bucketPoolEvents, prefixed(pool, e.Seq), v})
	f.touchPool(pool)
}

func (f *fold) touchPool(pool string) {
	if f.pools == nil {
		f.pools = map[string]bool{}
	}
	f.pools[pool] = true
}

// poolEntries records every posting of e that moves a pool account.
func (f *fold) poolEntries(e *events.Envelope, payload any) {
	i := 0
	for pi, p := range e.Postings {
		for _, side := range []struct {
			account, other string
			sign           int64
		}{{p.From, p.To, -1}, {p.To, p.From, 1}} {
			pool, ok := posting.PoolOfAccount(side.account)
			if !ok {
				continue
			}
			ent := PoolEntry{
				Seq: e.Seq, At: e.OccurredAt, Type: e.Type, Kind: poolKind(e.Type, side.other, side.sign),
				Account: side.account, Amount: p.Amount.Mul(decimal.NewFromInt(side.sign)),
				BalanceAfter: f.balance(side.account, p.Currency).value(), Currency: p.Currency,
				Other: side.other, Table: e.Table, Round: e.Round, Actor: e.Actor,
			}
			ent.Reason = poolReason(payload, side.account, side.other)
			if t, ok := roundTransfer(payload, pi); ok {
				ent.Kind, ent.Reason = transferKind(t), t.Rule
			}
			v, _ := json.Marshal(ent)
			f.appends = append(f.appends, kv{bucketPoolMoves, prefixed(pool, e.Seq, byte(i>>8), byte(i)), v})
			if ent.Kind == "prize" {
				f.appends = append(f.appends, kv{bucketPoolPrizes, prefixed(pool, e.Seq, byte(i>>8), byte(i)), v},
					kv{bucketPoolPrizes, prefixed(pool+"\x00"+e.Table, e.Seq, byte(i>>8), byte(i)), v})
			}
			i++
			f.touchPool(pool)
		}
	}
}

func poolKind(t events.Type, other string, sign int64) string {
	switch t {
	case events.TypeJackpotConfigured:
		if other != posting.AccountCasino {
			return "transfer"
		}
		return "funding"
	case events.TypeJackpotAdjusted:
		return "adjustment"
	case events.TypeJackpotDecommissioned:
		return "decommission"
	case events.TypeBetSettled:
		if sign > 0 {
			return "contribution"
		}
		return "prize"
	case events.TypeBetSettlementReversed:
		return "reversal"
	case events.TypeCreditsExpired:
		return "credits_expired"
	case events.TypeJackpotDrawn:
		if sign > 0 {
			// The house advances what the account lacks for the
			// complementary prizes drawn on it.
			return "shortfall"
		}
		return "complementary"
	}
	return "transfer"
}

// roundTransfer returns the transfer of a pass that posting pi of a
// round.settled or a jackpot.pass_funded carries: the ledger posts one
// posting per transfer with a positive amount, in order
// (posting.TransferPostings), and a round.settled written funding first
// posts only the transfers after those of its jackpot.pass_funded. Each
// posting keeps its own transfer's kind and reason, so that a reset is
// never shown as the shortfall of the same pass.
func roundTransfer(payload any, pi int) (events.Transfer, bool) {
	var ts []events.Transfer
	switch p := payload.(type) {
	case *events.RoundSettled:
		ts = p.Transfers
		if p.Funds != nil && p.Funds.Pool != nil && p.Funds.Pool.Funded > 0 && p.Funds.Pool.Funded <= len(ts) {
			ts = ts[p.Funds.Pool.Funded:]
		}
	case *events.JackpotPassFunded:
		ts = p.Transfers
	default:
		return events.Transfer{}, false
	}
	k := 0
	for _, t := range ts {
		if !t.Amount.IsPositive() {
			continue
		}
		if k == pi {
			return t, true
		}
		k++
	}
	return events.Transfer{}, false
}

// transferKind reads a round transfer's kind from its rule ("reset: …"),
// "transfer" for a rule that names none.
func transferKind(t events.Transfer) string {
	if k, _, ok := strings.Cut(t.Rule, ":"); ok {
		return k
	}
	return "transfer"
}

func poolReason(payload any, account, other string) string {
	switch p := payload.(type) {
	case *events.JackpotAdjusted:
		return p.Reason
	case *events.JackpotDecommissioned:
		return p.Reason
	case *events.JackpotConfigured:
		for _, t := range p.Transfers {
			if (t.From == account && t.To == other) || (t.To == account && t.From == other) {
				return fmt.Sprintf("version %d: %s", p.Version, t.Rule)
			}
		}
		return fmt.Sprintf("version %d: the main pool brought to its base", p.Version)
	case *events.BetSettled:
		return p.Rule
	case *events.JackpotDrawn:
		for _, z := range p.Prizes {
			if z.From == account && z.To == other {
				return fmt.Sprintf("complementary prize %q drawn %d of %d for bet %s", z.Name, z.Value, z.Of, z.Bet)
			}
		}
		for _, t := range p.Advanced {
			if t.To == account && t.From == other {
				return t.Rule
			}
		}
	}
	return ""
}

// pool folds a pool's configuration events into its view (without
// balances and winners).
func poolView(tx *bolt.Tx, pool string) (PoolView, error) {
	v := PoolView{Pool: pool, Tables: []string{}}
	c := tx.Bucket(bucketPoolEvents).Cursor()
	prefix := append([]byte(pool), 0)
	found := false
	linked := map[string]bool{}
	for k, raw := c.Seek(prefix); k != nil && len(k) == len(prefix)+8 && string(k[:len(prefix)]) == string(prefix); k, raw = c.Next() {
		var pe PoolEvent
		if err := decodeJSON(bucketPoolEvents, k, raw, &pe); err != nil {
			return v, err
		}
		found = true
		switch pe.Type {
		case events.TypeJackpotConfigured:
			var p events.JackpotConfigured
			if err := decodeJSON(bucketPoolEvents, k, pe.Body, &p); err != nil {
				return v, err
			}
			v.Currency, v.Version, v.Hash, v.Params, v.Accounts = p.Currency, p.Version, p.Hash, p.Params, p.Accounts
			v.DrawCommitment = p.DrawCommitment
		case events.TypeJackpotDrawSeedRevealed:
			var p events.JackpotDrawSeedRevealed
			if err := decodeJSON(bucketPoolEvents, k, pe.Body, &p); err != nil {
				return v, err
			}
			v.DrawCommitment = p.Next
		case events.TypeJackpotLinked:
			var p events.JackpotLinked
			if err := decodeJSON(bucketPoolEvents, k, pe.Body, &p); err != nil {
				return v, err
			}
			linked[p.Table] = true
		case events.TypeJackpotUnlinked:
			var p events.JackpotUnlinked
			if err := decodeJSON(bucketPoolEvents, k, pe.Body, &p); err != nil {
				return v, err
			}
			delete(linked, p.Table)
		case events.TypeJackpotDecommissioned:
			v.Decommissioned = true
		}
	}
	if !found {
		return v, fmt.Errorf("%w: pool %s", ErrNotFound, pool)
	}
	for t := range linked {
		v.Tables = append(v.Tables, t)
	}
	slices.Sort(v.Tables)
	return v, nil
}

// Pool returns a pool: its parameters, linked tables, balances and last
// winners.
func (s *Store) Pool(pool string) (PoolView, error) {
	var out PoolView
	err := s.view(func(tx *bolt.Tx, seq uint64) error {
		v, err := poolView(tx, pool)
		if err != nil {
			return err
		}
		v.Seq = seq
		v.Main, v.Total = decimal.Zero, decimal.Zero
		for i, a := range v.Accounts {
			b := decimal.Zero
			if raw := tx.Bucket(bucketBalances).Get(balanceKey(a, v.Currency)); raw != nil {
				_, bal, err := decodeBalance(raw)
				if err != nil {
					return damaged(bucketBalances, balanceKey(a, v.Currency), err)
				}
				b = bal
			}
			v.Balances = append(v.Balances, b)
			v.AccountBalances = append(v.AccountBalances, PoolBalance{Account: a, Balance: b})
			v.Total = v.Total.Add(b)
			if i == 0 {
				v.Main = b
			}
		}
		v.LastWinners, err = poolPrizes(tx, pool, "")
		out = v
		return err
	})
	return out, err
}

// PoolPrizes returns a pool's last LastWinnersMax prizes, newest first, of
// one linked table (all tables when table is empty): the table's board.
func (s *Store) PoolPrizes(pool, table string) ([]PoolEntry, error) {
	var out []PoolEntry
	err := s.view(func(tx *bolt.Tx, _ uint64) error {
		if _, err := poolView(tx, pool); err != nil {
			return err
		}
		var err error
		out, err = poolPrizes(tx, pool, table)
		return err
	})
	return out, err
}

func poolPrizes(tx *bolt.Tx, pool, table string) ([]PoolEntry, error) {
	out := []PoolEntry{}
	owner := pool
	if table != "" {
		owner = pool + "\x00" + table
	}
	_, err := scanBack(tx.Bucket(bucketPoolPrizes), owner, 10, Page{Limit: LastWinnersMax}, func(k, v []byte) error {
		var ent PoolEntry
		if err := decodeJSON(bucketPoolPrizes, k, v, &ent); err != nil {
			return err
		}
		out = append(out, ent)
		return nil
	})
	return out, err
}

// PoolHistory returns one page of a pool's movements, newest first.
func (s *Store) PoolHistory(pool string, page Page) (PoolPage, error) {
	out := PoolPage{Pool: pool, Entries: []PoolEntry{}}
	err := s.view(func(tx *bolt.Tx, seq uint64) error {
		if _, err := poolView(tx, pool); err != nil {
			return err
		}
		out.Seq = seq
		next, err := scanBack(tx.Bucket(bucketPoolMoves), pool, 10, page, func(k, v []byte) error {
			var ent PoolEntry
			if err := decodeJSON(bucketPoolMoves, k, v, &ent); err != nil {
				return err
			}
			out.Entries = append(out.Entries, ent)
			return nil
		})
		out.Next = next
		return err
	})
	return out, err
}

// PoolSubject is the key Subscribe takes to be told when a pool changed.
func PoolSubject(pool string) string { return "jackpot:" + pool }
