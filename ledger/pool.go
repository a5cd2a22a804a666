package ledger

import (
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/errcode"
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/internal/assert"
	"github.com/wagerlog/wagerlog/posting"
)

// Progressive pools (seed 004, section 6). A pool belongs to
// no table: tables are linked to it. Its accounts are
// jackpot:<pool>:main and jackpot:<pool>:reserve:<name> (named by its
// parameters, games.PoolRules.Accounts); the casino's side of the base's
// funding, of an adjustment and of a decommission is
// posting.AccountCasino.

// Errors of progressive pools.
var (
	// ErrPoolNotFound is returned for a pool never configured.
	ErrPoolNotFound = errcode.New("pool_not_found", http.StatusNotFound, "Pool not found",
		"pool not found")
	// ErrPoolDecommissioned is returned for a command on a decommissioned pool.
	ErrPoolDecommissioned = errcode.New("pool_decommissioned", http.StatusConflict, "Pool decommissioned",
		"pool decommissioned")
	// ErrTableLinked is returned when linking a table linked to a pool already.
	ErrTableLinked = errcode.New("table_already_linked", http.StatusConflict, "Table already linked to a pool",
		"table already linked to a pool")
	// ErrTableNotLinked is returned when unlinking a table not linked to
	// the pool, or placing a progressive bet on a table linked to none.
	ErrTableNotLinked = errcode.New("table_not_linked", http.StatusConflict, "Table not linked to the pool",
		"table not linked to the pool")
	// ErrPoolRoundOpen is returned when a pool's parameters would change,
	// or a table be unlinked, while a linked table has a round in
	// progress: its progressive bets were taken under the parameters in
	// force.
	ErrPoolRoundOpen = errcode.New("jackpot_round_open", http.StatusConflict, "A round of a linked table is in progress",
		"a round of a linked table is in progress")
	// ErrPoolInUse is returned when decommissioning a pool that still has
	// linked tables.
	ErrPoolInUse = errcode.New("pool_in_use", http.StatusConflict, "Pool has linked tables",
		"pool has linked tables")
	// ErrPoolNegative is returned when an adjustment would take a pool
	// account below zero.
	ErrPoolNegative = errcode.New("pool_negative", http.StatusUnprocessableEntity, "A pool account would go below zero",
		"a pool account would go below zero")
	// ErrPoolLimits is returned when linking a table whose progressive
	// bet limits differ from those of the tables linked to the pool, or
	// changing a linked table's progressive limits away from theirs: seed
	// 004, 6.5.1, every linked table has the same minimum and maximum.
	ErrPoolLimits = errcode.New("pool_limits_differ", http.StatusConflict, "Progressive limits differ from the linked tables'",
		"progressive limits differ from the linked tables'")
)

// Pool is a progressive pool's state.
type Pool struct {
	ID       string
	Currency string
	Version  int
	Hash     string
	// Params are the parameters in force, as jackpot.configured records
	// them (canonical JSON).
	Params json.RawMessage
	// Accounts are the pool's ledger accounts, the main pool first.
	Accounts []string
	// Tables are the linked tables, sorted.
	Tables         []string
	Decommissioned bool
	// Commitment is the commitment of the seed the pool's complementary
	// prizes are drawn from (ledger/draw.go), "" when it draws none.
	Commitment string
}

// ConfigurePool puts a pool's parameters in force: the first version
// creates the pool (and the casino funds its base), a later one replaces
// them between the rounds of its linked tables.
type ConfigurePool struct {
	Meta     `json:"-"`
	Pool     string          `json:"pool"`
	Currency string          `json:"currency"`
	Params   json.RawMessage `json:"params"`
	Reason   string          `json:"reason,omitempty"`
}

// LinkPool links a table to a pool: its progressive bets go there.
type LinkPool struct {
	Meta  `json:"-"`
	Pool  string `json:"pool"`
	Table string `json:"table"`
}

// UnlinkPool unlinks a table from its pool between rounds.
type UnlinkPool struct {
	Meta   `json:"-"`
	Pool   string `json:"pool"`
	Table  string `json:"table"`
	Reason string `json:"reason,omitempty"`
}

// AdjustPool corrects one of a pool's accounts with a reason: a positive
// Amount comes from the casino, a negative one goes back to it.
type AdjustPool struct {
	Meta    `json:"-"`
	Pool    string          `json:"pool"`
	Account string          `json:"account"`
	Amount  decimal.Decimal `json:"amount"`
	Reason  string          `json:"reason"`
}

// DecommissionPool closes a pool without linked tables: every account's
// balance goes to another pool's main account (To) or, To empty, to the
// casino.
type DecommissionPool struct {
	Meta   `json:"-"`
	Pool   string `json:"pool"`
	To     string `json:"to,omitempty"`
	Reason string `json:"reason"`
}

func (c *ConfigurePool) meta() *Meta    { return &c.Meta }
func (c *LinkPool) meta() *Meta         { return &c.Meta }
func (c *UnlinkPool) meta() *Meta       { return &c.Meta }
func (c *AdjustPool) meta() *Meta       { return &c.Meta }
func (c *DecommissionPool) meta() *Meta { return &c.Meta }

// PoolOf returns the pool a table is linked to, "" for none.
func (s *State) PoolOf(table string) string {
	for id, p := range s.pools {
		if slices.Contains(p.Tables, table) {
			return id
		}
	}
	return ""
}

// poolBalances returns the balances of a pool's accounts.
func (s *State) poolBalances(p *Pool) []decimal.Decimal {
	out := make([]decimal.Decimal, len(p.Accounts))
	for i, a := range p.Accounts {
		out[i] = s.balance(a, p.Currency)
	}
	return out
}

// rules returns the parsed parameters of a pool's version, by hash.
func (d *decider) rules(raw []byte, hash string) (games.PoolRules, error) {
	if r, ok := d.poolRules[hash]; ok {
		return r, nil
	}
	r, err := d.games.ParsePool(raw)
	if err != nil {
		return nil, err
	}
	if r.Hash() != hash {
		return nil, errf(ErrPaytableChanged, "pool %s was recorded with hash %s, this build reads hash %s", r.ID(), hash, r.Hash())
	}
	if d.poolRules == nil {
		d.poolRules = map[string]games.PoolRules{}
	}
	d.poolRules[hash] = r
	return r, nil
}

func (d *decider) pool(s *State, id string) (*Pool, error) {
	if err := checkID("pool", id); err != nil {
		return nil, err
	}
	p := s.pools[id]
	if p == nil {
		return nil, errf(ErrPoolNotFound, "pool %s", id)
	}
	if p.Decommissioned {
		return nil, errf(ErrPoolDecommissioned, "pool %s is decommissioned", id)
	}
	return p, nil
}

// openRoundOf returns a linked table's round in progress, "" when none.
func (s *State) openRoundOf(p *Pool) (table, round string) {
	for _, t := range p.Tables {
		if tb := s.tables[t]; tb != nil && tb.Active != "" {
			return t, tb.Active
		}
	}
	return "", ""
}

func (d *decider) configurePool(s *State, c *ConfigurePool) ([]draft, error) {
	if err := checkID("pool", c.Pool); err != nil {
		return nil, err
	}
	if err := checkText("reason", c.Reason, false); err != nil {
		return nil, err
	}
	sc, err := d.scale(c.Currency)
	if err != nil {
		return nil, err
	}
	if len(c.Params) == 0 {
		return nil, errf(ErrInvalidRequest, "params are required")
	}
	r, err := d.games.ParsePool(c.Params)
	if err != nil {
		return nil, err
	}
	switch {
	case r.ID() != c.Pool:
		return nil, errf(ErrInvalidRequest, "the parameters are pool %s's, not %s's", r.ID(), c.Pool)
	case r.Scale() != sc:
		return nil, errf(ErrInvalidRequest, "the parameters have %d decimals, %s has %d", r.Scale(), c.Currency, sc)
	}
	if old := s.pools[c.Pool]; old != nil {
		switch {
		case old.Decommissioned:
			return nil, errf(ErrPoolDecommissioned, "pool %s is decommissioned", old.ID)
		case old.Currency != c.Currency:
			return nil, errf(ErrCurrencyMismatch, "pool %s is in %s", old.ID, old.Currency)
		case r.Version() <= old.Version:
			return nil, errf(ErrInvalidRequest, "pool %s is at version %d; a new configuration has a higher version, not %d", old.ID, old.Version, r.Version())
		}
		if t, round := s.openRoundOf(old); t != "" {
			return nil, errf(ErrPoolRoundOpen, "table %s has round %s in progress under version %d", t, round, old.Version)
		}
	}
	main := r.Accounts()[0]
	// A reserve the new version drops keeps no money out of the pool's
	// accounts: its balance moves to the main pool, before the base is
	// funded (docs/GAMES.md, "Progressive pools").
	var ts []events.Transfer
	moved := decimal.Zero
	if old := s.pools[c.Pool]; old != nil {
		for _, a := range old.Accounts {
			if b := s.balance(a, c.Currency); b.IsPositive() && !slices.Contains(r.Accounts(), a) {
				ts = append(ts, events.Transfer{From: a, To: main, Amount: b, Rule: "reserve dropped by version " + strconv.Itoa(r.Version())})
				moved = moved.Add(b)
			}
		}
	}
	funded := decimal.Max(r.Base().Sub(s.balance(main, c.Currency).Add(moved)), decimal.Zero)
	ps := posting.PoolPostings(c.Currency, ts)
	if funded.IsPositive() {
		ps = append(ps, events.Posting{From: posting.AccountCasino, To: main, Amount: funded, Currency: c.Currency})
	}
	// Every version with complementary prizes draws from a seed of its
	// own; the seed of the version it replaces is revealed first
	// (ledger/draw.go).
	var out []draft
	if old := s.pools[c.Pool]; old != nil {
		reveal, err := d.revealDraft(old, "", "replaced by version "+strconv.Itoa(r.Version()))
		if err != nil {
			return nil, err
		}
		out = reveal
	}
	commitment := ""
	if drawer(r) != nil {
		if commitment, err = d.newSeed(r.ID()); err != nil {
			return nil, err
		}
	}
	return append(out, draft{
		typ: events.TypeJackpotConfigured,
		payload: &events.JackpotConfigured{
			Pool: r.ID(), Version: r.Version(), Hash: r.Hash(), Currency: c.Currency,
			Params: r.CanonicalJSON(), Accounts: r.Accounts(), Funded: funded, Reason: c.Reason, Transfers: ts,
			DrawCommitment: commitment,
		},
		postings: ps,
	}), nil
}

func (d *decider) linkPool(s *State, c *LinkPool) ([]draft, error) {
	p, err := d.pool(s, c.Pool)
	if err != nil {
		return nil, err
	}
	t, err := d.table(s, c.Table)
	if err != nil {
		return nil, err
	}
	if other := s.PoolOf(t.ID); other != "" {
		return nil, errf(ErrTableLinked, "table %s is linked to pool %s", t.ID, other)
	}
	if t.Currency != p.Currency {
		return nil, errf(ErrCurrencyMismatch, "table %s plays in %s, pool %s is in %s", t.ID, t.Currency, p.ID, p.Currency)
	}
	pt, err := d.paytable(t)
	if err != nil {
		return nil, err
	}
	if _, ok := pt.(games.Progressive); !ok {
		return nil, errf(ErrInvalidRequest, "paytable %s has no progressive bet", pt.ID())
	}
	if t.Active != "" {
		return nil, errf(ErrRoundInProgress, "table %s has round %s in progress", t.ID, t.Active)
	}
	if err := d.checkPoolLimits(s, p, t.ID, pt, t.Limits); err != nil {
		return nil, err
	}
	return []draft{{typ: events.TypeJackpotLinked, payload: &events.JackpotLinked{Pool: p.ID, Table: t.ID}}}, nil
}

func (d *decider) unlinkPool(s *State, c *UnlinkPool) ([]draft, error) {
	p, err := d.pool(s, c.Pool)
	if err != nil {
		return nil, err
	}
	if err := checkID("table", c.Table); err != nil {
		return nil, err
	}
	if err := checkText("reason", c.Reason, false); err != nil {
		return nil, err
	}
	if !slices.Contains(p.Tables, c.Table) {
		return nil, errf(ErrTableNotLinked, "table %s is not linked to pool %s", c.Table, p.ID)
	}
	if t := s.tables[c.Table]; t != nil && t.Active != "" {
		return nil, errf(ErrPoolRoundOpen, "table %s has round %s in progress; its progressive bets belong to pool %s", t.ID, t.Active, p.ID)
	}
	return []draft{{typ: events.TypeJackpotUnlinked, payload: &events.JackpotUnlinked{Pool: p.ID, Table: c.Table, Reason: c.Reason}}}, nil
}

func (d *decider) adjustPool(s *State, c *AdjustPool) ([]draft, error) {
	p, err := d.pool(s, c.Pool)
	if err != nil {
		return nil, err
	}
	if err := checkText("reason", c.Reason, true); err != nil {
		return nil, err
	}
	if !slices.Contains(p.Accounts, c.Account) {
		return nil, errf(ErrInvalidRequest, "%q is not an account of pool %s (%s)", c.Account, p.ID, strings.Join(p.Accounts, ", "))
	}
	sc, err := d.scale(p.Currency)
	if err != nil {
		return nil, err
	}
	if err := checkAmount("amount", c.Amount.Abs(), sc); err != nil {
		return nil, err
	}
	before := s.balance(c.Account, p.Currency)
	after := before.Add(c.Amount)
	if after.IsNegative() {
		return nil, errf(ErrPoolNegative, "%s holds %s %s, the adjustment is %s", c.Account, before, p.Currency, c.Amount)
	}
	ps := events.Posting{From: posting.AccountCasino, To: c.Account, Amount: c.Amount, Currency: p.Currency}
	if c.Amount.IsNegative() {
		ps = events.Posting{From: c.Account, To: posting.AccountCasino, Amount: c.Amount.Neg(), Currency: p.Currency}
	}
	return []draft{{
		typ: events.TypeJackpotAdjusted,
		payload: &events.JackpotAdjusted{
			Pool: p.ID, Account: c.Account, Amount: c.Amount, Currency: p.Currency, Reason: c.Reason,
			BalanceBefore: before, BalanceAfter: after,
		},
		postings: []events.Posting{ps},
	}}, nil
}

func (d *decider) decommissionPool(s *State, c *DecommissionPool) ([]draft, error) {
	p, err := d.pool(s, c.Pool)
	if err != nil {
		return nil, err
	}
	if err := checkText("reason", c.Reason, true); err != nil {
		return nil, err
	}
	if len(p.Tables) > 0 {
		return nil, errf(ErrPoolInUse, "pool %s is linked to %s: unlink them first", p.ID, strings.Join(p.Tables, ", "))
	}
	to := posting.AccountCasino
	if c.To != "" {
		if c.To == p.ID {
			return nil, errf(ErrInvalidRequest, "pool %s cannot be decommissioned into itself", p.ID)
		}
		q, err := d.pool(s, c.To)
		if err != nil {
			return nil, err
		}
		if q.Currency != p.Currency {
			return nil, errf(ErrCurrencyMismatch, "pool %s is in %s, pool %s in %s", q.ID, q.Currency, p.ID, p.Currency)
		}
		to = q.Accounts[0]
	}
	total := decimal.Zero
	var ts []events.Transfer
	for _, a := range s.poolAccountsHolding(p) {
		b := s.balance(a, p.Currency)
		ts = append(ts, events.Transfer{From: a, To: to, Amount: b, Rule: "decommission"})
		total = total.Add(b)
	}
	// The seed of the pool's draws draws nothing more: it is revealed.
	out, err := d.revealDraft(p, "", "decommission")
	if err != nil {
		return nil, err
	}
	return append(out, draft{
		typ:      events.TypeJackpotDecommissioned,
		payload:  &events.JackpotDecommissioned{Pool: p.ID, To: c.To, Amount: total, Currency: p.Currency, Reason: c.Reason, Transfers: ts},
		postings: posting.PoolPostings(p.Currency, ts),
	}), nil
}

// poolAccountsHolding returns the accounts of pool p that hold money:
// those of its parameters in force, in their order, then any other
// account of the pool (a reserve an earlier version dropped before
// configuring moved its balance to the main pool), sorted. A
// decommission leaves nothing behind.
func (s *State) poolAccountsHolding(p *Pool) []string {
	var out, others []string
	for _, a := range p.Accounts {
		if s.balance(a, p.Currency).IsPositive() {
			out = append(out, a)
		}
	}
	prefix := posting.PoolAccountPrefix(p.ID)
	s.balances.each(func(k balanceKey, v decimal.Decimal) {
		if k.currency == p.Currency && v.IsPositive() && strings.HasPrefix(k.account, prefix) && posting.IsPoolAccount(k.account) && !slices.Contains(p.Accounts, k.account) {
			others = append(others, k.account)
		}
	})
	slices.Sort(others)
	return append(out, others...)
}

// applyPool applies a pool event to the state; it reports whether payload
// was one.
func (s *State) applyPool(payload any) bool {
	switch p := payload.(type) {
	case *events.JackpotConfigured:
		pl := s.pools[p.Pool]
		if pl == nil {
			pl = &Pool{ID: p.Pool, Currency: p.Currency}
			s.pools[p.Pool] = pl
		}
		pl.Version, pl.Hash, pl.Params, pl.Accounts = p.Version, p.Hash, p.Params, p.Accounts
		pl.Commitment = p.DrawCommitment
	case *events.JackpotLinked:
		pl := s.mustPool(p.Pool)
		pl.Tables = append(pl.Tables, p.Table)
		slices.Sort(pl.Tables)
	case *events.JackpotUnlinked:
		pl := s.mustPool(p.Pool)
		pl.Tables = slices.DeleteFunc(pl.Tables, func(t string) bool { return t == p.Table })
	case *events.JackpotAdjusted:
		// The postings are the whole effect.
	case *events.JackpotDecommissioned:
		s.mustPool(p.Pool).Decommissioned = true
	case *events.JackpotPassFunded:
		s.mustRound(p.Round).poolFunded = true
	case *events.JackpotSeatClosed:
		t := s.mustTable(p.Table)
		t.ClosedSeats = append(slices.Clone(t.ClosedSeats), p.Seat)
		slices.Sort(t.ClosedSeats)
	case *events.JackpotSeatReopened:
		t := s.mustTable(p.Table)
		t.ClosedSeats = slices.DeleteFunc(slices.Clone(t.ClosedSeats), func(n int) bool { return n == p.Seat })
	case *events.JackpotDrawn:
		s.mustRound(p.Round).drawn = true
		s.creditsDrawn(p)
	case *events.CreditsExpired:
		delete(s.credits, creditsKey(p.Player, p.Currency))
	case *events.JackpotDrawSeedRevealed:
		s.mustPool(p.Pool).Commitment = p.Next
	default:
		return false
	}
	return true
}

func (s *State) mustPool(id string) *Pool {
	p := s.pools[id]
	assert.That(p != nil, "apply: unknown pool %q", id)
	return p
}

// roundPool returns the pool a round's table is linked to: the pool of
// the round's progressive bets, since a table is unlinked and a pool
// reconfigured only between rounds.
func (s *State) roundPool(r *Round) (*Pool, error) {
	id := s.PoolOf(r.Table)
	if id == "" {
		return nil, errf(ErrTableNotLinked, "table %s of round %s is linked to no pool", r.Table, r.ID)
	}
	return s.pools[id], nil
}

// progressiveLimit returns the limit of a paytable's progressive bet
// under limits: the kind whose seat-1 code the paytable calls progressive
// (games.Progressive), or the "*" limit; false for a paytable without one.
func progressiveLimit(pt games.Paytable, limits map[string]Limit) (Limit, bool) {
	pg, ok := pt.(games.Progressive)
	if !ok {
		return Limit{}, false
	}
	for _, k := range pt.Kinds() {
		if !pg.ProgressiveBet(k + ":1") {
			continue
		}
		if l, ok := limits[k]; ok {
			return l, true
		}
		l, ok := limits["*"]
		return l, ok
	}
	return Limit{}, false
}

// checkPoolLimits refuses limits for table (being linked to p, or linked
// already and changing its limits) whose progressive minimum or maximum
// differ from another linked table's: seed 004, 6.5.1, "el mismo mínimo y
// máximo" on every table linked to a pool.
func (d *decider) checkPoolLimits(s *State, p *Pool, table string, pt games.Paytable, limits map[string]Limit) error {
	mine, ok := progressiveLimit(pt, limits)
	if !ok {
		return nil
	}
	for _, id := range p.Tables {
		o := s.tables[id]
		if id == table || o == nil {
			continue
		}
		opt, err := d.paytable(o)
		if err != nil {
			return err
		}
		theirs, ok := progressiveLimit(opt, o.Limits)
		if ok && (!theirs.Min.Equal(mine.Min) || !theirs.Max.Equal(mine.Max)) {
			return errf(ErrPoolLimits, "table %s's progressive limits would be %s..%s, table %s linked to pool %s has %s..%s",
				table, mine.Min, mine.Max, id, p.ID, theirs.Min, theirs.Max)
		}
	}
	return nil
}

// checkProgressive refuses a progressive bet on a table linked to no pool.
func (s *State) checkProgressive(pt games.Paytable, t *Table, code string) error {
	if pg, ok := pt.(games.Progressive); ok && pg.ProgressiveBet(code) && s.PoolOf(t.ID) == "" {
		return errf(ErrTableNotLinked, "table %s is linked to no pool: it takes no progressive bet", t.ID)
	}
	return nil
}

// checkSettles refuses a result that would end a round settled as a
// whole (games.RoundSettler) when the game cannot settle the round with
// it (a seat with bets and no hand, an ante neither called nor folded, a
// progressive bet on a table linked to no pool): the result is refused
// and nothing is written, instead of a round left settling.
func (d *decider) checkSettles(s *State, r *Round, pt games.Paytable, res []games.Result) error {
	rs, ok := pt.(games.RoundSettler)
	if !ok || !pt.RoundOver(res) {
		return nil
	}
	var bets []games.Bet
	for _, b := range r.Bets {
		if b.Status == BetOpen || b.Status == BetSettled {
			bets = append(bets, games.Bet{Code: b.Code, Stake: b.Stake, Since: b.Since, Working: b.Working})
		}
	}
	funds := games.Funds{Bank: s.balance(posting.BankAccount(r.Table), r.Currency), Closed: r.SalesClose}
	if id := s.PoolOf(r.Table); id != "" {
		p := s.pools[id]
		rules, err := d.rules(p.Params, p.Hash)
		if err != nil {
			return err
		}
		funds.Pool = &games.PoolFunds{Rules: rules, Balances: s.poolBalances(p)}
		if drawer(rules) != nil && p.Commitment != "" {
			if _, err := d.seed(p.ID, p.Commitment); err != nil {
				return err
			}
		}
	}
	if _, err := rs.SettleRound(bets, r.Scale, res, funds); err != nil {
		return errf(ErrInvalidResult, "round %s cannot be settled with this result: %v", r.ID, err)
	}
	return nil
}
