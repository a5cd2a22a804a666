package games

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/shopspring/decimal"
)

// Game is one game of the catalog: its name, its paytables, and what its
// statistics board shows. Each game package exports one (sicbo.Game{},
// roulette.Game{}); games/registry lists them all, and nothing else does.
type Game interface {
	// Name is the game's name, the prefix of its paytable ids.
	Name() string
	// Paytables returns the game's paytables in id order.
	Paytables() []Paytable
	// Board computes the statistics of a table's board from its last
	// results, oldest first, for a table that plays pt now (a roulette
	// board lists 00 only on a double-zero wheel). The value it returns
	// encodes to the JSON the API serves under the board's "stats" member
	// and the dashboard draws.
	Board(pt Paytable, entries []BoardEntry) BoardStats
}

// BoardEntry is one settled result on a table's statistics board: a
// round of one result (Sic Bo, roulette) is one entry, a round of several
// (a craps hand) one entry per result, the round in progress included.
type BoardEntry struct {
	Round  string
	Number int64
	// Seq is the sequence of the event that put the result on the board
	// (round.step_settled or round.settled; the latest one after a
	// correction).
	Seq uint64
	At  time.Time
	// Result is the result in force.
	Result Result
	// Corrected is true when Result replaces a corrected result.
	Corrected bool
	// Index is the result's position in its round, from 0.
	Index int
	// Over is true when the round ended with this result; false while
	// the round goes on after it.
	Over bool
	// Commission is what the round's transfers put in the table's
	// commission account (the cagnotte a player's bank paid), on the entry
	// that ended the round; zero otherwise.
	Commission decimal.Decimal
	// Before holds, on the board's oldest entry only and when its Index
	// is above 0, the round's results before it: a game that folds a
	// round's results (a craps point) starts from the round's first one.
	Before []Result
	// Payouts, Payees and Funded are filled for a game that shows its
	// rounds' winners (BoardPayer), on the entry that ended the round:
	// the first BoardPayoutsMax bets the round paid (in the order they
	// were settled), how many it paid in all, and the amounts its
	// transfers put in its prize pool (CounterpartyPrizes), in order.
	Payouts []BoardPayout
	Payees  int
	Funded  []decimal.Decimal
}

// BoardPayout is one bet a round paid, as its board keeps it: its code
// and what went back to the player (the settlement's Returned). A push (a
// refund) is not a payout.
type BoardPayout struct {
	Code string
	Paid decimal.Decimal
}

// BoardPayoutsMax bounds the payouts a board keeps per round: a board of
// whole games stays small however many bets a round pays.
const BoardPayoutsMax = 20

// BoardPayer is implemented by a Game whose board shows each round's
// winners and prizes (bingo's last games): the projections then keep,
// on the entry that ended a round, its payouts and prize pool funding
// (BoardEntry.Payouts). Other games' boards stay as they were.
type BoardPayer interface {
	// BoardPayouts marks the game; it does nothing.
	BoardPayouts()
}

// BoardStats is a game's statistics over a board's entries. Each game has
// its own type (counts and percentages of big/small for Sic Bo, of colours
// and dozens for roulette); it encodes to JSON with encoding/json.
type BoardStats interface {
	// BoardGame names the game the statistics belong to.
	BoardGame() string
}

// BoardRower is implemented by a Game whose board rows show more than the
// result itself: the projections write each row of a board as its round,
// number, these members, and its time, sequence and correction flag. Sic
// Bo shows the dice with their total, size and parity; roulette the pocket
// with its colour. A game without it shows its result as "result".
type BoardRower interface {
	// BoardRow returns a JSON object whose members describe r on a row
	// of the board, e.g. {"dice":[2,2,5],"total":9,"size":"small","parity":"odd"}.
	BoardRow(r Result) []byte
}

// RoundBoarder is implemented by a Game whose board holds whole rounds,
// not a number of results: a blackjack or War round is every card and
// decision, and its board shows the last rounds (the board size counts
// rounds, the one in progress included), each with all its results.
type RoundBoarder interface {
	// BoardByRound marks the game; it does nothing.
	BoardByRound()
}

// Stater is implemented by a Paytable whose rounds carry a state across
// their results (a craps hand's point): the API shows it for the round in
// progress beside the round's open bets. The state is a fold of the
// results alone, so it is the same live, after a rebuild and in a replay.
type Stater interface {
	// State describes the round after results, its results so far in
	// order (none: the round has just opened).
	State(results []Result) StateView
}

// StateView is a game's description of a round's state (craps: the
// point, come-out or not, the shooter's rolls). Each game has its own
// type; it encodes to JSON with encoding/json.
type StateView interface {
	// StateGame names the game the state belongs to.
	StateGame() string
}

// ErrUnknownPaytable is returned by Catalog.Paytable for an id that no game
// of the catalog offers. Its API code is unknown_paytable.
var ErrUnknownPaytable error = &Sentinel{"unknown paytable", "unknown_paytable"}

// Sentinel is a sentinel error that knows its stable API code: every game
// package declares its sentinels as *Sentinel values, compared with
// errors.Is and coded by ErrorCode.
type Sentinel struct{ Msg, Code string }

// Error returns the sentinel's message.
func (e *Sentinel) Error() string { return e.Msg }

// ErrorCode returns the sentinel's stable API code.
func (e *Sentinel) ErrorCode() string { return e.Code }

// ErrorCode returns the stable API code of the first CodedError in err's
// chain, "" when there is none.
func ErrorCode(err error) string {
	var c CodedError
	if errors.As(err, &c) {
		return c.ErrorCode()
	}
	return ""
}

// Catalog is every game and paytable a build knows. It is built once (by
// games/registry.New) and read concurrently; it holds no state that
// changes.
type Catalog struct {
	games []Game
	byID  map[string]Paytable
	byGam map[string]Game
	// pools parses progressive pools' parameters (WithPools), nil when
	// the build has none.
	pools PoolParser
	// lines answers the settle lines of games without their own
	// (WithLines), nil when the build has no default.
	lines LineSettler
}

// NewCatalog returns a catalog of gs. Two games with one name or two
// paytables with one id are a programming error, and panic.
func NewCatalog(gs ...Game) *Catalog {
	c := &Catalog{byID: map[string]Paytable{}, byGam: map[string]Game{}}
	for _, g := range gs {
		if _, dup := c.byGam[g.Name()]; dup {
			panic(fmt.Sprintf("games: game %q twice in the catalog", g.Name()))
		}
		c.byGam[g.Name()] = g
		c.games = append(c.games, g)
		for _, p := range g.Paytables() {
			if _, dup := c.byID[p.ID()]; dup {
				panic(fmt.Sprintf("games: paytable %q twice in the catalog", p.ID()))
			}
			if p.Game() != g.Name() {
				panic(fmt.Sprintf("games: paytable %q of game %q listed by %q", p.ID(), p.Game(), g.Name()))
			}
			c.byID[p.ID()] = p
		}
	}
	return c
}

// Paytable returns the paytable with that id, or an error wrapping
// ErrUnknownPaytable that lists the known ids.
func (c *Catalog) Paytable(id string) (Paytable, error) {
	if p, ok := c.byID[id]; ok {
		return p, nil
	}
	return nil, fmt.Errorf("%w %q (known: %s)", ErrUnknownPaytable, id, strings.Join(c.IDs(), ", "))
}

// Game returns the game with that name.
func (c *Catalog) Game(name string) (Game, bool) {
	g, ok := c.byGam[name]
	return g, ok
}

// Games returns the catalog's games in the order they were given.
func (c *Catalog) Games() []Game { return slices.Clone(c.games) }

// Paytables returns every paytable, in id order.
func (c *Catalog) Paytables() []Paytable {
	out := make([]Paytable, 0, len(c.byID))
	for _, id := range c.IDs() {
		out = append(out, c.byID[id])
	}
	return out
}

// IDs returns every paytable id, sorted.
func (c *Catalog) IDs() []string {
	ids := make([]string, 0, len(c.byID))
	for id := range c.byID {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

// Resolve returns the paytable with that id whose content hash is hash: the
// rules a round was opened under. A build whose paytable of that id has
// another hash cannot settle the round, and Resolve says so with an error
// wrapping ErrPaytableChanged.
func (c *Catalog) Resolve(id, hash string) (Paytable, error) {
	p, err := c.Paytable(id)
	if err != nil {
		return nil, err
	}
	if p.Hash() != hash {
		return nil, fmt.Errorf("%w: %s was recorded with hash %s, this build has hash %s", ErrPaytableChanged, id, hash, p.Hash())
	}
	return p, nil
}

// ErrPaytableChanged is returned by Catalog.Resolve when this build's
// paytable of an id has another content hash than the one recorded.
var ErrPaytableChanged = errors.New("paytable content changed")
