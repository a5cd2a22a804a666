package poker

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/cards"
	"github.com/wagerlog/wagerlog/games/kit"
)

// A Caribbean poker table with seats and a progressive side bet
// (seed 004 section 6). One round is one deal: its one result is the
// dealer's five cards and every seat's five cards with its decision
// ({"dealer":[…],"seats":[{"seat":1,"cards":[…]},{"seat":3,"cards":[…],"fold":true}]}).
// A seat's bets are "ante:<seat>", "call:<seat>" (twice the ante, placed
// once the player has seen the cards, before the dealer records the deal)
// and "progressive:<seat>", the side bet paid by the linked pool. "ante"
// and "call" alone are seat 1, and the one-player result of ParseRound is
// a deal of seat 1: a table of one box.
//
// The progressive bet is collected whatever the hand (seed 004, 6.5.1:
// "se recogen … antes de repartir"), and it is paid only by the seat's own
// five cards, never by the dealer's hand; a seat that folds loses it
// (6.5.1: the player who does not call loses the progressive bet too).
// The rounds of the paytable are settled together (games.RoundSettler)
// because a pool's percentage prizes are shared by the pass's winners.

// BetProgressive is the progressive side bet's kind.
const BetProgressive = "progressive"

// SeatsMax is the boxes of a Caribbean poker table: seven, the standard
// layout (the seed does not number them; seat 1 is at the dealer's right
// hand, seed 004, 6.6 rule 3).
const SeatsMax = 7

// ResultBytesMaxDeal bounds the JSON of a deal.
const ResultBytesMaxDeal = 1024

// ParseBet splits a bet code into its kind and seat ("call:3" → call, 3;
// "ante" → ante, 1). It returns an error wrapping ErrBadBetCode.
func ParseBet(code string) (kind string, seat int, err error) {
	kind, n, hasSeat := strings.Cut(code, ":")
	seat = 1
	if hasSeat {
		seat, err = strconv.Atoi(n)
		if err != nil || strconv.Itoa(seat) != n || seat < 1 || seat > SeatsMax {
			return "", 0, fmt.Errorf("%w: %q: a seat is 1..%d", ErrBadBetCode, cards.Cut(code), SeatsMax)
		}
	}
	switch {
	case kind == BetAnte || kind == BetCall:
	case kind == BetProgressive && hasSeat:
	default:
		return "", 0, fmt.Errorf("%w: %q: a Caribbean poker bet is ante:<seat>, call:<seat> or progressive:<seat>", ErrBadBetCode, cards.Cut(code))
	}
	return kind, seat, nil
}

// Deal is the result of one deal at a table: the dealer's hand and each
// seat's, in seat order.
type Deal struct {
	Dealer Hand
	Seats  []SeatDeal
}

// SeatDeal is one seat's five cards and whether it folded.
type SeatDeal struct {
	Seat int
	Hand Hand
	Fold bool
}

type seatJSON struct {
	Seat  int      `json:"seat"`
	Cards []string `json:"cards"`
	Fold  bool     `json:"fold,omitzero"`
}

type dealJSON struct {
	Player []string   `json:"player"`
	Dealer []string   `json:"dealer"`
	Fold   bool       `json:"fold,omitzero"`
	Seats  []seatJSON `json:"seats"`
}

// parseAny reads either a one-player round (ParseRound) or a deal.
func parseAny(raw []byte) (games.Result, error) {
	var v dealJSON
	if err := kit.DecodeResult(raw, ResultBytesMaxDeal, &v, "a Caribbean poker result is {\"dealer\":[5 cards],\"seats\":[{\"seat\":1,\"cards\":[5 cards],\"fold\":true}]}"); err != nil {
		return nil, err
	}
	if v.Seats == nil {
		return ParseRound(raw)
	}
	if v.Player != nil || v.Fold {
		return nil, resultError(RuleResultShape, "a deal with seats has no player or fold member of its own")
	}
	d, err := ParseHand("dealer", v.Dealer)
	if err != nil {
		return nil, err
	}
	out := Deal{Dealer: d}
	seen := map[Card]string{}
	for _, c := range d {
		seen[c] = "the dealer"
	}
	for _, s := range v.Seats {
		if s.Seat < 1 || s.Seat > SeatsMax {
			return nil, resultError(RuleResultShape, "seat %d: a seat is 1..%d", s.Seat, SeatsMax)
		}
		if slices.ContainsFunc(out.Seats, func(o SeatDeal) bool { return o.Seat == s.Seat }) {
			return nil, resultError(RuleResultShape, "seat %d is dealt twice", s.Seat)
		}
		h, err := ParseHand(fmt.Sprintf("seat %d", s.Seat), s.Cards)
		if err != nil {
			return nil, err
		}
		for _, c := range h {
			if who, dup := seen[c]; dup {
				return nil, resultError(RuleDuplicateCard, "%s is both seat %d's and %s's", c, s.Seat, who)
			}
			seen[c] = fmt.Sprintf("seat %d", s.Seat)
		}
		out.Seats = append(out.Seats, SeatDeal{Seat: s.Seat, Hand: h, Fold: s.Fold})
	}
	if len(out.Seats) == 0 {
		return nil, resultError(RuleResultShape, "a deal has at least one seat")
	}
	slices.SortFunc(out.Seats, func(a, b SeatDeal) int { return a.Seat - b.Seat })
	return out, nil
}

// JSON is the deal as the events record it, seats in seat order.
func (d Deal) JSON() []byte {
	var b bytes.Buffer
	b.WriteString(`{"dealer":`)
	writeHand(&b, d.Dealer)
	b.WriteString(`,"seats":[`)
	for i, s := range d.Seats {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"seat":%d,"cards":`, s.Seat)
		writeHand(&b, s.Hand)
		if s.Fold {
			b.WriteString(`,"fold":true`)
		}
		b.WriteByte('}')
	}
	b.WriteString(`]}`)
	return b.Bytes()
}

// String writes the deal for a dealer or an auditor.
func (d Deal) String() string {
	parts := []string{"dealer " + d.Dealer.String() + " (" + Eval(d.Dealer).String() + ")"}
	for _, s := range d.Seats {
		p := fmt.Sprintf("seat %d %s (%s)", s.Seat, s.Hand, Eval(s.Hand))
		if s.Fold {
			p += " folded"
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, ", ")
}

// Equal reports whether other is a deal with the same hands (in any card
// order) and decisions.
func (d Deal) Equal(other games.Result) bool {
	o, ok := other.(Deal)
	if !ok || len(o.Seats) != len(d.Seats) || !sameSet(d.Dealer, o.Dealer) {
		return false
	}
	for i, s := range d.Seats {
		if t := o.Seats[i]; t.Seat != s.Seat || t.Fold != s.Fold || !sameSet(s.Hand, t.Hand) {
			return false
		}
	}
	return true
}

// seatRound returns one seat's round against the dealer, from a deal or a
// one-player round (seat 1).
func seatRound(res games.Result, seat int) (Round, error) {
	switch r := res.(type) {
	case Round:
		if seat != 1 {
			return Round{}, resultError(RuleResultShape, "a one-player round has seat 1 only, not seat %d", seat)
		}
		return r, nil
	case Deal:
		for _, s := range r.Seats {
			if s.Seat == seat {
				return Round{Player: s.Hand, Dealer: r.Dealer, Fold: s.Fold}, nil
			}
		}
		return Round{}, resultError(RuleResultShape, "seat %d has bets and no hand in the deal", seat)
	}
	return Round{}, resultError(RuleResultShape, "a %T is not a Caribbean poker result", res)
}

// ProgressiveBet reports whether code is a progressive side bet
// (games.Progressive).
func (p *Paytable) ProgressiveBet(code string) bool {
	kind, _, err := ParseBet(code)
	return err == nil && kind == BetProgressive
}

// BetSeat returns the seat of a bet code (games.Seated): a seat is one
// player's box, with one hand and one decision.
func (p *Paytable) BetSeat(code string) (int, bool) {
	_, seat, err := ParseBet(code)
	return seat, err == nil
}

// Seats returns SeatsMax (games.Seated).
func (p *Paytable) Seats() int { return SeatsMax }

// SettleRound settles a deal's bets (games.RoundSettler): the ante and the
// call of each seat as Settle does, and the progressive bets together
// against the linked pool (games.SettlePass). Every seat with an ante
// either called or folded.
func (p *Paytable) SettleRound(bets []games.Bet, scale int32, results []games.Result, funds games.Funds) (games.RoundSettlement, error) {
	if len(results) != 1 {
		return games.RoundSettlement{}, resultError(RuleResultShape, "a deal is settled against its one result, not %d", len(results))
	}
	out := games.RoundSettlement{Bets: make([]games.Settlement, len(bets))}
	var pass kit.PassBets
	called := map[int]bool{}
	anted := map[int]bool{}
	for i, b := range bets {
		kind, seat, err := ParseBet(b.Code)
		if err != nil {
			return games.RoundSettlement{}, err
		}
		r, err := seatRound(results[0], seat)
		if err != nil {
			return games.RoundSettlement{}, err
		}
		switch kind {
		case BetProgressive:
			if err := CheckStake(b.Stake, scale); err != nil {
				return games.RoundSettlement{}, err
			}
			h := games.PoolHand{Seat: seat, Bet: b.Stake, Cards: r.Player.Strings()}
			if r.Fold {
				h.Forfeit = "folded"
			}
			pass.Add(i, b, h)
			continue
		case BetCall:
			called[seat] = true
		case BetAnte:
			anted[seat] = true
		}
		st, err := p.settle(kind, b.Stake, scale, r)
		if err != nil {
			return games.RoundSettlement{}, err
		}
		if err := p.checkBet(b, scale); err != nil {
			return games.RoundSettlement{}, err
		}
		out.Bets[i] = st
	}
	for seat := range anted {
		r, _ := seatRound(results[0], seat)
		if !r.Fold && !called[seat] {
			return games.RoundSettlement{}, resultError(RuleFoldedCall, "seat %d neither called nor folded: a seat without a call folds", seat)
		}
	}
	if err := pass.Settle(funds.Pool, &out); err != nil {
		return games.RoundSettlement{}, err
	}
	return out, nil
}

// checkBet validates a bet's stake and flags as Settle does.
func (p *Paytable) checkBet(b games.Bet, scale int32) error {
	if err := CheckStake(b.Stake, scale); err != nil {
		return err
	}
	if b.Working {
		return fmt.Errorf("%w: %q: poker bets have no working flag", ErrBadBetCode, b.Code)
	}
	return nil
}

var (
	_ games.RoundSettler = (*Paytable)(nil)
	_ games.Progressive  = (*Paytable)(nil)
	_ games.Seated       = (*Paytable)(nil)
	_ games.Result       = Deal{}
)
