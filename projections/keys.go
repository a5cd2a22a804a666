package projections

import "encoding/binary"

// Buckets of the bbolt file (see docs/PROJECTIONS.md for the layout).
// Keys join their parts with a zero byte: ids never contain one
// (events.ValidID), and big-endian numbers keep their order.
var (
	bucketMeta        = []byte("meta")         // fixed keys below
	bucketBalances    = []byte("balances")     // account 0 currency → balance record
	bucketTables      = []byte("tables")       // table → TableInfo
	bucketBoards      = []byte("boards")       // table → compact board
	bucketRounds      = []byte("rounds")       // round → round head (RoundInfo without its bets and events)
	bucketBets        = []byte("bets")         // round 0 bet → binary bet record
	bucketPlayerBets  = []byte("player_bets")  // seq(8) position(2) player → link(10) + key in bets
	bucketTableRounds = []byte("table_rounds") // table 0 number(8) → round
	bucketDaily       = []byte("daily")        // day 0 table 0 currency 0 code → DailyTotals
	bucketWallet      = []byte("wallet")       // seq(8) player → link(8) + binary WalletEntry
	bucketPlayerHeads = []byte("player_heads") // player → newest wallet link(8) and bet link(10)

	allBuckets = [][]byte{
		bucketMeta, bucketBalances, bucketTables, bucketBoards, bucketRounds,
		bucketBets, bucketPlayerBets, bucketTableRounds, bucketDaily, bucketWallet,
		bucketPoolEvents, bucketPoolMoves, bucketPoolPrizes, bucketPlayerHeads,
	}
)

// Keys of the meta bucket.
var (
	metaSeq       = []byte("seq")        // last applied sequence, 8 bytes
	metaAt        = []byte("at")         // its event time, unix ns, 8 bytes
	metaHash      = []byte("hash")       // the chain hash its event states, 32 bytes
	metaSchema    = []byte("schema")     // SchemaVersion, 8 bytes
	metaLocation  = []byte("location")   // time zone name
	metaBoardSize = []byte("board_size") // board size, 8 bytes
)

// join joins key parts with zero bytes.
func join(parts ...string) []byte {
	n := len(parts) - 1
	for _, p := range parts {
		n += len(p)
	}
	b := make([]byte, 0, n)
	for i, p := range parts {
		if i > 0 {
			b = append(b, 0)
		}
		b = append(b, p...)
	}
	return b
}

func u64(v uint64) []byte { return binary.BigEndian.AppendUint64(nil, v) }

// prefixed is prefix 0 followed by the big-endian number n and extra.
func prefixed(prefix string, n uint64, extra ...byte) []byte {
	b := make([]byte, 0, len(prefix)+9+len(extra))
	b = append(b, prefix...)
	b = append(b, 0)
	b = binary.BigEndian.AppendUint64(b, n)
	return append(b, extra...)
}

func balanceKey(account, currency string) []byte { return join(account, currency) }

// betKey is a bet's record key: a round's bets are together, so settling a
// round rewrites the pages of that round only.
func betKey(round, bet string) []byte {
	return appendBetKey(make([]byte, 0, len(round)+1+len(bet)), round, bet)
}

// appendBetKey appends betKey(round, bet) to b.
func appendBetKey(b []byte, round, bet string) []byte {
	return append(append(append(b, round...), 0), bet...)
}

// linkKey is the key of a player's history entry (history.go): its link
// (the event's sequence, and for a bet its place in the slip), then the
// player, so that entries sort in the stream's order.
func linkKey(link []byte, player string) []byte {
	return append(append(make([]byte, 0, len(link)+len(player)), link...), player...)
}

func playerBetKey(link [betLinkSize]byte, player string) []byte { return linkKey(link[:], player) }

func walletKey(seq uint64, player string) []byte { return linkKey(u64(seq), player) }

func tableRoundKey(table string, number int64) []byte { return prefixed(table, uint64(number)) }

func dailyKey(day, table, currency, code string) []byte { return join(day, table, currency, code) }
