package jackpot

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games/poker"
)

// SeatsMax bounds the seats of a table, and so the hands of a pass.
const SeatsMax = 12

// Forfeits: why a seat that placed a progressive bet takes no part in the
// pass's prizes (seed 004, 6.5.1 "Juego"). Its bet has been collected and
// split like any other; it is lost, not returned.
const (
	// ForfeitNone: the seat plays for the pool.
	ForfeitNone = ""
	// ForfeitFolded: the player did not call ("no ir") in draw or
	// Caribbean poker, and loses the progressive bet with the ante.
	ForfeitFolded = "folded"
	// ForfeitExchanged: the player exchanged cards in draw poker and
	// leaves the progressive.
	ForfeitExchanged = "exchanged"
)

// SeatHand is one seat's progressive bet and five cards in a pass.
type SeatHand struct {
	// Seat is the seat's number, 1..SeatsMax; seat 1 is the one at the
	// dealer's right hand, paid first and given the indivisible remainder
	// of a split (seed 004, 6.6 rule 3).
	Seat int `json:"seat"`
	// Bet is the seat's progressive bet.
	Bet decimal.Decimal `json:"bet"`
	// Cards are the seat's five cards. Only they decide the prize, never
	// the dealer's hand (seed 004, 6.2 and "Reglas del croupier").
	Cards poker.Hand `json:"-"`
	// Forfeit is ForfeitNone, ForfeitFolded or ForfeitExchanged.
	Forfeit string `json:"forfeit,omitempty"`
}

// SeatPrize is what one seat wins in a pass.
type SeatPrize struct {
	Seat int `json:"seat"`
	// Hand is the seat's category ("royal_flush").
	Hand string `json:"hand"`
	// Prize is what the seat is paid, zero when it wins nothing. The
	// player keeps only the prize; the progressive bet is not returned
	// (seed 004, 6.6).
	Prize decimal.Decimal `json:"prize"`
	// Rule says how the prize was computed, or why there is none.
	Rule string `json:"rule"`
}

// PassResult is the settlement of one pass of a linked table against the
// pool: every seat's prize, the balances before and after, and the
// movements that carry it out, in order (shortfall funding before the
// prize it covers, the reset last).
type PassResult struct {
	Pool       string `json:"pool"`
	ParamsHash string `json:"params_hash"`
	// Prizes are the seats' prizes, in seat order.
	Prizes    []SeatPrize `json:"prizes"`
	Before    Balances    `json:"before"`
	After     Balances    `json:"after"`
	Movements []Movement  `json:"movements"`
	// PrizesPaid is the sum of the prizes.
	PrizesPaid decimal.Decimal `json:"prizes_paid"`
	// CasinoFunding is what the casino put into the main pool in the pass:
	// a shortfall the reserves could not cover, and the base of a reset
	// they could not fund.
	CasinoFunding decimal.Decimal `json:"casino_funding"`
}

// PayPass pays one pass's prizes from the pool's balances (which already
// hold the pass's contributions: a progressive bet is collected before any
// card is dealt, seed 004, 6.5.1). hands are the seats that placed a
// progressive bet, in any order.
//
// The seed's rules for several winners (6.6, rules 1–5), as PayPass
// applies them:
//
//  1. prizes are paid from the smallest to the largest: the fixed prizes
//     by amount (equal amounts from seat 1 on), then the percentage
//     prizes by percentage;
//  2. each fixed-prize winner is paid the multiple of the line for the
//     winner's own hand and bet;
//  3. the winners of one percentage line split its amount equally, to the
//     smallest unit, and the indivisible remainder goes to the winner
//     nearest the dealer's right hand (the lowest seat); a share above
//     the line's cap (5,000 times that winner's own bet for the straight
//     flush) is cut to the cap and the rest stays in the main pool;
//  4. with straight flushes and royal flushes together, the 10% is
//     computed first and the 100% on what remains;
//  5. fixed prizes are paid before percentage prizes, which are computed
//     on what the fixed prizes left.
//
// A percentage of the main pool is rounded down to the smallest unit; the
// fraction stays in the pool. A fixed prize is paid in full: when the
// main pool cannot cover it, the reserves cover the shortfall in their
// order, and then the casino, each with a KindShortfall movement (see
// docs/games/poker-jackpots.md for why). After the prizes, a main pool
// below its base restarts at it, funded as the reset rule says
// (KindReset).
//
// It returns a *PassError (ErrBadPass) for a seat outside 1..SeatsMax or
// given twice, more than SeatsMax hands, a card dealt twice in the pass, an
// unknown forfeit, and an error wrapping ErrBadAmount for a bet or a
// balance that is not an amount of the pool.
func (p *Pool) PayPass(before Balances, hands []SeatHand) (PassResult, error) {
	if err := p.CheckBalances(before); err != nil {
		return PassResult{}, err
	}
	if err := p.checkHands(hands); err != nil {
		return PassResult{}, err
	}
	scale := p.params.Scale
	hands = slices.Clone(hands)
	slices.SortFunc(hands, func(a, b SeatHand) int { return a.Seat - b.Seat })
	pp := &passPay{pool: p, b: before.Clone(), casino: decimal.Zero, paid: decimal.Zero}
	prizes := make([]SeatPrize, len(hands))
	type winner struct {
		i      int // index in hands and prizes
		amount decimal.Decimal
	}
	var fixed []winner
	groups := map[poker.Category][]int{}
	for i, h := range hands {
		cat := poker.Eval(h.Cards).Category()
		prizes[i] = SeatPrize{Seat: h.Seat, Hand: cat.String(), Prize: decimal.Zero}
		z, ok := p.byHand[cat]
		switch {
		case h.Forfeit == ForfeitFolded:
			prizes[i].Rule = "no prize: the player folded and loses the progressive bet (seed 004, 6.5.1)"
		case h.Forfeit == ForfeitExchanged:
			prizes[i].Rule = "no prize: the player exchanged cards and left the progressive (seed 004, 6.5.1)"
		case !ok:
			prizes[i].Rule = "no prize: " + cat.String() + " is not in the prize table"
		case z.Fixed():
			fixed = append(fixed, winner{i, h.Bet.Mul(decimal.NewFromInt(z.Multiple))})
		default:
			groups[cat] = append(groups[cat], i)
		}
	}
	// Rules 1, 2 and 5: fixed prizes first, smallest first, from seat 1
	// on among equal amounts (hands are in seat order, the sort is
	// stable).
	slices.SortStableFunc(fixed, func(a, b winner) int { return a.amount.Cmp(b.amount) })
	for _, w := range fixed {
		h, z := hands[w.i], p.byHand[poker.Eval(hands[w.i].Cards).Category()]
		pp.cover(w.amount, h.Seat, z.Hand.String())
		pp.pay(h.Seat, z.Hand.String(), w.amount, fmt.Sprintf("%s pays %d times the bet %s", z.Name, z.Multiple, h.Bet.StringFixed(scale)))
		prizes[w.i].Prize = w.amount
		prizes[w.i].Rule = fmt.Sprintf("%s: %d × %s (rule 2; fixed prizes first, smallest first: rules 1 and 5)", z.Name, z.Multiple, h.Bet.StringFixed(scale))
	}
	// Rules 4 and 3: percentage lines from the smallest percentage, each
	// on what the main pool holds then, split among its winners.
	cats := make([]poker.Category, 0, len(groups))
	for c := range groups {
		cats = append(cats, c)
	}
	slices.SortFunc(cats, func(a, b poker.Category) int {
		return cmp.Or(p.byHand[a].Percent.Cmp(p.byHand[b].Percent), int(a)-int(b))
	})
	hundred := decimal.NewFromInt(100)
	for _, c := range cats {
		z, idx := p.byHand[c], groups[c]
		base := pp.b.Main
		amount := base.Mul(z.Percent).Div(hundred).RoundDown(scale)
		n := decimal.NewFromInt(int64(len(idx)))
		share := amount.Div(n).RoundDown(scale)
		rem := amount.Sub(share.Mul(n))
		for k, i := range idx {
			h := hands[i]
			pay := share
			rule := fmt.Sprintf("%s: %s%% of the main pool %s = %s", z.Name, z.Percent, base.StringFixed(scale), amount.StringFixed(scale))
			if len(idx) > 1 {
				rule += fmt.Sprintf(", split %d ways (rule 3)", len(idx))
			}
			if k == 0 && rem.Sign() > 0 {
				pay = pay.Add(rem)
				rule += fmt.Sprintf(", with the indivisible %s as the winner nearest the dealer's right hand (rule 3)", rem.StringFixed(scale))
			}
			if z.CapMultiple > 0 {
				if limit := h.Bet.Mul(decimal.NewFromInt(z.CapMultiple)); pay.Cmp(limit) > 0 {
					rule += fmt.Sprintf(", capped at %d × %s = %s (the rest stays in the main pool)", z.CapMultiple, h.Bet.StringFixed(scale), limit.StringFixed(scale))
					pay = limit
				}
			}
			if len(cats) > 1 && c != cats[0] {
				rule += "; computed after the smaller percentage (rule 4)"
			}
			if len(fixed) > 0 {
				rule += "; on what the fixed prizes left (rule 5)"
			}
			pp.pay(h.Seat, c.String(), pay, rule)
			prizes[i].Prize = pay
			prizes[i].Rule = rule
		}
	}
	pp.reset()
	return PassResult{
		Pool:          p.params.Pool,
		ParamsHash:    p.hash,
		Prizes:        prizes,
		Before:        before.Clone(),
		After:         pp.b,
		Movements:     pp.ms,
		PrizesPaid:    pp.paid,
		CasinoFunding: pp.casino,
	}, nil
}

// passPay is the running state of one PayPass.
type passPay struct {
	pool   *Pool
	b      Balances
	ms     []Movement
	paid   decimal.Decimal
	casino decimal.Decimal
}

// fund moves need into the main pool from the reserves in their order
// (when fromReserves) and then the casino, as movements of kind.
func (pp *passPay) fund(need decimal.Decimal, kind string, fromReserves bool, seat int, hand, reason string) {
	if fromReserves {
		for i := range pp.b.Reserves {
			if need.Sign() <= 0 {
				return
			}
			take := decimal.Min(need, pp.b.Reserves[i])
			if take.Sign() <= 0 {
				continue
			}
			pp.b.Reserves[i] = pp.b.Reserves[i].Sub(take)
			pp.b.Main = pp.b.Main.Add(take)
			need = need.Sub(take)
			pp.ms = append(pp.ms, Movement{Kind: kind, From: pp.pool.ReserveAccount(i), To: pp.pool.MainAccount(), Amount: take, Seat: seat, Hand: hand, Reason: reason})
		}
	}
	if need.Sign() > 0 {
		pp.b.Main = pp.b.Main.Add(need)
		pp.casino = pp.casino.Add(need)
		pp.ms = append(pp.ms, Movement{Kind: kind, From: AccountCasino, To: pp.pool.MainAccount(), Amount: need, Seat: seat, Hand: hand,
			Reason: reason + "; the casino advances what the reserves could not cover"})
	}
}

// cover makes the main pool hold a fixed prize before it is paid.
func (pp *passPay) cover(amount decimal.Decimal, seat int, hand string) {
	if short := amount.Sub(pp.b.Main); short.Sign() > 0 {
		scale := pp.pool.params.Scale
		pp.fund(short, KindShortfall, true, seat, hand,
			fmt.Sprintf("the main pool %s cannot cover the fixed prize %s", pp.b.Main.StringFixed(scale), amount.StringFixed(scale)))
	}
}

func (pp *passPay) pay(seat int, hand string, amount decimal.Decimal, reason string) {
	pp.b.Main = pp.b.Main.Sub(amount)
	pp.paid = pp.paid.Add(amount)
	if amount.Sign() > 0 {
		pp.ms = append(pp.ms, Movement{Kind: KindPrize, From: pp.pool.MainAccount(), To: AccountSeat, Amount: amount, Seat: seat, Hand: hand, Reason: reason})
	}
}

// reset restarts a main pool below its base at the base.
func (pp *passPay) reset() {
	params := pp.pool.params
	if short := params.Base.Sub(pp.b.Main); short.Sign() > 0 {
		pp.fund(short, KindReset, params.Reset == ResetFromReserves, 0, "",
			fmt.Sprintf("the main pool restarts at its base %s (%s)", params.Base.StringFixed(params.Scale), params.Reset))
	}
}

// checkHands validates a pass's seats, bets, forfeits and cards.
func (p *Pool) checkHands(hands []SeatHand) error {
	if len(hands) > SeatsMax {
		return passError(0, nil, "%d hands, at most %d seats", len(hands), SeatsMax)
	}
	seen := map[int]bool{}
	cards := map[poker.Card]int{}
	for _, h := range hands {
		if h.Seat < 1 || h.Seat > SeatsMax {
			return passError(h.Seat, nil, "a seat is 1..%d", SeatsMax)
		}
		if seen[h.Seat] {
			return passError(h.Seat, nil, "the seat is given twice")
		}
		seen[h.Seat] = true
		if err := p.checkAmount(fmt.Sprintf("seat %d's progressive bet", h.Seat), h.Bet, false); err != nil {
			return err
		}
		if h.Forfeit != ForfeitNone && h.Forfeit != ForfeitFolded && h.Forfeit != ForfeitExchanged {
			return passError(h.Seat, nil, "forfeit %q, want %q, %q or none", cut(h.Forfeit), ForfeitFolded, ForfeitExchanged)
		}
		for _, c := range h.Cards {
			if !c.Valid() { // the zero Card: fewer than five cards read
				return passError(h.Seat, nil, "the hand is not five cards")
			}
			if other, dup := cards[c]; dup {
				return passError(h.Seat, nil, "%s is also seat %d's; a pass is dealt from one deck", c, other)
			}
			cards[c] = h.Seat
		}
	}
	return nil
}
