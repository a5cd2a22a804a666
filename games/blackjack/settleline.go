package blackjack

import (
	"fmt"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/cards"
	"github.com/wagerlog/wagerlog/games/kit"
)

// LineBytesMax bounds a settle line; the longest valid one is well below.
const LineBytesMax = 4096

// CodeInvalidRequest is the code of a settle line that is not a request
// (bad JSON, unknown member, missing paytable).
const CodeInvalidRequest = kit.CodeInvalidRequest

// LineCardsMax bounds the cards of a hand or the dealer's in a settle
// line: no hand of 21 or less has more than 11 cards.
const LineCardsMax = 12

// SettleLineRequest is one line of `wagerlog settle --jsonl` for
// blackjack, the auditors' contract:
//
//	{"paytable":"blackjack/chile-2010","bet":"main","stake":"10","hands":[{"cards":["8S","3D","KH"],"doubled":true}],"dealer":["9H","7C","2D"],"surrendered":false}
//	{"bet":"perfect_pairs","stake":"5","cards":["8S","8D"]}
//	{"bet":"insurance","stake":"5","dealer":["AS","KH"]}
//
// A main bet lists the seat's hands in the order they were played (several
// after a split, each starting with a card of the split pair); stake is the
// main bet, each split hand has the same, and a doubled hand twice it.
// "paytable" and "scale" default to the caller's. Stake is kept raw so
// that "10.00" and 10.00 both read as the decimal written.
type SettleLineRequest struct {
	Paytable    string         `json:"paytable"`
	Bet         string         `json:"bet"`
	Stake       jsontext.Value `json:"stake"`
	Scale       *int32         `json:"scale"`
	Hands       []LineHand     `json:"hands"`
	Dealer      []string       `json:"dealer"`
	Surrendered bool           `json:"surrendered"`
	Cards       []string       `json:"cards"`
}

// LineHand is one hand of a main bet's settle line.
type LineHand struct {
	Cards   []string `json:"cards"`
	Doubled bool     `json:"doubled"`
}

// LineHandResult is one hand's settlement in the answer: its cards, then
// the settlement (kit.SeatPart).
type LineHandResult struct {
	Cards   []string `json:"cards"`
	Doubled bool     `json:"doubled,omitzero"`
	kit.SeatPart
}

// SettleLineResult is the answer to one line. Amounts are decimal strings
// at the currency's scale. For a main bet, Hands holds each hand's
// settlement and Win, Returned, Residue and Staked their sums; Outcome is
// won when the hands return more than was staked, push when exactly that,
// lost below. An error has Outcome "error", its Code, a Message, and for an
// impossible hand the Rule it breaks (one of the Rule… constants). The
// members up to Stake are kit.SeatAnswer's.
type SettleLineResult struct {
	kit.SeatAnswer
	Hands  []LineHandResult `json:"hands,omitempty"`
	Dealer []string         `json:"dealer,omitempty"`
	Cards  []string         `json:"cards,omitempty"`
	Scale  *int32           `json:"scale,omitempty"`
	// Line is the request's line number, set by the caller.
	Line int `json:"line,omitzero"`
}

// SettleLineError is the answer for an error: its code (ErrorCode, or
// invalid_request for an error of no code) and, for an impossible hand,
// the rule.
func SettleLineError(err error) SettleLineResult {
	return SettleLineResult{SeatAnswer: kit.SeatAnswerError(err)}
}

// SettleLine answers one request line (without its line ending) under the
// paytable it names (or defPaytable) at its scale (or defScale). It never
// fails: a bad request, bet, stake or hand is an answer with Outcome
// "error".
func SettleLine(line []byte, defPaytable string, defScale int32) SettleLineResult {
	var req SettleLineRequest
	head := kit.LineHead{Paytable: &req.Paytable, Scale: &req.Scale, Stake: &req.Stake}
	pt, stake, scale, err := kit.ReadLine(line, LineBytesMax, &req, head, defPaytable, defScale, Lookup, ErrBadStake)
	if err != nil {
		return SettleLineError(err)
	}
	res, err := pt.settleRequest(req, stake, scale)
	if err != nil {
		return SettleLineError(err)
	}
	res.Paytable, res.PaytableHash = pt.ID(), pt.Hash()
	res.Bet, res.Stake, res.Scale = req.Bet, stake.StringFixed(scale), &scale
	res.Dealer, res.Cards = req.Dealer, req.Cards
	return res
}

// lineCards parses the cards of a settle line, naming whose they are.
func lineCards(who string, ss []string) (Hand, error) {
	if len(ss) > LineCardsMax {
		return nil, resultError(RuleResultShape, "%s has %d cards, at most %d", who, len(ss), LineCardsMax)
	}
	h := make(Hand, len(ss))
	for i, s := range ss {
		c, err := cards.Parse(s)
		if err != nil {
			return nil, resultError(RuleCardSpelling, "%s card %d: %v", who, i+1, err)
		}
		h[i] = c
	}
	return h, nil
}

// settleRequest checks the line's members against its bet and settles it.
func (p *Paytable) settleRequest(req SettleLineRequest, stake decimal.Decimal, scale int32) (SettleLineResult, error) {
	code := req.Bet + ":1"
	if req.Bet != string(KindMain) && req.Bet != string(KindPerfectPairs) && req.Bet != string(KindInsurance) {
		return SettleLineResult{}, fmt.Errorf("%w: %q: a settle line's bet is main, perfect_pairs or insurance", ErrBadBetCode, cards.Cut(req.Bet))
	}
	bt, err := p.checkBet(code, stake, scale)
	if err != nil {
		return SettleLineResult{}, err
	}
	dealer, err := lineCards("the dealer", req.Dealer)
	if err != nil {
		return SettleLineResult{}, err
	}
	switch bt.kind {
	case KindPerfectPairs:
		if req.Hands != nil || req.Dealer != nil || req.Surrendered {
			return SettleLineResult{}, resultError(RuleResultShape, "a perfect_pairs line has \"cards\" (the seat's first two), not \"hands\", \"dealer\" or \"surrendered\"")
		}
		h, err := lineCards("the seat", req.Cards)
		if err != nil {
			return SettleLineResult{}, err
		}
		if len(h) != 2 {
			return SettleLineResult{}, resultError(RuleResultShape, "Perfect Pairs is settled on the seat's first two cards, not %d", len(h))
		}
		if h[0] == h[1] && p.data.Decks < 2 {
			return SettleLineResult{}, resultError(RuleShoe, "%s twice from a single deck", h[0])
		}
		st, err := p.settleSynthetic(bt, stake, scale, script2(h, Hand{cards.Must("2C")}))
		return answer(scale, st, err)
	case KindInsurance:
		if req.Hands != nil || req.Cards != nil || req.Surrendered {
			return SettleLineResult{}, resultError(RuleResultShape, "an insurance line has \"dealer\" (his first two cards or more), not \"hands\", \"cards\" or \"surrendered\"")
		}
		if len(dealer) < 2 {
			return SettleLineResult{}, resultError(RuleResultShape, "insurance is settled on the dealer's first two cards; the line gives %d", len(dealer))
		}
		if dealer[0].Rank() != 'A' {
			return SettleLineResult{}, resultError(RuleInsuranceAce, "insurance is offered only when the dealer shows an ace, not %s", dealer[0])
		}
		if err := checkDealer(p, dealer, false); err != nil {
			return SettleLineResult{}, err
		}
		s := lost(decimal.New(0, -scale), fmt.Sprintf("insurance loses: the dealer has no blackjack (%s)", dealer))
		if dealer[:2].Natural() {
			s = won(stake, scale, p.odds[LineInsurance], fmt.Sprintf("insurance pays %s: the dealer has blackjack %s", p.odds[LineInsurance], dealer[:2]))
		}
		return answer(scale, s, nil)
	}
	if req.Cards != nil {
		return SettleLineResult{}, resultError(RuleResultShape, "a main line has \"hands\" and \"dealer\", not \"cards\"")
	}
	return p.settleMain(req, dealer, stake, scale)
}

// script2 is a one-seat deal of the seat's two cards around the dealer's
// first.
func script2(seat, dealer Hand) []Result {
	return []Result{CardTo(seat[0], 1, 0), DealerCard(dealer[0]), CardTo(seat[1], 1, 0)}
}

// settleSynthetic settles a bet on a round rebuilt from a line.
func (p *Paytable) settleSynthetic(bt Bet, stake decimal.Decimal, scale int32, rs []Result) (games.Settlement, error) {
	results := make([]games.Result, len(rs))
	for i, r := range rs {
		results[i] = r
	}
	rd, err := p.Fold(results)
	if err != nil {
		return games.Settlement{}, err
	}
	return p.settle(bt, stake, scale, 0, results, rd)
}

func answer(scale int32, s games.Settlement, err error) (SettleLineResult, error) {
	if err != nil {
		return SettleLineResult{}, err
	}
	return SettleLineResult{SeatAnswer: kit.SeatAnswerOf(s, scale)}, nil
}

// checkDealer checks a dealer's hand against the table's rule: no card
// after he must stand, and, when complete is set, no stop while he must
// draw.
func checkDealer(p *Paytable, d Hand, complete bool) error {
	for k := 2; k < len(d); k++ {
		if !DealerDraws(d[:k], p.data.Settings.DealerHitsSoft17) {
			return resultError(RuleDealerStands, "the dealer stands on %s (%d); %s was drawn", d[:k], d[:k].Points(), d[k])
		}
	}
	if complete && DealerDraws(d, p.data.Settings.DealerHitsSoft17) {
		return resultError(RuleDealerDraws, "the dealer stops on %s (%d); he draws below 17", d, d.Points())
	}
	return nil
}

// settleMain rebuilds the seat's round from its hands (the first split,
// if any, on the first pair; every further split on the first hand, so
// that the hands come out in the order given) and settles each hand.
func (p *Paytable) settleMain(req SettleLineRequest, dealer Hand, stake decimal.Decimal, scale int32) (SettleLineResult, error) {
	n := len(req.Hands)
	if n == 0 || n > p.data.Settings.HandsMax {
		return SettleLineResult{}, resultError(RuleSplitHandsMax, "a main line has 1..%d hands, not %d", p.data.Settings.HandsMax, n)
	}
	if len(dealer) == 0 {
		return SettleLineResult{}, resultError(RuleResultShape, "a main line gives the dealer's cards")
	}
	hands := make([]Hand, n)
	for i, lh := range req.Hands {
		h, err := lineCards(fmt.Sprintf("hand %d", i+1), lh.Cards)
		if err != nil {
			return SettleLineResult{}, err
		}
		if len(h) < 2 {
			return SettleLineResult{}, resultError(RuleResultShape, "hand %d has %d cards; a hand has two or more", i+1, len(h))
		}
		hands[i] = h
	}
	rd := p.NewRound()
	apply := func(rs ...Result) error {
		for _, r := range rs {
			if err := rd.Apply(r); err != nil {
				return fmt.Errorf("%s: %w", r, err)
			}
		}
		return nil
	}
	ids := make([]int, n) // the hand number of each given hand
	var err error
	if n == 1 {
		err = apply(script2(hands[0], dealer)...)
	} else {
		err = apply(CardTo(hands[0][0], 1, 0), DealerCard(dealer[0]), CardTo(hands[n-1][0], 1, 0), Decide(Split, 1, 0))
		ids[n-1] = 1
		for k := n - 2; k >= 1 && err == nil; k-- {
			err = apply(CardTo(hands[k][0], 1, 0), Decide(Split, 1, 0))
			ids[k] = n - k
		}
	}
	if err != nil {
		return SettleLineResult{}, err
	}
	if req.Surrendered {
		if n != 1 || len(hands[0]) != 2 || req.Hands[0].Doubled {
			return SettleLineResult{}, resultError(RuleSurrender, "surrender is the first decision on the first two cards: one hand of two cards, not doubled")
		}
		if err := apply(Decide(Surrender, 1, 0)); err != nil {
			return SettleLineResult{}, err
		}
	}
	for i, h := range hands {
		if req.Surrendered {
			break
		}
		id := ids[i]
		if n > 1 {
			if err := apply(CardTo(h[1], 1, id)); err != nil {
				return SettleLineResult{}, err
			}
		}
		if req.Hands[i].Doubled {
			if len(h) != 3 {
				return SettleLineResult{}, resultError(RuleDoubleTwoCards, "hand %d is doubled: it doubles on two cards and gets one more, three in all, not %d", i+1, len(h))
			}
			if err := apply(Decide(Double, 1, id), CardTo(h[2], 1, id)); err != nil {
				return SettleLineResult{}, err
			}
			continue
		}
		for _, c := range h[2:] {
			if err := apply(Decide(Hit, 1, id), CardTo(c, 1, id)); err != nil {
				return SettleLineResult{}, err
			}
		}
		if seat, hand, _, ok := rd.Turn(); ok && seat == 1 && hand == id {
			if err := apply(Decide(Stand, 1, id)); err != nil {
				return SettleLineResult{}, err
			}
		}
	}
	for _, c := range dealer[1:] {
		if err := apply(DealerCard(c)); err != nil {
			return SettleLineResult{}, err
		}
	}
	if !rd.Over() && !req.Surrendered {
		return SettleLineResult{}, resultError(RuleDealerDraws, "the dealer stops on %s (%d); he draws below 17%s", dealer, dealer.Points(), rd.soft17())
	}
	main := Bet{kind: KindMain, seat: 1}
	res := SettleLineResult{Hands: make([]LineHandResult, n)}
	parts := make([]kit.SeatPart, n)
	for i, h := range hands {
		hs := stake
		if req.Hands[i].Doubled {
			hs = stake.Add(stake)
		}
		o, why := rd.HandResult(1, ids[i])
		s := p.handSettlement(main, o, why, hs, scale)
		s.Rule = fmt.Sprintf("hand %d %s", i+1, s.Rule[len(main.String())+2:])
		parts[i] = kit.SeatPartOf(hs, s, scale)
		res.Hands[i] = LineHandResult{Cards: cards.Strings(h), Doubled: req.Hands[i].Doubled, SeatPart: parts[i]}
	}
	res.Sum(parts, scale)
	res.Rule = fmt.Sprintf("%d hand(s) staking %s return %s (dealer %s)", n, res.Staked, res.Returned, dealer)
	return res, nil
}

// SettleLine answers one line of `wagerlog settle --jsonl` that names a
// paytable of the game (games.LineSettler).
func (Game) SettleLine(req games.LineRequest) []byte {
	res := SettleLine(req.Line, req.Paytable, req.Scale)
	res.Line = req.Number
	return kit.MarshalLine(res)
}

// LineBytesMax bounds the game's settle lines (games.LineSettler).
func (Game) LineBytesMax() int { return games.LineBytesDefault }
