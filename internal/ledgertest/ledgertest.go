// Package ledgertest drives a real ledger on a real embedded JetStream
// server for the tests of the packages that read what the ledger writes
// (projections, replay): one harness instead of a copy per package.
package ledgertest

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/drawseed"
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/ledger"
)

// Timeout bounds every wait of a test.
const Timeout = 60 * time.Second

// Ctx returns a context that ends after Timeout or with the test.
func Ctx(tb testing.TB) context.Context {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), Timeout)
	tb.Cleanup(cancel)
	return ctx
}

// Actors of the harness's commands.
var (
	Cashier    = events.Actor{ID: "cash-1", Role: ledger.RoleCashier}
	Supervisor = events.Actor{ID: "sup-1", Role: ledger.RoleSupervisor}
	Dealer     = events.Actor{ID: "dealer-1", Role: ledger.RoleDealer}
	Frontend   = events.Actor{ID: "fe-1", Role: ledger.RoleFrontend}
)

// Dec parses a decimal or panics.
func Dec(s string) decimal.Decimal { return decimal.RequireFromString(s) }

// Clock is a deterministic clock that moves one millisecond per reading,
// and can be set.
type Clock struct{ ns atomic.Int64 }

// NewClock returns a Clock at 2026-11-01 12:00 UTC.
func NewClock() *Clock {
	c := &Clock{}
	c.Set(time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC))
	return c
}

// Now reads the clock and moves it on by a millisecond.
func (c *Clock) Now() time.Time { return time.Unix(0, c.ns.Add(int64(time.Millisecond))).UTC() }

// Advance moves the clock on by d.
func (c *Clock) Advance(d time.Duration) { c.ns.Add(int64(d)) }

// Set sets the clock.
func (c *Clock) Set(t time.Time) { c.ns.Store(t.UnixNano()) }

// OpenStream starts a real embedded JetStream server with its store in
// dir, closed with the test.
func OpenStream(tb testing.TB, dir string) *jetstream.Store {
	tb.Helper()
	s, err := jetstream.Open(Ctx(tb), jetstream.Options{DataDir: dir})
	if err != nil {
		tb.Fatalf("open stream: %v", err)
	}
	tb.Cleanup(func() { _ = s.Close() })
	return s
}

// Harness drives a real ledger on a real embedded stream.
type Harness struct {
	T      testing.TB
	Stream *jetstream.Store
	Ledger *ledger.Ledger
	Clock  *Clock
}

// New opens a ledger on a new embedded stream in a temporary directory.
func New(tb testing.TB) *Harness {
	tb.Helper()
	return NewOn(tb, OpenStream(tb, tb.TempDir()))
}

// NewOn opens a ledger on stream, closed with the test.
func NewOn(tb testing.TB, stream *jetstream.Store) *Harness {
	tb.Helper()
	return newOn(tb, stream, registry.New(), false, nil)
}

// NewWith opens a ledger that plays the games of catalog (the test games
// of internal/testgames beside Sic Bo, say) on a new embedded stream in a
// temporary directory.
func NewWith(tb testing.TB, catalog *games.Catalog) *Harness {
	tb.Helper()
	return newOn(tb, OpenStream(tb, tb.TempDir()), catalog, false, nil)
}

// NewDrawing opens a ledger that plays the games of catalog and keeps
// the seeds of pools' complementary draws (drawseed) in a temporary
// directory, on a new embedded stream in a temporary directory. Its
// seeds come from a fixed ChaCha8 stream and its ids from a counter: the
// draws hash both, so a test draws the same prizes on every run, and one
// that needs a prize won, or credits paid, can count on it.
func NewDrawing(tb testing.TB, catalog *games.Catalog) *Harness {
	tb.Helper()
	seeds, err := drawseed.OpenWith(tb.TempDir(), rand.NewChaCha8([32]byte{'w', 'a', 'g', 'e', 'r', 'l', 'o', 'g'}))
	if err != nil {
		tb.Fatal(err)
	}
	return open(tb, OpenStream(tb, tb.TempDir()), ledger.Options{Games: catalog, DrawSeeds: seeds}, true, nil)
}

// NewObserved opens a ledger that tells obs what it stores, on a new
// embedded stream in a temporary directory.
func NewObserved(tb testing.TB, obs ledger.Observer) *Harness {
	tb.Helper()
	return newOn(tb, OpenStream(tb, tb.TempDir()), registry.New(), false, obs)
}

// newOn opens a ledger playing catalog on stream, telling obs (when not
// nil) what it does; deterministic ids make the same commands write the
// same bytes.
func newOn(tb testing.TB, stream *jetstream.Store, catalog *games.Catalog, deterministic bool, obs ledger.Observer) *Harness {
	tb.Helper()
	return open(tb, stream, ledger.Options{Games: catalog}, deterministic, obs)
}

// open opens a ledger with opts on stream, its clock the harness's.
func open(tb testing.TB, stream *jetstream.Store, opts ledger.Options, deterministic bool, obs ledger.Observer) *Harness {
	tb.Helper()
	h := &Harness{T: tb, Clock: NewClock(), Stream: stream}
	opts.Clock = h.Clock.Now
	if obs != nil {
		opts.Observer = obs
	}
	if deterministic {
		opts.NewID = new(IDs).Next
	}
	l, err := ledger.Open(Ctx(tb), h.Stream, opts)
	if err != nil {
		tb.Fatalf("open ledger: %v", err)
	}
	h.Ledger = l
	tb.Cleanup(func() { _ = l.Close() })
	return h
}

// Exec runs a command.
func (h *Harness) Exec(c ledger.Command) (ledger.Result, error) {
	return h.Ledger.Execute(Ctx(h.T), c)
}

// Must runs a command and fails the test if it is refused.
func (h *Harness) Must(c ledger.Command) ledger.Result {
	h.T.Helper()
	r, err := h.Exec(c)
	if err != nil {
		h.T.Fatalf("%T: %v", c, err)
	}
	return r
}

// Deposit credits a player's EUR wallet from the cashier.
func (h *Harness) Deposit(player, amount string) ledger.Result {
	h.T.Helper()
	return h.Must(&ledger.Deposit{Meta: ledger.Meta{Actor: Cashier}, Player: player, Amount: Dec(amount), Currency: "EUR"})
}

// OpenTable opens an EUR table on paytable with limits 1..500 (totals 1..100).
func (h *Harness) OpenTable(table, paytable string) {
	h.T.Helper()
	h.Must(&ledger.OpenTable{
		Meta: ledger.Meta{Actor: Supervisor}, Table: table, Paytable: paytable, Currency: "EUR",
		Limits: map[string]ledger.Limit{"*": {Min: Dec("1"), Max: Dec("500")}, "total": {Min: Dec("1"), Max: Dec("100")}},
		Band:   ledger.Limit{Min: Dec("0.50"), Max: Dec("1000")},
		Dealer: Dealer.ID,
	})
}

// OpenGameTable opens an EUR table of any game (a test game's too), any
// bet 1..100: OpenTable's limits name Sic Bo's bet kinds.
func (h *Harness) OpenGameTable(table, paytable string) {
	h.T.Helper()
	h.Must(&ledger.OpenTable{
		Meta: ledger.Meta{Actor: Supervisor}, Table: table, Paytable: paytable, Currency: "EUR",
		Limits: map[string]ledger.Limit{"*": {Min: Dec("1"), Max: Dec("100")}},
		Band:   ledger.Limit{Min: Dec("1"), Max: Dec("100")}, Dealer: Dealer.ID,
	})
}

// OpenRound opens a round on table and returns its id.
func (h *Harness) OpenRound(table string) string {
	h.T.Helper()
	return h.Must(&ledger.OpenRound{Meta: ledger.Meta{Actor: Dealer}, Table: table}).Round
}

// Bet places one slip for player.
func (h *Harness) Bet(table, round, player string, bets ...ledger.BetRequest) ledger.Result {
	h.T.Helper()
	return h.Must(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: Frontend}, Table: table, Round: round, Player: player, Bets: bets})
}

// CloseBetting closes betting on a round.
func (h *Harness) CloseBetting(table, round string) {
	h.T.Helper()
	h.Must(&ledger.CloseBetting{Meta: ledger.Meta{Actor: Dealer}, Table: table, Round: round})
}

// Reshake records a reshake of a round (dice overlapping).
func (h *Harness) Reshake(table, round string) {
	h.T.Helper()
	h.Must(&ledger.Reshake{Meta: ledger.Meta{Actor: Dealer}, Table: table, Round: round, Reason: events.ReshakeOverlapping})
}

// Paytable ids of the registry that the harness's tables play: the
// helpers deal three dice, so they are Sic Bo's. The harness names them by
// id and settles through the catalog, like the ledger.
const (
	PaytableLive = "sicbo/live"
	PaytableCLM  = "sicbo/clm-2016"
)

// DiceJSON is a result of three dice as a dealer enters it,
// {"dice":[2,2,5]}.
func DiceJSON(d [3]int) []byte { return fmt.Appendf(nil, `{"dice":[%d,%d,%d]}`, d[0], d[1], d[2]) }

// Result records the dice of a round, which settles it.
func (h *Harness) Result(table, round string, d [3]int) ledger.Result {
	h.T.Helper()
	return h.Must(&ledger.RecordResult{Meta: ledger.Meta{Actor: Dealer}, Table: table, Round: round, Result: DiceJSON(d)})
}

// Cancel cancels a round, refunding its bets.
func (h *Harness) Cancel(table, round string) ledger.Result {
	h.T.Helper()
	return h.Must(&ledger.Cancel{Meta: ledger.Meta{Actor: Supervisor}, Table: table, Round: round, Reason: "dice machine fault"})
}

// Correct corrects a settled round's dice.
func (h *Harness) Correct(table, round string, d [3]int) (ledger.Result, error) {
	return h.Exec(&ledger.CorrectResult{Meta: ledger.Meta{Actor: Supervisor}, Table: table, Round: round, Result: DiceJSON(d), Reason: "dealer typo"})
}

// BetOf is one bet of a slip.
func BetOf(code, stake string) ledger.BetRequest {
	return ledger.BetRequest{Code: code, Stake: Dec(stake)}
}

// LedgerBalances returns the ledger's own balances.
func (h *Harness) LedgerBalances() []ledger.BalanceRow {
	h.T.Helper()
	var out []ledger.BalanceRow
	if err := h.Ledger.Inspect(Ctx(h.T), func(s *ledger.State) { out = s.Balances() }); err != nil {
		h.T.Fatal(err)
	}
	return out
}

// LastSeq returns the stream's last sequence.
func (h *Harness) LastSeq() uint64 {
	h.T.Helper()
	seq, err := h.Stream.LastSeq(Ctx(h.T))
	if err != nil {
		h.T.Fatal(err)
	}
	return seq
}

// Scenario is what PlayScenario used: its players, tables and rounds.
type Scenario struct {
	Players []string
	Tables  []string
	Rounds  []string
}

// PlayScenario plays a random but seeded run of commands on the ledger:
// tables opened, closed and reopened, limits changed, deposits,
// withdrawals, adjustments, rounds with slips, pauses, reshakes, results,
// cancellations and corrections. Some commands are refused on purpose.

func (h *Harness) PlayScenario(seed uint64, rounds int) Scenario {
	h.T.Helper()
	rng := rand.New(rand.NewPCG(seed, seed^0x5eed))
	sc := Scenario{Players: []string{"ana", "ben", "cai", "dee", "eli"}, Tables: []string{"t1", "t2"}}
	for _, p := range sc.Players {
		h.Deposit(p, "1000")
	}
	h.OpenTable("t1", PaytableLive)
	h.OpenTable("t2", PaytableCLM)
	codes := []string{"small", "big", "odd", "even", "single:3", "double:2", "triple:5", "any_triple", "total:9", "total:11", "combo:1-2", "two_odd_one_even", "all_even"}
	dice := func() [3]int { return [3]int{1 + rng.IntN(6), 1 + rng.IntN(6), 1 + rng.IntN(6)} }
	var settled []struct{ table, round string }
	for i := range rounds {
		table := sc.Tables[rng.IntN(len(sc.Tables))]
		switch rng.IntN(12) {
		case 0:
			p := sc.Players[rng.IntN(len(sc.Players))]
			_, _ = h.Exec(&ledger.Withdraw{Meta: ledger.Meta{Actor: Cashier}, Player: p, Amount: Dec("25"), Currency: "EUR", Reference: fmt.Sprintf("w%d", i)})
		case 1:
			p := sc.Players[rng.IntN(len(sc.Players))]
			h.Must(&ledger.Adjust{Meta: ledger.Meta{Actor: Supervisor}, Player: p, Amount: Dec("3.50"), Currency: "EUR", Reason: "goodwill"})
		case 2:
			h.Must(&ledger.ChangeLimits{Meta: ledger.Meta{Actor: Supervisor}, Table: table,
				Limits: map[string]ledger.Limit{"*": {Min: Dec("1"), Max: Dec(fmt.Sprint(200 + rng.IntN(300)))}}, Reason: "evening"})
		case 3:
			if len(settled) > 0 {
				s := settled[rng.IntN(len(settled))]
				_, _ = h.Correct(s.table, s.round, dice())
			}
		case 4:
			if rng.IntN(3) == 0 {
				h.Must(&ledger.CloseTable{Meta: ledger.Meta{Actor: Supervisor}, Table: table, Reason: "break"})
				h.OpenTable(table, map[string]string{"t1": PaytableLive, "t2": PaytableCLM}[table])
			}
		}
		h.Deposit(sc.Players[rng.IntN(len(sc.Players))], "40")
		round := h.OpenRound(table)
		sc.Rounds = append(sc.Rounds, round)
		for range rng.IntN(4) {
			p := sc.Players[rng.IntN(len(sc.Players))]
			var bets []ledger.BetRequest
			for range 1 + rng.IntN(3) {
				bets = append(bets, BetOf(codes[rng.IntN(len(codes))], fmt.Sprintf("%d.%02d", 1+rng.IntN(9), rng.IntN(100))))
			}
			_, _ = h.Exec(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: Frontend}, Table: table, Round: round, Player: p, Bets: bets})
		}
		if rng.IntN(8) == 0 {
			h.Must(&ledger.Pause{Meta: ledger.Meta{Actor: Dealer}, Table: table, Round: round, Reason: "shoe jam"})
			if rng.IntN(2) == 0 {
				h.Cancel(table, round)
				continue
			}
			h.Must(&ledger.Resume{Meta: ledger.Meta{Actor: Supervisor}, Table: table, Round: round})
		}
		h.CloseBetting(table, round)
		if rng.IntN(5) == 0 {
			h.Reshake(table, round)
		}
		if rng.IntN(10) == 0 {
			h.Cancel(table, round)
			continue
		}
		h.Result(table, round, dice())
		settled = append(settled, struct{ table, round string }{table, round})
	}
	return sc
}
