package jackpot

import (
	"fmt"
	"slices"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/poker"
)

// Limits on parameters and amounts.
const (
	// ScaleMax is the most decimals a pool's currency may have.
	ScaleMax = 8
	// AmountDigitsMax bounds every amount: below 10^15.
	AmountDigitsMax = 15
	// ReservesMax bounds a pool's reserve pools.
	ReservesMax = 8
	// MultipleMax bounds a fixed prize's and a cap's multiple of the bet.
	MultipleMax = 1_000_000
)

// Reset rules: how the main pool restarts at its base after a pass that
// left it below (a royal flush empties it).
const (
	// ResetFromReserves funds the restart from the reserve pools, in
	// their listed order, and what they cannot cover from the casino (seed
	// 004, 6.6: the reserves "acumular fondos para su uso futuro").
	ResetFromReserves = "base_from_reserves_then_casino"
	// ResetFromCasino funds the restart from the casino alone: the seed
	// money is the casino's, the reserves wait for another use.
	ResetFromCasino = "base_from_casino"
)

// Params are a pool's parameters as data (seed 004, 6.6 "Conformación y
// acumulación de pozos progresivos"; GLI-19 2.8.7): the casino's
// commission, the split of the rest between the main pool and the
// reserves, the main pool's base and ceiling, the reset rule and the prize
// table. They are recorded with their version and hash in the events
// (jackpot.configured) and cannot change while a round of a linked table
// is open (State.Configure). Every field is covered by the hash.
type Params struct {
	// Pool is the pool's id, "jp-1". A pool belongs to no table.
	Pool string `json:"pool"`
	// Version counts revisions of the pool's parameters, from 1.
	Version int `json:"version"`
	// Source cites the rules and the approval the parameters transcribe.
	Source string `json:"source"`
	// Scale is the decimals of the pool's currency (2 for EUR, 0 for
	// CLP): the smallest unit every amount is rounded to.
	Scale int32 `json:"scale"`
	// CommissionPercent is the casino's commission, a percentage of every
	// progressive bet collected ("10"), taken first and rounded down to
	// the smallest unit.
	CommissionPercent decimal.Decimal `json:"commission_percent"`
	// Reserves are the optional reserve pools, each with its share of
	// what remains after the commission. The main pool gets the rest,
	// including every remainder of the split's rounding.
	Reserves []Reserve `json:"reserves"`
	// Base is the main pool's base (seed amount), the balance it restarts
	// at; zero for none.
	Base decimal.Decimal `json:"base"`
	// Ceiling, when not zero, is the most the main pool grows to; what a
	// contribution would add above it goes to the first reserve (GLI-19
	// 4.13: at the ceiling the payoff freezes and contributions go to an
	// overflow pool). A ceiling needs a reserve.
	Ceiling decimal.Decimal `json:"ceiling"`
	// Reset is the reset rule, ResetFromReserves or ResetFromCasino.
	Reset string `json:"reset"`
	// Prizes are the prize table (seed 004, 6.6 "Esquema de pago"), one
	// line per winning category.
	Prizes []Prize `json:"prizes"`
	// Complementary are the optional complementary prizes, drawn at
	// random and unrelated to the hands (seed 004, 6.5.1 "Premios
	// complementarios"; complementary.go). Absent from the canonical
	// JSON when there are none, so the parameters written before they
	// existed keep their hash.
	Complementary []Complementary `json:"complementary,omitempty"`
	// Promotion is the regulator's authorisation of the promotion whose
	// credits complementary prizes pay (seed 004, 6.5.1: "la respectiva
	// promoción debe ser informada a la Superintendencia para su
	// autorización previa"); required when a line pays PayCredits.
	Promotion string `json:"promotion,omitempty"`
	// CreditsExpiryDays, when not zero, is how many days a player's
	// credits last after the last credits the pool paid them (each new
	// prize extends them); CreditsExpireTo says where expired credits go:
	// ExpireToPool (the main pool) or ExpireToHouse (the casino).
	CreditsExpiryDays int    `json:"credits_expiry_days,omitzero"`
	CreditsExpireTo   string `json:"credits_expire_to,omitempty"`
}

// Reserve is one reserve pool and its share.
type Reserve struct {
	// Name is the reserve's name within the pool, "r1"; its account is
	// jackpot:<pool>:reserve:<name>.
	Name string `json:"name"`
	// Percent is the reserve's share of every contribution after the
	// commission, rounded down to the smallest unit.
	Percent decimal.Decimal `json:"percent"`
}

// Prize is one line of the prize table: a fixed multiple of the
// progressive bet, or a percentage of the main pool with an optional cap.
type Prize struct {
	// Hand is the winning category.
	Hand poker.Category `json:"hand"`
	// Multiple, for a fixed prize, is the prize as a multiple of the
	// winner's progressive bet (flush 50).
	Multiple int64 `json:"multiple,omitzero"`
	// Percent, for a percentage prize, is the share of the main pool the
	// line's winners split (straight flush 10, royal flush 100).
	Percent decimal.Decimal `json:"percent,omitzero"`
	// CapMultiple, when not zero, caps each winner's share of a
	// percentage prize at that multiple of the winner's own bet (straight
	// flush: 5000).
	CapMultiple int64 `json:"cap_multiple,omitzero"`
	// Name is the hand's name in the source ("Escalera Real").
	Name string `json:"name"`
}

// Fixed reports whether the line pays a multiple of the bet.
func (p Prize) Fixed() bool { return p.Multiple > 0 }

// Pool is validated, immutable pool parameters with their hash. Get one
// from New or Lookup; a *Pool is safe for concurrent use.
type Pool struct {
	params    Params
	canonical []byte
	hash      string
	byHand    map[poker.Category]Prize
}

// New validates parameters and returns them as a Pool. It returns an error
// wrapping ErrBadParams when the pool id, the source or a name is empty or
// the pool id has a colon, the version is below 1, the scale is outside
// 0..ScaleMax, a percentage is outside [0, 100) (the commission) or (0,
// 100] (a reserve, a prize) or has more than 4 decimals, the reserves'
// shares reach 100 or two reserves share a name, the base or the ceiling
// is negative or has more decimals than the scale, a ceiling is below the
// base or set without a reserve, the reset rule is unknown, or a prize
// line is not exactly one of a multiple (1..MultipleMax, no cap) and a
// percentage, or names a category twice, or a complementary line, the
// promotion or the credits' expiry is not valid (checkComplementary). The
// data is copied.
func New(p Params) (*Pool, error) {
	p.Reserves = slices.Clone(p.Reserves)
	p.Prizes = slices.Clone(p.Prizes)
	p.Complementary = slices.Clone(p.Complementary)
	bad := func(format string, args ...any) (*Pool, error) {
		return nil, fmt.Errorf("%w %q: %s", ErrBadParams, p.Pool, fmt.Sprintf(format, args...))
	}
	hundred := decimal.NewFromInt(100)
	percent := func(v decimal.Decimal, zeroOK bool) bool {
		return v.Exponent() >= -4 && v.Cmp(hundred) <= 0 && (v.Sign() > 0 || (zeroOK && v.Sign() == 0))
	}
	amount := func(v decimal.Decimal) bool {
		return v.Sign() >= 0 && v.Equal(v.Truncate(p.Scale)) && v.Cmp(decimal.New(1, AmountDigitsMax)) < 0
	}
	switch {
	case p.Pool == "" || strings.ContainsAny(p.Pool, ": \t\n"):
		return bad("a pool id is not empty and has no colon or space")
	case p.Version < 1:
		return bad("version %d, want 1 or more", p.Version)
	case strings.TrimSpace(p.Source) == "":
		return bad("empty source")
	case p.Scale < 0 || p.Scale > ScaleMax:
		return bad("scale %d, want 0..%d", p.Scale, ScaleMax)
	case !percent(p.CommissionPercent, true) || p.CommissionPercent.Equal(hundred):
		return bad("commission %s%%: want [0, 100) with at most 4 decimals", p.CommissionPercent)
	case len(p.Reserves) > ReservesMax:
		return bad("%d reserves, at most %d", len(p.Reserves), ReservesMax)
	case !amount(p.Base):
		return bad("base %s: want a non-negative amount with at most %d decimals", p.Base, p.Scale)
	case !amount(p.Ceiling):
		return bad("ceiling %s: want a non-negative amount with at most %d decimals", p.Ceiling, p.Scale)
	case p.Ceiling.Sign() > 0 && p.Ceiling.Cmp(p.Base) < 0:
		return bad("ceiling %s below the base %s", p.Ceiling, p.Base)
	case p.Ceiling.Sign() > 0 && len(p.Reserves) == 0:
		return bad("a ceiling needs a reserve to take what goes over it: contributions are never lost")
	case p.Reset != ResetFromReserves && p.Reset != ResetFromCasino:
		return bad("reset rule %q, want %s or %s", p.Reset, ResetFromReserves, ResetFromCasino)
	}
	split := decimal.Zero
	for i, r := range p.Reserves {
		if r.Name == "" || strings.ContainsAny(r.Name, ": \t\n") {
			return bad("reserve %d: a name is not empty and has no colon or space", i)
		}
		if slices.ContainsFunc(p.Reserves[:i], func(o Reserve) bool { return o.Name == r.Name }) {
			return bad("reserve %d: name %q twice", i, r.Name)
		}
		if !percent(r.Percent, false) {
			return bad("reserve %s: %s%%, want (0, 100] with at most 4 decimals", r.Name, r.Percent)
		}
		split = split.Add(r.Percent)
	}
	if split.Cmp(hundred) >= 0 {
		return bad("the reserves take %s%% of the contributions; the main pool needs a share", split)
	}
	pool := &Pool{params: p, byHand: map[poker.Category]Prize{}}
	for i, z := range p.Prizes {
		if int(z.Hand) >= poker.CategoriesCount {
			return bad("prize %d: no category %d", i, z.Hand)
		}
		if _, dup := pool.byHand[z.Hand]; dup {
			return bad("prize %d: a second line for %s", i, z.Hand)
		}
		if strings.TrimSpace(z.Name) == "" {
			return bad("prize %d (%s): empty name", i, z.Hand)
		}
		switch {
		case z.Fixed() && (z.Percent.Sign() != 0 || z.CapMultiple != 0 || z.Multiple > MultipleMax):
			return bad("prize %d (%s): a fixed prize is a multiple 1..%d with no percentage or cap", i, z.Hand, MultipleMax)
		case !z.Fixed() && (z.Multiple != 0 || !percent(z.Percent, false) || z.CapMultiple < 0 || z.CapMultiple > MultipleMax):
			return bad("prize %d (%s): a percentage prize is (0, 100]%% with at most 4 decimals and a cap 0..%d", i, z.Hand, MultipleMax)
		}
		pool.byHand[z.Hand] = z
	}
	if len(p.Prizes) == 0 {
		return bad("no prize lines")
	}
	if err := checkComplementary(p); err != nil {
		return bad("%v", err)
	}
	pool.canonical = canonicalJSON(p)
	pool.hash = games.ContentHash(pool.canonical)
	return pool, nil
}

// canonicalJSON is the hashed form of the parameters: compact JSON of
// Params with fields in declaration order, amounts as decimal strings, the
// reserves in their order (which is the funding order) and the prizes by
// category, lowest first.
func canonicalJSON(p Params) []byte {
	p.Prizes = slices.Clone(p.Prizes)
	slices.SortFunc(p.Prizes, func(a, b Prize) int { return int(a.Hand) - int(b.Hand) })
	b, err := games.CanonicalJSON(p)
	if err != nil {
		panic(fmt.Sprintf("jackpot: canonical JSON of %q: %v", p.Pool, err))
	}
	return b
}

// ID returns the pool's id.
func (p *Pool) ID() string { return p.params.Pool }

// Version returns the parameters' version.
func (p *Pool) Version() int { return p.params.Version }

// Hash returns the hex SHA-256 of CanonicalJSON, recorded in
// jackpot.configured and in every round of a linked table.
func (p *Pool) Hash() string { return p.hash }

// CanonicalJSON returns the bytes that Hash digests.
func (p *Pool) CanonicalJSON() []byte { return slices.Clone(p.canonical) }

// Params returns a copy of the parameters.
func (p *Pool) Params() Params {
	c := p.params
	c.Reserves = slices.Clone(c.Reserves)
	c.Prizes = slices.Clone(c.Prizes)
	c.Complementary = slices.Clone(c.Complementary)
	return c
}

// Scale returns the decimals of the pool's currency.
func (p *Pool) Scale() int32 { return p.params.Scale }

// PrizeFor returns the prize line of a category, if the table has one.
func (p *Pool) PrizeFor(c poker.Category) (Prize, bool) {
	z, ok := p.byHand[c]
	return z, ok
}

// Resolve returns p if its hash is hash, and otherwise an error wrapping
// ErrParamsChanged: a pass is settled only under the parameters its round
// was opened with.
func (p *Pool) Resolve(hash string) (*Pool, error) {
	if p.hash != hash {
		return nil, fmt.Errorf("%w: pool %s was recorded with hash %s, these parameters have hash %s", ErrParamsChanged, p.params.Pool, hash, p.hash)
	}
	return p, nil
}

// Accounts of a pool, as the ledger names them.

// MainAccount is the ledger account of the pool's main pool,
// "jackpot:<pool>:main".
func (p *Pool) MainAccount() string { return "jackpot:" + p.params.Pool + ":main" }

// ReserveAccount is the ledger account of the pool's i-th reserve,
// "jackpot:<pool>:reserve:<name>".
func (p *Pool) ReserveAccount(i int) string {
	return "jackpot:" + p.params.Pool + ":reserve:" + p.params.Reserves[i].Name
}

// Symbolic accounts of the movements that are not the pool's own. The
// ledger maps them: Stakes to where the progressive bets wait after
// placement, Commission to the casino's jackpot commission account, Casino
// to the casino's funds (base money, advances for an underfunded pool,
// adjustments), Seat to the winner's wallet (Movement.Seat says which).
const (
	AccountStakes     = "stakes"
	AccountCommission = "commission"
	AccountCasino     = "casino"
	AccountSeat       = "seat"
)
