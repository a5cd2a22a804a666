package jackpot

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

func compParams(comp ...Complementary) Params {
	p := Params{
		Pool: "jp-c", Version: 3, Source: "tests: complementary prizes", Scale: 2,
		CommissionPercent: decimal.Zero, Reserves: []Reserve{{Name: "r1", Percent: decimal.NewFromInt(10)}},
		Base: decimal.Zero, Ceiling: decimal.Zero, Reset: ResetFromCasino, Prizes: SeedPrizes(), Complementary: comp,
	}
	return p
}

// TestNew_Complementary: parameters without complementary prizes keep
// the canonical JSON, and so the hash, they had before complementary
// prizes existed; a bad complementary line is refused.
func TestNew_Complementary(t *testing.T) {
	for _, p := range Pools() {
		if strings.Contains(string(p.CanonicalJSON()), "complementary") {
			t.Errorf("%s: canonical JSON names complementary prizes it has none of", p.ID())
		}
	}
	ok := Complementary{Name: "lucky", Per: PerBet, Wins: 1, Of: 100, Amount: decimal.RequireFromString("5.00"), Pay: PayCash}
	if _, err := New(compParams(ok)); err != nil {
		t.Fatal(err)
	}
	bad := map[string]func(c *Complementary){
		"no name":           func(c *Complementary) { c.Name = " " },
		"per round":         func(c *Complementary) { c.Per = "round" },
		"zero in 100":       func(c *Complementary) { c.Wins = 0 },
		"101 in 100":        func(c *Complementary) { c.Wins = 101 },
		"one in 10^10":      func(c *Complementary) { c.Of = 10_000_000_000 },
		"amount + multiple": func(c *Complementary) { c.Multiple = 2 },
		"neither":           func(c *Complementary) { c.Amount = decimal.Zero },
		"cents of a cent":   func(c *Complementary) { c.Amount = decimal.RequireFromString("0.001") },
		"negative":          func(c *Complementary) { c.Amount = decimal.RequireFromString("-1") },
		"pay in kind":       func(c *Complementary) { c.Pay = "car" },
		"no such reserve":   func(c *Complementary) { c.From = "r9" },
	}
	for name, f := range bad {
		c := ok
		f(&c)
		if _, err := New(compParams(c)); !errors.Is(err, ErrBadParams) {
			t.Errorf("%s: err = %v, want ErrBadParams", name, err)
		}
	}
	if _, err := New(compParams(ok, ok, ok, ok, ok, ok, ok, ok, ok)); !errors.Is(err, ErrBadParams) {
		t.Errorf("nine lines: err = %v, want ErrBadParams", err)
	}
	// Credits need the promotion's authorisation; an expiry needs credits
	// and a destination.
	credits := ok
	credits.Pay = PayCredits
	withPromotion := func(p Params) Params { p.Promotion = "SCJ 2026-117"; return p }
	if _, err := New(compParams(credits)); !errors.Is(err, ErrBadParams) {
		t.Errorf("credits without a promotion: err = %v, want ErrBadParams", err)
	}
	if _, err := New(withPromotion(compParams(credits))); err != nil {
		t.Errorf("credits with a promotion: %v", err)
	}
	for name, f := range map[string]func(p *Params){
		"expiry without credits": func(p *Params) {
			p.Complementary = []Complementary{ok}
			p.CreditsExpiryDays, p.CreditsExpireTo = 30, ExpireToPool
		},
		"expiry to nowhere":      func(p *Params) { p.CreditsExpiryDays = 30 },
		"expiry to the moon":     func(p *Params) { p.CreditsExpiryDays, p.CreditsExpireTo = 30, "moon" },
		"a destination, no days": func(p *Params) { p.CreditsExpireTo = ExpireToHouse },
		"eleven years":           func(p *Params) { p.CreditsExpiryDays, p.CreditsExpireTo = 4018, ExpireToHouse },
	} {
		p := withPromotion(compParams(credits))
		f(&p)
		if _, err := New(p); !errors.Is(err, ErrBadParams) {
			t.Errorf("%s: err = %v, want ErrBadParams", name, err)
		}
	}
	certain := credits
	certain.Of = 1
	p := withPromotion(compParams(certain))
	p.CreditsExpiryDays, p.CreditsExpireTo = 30, ExpireToHouse
	pool, err := New(p)
	if err != nil {
		t.Fatal(err)
	}
	_, won, err := pool.DrawEvery([]byte("s"), "r", []DrawBet{{Bet: "b", Player: "ann", Stake: decimal.NewFromInt(1)}})
	if err != nil || len(won) != 1 || won[0].ExpiryDays != 30 || won[0].ExpireTo != AccountCasino || won[0].Pay != PayCredits {
		t.Errorf("a credits prize that expires to the house: %+v, %v", won, err)
	}
}

// uniformAgain is Uniform written again from docs/GAMES.md's words.
func uniformAgain(seed []byte, msg string, n uint64) uint64 {
	for try := 0; ; try++ {
		m := hmac.New(sha256.New, seed)
		fmt.Fprintf(m, "%s|%d", msg, try)
		v := binary.BigEndian.Uint64(m.Sum(nil))
		if v <= math.MaxUint64-(math.MaxUint64%n+1)%n {
			return v % n
		}
	}
}

// TestUniform: the draw is the documented HMAC, and its values spread
// evenly (a chi-square below the 0.1% critical value for 5 degrees of
// freedom, 20.5, over 60,000 draws of six values).
func TestUniform(t *testing.T) {
	seed := []byte("a seed of tests, not random")
	counts := make([]int, 6)
	for i := range 60_000 {
		msg := DrawMessage("jp-c", 1, fmt.Sprint("r-", i), 0, "b")
		v := Uniform(seed, msg, 6)
		if i < 200 && v != uniformAgain(seed, msg, 6) {
			t.Fatalf("draw %d: %d, the documented draw gives %d", i, v, uniformAgain(seed, msg, 6))
		}
		counts[v]++
	}
	chi := 0.0
	for _, c := range counts {
		d := float64(c) - 10_000
		chi += d * d / 10_000
	}
	if chi > 20.5 {
		t.Errorf("counts %v, chi-square %.1f", counts, chi)
	}
	// A power of two needs no rejection; 2^63 + 1 rejects almost half
	// the values, and still answers below n.
	if v := Uniform(seed, "x", 1<<63+1); v > 1<<63 {
		t.Errorf("%d out of range", v)
	}
}

// TestPool_Draw: a per-bet line draws each bet, a per-pass line draws
// once and then its winner; an exchanged seat's bet is a bet like any
// other (the caller passes every progressive bet).
func TestPool_Draw(t *testing.T) {
	p, err := New(compParams(
		Complementary{Name: "every bet", Per: PerBet, Wins: 1, Of: 1, Multiple: 3, Pay: PayCash},
		Complementary{Name: "pass", Per: PerPass, Wins: 7, Of: 7, Amount: decimal.RequireFromString("2.50"), Pay: PayCash, From: "r1"},
	))
	if err != nil {
		t.Fatal(err)
	}
	seed := []byte("seed")
	bets := []DrawBet{
		{Bet: "b1", Player: "ann", Seat: 1, Stake: decimal.RequireFromString("2")},
		{Bet: "b2", Player: "bob", Seat: 4, Stake: decimal.RequireFromString("1.50")},
	}
	every, won, err := p.DrawEvery(seed, "r-1", bets)
	if err != nil {
		t.Fatal(err)
	}
	if len(every) != 4 || len(won) != 3 {
		t.Fatalf("%d draws, %d won: %+v %+v", len(every), len(won), every, won)
	}
	if won[0].Amount.String() != "6" || won[1].Amount.String() != "4.5" || won[0].Account != "jackpot:jp-c:main" {
		t.Errorf("per-bet prizes %+v", won[:2])
	}
	winner := bets[uniformAgain(seed, DrawMessage("jp-c", 3, "r-1", 1, "winner"), 2)].Bet
	if z := won[2]; z.Bet != winner || z.Account != "jackpot:jp-c:reserve:r1" || z.Amount.String() != "2.5" {
		t.Errorf("per-pass prize %+v, want bet %s paid 2.50 from r1", z, winner)
	}
	if _, _, err := p.DrawEvery(seed, "r-1", append(bets, bets[0])); !errors.Is(err, ErrBadPass) {
		t.Errorf("a bet twice: %v", err)
	}
	if _, _, err := p.DrawEvery(seed, "r-1", []DrawBet{{Bet: "b", Stake: decimal.RequireFromString("0.001")}}); !errors.Is(err, ErrBadAmount) {
		t.Errorf("a stake of 0.001: %v", err)
	}
}

// TestDrawLine answers a draw line as the ledger drew: the commitment of
// the seed, every draw, the prizes.
func TestDrawLine(t *testing.T) {
	p, err := New(compParams(Complementary{Name: "one in three", Per: PerBet, Wins: 1, Of: 3, Amount: decimal.RequireFromString("2.00"), Pay: PayCash}))
	if err != nil {
		t.Fatal(err)
	}
	seed := []byte("0123456789abcdef0123456789abcdef")
	line := fmt.Sprintf(`{"pool":"jp-c","params":%s,"seed":"%s","pass":"r-7","bets":[{"bet":"b1","player":"ann","seat":1,"stake":"1.00"},{"bet":"b2","player":"bob","seat":2,"stake":"3"},{"bet":"b3","player":"cid","seat":3,"stake":"1"}]}`,
		p.CanonicalJSON(), hex.EncodeToString(seed))
	if !isDrawLine([]byte(line)) {
		t.Fatal("not read as a draw line")
	}
	r := DrawLine([]byte(line))
	sum := sha256.Sum256(seed)
	if r.Outcome != "drawn" || r.Commitment != hex.EncodeToString(sum[:]) || r.ParamsHash != p.Hash() || len(r.Draws) != 3 {
		t.Fatalf("%+v", r)
	}
	won := 0
	for i, d := range r.Draws {
		want := uniformAgain(seed, DrawMessage("jp-c", 3, "r-7", 0, fmt.Sprint("b", i+1)), 3)
		if d.Value != want || d.Won != (want == 0) || d.Subject != fmt.Sprint("b", i+1) {
			t.Errorf("draw %d: %+v, want value %d", i, d, want)
		}
		if d.Won {
			won++
		}
	}
	if len(r.Prizes) != won {
		t.Errorf("%d prizes for %d winning draws", len(r.Prizes), won)
	}
	for _, z := range r.Prizes {
		if z.Amount != "2.00" {
			t.Errorf("prize %+v, want 2.00", z)
		}
	}
	for line, code := range map[string]string{
		`{"pool":"jp-c","seed":"00","pass":"r","bets":[]}`:                                                     CodeInvalidParams,
		strings.Replace(line, `"pass"`, `"Pass"`, 1):                                                           CodeInvalidRequest,
		strings.Replace(line, hex.EncodeToString(seed), "zz", 1):                                               CodeInvalidRequest,
		strings.Replace(line, `"pool":"jp-c"`, `"pool":"jp-d"`, 1):                                             CodeInvalidParams,
		strings.Replace(line, `"stake":"3"`, `"stake":"x"`, 1):                                                 CodeInvalidAmount,
		strings.Replace(line, `"bet":"b2"`, `"bet":"b1"`, 1):                                                   CodeInvalidPass,
		`{"pool":"jp-1","params":` + string(Pools()[0].CanonicalJSON()) + `,"seed":"00","pass":"r","bets":[]}`: CodeInvalidParams,
	} {
		if r := DrawLine([]byte(line)); r.Outcome != "error" || r.Code != code {
			t.Errorf("%.80s…: %+v, want %s", line, r, code)
		}
	}
}
