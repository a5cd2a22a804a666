package craps

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/internal/testsize"
)

// placed is a bet of the simulated player, with what the ledger would
// have posted for it.
type placed struct {
	bet      games.Bet
	charge   decimal.Decimal
	settled  *games.Settlement
	at       int // len(results) when settled or taken down
	takenOff bool
}

// accounts are the ledger's accounts a hand moves money between. Every
// posting moves an amount from one to another, so they always add up to
// zero.
type accounts struct {
	wallet, inPlay, house, commission, rounding decimal.Decimal
}

func (a accounts) sum() decimal.Decimal {
	return a.wallet.Add(a.inPlay).Add(a.house).Add(a.commission).Add(a.rounding)
}

// TestHand_Property plays whole shooter's hands with random lawful bets,
// take-downs and rolls through the games.Paytable interface, as the
// ledger would, and checks after every roll that money is conserved
// (stake + commission = returned + the house's net + rounding), that the
// table's point matches a replay of the rolls, and that every bet settles
// after the hand exactly as it did when it was decided; at the seven-out,
// that no bet is left open.
func TestHand_Property(t *testing.T) {
	var pt games.Paytable = mustNew(peru1999())
	placer := pt.(games.Placer)
	charger := pt.(games.Charger)
	taker := pt.(games.TakeDowner)
	checker := pt.(games.ResultChecker)
	codes := mustNew(peru1999()).Bets()
	const scale = 2
	hands := 400
	if !testsize.Full() {
		hands = 80
	}
	rng := rand.New(rand.NewPCG(15, 2026))
	stats := map[games.Outcome]int{}
	accepted := map[string]int{}
	var takenDown, overLimit int
	for h := 0; h < hands; h++ {
		var results []games.Result
		var bets []*placed
		var acc accounts
		point := 0 // the test's own tracking of the table's point
		open := func() []games.Bet {
			var out []games.Bet
			for _, p := range bets {
				if p.settled == nil && !p.takenOff {
					out = append(out, p.bet)
				}
			}
			return out
		}
		for roll := 0; !pt.RoundOver(results); roll++ {
			if roll > 500 {
				t.Fatalf("hand %d: no seven-out in 500 rolls", h)
			}
			// Place a few bets; only the lawful ones are accepted.
			for k := rng.IntN(6); k > 0; k-- {
				code := codes[rng.IntN(len(codes))].String()
				stake := decimal.New(int64(1+rng.IntN(5000)), -scale)
				if rng.IntN(4) == 0 {
					// Odds up to the limit, to exercise the cap.
					stake = decimal.New(int64(1+rng.IntN(30000)), -scale)
				}
				b := games.Bet{Code: code, Stake: stake, Since: len(results), Working: rng.IntN(3) == 0}
				if err := placer.CheckPlacement(b, results, open()); err != nil {
					if errors.Is(err, ErrOddsAboveLimit) {
						overLimit++
					}
					if ErrorCode(err) == "" {
						var oe *OddsLimitError
						if !errors.As(err, &oe) {
							t.Fatalf("refusal without a code: %v", err)
						}
					}
					continue
				}
				c := charger.Charge(b, scale)
				acc.wallet = acc.wallet.Sub(stake).Sub(c)
				acc.inPlay = acc.inPlay.Add(stake)
				acc.commission = acc.commission.Add(c)
				bets = append(bets, &placed{bet: b, charge: c})
				kind, _ := pt.BetKind(code)
				accepted[kind]++
			}
			// Take one down now and then.
			if o := open(); len(o) > 0 && rng.IntN(5) == 0 {
				for _, p := range bets {
					if p.settled != nil || p.takenOff || p.bet != o[rng.IntN(len(o))] {
						continue
					}
					if taker.CheckTakeDown(p.bet, results, o) == nil {
						p.takenOff, p.at = true, len(results)
						takenDown++
						acc.inPlay = acc.inPlay.Sub(p.bet.Stake)
						acc.wallet = acc.wallet.Add(p.bet.Stake)
					}
					break
				}
			}
			// Roll.
			r := Roll{1 + rng.IntN(6), 1 + rng.IntN(6)}
			if err := checker.CheckResult(r, results); err != nil {
				t.Fatalf("hand %d roll %d: %v", h, roll, err)
			}
			results = append(results, r)
			switch n := r.Total(); {
			case point == 0 && IsPoint(n):
				point = n
			case point != 0 && n == point:
				point = 0
			}
			rs, _ := rolls(results)
			if tb := Replay(rs); tb.Point != point && !tb.Over {
				t.Fatalf("hand %d: replay gives point %d, the test tracked %d", h, tb.Point, point)
			}
			// Settle every open bet against the hand so far.
			for _, p := range bets {
				if p.settled != nil || p.takenOff {
					continue
				}
				s, err := pt.Settle(p.bet, scale, results)
				if err != nil {
					t.Fatalf("hand %d: settle %+v: %v", h, p.bet, err)
				}
				if s.Outcome == games.OutcomeOpen {
					continue
				}
				p.settled, p.at = &s, len(results)
				stats[s.Outcome]++
				checkSettlement(t, p.bet, s, scale)
				acc.inPlay = acc.inPlay.Sub(p.bet.Stake)
				acc.house = acc.house.Add(p.bet.Stake).Sub(s.Returned).Sub(s.Residue)
				acc.wallet = acc.wallet.Add(s.Returned)
				acc.rounding = acc.rounding.Add(s.Residue)
			}
			if !acc.sum().IsZero() {
				t.Fatalf("hand %d roll %d: accounts add up to %s: %+v", h, roll, acc.sum(), acc)
			}
		}
		// The hand is over: nothing is open, nothing more is taken.
		if o := open(); len(o) > 0 {
			t.Fatalf("hand %d: %d bets open after the seven-out: %+v", h, len(o), o)
		}
		if !acc.inPlay.IsZero() {
			t.Fatalf("hand %d: %s still in play", h, acc.inPlay)
		}
		if err := checker.CheckResult(Roll{3, 4}, results); !errors.Is(err, ErrHandOver) {
			t.Fatalf("hand %d: a roll after the seven-out: %v", h, err)
		}
		if err := placer.CheckPlacement(games.Bet{Code: "field", Stake: decimal.NewFromInt(1), Since: len(results)}, results, nil); !errors.Is(err, ErrHandOver) {
			t.Fatalf("hand %d: a bet after the seven-out: %v", h, err)
		}
		// The replay: each bet settles against the whole hand as it did
		// against the rolls up to its decision, and was open before.
		for _, p := range bets {
			if p.takenOff {
				continue
			}
			again, err := pt.Settle(p.bet, scale, results)
			if err != nil || again.Outcome != p.settled.Outcome || !again.Win.Equal(p.settled.Win) ||
				!again.Returned.Equal(p.settled.Returned) || !again.Residue.Equal(p.settled.Residue) || again.Rule != p.settled.Rule {
				t.Fatalf("hand %d: %+v replays as %+v (%v), was %+v", h, p.bet, again, err, *p.settled)
			}
			if p.at-1 > p.bet.Since {
				before, _ := pt.Settle(p.bet, scale, results[:p.at-1])
				if before.Outcome != games.OutcomeOpen {
					t.Fatalf("hand %d: %+v decided before roll %d: %+v", h, p.bet, p.at-1, before)
				}
			}
		}
	}
	for _, k := range pt.Kinds() {
		if accepted[k] == 0 {
			t.Errorf("no %s bet accepted in %d hands", k, hands)
		}
	}
	if takenDown == 0 || overLimit == 0 {
		t.Errorf("%d bets taken down, %d odds refused over the limit", takenDown, overLimit)
	}
	for _, o := range []games.Outcome{games.OutcomeWon, games.OutcomeLost, games.OutcomePush} {
		if stats[o] == 0 {
			t.Errorf("no bet %s in %d hands", o, hands)
		}
	}
}

// checkSettlement checks a decided settlement's money against its stake.
func checkSettlement(t testing.TB, b games.Bet, s games.Settlement, scale int32) {
	t.Helper()
	unit := decimal.New(1, -scale)
	switch s.Outcome {
	case games.OutcomeWon:
		if !s.Returned.Equal(b.Stake.Add(s.Win)) || s.Win.Sign() <= 0 {
			t.Fatalf("%+v: won %+v", b, s)
		}
	case games.OutcomePush:
		if !s.Returned.Equal(b.Stake) || !s.Win.IsZero() {
			t.Fatalf("%+v: push %+v", b, s)
		}
	case games.OutcomeLost:
		if !s.Returned.IsZero() || !s.Win.IsZero() {
			t.Fatalf("%+v: lost %+v", b, s)
		}
	}
	if s.Residue.Sign() < 0 || s.Residue.Cmp(unit) >= 0 || !s.Commission.IsZero() {
		t.Fatalf("%+v: residue %s, commission %s", b, s.Residue, s.Commission)
	}
}
