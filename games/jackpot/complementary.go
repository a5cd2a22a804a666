package jackpot

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"
)

// Complementary prizes (seed 004_11b2de8449360267.txt, 6.5.1 "Premios
// complementarios"): prizes the progressive's system draws at random,
// unrelated to the hands, paid from the pool. Every progressive bet of a
// pass qualifies, also one forfeited by an exchange or a fold ("siempre
// podrá ser acreedor de los premios complementarios").
//
// A draw cannot be chosen by whoever runs the casino and can be done again
// by an auditor: the server draws from a secret seed whose SHA-256
// (the commitment) is recorded before any bet it draws for, and reveals
// the seed when it replaces it. Each draw is HMAC-SHA256(seed, message)
// with a message naming the pool, the parameters' version, the pass and
// the bet, mapped to a uniform integer by rejection (no modulo bias).

// How often a complementary prize is drawn.
const (
	// PerBet draws the prize once for every progressive bet of a pass.
	PerBet = "bet"
	// PerPass draws the prize once per pass; when it wins, a second draw
	// picks one of the pass's progressive bets, each as likely.
	PerPass = "pass"
)

// How a complementary prize is paid.
const (
	// PayCash pays the prize into the player's wallet.
	PayCash = "cash"
	// PayCredits pays the prize as promotional credits, playable only on
	// progressive bets and never withdrawn (seed 004, 6.5.1: "créditos
	// promocionales para ser jugados en la variante de progresivo"); the
	// promotion's authorisation is the parameters' Promotion.
	PayCredits = "credits"
	// PromotionMax bounds a promotion's authorisation reference.
	PromotionMax = 200
	// CreditsExpiryDaysMax bounds how long credits last: ten years.
	CreditsExpiryDaysMax = 3650
)

// Where expired credits go (Params.CreditsExpireTo).
const (
	// ExpireToPool returns expired credits to the pool's main pool.
	ExpireToPool = "pool"
	// ExpireToHouse returns expired credits to the casino.
	ExpireToHouse = "house"
)

// Limits of complementary prizes.
const (
	// ComplementaryMax bounds a pool's complementary prize lines.
	ComplementaryMax = 8
	// ChanceOfMax bounds a chance's denominator: one in a billion.
	ChanceOfMax = 1_000_000_000
	// SeedBytes is the size of a draw seed.
	SeedBytes = 32
	// drawTriesMax bounds the rejection loop of a uniform draw; a value
	// is rejected with a probability below n/2^64, so the bound is never
	// reached in practice, and reaching it is a programmer's error.
	drawTriesMax = 64
)

// Complementary is one line of a pool's complementary paytable: the
// chance Wins in Of per qualifying bet (PerBet) or per pass (PerPass),
// and the prize, a fixed Amount or a Multiple of the winning bet, paid as
// Pay from the main pool or the reserve From names.
type Complementary struct {
	// Name is the prize's name as reported to the regulator.
	Name string `json:"name"`
	// Per is PerBet or PerPass.
	Per string `json:"per"`
	// Wins and Of are the chance of one draw: Wins in Of.
	Wins int64 `json:"wins"`
	Of   int64 `json:"of"`
	// Amount, for a fixed prize, is the prize in the pool's currency.
	Amount decimal.Decimal `json:"amount,omitzero"`
	// Multiple, for a prize proportional to the bet, is the prize as a
	// multiple of the winning progressive bet.
	Multiple int64 `json:"multiple,omitzero"`
	// Pay is PayCash or PayCredits.
	Pay string `json:"pay"`
	// From is the name of the reserve that pays the prize; empty for the
	// main pool.
	From string `json:"from,omitempty"`
}

// checkComplementary validates the complementary paytable of p.
func checkComplementary(p Params) error {
	if len(p.Promotion) > PromotionMax || (p.Promotion != "" && strings.TrimSpace(p.Promotion) == "") {
		return fmt.Errorf("promotion: a reference of 1..%d characters", PromotionMax)
	}
	if len(p.Complementary) > ComplementaryMax {
		return fmt.Errorf("%d complementary prizes, at most %d", len(p.Complementary), ComplementaryMax)
	}
	credits := slices.ContainsFunc(p.Complementary, func(c Complementary) bool { return c.Pay == PayCredits })
	switch {
	case p.CreditsExpiryDays < 0 || p.CreditsExpiryDays > CreditsExpiryDaysMax:
		return fmt.Errorf("credits_expiry_days %d, want 0 (never) ..%d", p.CreditsExpiryDays, CreditsExpiryDaysMax)
	case p.CreditsExpiryDays > 0 && !credits:
		return fmt.Errorf("credits_expiry_days without a prize paid in credits")
	case p.CreditsExpiryDays > 0 && p.CreditsExpireTo != ExpireToPool && p.CreditsExpireTo != ExpireToHouse:
		return fmt.Errorf("credits_expire_to %q, want %q or %q", cut(p.CreditsExpireTo), ExpireToPool, ExpireToHouse)
	case p.CreditsExpiryDays == 0 && p.CreditsExpireTo != "":
		return fmt.Errorf("credits_expire_to without credits_expiry_days")
	}
	for i, c := range p.Complementary {
		bad := func(format string, args ...any) error {
			return fmt.Errorf("complementary prize %d: %s", i, fmt.Sprintf(format, args...))
		}
		switch {
		case strings.TrimSpace(c.Name) == "" || len(c.Name) > 80:
			return bad("a name is 1..80 characters")
		case c.Per != PerBet && c.Per != PerPass:
			return bad("per %q, want %q or %q", cut(c.Per), PerBet, PerPass)
		case c.Of < 1 || c.Of > ChanceOfMax || c.Wins < 1 || c.Wins > c.Of:
			return bad("chance %d in %d: want 1 ≤ wins ≤ of ≤ %d", c.Wins, c.Of, ChanceOfMax)
		case (c.Amount.Sign() != 0) == (c.Multiple != 0):
			return bad("a prize is exactly one of an amount and a multiple")
		case c.Multiple < 0 || c.Multiple > MultipleMax:
			return bad("multiple %d, want 1..%d", c.Multiple, MultipleMax)
		case c.Amount.Sign() < 0 || !c.Amount.Equal(c.Amount.Truncate(p.Scale)) || c.Amount.Cmp(decimal.New(1, AmountDigitsMax)) >= 0:
			return bad("amount %s: want a positive amount with at most %d decimals", c.Amount, p.Scale)
		case c.Pay != PayCash && c.Pay != PayCredits:
			return bad("pay %q, want %q or %q", cut(c.Pay), PayCash, PayCredits)
		case c.Pay == PayCredits && strings.TrimSpace(p.Promotion) == "":
			return bad("prizes paid in credits need the promotion's authorisation reference (promotion): seed 004, 6.5.1")
		case c.From != "" && !slices.ContainsFunc(p.Reserves, func(r Reserve) bool { return r.Name == c.From }):
			return bad("from %q is not a reserve of the pool", cut(c.From))
		}
	}
	return nil
}

// HasComplementary reports whether the parameters declare complementary
// prizes: the pool then needs a draw seed's commitment.
func (p *Pool) HasComplementary() bool { return len(p.params.Complementary) > 0 }

// Uniform returns an integer uniform in [0, n) drawn from seed for
// message: the first 8 bytes (big-endian) of HMAC-SHA256(seed, message
// "|" try) for try = 0, 1, …, the first that falls below the largest
// multiple of n not above 2^64, reduced modulo n. Rejecting the values
// above that multiple is what makes every result equally likely. n must
// be positive.
func Uniform(seed []byte, message string, n uint64) uint64 {
	if n == 0 {
		panic("jackpot: a uniform draw over nothing")
	}
	// 2^64 mod n: the values at or above 2^64 − rem are rejected.
	rem := (math.MaxUint64%n + 1) % n
	mac := hmac.New(sha256.New, seed)
	for try := range drawTriesMax {
		mac.Reset()
		mac.Write([]byte(message + "|" + strconv.Itoa(try)))
		v := binary.BigEndian.Uint64(mac.Sum(nil))
		if rem == 0 || v <= math.MaxUint64-rem {
			return v % n
		}
	}
	panic(fmt.Sprintf("jackpot: %d rejected draws in a row", drawTriesMax))
}

// DrawMessage is the message of one draw: "wagerlog-draw/1", the pool,
// the parameters' version, the pass (its round), the prize line (from
// 0) and the subject: the bet's id for a PerBet draw, "pass" for a
// PerPass draw, "winner" for the draw that picks a PerPass prize's bet.
func DrawMessage(pool string, version int, pass string, prize int, subject string) string {
	return "wagerlog-draw/1|" + pool + "|" + strconv.Itoa(version) + "|" + pass + "|" + strconv.Itoa(prize) + "|" + subject
}

// DrawBet is a progressive bet that qualifies for the complementary
// prizes of a pass.
type DrawBet struct {
	Bet    string          `json:"bet"`
	Player string          `json:"player"`
	Seat   int             `json:"seat"`
	Stake  decimal.Decimal `json:"stake"`
}

// Drawn is one complementary prize won in a pass.
type Drawn struct {
	// Prize is the line of the complementary paytable, from 0.
	Prize int    `json:"prize"`
	Name  string `json:"name"`
	// Bet, Player and Seat are the winning bet's.
	Bet    string `json:"bet"`
	Player string `json:"player"`
	Seat   int    `json:"seat"`
	// Value is the winning draw, below the line's Wins out of its Of.
	Value uint64 `json:"value"`
	Of    uint64 `json:"of"`
	// Amount is the prize, paid as Pay from Account.
	Amount  decimal.Decimal `json:"amount"`
	Pay     string          `json:"pay"`
	Account string          `json:"account"`
	// ExpiryDays and ExpireTo, for credits, are how many days they last
	// (0: for ever) and the account expired credits go to (the pool's
	// main account, or AccountCasino).
	ExpiryDays int    `json:"expiry_days,omitzero"`
	ExpireTo   string `json:"expire_to,omitempty"`
}

// BetsMax bounds the qualifying bets of one pass: one progressive bet
// per seat and player, a few per seat at most.
const BetsMax = 4 * SeatsMax

// DrawValue is one draw of a pass, won or not: the line of the
// complementary paytable (Prize, from 0), what it was drawn for (Subject:
// a bet's id, "pass", or "winner" for the draw that picks a PerPass
// prize's bet), the value drawn out of Of, and whether it won (a value
// below the line's Wins; the winner draw always "wins").
type DrawValue struct {
	Prize   int    `json:"prize"`
	Name    string `json:"name"`
	Subject string `json:"subject"`
	Value   uint64 `json:"value"`
	Of      uint64 `json:"of"`
	Won     bool   `json:"won"`
}

// Draw draws the complementary prizes of pass (a round's id) for its
// qualifying bets, with seed, and returns the prizes won, line by line,
// bet by bet (DrawEvery gives every draw).
func (p *Pool) Draw(seed []byte, pass string, bets []DrawBet) ([]Drawn, error) {
	_, won, err := p.DrawEvery(seed, pass, bets)
	return won, err
}

// DrawEvery draws the complementary prizes of pass for its qualifying
// bets with seed: every line PerBet once per bet, with the message
// DrawMessage(pool, version, pass, line, bet id); every line PerPass once,
// with the subject "pass", and when it wins, bets[Uniform(seed,
// DrawMessage(…, "winner"), len(bets))] wins it. Bets are taken in the
// order given (the ledger gives them in placement order). It returns
// every draw and the prizes won; nothing for parameters without
// complementary prizes or a pass without bets. Its errors wrap
// ErrBadPass: more than BetsMax bets, a bet id given twice or empty, a
// stake that is not an amount of the pool.
func (p *Pool) DrawEvery(seed []byte, pass string, bets []DrawBet) ([]DrawValue, []Drawn, error) {
	if len(bets) > BetsMax {
		return nil, nil, passError(0, nil, "%d qualifying bets, at most %d", len(bets), BetsMax)
	}
	seen := map[string]bool{}
	for _, b := range bets {
		if b.Bet == "" || seen[b.Bet] {
			return nil, nil, passError(b.Seat, nil, "bet id %q empty or given twice", cut(b.Bet))
		}
		seen[b.Bet] = true
		if err := p.checkAmount("bet "+cut(b.Bet)+"'s stake", b.Stake, false); err != nil {
			return nil, nil, err
		}
	}
	if len(bets) == 0 {
		return nil, nil, nil
	}
	var every []DrawValue
	var won []Drawn
	for i, c := range p.params.Complementary {
		win := func(b DrawBet, v uint64) {
			amount := c.Amount
			if c.Multiple > 0 {
				amount = b.Stake.Mul(decimal.NewFromInt(c.Multiple))
			}
			d := Drawn{Prize: i, Name: c.Name, Bet: b.Bet, Player: b.Player, Seat: b.Seat,
				Value: v, Of: uint64(c.Of), Amount: amount, Pay: c.Pay, Account: p.complementaryAccount(c)}
			if c.Pay == PayCredits && p.params.CreditsExpiryDays > 0 {
				d.ExpiryDays, d.ExpireTo = p.params.CreditsExpiryDays, p.MainAccount()
				if p.params.CreditsExpireTo == ExpireToHouse {
					d.ExpireTo = AccountCasino
				}
			}
			won = append(won, d)
		}
		draw := func(subject string, n uint64, wins uint64) uint64 {
			v := Uniform(seed, DrawMessage(p.params.Pool, p.params.Version, pass, i, subject), n)
			every = append(every, DrawValue{Prize: i, Name: c.Name, Subject: subject, Value: v, Of: n, Won: v < wins})
			return v
		}
		switch c.Per {
		case PerBet:
			for _, b := range bets {
				if v := draw(b.Bet, uint64(c.Of), uint64(c.Wins)); v < uint64(c.Wins) {
					win(b, v)
				}
			}
		case PerPass:
			if v := draw("pass", uint64(c.Of), uint64(c.Wins)); v < uint64(c.Wins) {
				n := uint64(len(bets))
				win(bets[draw("winner", n, n)], v)
			}
		}
	}
	return every, won, nil
}

// complementaryAccount is the ledger account that pays c.
func (p *Pool) complementaryAccount(c Complementary) string {
	for i, r := range p.params.Reserves {
		if r.Name == c.From {
			return p.ReserveAccount(i)
		}
	}
	return p.MainAccount()
}
