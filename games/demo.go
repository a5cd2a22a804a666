package games

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"

	"github.com/shopspring/decimal"
)

// Demoer is implemented by a Game that `wagerlog serve --demo` plays: it
// declares its demo tables, each with the player that makes up what a
// simulated dealer and players do at it. The demo's loop (in cmd) plays
// every table of every game of the registry that implements it, through a
// DemoDealer, and knows no game.
type Demoer interface {
	// DemoTables returns the game's demo tables, each with a new player
	// (a player may keep a shoe between rounds): one call per demo run.
	DemoTables() []DemoTable
}

// DemoTable is one table of the demo, as its game declares it.
type DemoTable struct {
	// ID is the table's id ("demo-roulette"); the docs and the links
	// printed by serve name it, so it never changes.
	ID string
	// Paytable is the id of the paytable the table is opened with.
	Paytable string
	// Limits are the stake limits per bet kind ("*" for every kind),
	// within DemoBand.
	Limits map[string]DemoLimit
	// Pool is the progressive pool the table is linked to, nil for none.
	Pool *DemoPool
	// Player plays the table's rounds.
	Player DemoPlayer
}

// DemoLimit is a stake limit of a demo table.
type DemoLimit struct{ Min, Max decimal.Decimal }

// DemoPool is a progressive pool a demo table is linked to: a finance
// officer configures it before the table's first round, when it was never
// configured, with the parameters the catalog's pool parser gives a demo
// pool (Catalog.DemoPoolParams).
type DemoPool struct {
	ID string
}

// DemoBand is the authorised band of every demo table.
func DemoBand() DemoLimit {
	return DemoLimit{Min: decimal.NewFromInt(1), Max: decimal.NewFromInt(1000)}
}

// DemoLimitUpTo is a demo stake limit from the band's minimum to max.
func DemoLimitUpTo(max int64) DemoLimit {
	return DemoLimit{Min: DemoBand().Min, Max: decimal.NewFromInt(max)}
}

// DemoStakes are the stakes demo players choose among, smallest first.
func DemoStakes() []decimal.Decimal {
	out := make([]decimal.Decimal, 0, 6)
	for _, n := range []int64{1, 2, 5, 10, 20, 25} {
		out = append(out, decimal.NewFromInt(n))
	}
	return out
}

// DemoSlipBetsMax is the most bets a demo player puts on one slip.
const DemoSlipBetsMax = 3

// DemoPlayer makes up what a simulated dealer and players do at one demo
// table: Play plays one round, or one result of a round that lasts several
// (a craps roll, a bingo ball), through d. Play opens the round when none
// is in progress. When Play returns an error, the demo cancels the round
// in progress (refunding its bets) and the next Play starts afresh.
type DemoPlayer interface {
	Play(ctx context.Context, d DemoDealer, rng *rand.Rand) error
}

// DemoDealer is the demo's hands at one table: the commands a dealer, a
// supervisor, a cashier and the players' frontend send, in abstract steps
// (bets with codes, stakes and seats, results as JSON, shoes, banks,
// sessions). The demo implements it over the ledger; every step is a real
// command with its actor, so the demo's events are like any others. A step
// the ledger refuses returns its error, except a bet a player cannot pay
// for (Place reports it).
type DemoDealer interface {
	// Paytable is the table's paytable.
	Paytable() Paytable
	// Players are the demo's players, in seat order.
	Players() []string
	// Round returns the round in progress: its results so far and its
	// bets still open; ok is false when no round is in progress.
	Round(ctx context.Context) (r DemoRound, ok bool, err error)
	// OpenRound opens a round.
	OpenRound(ctx context.Context) error
	// Place places a slip of player's bets in the round in progress;
	// placed is false (and err nil) when the player cannot pay for it.
	Place(ctx context.Context, player string, bets []DemoBet) (placed bool, err error)
	// TakeDown takes an open bet down (TakeDowner games).
	TakeDown(ctx context.Context, player, bet string) error
	// CloseBetting closes betting for the next result.
	CloseBetting(ctx context.Context) error
	// Reshake records a void throw (a die out of the table) with its
	// reason.
	Reshake(ctx context.Context, reason string) error
	// Record records the next result, as its JSON.
	Record(ctx context.Context, result json.RawMessage) error
	// Cancel cancels the round in progress, refunding its bets.
	Cancel(ctx context.Context, reason string) error
	// EnsureShoe starts a shoe with cut cards behind the cut card when
	// the table has none in play (Shoed games).
	EnsureShoe(ctx context.Context, cut int) error
	// StartShoe starts a new shoe between rounds, whatever the shoe in
	// play (Shoed games).
	StartShoe(ctx context.Context, cut int) error
	// Bank returns who holds the table's bank (PlayerBanked games; ""
	// for nobody), its balance, and every player's wallet.
	Bank(ctx context.Context) (banker string, bank decimal.Decimal, wallets map[string]decimal.Decimal, err error)
	// TakeBank has player put amount in the bank.
	TakeBank(ctx context.Context, player string, amount decimal.Decimal) error
	// ReleaseBank gives the bank back to its holder.
	ReleaseBank(ctx context.Context) error
	// Session returns the table's open session ("" for none), how many
	// games it ran, and how many rounds the table opened in all.
	Session(ctx context.Context) (id string, games int, rounds int64, err error)
	// OpenSession opens a session with its terms (a supervisor).
	OpenSession(ctx context.Context, id string, terms json.RawMessage) error
	// CloseSession closes a session with its reason.
	CloseSession(ctx context.Context, id, reason string) error
}

// DemoRound is the round in progress at a demo table.
type DemoRound struct {
	// ID is the round's id.
	ID string
	// Results are the round's results so far, parsed, in order.
	Results []Result
	// Bets are the round's bets still open, every player's.
	Bets []DemoBet
}

// DemoBet is a demo player's bet: asked for (Place), or open in the round
// in progress (DemoRound.Bets, with its id, player and Since).
type DemoBet struct {
	ID     string
	Player string
	Code   string
	Stake  decimal.Decimal
	// Since is how many of the round's results came before the bet.
	Since int
	// Working is craps' working flag.
	Working bool
}

// Bet is b as the game settles it.
func (b DemoBet) Bet() Bet {
	return Bet{Code: b.Code, Stake: b.Stake, Since: b.Since, Working: b.Working}
}

// DemoStake returns a random demo stake.
func DemoStake(rng *rand.Rand) decimal.Decimal {
	s := DemoStakes()
	return s[rng.IntN(len(s))]
}

// PlayDemoRound plays a round of one result, the shape most games share
// (Sic Bo, roulette, punto banco): the round opened, each player (three
// in four) placing a slip of one to DemoSlipBetsMax bets of codes from
// bet, betting closed, then the result.
func PlayDemoRound(ctx context.Context, d DemoDealer, rng *rand.Rand, bet func(*rand.Rand) string, result func(*rand.Rand) json.RawMessage) error {
	if err := d.OpenRound(ctx); err != nil {
		return err
	}
	for _, p := range d.Players() {
		if rng.IntN(4) == 0 {
			continue // sits this round out
		}
		bets := make([]DemoBet, 1+rng.IntN(DemoSlipBetsMax))
		for i := range bets {
			bets[i] = DemoBet{Code: bet(rng), Stake: DemoStake(rng)}
		}
		if _, err := d.Place(ctx, p, bets); err != nil {
			return err
		}
	}
	if err := d.CloseBetting(ctx); err != nil {
		return err
	}
	return d.Record(ctx, result(rng))
}

// DemoSteps describes a round of several results played one result per
// Play (a craps hand, a bingo game): PlayDemoStep plays the next one.
type DemoSteps struct {
	// Bet returns a bet a player asks for (its code, stake and working
	// flag); the paytable's Placer leaves out the ones the round's state
	// does not take.
	Bet func(rng *rand.Rand) DemoBet
	// Result returns the next result after the round's results so far.
	Result func(rng *rand.Rand, results []Result) json.RawMessage
	// NoRoll reports whether the throw is void before the result (a die
	// left the table); nil for never.
	NoRoll func(rng *rand.Rand) bool
	// TakeDown is how often (one in TakeDown) a player takes a bet down
	// where the game allows it (TakeDowner); 0 for never.
	TakeDown int
	// Reason is the reason recorded with a void throw.
	Reason string
}

// PlayDemoStep plays one result of a round of several: the round opened
// when none is in progress, slips in the round's state (each player one
// time in two), a take-down now and then, betting closed, a void throw
// now and then, then the result. Which bets the state takes is the game's
// own answer (Placer, TakeDowner), asked before a command is sent, so
// that the demo's slips are lawful.
func PlayDemoStep(ctx context.Context, d DemoDealer, rng *rand.Rand, s DemoSteps) error {
	r, ok, err := d.Round(ctx)
	if err != nil {
		return err
	}
	if !ok {
		if err := d.OpenRound(ctx); err != nil {
			return err
		}
		r = DemoRound{}
	}
	pt := d.Paytable()
	placer, _ := pt.(Placer)
	downer, _ := pt.(TakeDowner)
	open := func(player, except string) []Bet {
		var out []Bet
		for _, b := range r.Bets {
			if b.Player == player && b.ID != except {
				out = append(out, b.Bet())
			}
		}
		return out
	}
	for _, p := range d.Players() {
		if rng.IntN(2) == 0 {
			continue // stands pat on this result
		}
		mine := open(p, "")
		var bets []DemoBet
		for range 1 + rng.IntN(DemoSlipBetsMax) {
			b := s.Bet(rng)
			b.Since = len(r.Results)
			if placer != nil && placer.CheckPlacement(b.Bet(), r.Results, mine) != nil {
				continue
			}
			mine = append(mine, b.Bet())
			bets = append(bets, b)
		}
		if len(bets) == 0 {
			continue
		}
		if _, err := d.Place(ctx, p, bets); err != nil {
			return err
		}
	}
	if downer != nil && s.TakeDown > 0 && len(r.Results) > 0 && rng.IntN(s.TakeDown) == 0 {
		// A player takes one of their bets down, where the game allows it.
		for _, b := range r.Bets {
			if downer.CheckTakeDown(b.Bet(), r.Results, open(b.Player, b.ID)) != nil {
				continue
			}
			if err := d.TakeDown(ctx, b.Player, b.ID); err != nil {
				return err
			}
			break
		}
	}
	if err := d.CloseBetting(ctx); err != nil {
		return err
	}
	if s.NoRoll != nil && s.NoRoll(rng) {
		if err := d.Reshake(ctx, s.Reason); err != nil {
			return err
		}
	}
	return d.Record(ctx, s.Result(rng, r.Results))
}

// DemoDeal describes a round dealt from a shoe with seats (blackjack,
// War): PlayDemoDeal plays a whole round per Play.
type DemoDeal struct {
	// Cut is where the demo's shoes put the cut card.
	Cut int
	// Main is the code of a seat's main bet ("main:<seat>").
	Main func(seat int) string
	// Side returns a side bet code and stake for a seat with a main bet
	// of stake main, or "".
	Side func(rng *rand.Rand, seat int, main decimal.Decimal) (string, decimal.Decimal)
	// Next returns the round's next step after results; seats are the
	// seated seats in order and mains their main stakes. A step with a
	// nil result (a card drawn that fits nowhere) is skipped.
	Next func(rng *rand.Rand, results []Result, seats []int, mains map[int]decimal.Decimal) DemoDealStep
}

// DemoDealStep is one result of a deal and, for a decision that adds
// money (a double, a split, a war raise), the bet the seat's player places
// just before it (Code "" for none).
type DemoDealStep struct {
	Result Result
	Code   string
	Stake  decimal.Decimal
	Seat   int
}

// DemoDealStepsMax bounds the steps of one demo deal.
const DemoDealStepsMax = 400

// PlayDemoDeal plays a whole round of a card game: a new shoe started,
// the round opened, each player (three in four) on the
// seat of their place in Players with a main bet of at least 2 (and a side
// bet), then every card and decision as a result, with betting closed
// before each, until the paytable says the round is over.
func PlayDemoDeal(ctx context.Context, d DemoDealer, rng *rand.Rand, s DemoDeal) error {
	// The deal draws each card at random, not from the cards left in a
	// shoe: a new shoe per round keeps every card within what a shoe
	// holds (the ledger counts a shoe's cards across its rounds).
	if err := d.StartShoe(ctx, s.Cut); err != nil {
		return err
	}
	if err := d.OpenRound(ctx); err != nil {
		return err
	}
	stakes := DemoStakes()
	mains := map[int]decimal.Decimal{}
	players := map[int]string{}
	var seats []int
	for i, p := range d.Players() {
		if rng.IntN(4) == 0 {
			continue // sits this round out
		}
		seat := i + 1
		main := stakes[1+rng.IntN(len(stakes)-1)]
		bets := []DemoBet{{Code: s.Main(seat), Stake: main}}
		if code, stake := s.Side(rng, seat, main); code != "" {
			bets = append(bets, DemoBet{Code: code, Stake: stake})
		}
		placed, err := d.Place(ctx, p, bets)
		if err != nil {
			return err
		}
		if placed {
			mains[seat], players[seat] = main, p
			seats = append(seats, seat)
		}
	}
	if len(seats) == 0 {
		// Nobody sat down: the round deals nothing.
		return d.Cancel(ctx, "no player sat down")
	}
	pt := d.Paytable()
	var results []Result
	for steps := 0; !pt.RoundOver(results); steps++ {
		if steps > DemoDealStepsMax {
			return fmt.Errorf("the deal did not end after %d steps", steps)
		}
		st := s.Next(rng, results, seats, mains)
		if st.Result == nil {
			continue
		}
		if st.Code != "" {
			placed, err := d.Place(ctx, players[st.Seat], []DemoBet{{Code: st.Code, Stake: st.Stake}})
			if err != nil {
				return err
			}
			if !placed {
				continue // the player cannot pay: another decision
			}
		}
		if err := d.CloseBetting(ctx); err != nil {
			return err
		}
		if err := d.Record(ctx, st.Result.JSON()); err != nil {
			return err
		}
		results = append(results, st.Result)
	}
	return nil
}

// FirstValid returns the first of candidates that rc takes after
// results, or nil: a demo dealing a random card finds where it may go.
func FirstValid(rc ResultChecker, results []Result, candidates []Result) Result {
	for _, r := range candidates {
		if rc.CheckResult(r, results) == nil {
			return r
		}
	}
	return nil
}

// DemoPooler is implemented by a catalog's PoolParser that gives the
// demo's pools their parameters: those of its example pool under another
// id.
type DemoPooler interface {
	DemoPool(id string) (json.RawMessage, error)
}

// DemoPoolParams returns the parameters of demo pool id from the
// catalog's pool parser (DemoPooler), or ErrNoPools.
func (c *Catalog) DemoPoolParams(id string) (json.RawMessage, error) {
	dp, ok := c.pools.(DemoPooler)
	if !ok {
		return nil, ErrNoPools
	}
	return dp.DemoPool(id)
}
