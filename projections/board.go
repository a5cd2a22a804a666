package projections

import (
	"encoding/binary"
	"errors"
	"fmt"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

// boardRec is a table's statistics board as stored: its settled results,
// oldest first, at most the board size, each with its round and its
// result as its game's JSON. A round of one result (Sic Bo, roulette) is
// one entry; a round of several (a craps hand) has one entry per result,
// added as each result's settlement completes (round.step_settled, then
// round.settled for the last), so the round in progress is on the board
// too. The whole board is one key in a compact binary form, so
// that a board read is one lookup and a decode of a few kilobytes. What
// the board shows of the results (its statistics, and the members of each
// row) is the game's business: Store.Board asks the table's game at read
// time (games.Game.Board, games.BoardRower), so this package knows no game.
type boardRec struct {
	results []boardEntry
}

// boardEntry is one settled result on a stored board.
type boardEntry struct {
	Round     string
	Number    int64
	Seq       uint64
	At        time.Time
	Result    []byte
	Corrected bool
	// Index is the result's position in its round, from 0.
	Index int
	// Step is true for a result after which the round went on
	// (round.step_settled); false for the one that ended it.
	Step bool
	// Commission is what the round's transfers put in the table's
	// commission account (a cagnotte), zero when none.
	Commission decimal.Decimal
	// Payouts, Payees and Funded: see games.BoardEntry (games.BoardPayer
	// only), on the entry that ended its round.
	Payouts []games.BoardPayout
	Payees  int
	Funded  []decimal.Decimal
}

// settle puts a settled result on the board. A result joins the board as
// its newest entry, pushing the oldest one off when the board is full. A
// correction's settlement replaces the round's last result where it
// already stands (the board keeps the order in which results were
// settled); a corrected round that has left the board changes nothing.
func (b *boardRec) settle(r boardEntry, size int) {
	if r.Corrected {
		for i := len(b.results) - 1; i >= 0; i-- {
			if b.results[i].Round == r.Round {
				b.results[i].Result = r.Result
				b.results[i].Seq = r.Seq
				b.results[i].At = r.At
				b.results[i].Corrected = true
				b.results[i].Step = false
				b.results[i].Commission = r.Commission
				b.results[i].Payouts, b.results[i].Payees, b.results[i].Funded = r.Payouts, r.Payees, r.Funded
				return
			}
		}
		return
	}
	b.results = append(b.results, r)
	if n := len(b.results) - size; n > 0 {
		b.results = append(b.results[:0], b.results[n:]...)
	}
}

// boardEntriesMax bounds the entries of a board that holds whole rounds
// (games.RoundBoarder): a blackjack round of a full table is some forty
// results, so a board of BoardSizeMax such rounds stays below it. Past it
// the oldest entries go, the oldest round then partly.
const boardEntriesMax = 64 * BoardSizeMax

// settleRounds is settle for a board that holds whole rounds: a result
// joins the board, and the oldest rounds leave it when it holds more
// than size rounds (or boardEntriesMax entries).
func (b *boardRec) settleRounds(r boardEntry, size int) {
	b.settle(r, boardEntriesMax)
	rounds := 0
	for i := len(b.results) - 1; i >= 0; i-- {
		if i == len(b.results)-1 || b.results[i].Round != b.results[i+1].Round {
			rounds++
		}
		if rounds > size {
			b.results = append(b.results[:0], b.results[i+1:]...)
			return
		}
	}
}

// end marks the last result of a round on the board as the one it ended
// with: a round cancelled after some of its results. Nothing changes for a
// round with no result on the board (every cancelled round of one result).
func (b *boardRec) end(round string) {
	for i := len(b.results) - 1; i >= 0; i-- {
		if b.results[i].Round == round {
			b.results[i].Step = false
			return
		}
	}
}

// boardFormat 2 holds results as their games' JSON; format 1 (schema 3)
// held three dice. Schema 5 keeps format 2 and adds two flags (below), so
// that a board of one-result rounds is stored byte for byte as before.
const boardFormat = 2

// The flags byte of a stored entry.
const (
	flagCorrected = 1 << 0
	// flagStep: the round went on after this result.
	flagStep = 1 << 1
	// flagIndex: the result's index in its round (above 0) follows the
	// flags as a uvarint.
	flagIndex = 1 << 2
	// flagCommission: the round's transfers to the commission account (a
	// cagnotte) follow, as a length-prefixed decimal string. Boards
	// without one are stored as before.
	flagCommission = 1 << 3
	// flagPayouts: the round's payouts follow (games.BoardPayer): the
	// payees' count, the payouts (each a length-prefixed code and a
	// length-prefixed decimal) and the prize pool's funding (a count,
	// then length-prefixed decimals). Boards of other games are stored
	// as before.
	flagPayouts = 1 << 4
)

// boardFundedMax bounds the prize pool transfers of a board entry.
const boardFundedMax = 16

// boardCodeMax bounds a payout's bet code on the board (games bound their
// codes far below it).
const boardCodeMax = 255

// boardCommissionMax bounds the decimal string of a board entry's
// commission.
const boardCommissionMax = 64

// boardRoundMax bounds a round id on the board (ids are events.ValidID or
// UUIDs, both far shorter).
const boardRoundMax = 255

// boardIndexMax bounds a result's index in its round on a stored board
// (games bound their rounds far below it: a craps hand at 10,000 rolls).
const boardIndexMax = 1 << 20

// boardResultMax bounds a result's JSON on the board (games bound the
// results they parse far below it).
const boardResultMax = 4096

// encode writes the board: a format byte, a count, then per result the round
// id (length-prefixed), number, seq, time (unix ns), the result's JSON
// (length-prefixed), a flag byte and, when flagIndex is set, the result's
// index in its round.
func (b *boardRec) encode() []byte {
	out := make([]byte, 0, 2+len(b.results)*64)
	out = append(out, boardFormat)
	out = binary.AppendUvarint(out, uint64(len(b.results)))
	for _, r := range b.results {
		if len(r.Round) > boardRoundMax || len(r.Result) > boardResultMax {
			// The ledger validated both long before: a bug.
			panic(fmt.Sprintf("projections: round id of %d bytes or result of %d bytes on a board", len(r.Round), len(r.Result)))
		}
		out = append(out, byte(len(r.Round)))
		out = append(out, r.Round...)
		out = binary.AppendVarint(out, r.Number)
		out = binary.AppendUvarint(out, r.Seq)
		out = binary.AppendVarint(out, r.At.UnixNano())
		out = binary.AppendUvarint(out, uint64(len(r.Result)))
		out = append(out, r.Result...)
		var flags byte
		if r.Corrected {
			flags |= flagCorrected
		}
		if r.Step {
			flags |= flagStep
		}
		if r.Index > 0 {
			flags |= flagIndex
		}
		commission := ""
		if !r.Commission.IsZero() {
			flags |= flagCommission
			commission = r.Commission.String()
		}
		if r.Payees > 0 || len(r.Payouts) > 0 || len(r.Funded) > 0 {
			flags |= flagPayouts
		}
		out = append(out, flags)
		if r.Index > 0 {
			out = binary.AppendUvarint(out, uint64(r.Index))
		}
		if commission != "" {
			out = binary.AppendUvarint(out, uint64(len(commission)))
			out = append(out, commission...)
		}
		if flags&flagPayouts != 0 {
			out = appendPayouts(out, r)
		}
	}
	return out
}

// appendPayouts writes an entry's payouts (flagPayouts).
func appendPayouts(out []byte, r boardEntry) []byte {
	if len(r.Payouts) > games.BoardPayoutsMax || len(r.Funded) > boardFundedMax {
		panic(fmt.Sprintf("projections: %d payouts and %d prize transfers on a board entry", len(r.Payouts), len(r.Funded)))
	}
	appendDec := func(out []byte, d decimal.Decimal) []byte {
		s := d.String()
		out = binary.AppendUvarint(out, uint64(len(s)))
		return append(out, s...)
	}
	out = binary.AppendUvarint(out, uint64(r.Payees))
	out = binary.AppendUvarint(out, uint64(len(r.Payouts)))
	for _, p := range r.Payouts {
		if len(p.Code) > boardCodeMax {
			panic(fmt.Sprintf("projections: bet code of %d bytes on a board", len(p.Code)))
		}
		out = binary.AppendUvarint(out, uint64(len(p.Code)))
		out = append(out, p.Code...)
		out = appendDec(out, p.Paid)
	}
	out = binary.AppendUvarint(out, uint64(len(r.Funded)))
	for _, d := range r.Funded {
		out = appendDec(out, d)
	}
	return out
}

// readPayouts reads what appendPayouts wrote into r and returns the rest.
func readPayouts(v []byte, r *boardEntry) ([]byte, error) {
	count := func(limit uint64) (int, bool) {
		n, k := binary.Uvarint(v)
		if k <= 0 || n > limit {
			return 0, false
		}
		v = v[k:]
		return int(n), true
	}
	text := func(limit uint64) (string, bool) {
		n, ok := count(limit)
		if !ok || n == 0 || len(v) < n {
			return "", false
		}
		s := string(v[:n])
		v = v[n:]
		return s, true
	}
	dec := func() (decimal.Decimal, bool) {
		s, ok := text(boardCommissionMax)
		if !ok {
			return decimal.Decimal{}, false
		}
		return boardDecimal(s)
	}
	var ok bool
	if r.Payees, ok = count(1 << 32); !ok {
		return nil, errBoardFormat
	}
	n, ok := count(games.BoardPayoutsMax)
	if !ok || n > r.Payees {
		return nil, errBoardFormat
	}
	for range n {
		var p games.BoardPayout
		if p.Code, ok = text(boardCodeMax); !ok {
			return nil, errBoardFormat
		}
		if p.Paid, ok = dec(); !ok {
			return nil, errBoardFormat
		}
		r.Payouts = append(r.Payouts, p)
	}
	if n, ok = count(boardFundedMax); !ok {
		return nil, errBoardFormat
	}
	for range n {
		d, ok := dec()
		if !ok {
			return nil, errBoardFormat
		}
		r.Funded = append(r.Funded, d)
	}
	return v, nil
}

var errBoardFormat = errors.New("malformed board")

// boardDecimal reads an amount of a board entry, which the encoder spells
// as decimal.Decimal.String does. Any other spelling is damage, and one
// with an exponent (1e-70) would spell itself longer when the board is
// written again, past what a board entry holds.
func boardDecimal(s string) (decimal.Decimal, bool) {
	d, err := decimal.NewFromString(s)
	return d, err == nil && d.String() == s
}

func (b *boardRec) decode(v []byte) error {
	if len(v) < 2 || v[0] != boardFormat {
		return errBoardFormat
	}
	v = v[1:]
	n, k := binary.Uvarint(v)
	if k <= 0 || n > boardEntriesMax {
		return errBoardFormat
	}
	v = v[k:]
	b.results = make([]boardEntry, 0, n)
	for range n {
		if len(v) < 1 {
			return errBoardFormat
		}
		// In int: 1+v[0] in bytes wraps to 0 for a round id of 255 bytes.
		end := 1 + int(v[0])
		if len(v) < end {
			return errBoardFormat
		}
		var r boardEntry
		r.Round = string(v[1:end])
		v = v[end:]
		var k int
		if r.Number, k = binary.Varint(v); k <= 0 {
			return errBoardFormat
		}
		v = v[k:]
		if r.Seq, k = binary.Uvarint(v); k <= 0 {
			return errBoardFormat
		}
		v = v[k:]
		at, k := binary.Varint(v)
		if k <= 0 {
			return errBoardFormat
		}
		r.At = time.Unix(0, at).UTC()
		v = v[k:]
		size, k := binary.Uvarint(v)
		if k <= 0 || size > boardResultMax || uint64(len(v)-k) < size+1 {
			return errBoardFormat
		}
		v = v[k:]
		r.Result = append([]byte(nil), v[:size]...)
		flags := v[size]
		r.Corrected, r.Step = flags&flagCorrected != 0, flags&flagStep != 0
		v = v[size+1:]
		if flags&flagIndex != 0 {
			i, k := binary.Uvarint(v)
			if k <= 0 || i == 0 || i > boardIndexMax {
				return errBoardFormat
			}
			r.Index = int(i)
			v = v[k:]
		}
		if flags&flagCommission != 0 {
			n, k := binary.Uvarint(v)
			if k <= 0 || n == 0 || n > boardCommissionMax || uint64(len(v)-k) < n {
				return errBoardFormat
			}
			c, ok := boardDecimal(string(v[k : k+int(n)]))
			if !ok {
				return errBoardFormat
			}
			r.Commission = c
			v = v[k+int(n):]
		}
		if flags&flagPayouts != 0 {
			var err error
			if v, err = readPayouts(v, &r); err != nil {
				return err
			}
		}
		b.results = append(b.results, r)
	}
	if len(v) != 0 {
		return errBoardFormat
	}
	return nil
}

// view returns the board newest first, with the rows and the statistics
// of the table's game (game and pt nil when the catalog does not know the
// table's paytable: the rows then show their results and Stats is nil).
// before returns the results of a round before its index-th (from the
// round's record): given to the game on the board's oldest entry when that
// is not its round's first result.
func (b *boardRec) view(table string, size int, seq uint64, game games.Game, pt games.Paytable, before func(round string, index int) [][]byte) Board {
	out := Board{Seq: seq, Table: table, Size: size, Results: make([]BoardResult, len(b.results))}
	rower, _ := game.(games.BoardRower)
	entries := make([]games.BoardEntry, 0, len(b.results))
	for i, r := range b.results {
		row := BoardResult{Round: r.Round, Number: r.Number, Result: r.Result, At: r.At, Seq: r.Seq, Corrected: r.Corrected}
		if pt != nil {
			// A result this build's paytable does not parse stays on the
			// board as its JSON; the game's statistics skip it.
			if res, err := pt.ParseResult(r.Result); err == nil {
				e := games.BoardEntry{Round: r.Round, Number: r.Number, Seq: r.Seq, At: r.At, Result: res, Corrected: r.Corrected,
					Index: r.Index, Over: !r.Step, Commission: r.Commission,
					Payouts: r.Payouts, Payees: r.Payees, Funded: r.Funded}
				if i == 0 && r.Index > 0 && before != nil {
					for _, raw := range before(r.Round, r.Index) {
						if p, err := pt.ParseResult(raw); err == nil {
							e.Before = append(e.Before, p)
						}
					}
				}
				entries = append(entries, e)
				if rower != nil {
					row.Row = rower.BoardRow(res)
				}
			}
		}
		out.Results[len(b.results)-1-i] = row
	}
	if game != nil {
		out.Stats = game.Board(pt, entries)
	}
	return out
}
