package war

import (
	"fmt"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/cards"
	"github.com/wagerlog/wagerlog/games/kit"
)

// LineBytesMax bounds a settle line; the longest valid one is well below.
const LineBytesMax = 1024

// CodeInvalidRequest is the code of a settle line that is not a request.
const CodeInvalidRequest = kit.CodeInvalidRequest

// SettleLineRequest is one line of `wagerlog settle --jsonl` for War, the
// auditors' contract:
//
//	{"paytable":"war/chile-2010","bet":"main","stake":"10","player":["9S"],"dealer":["9H"],"war":{"player":"KD","dealer":"4C"}}
//	{"paytable":"war/chile-2010","bet":"main","stake":"10","player":["9S"],"dealer":["9H"],"surrendered":true}
//	{"paytable":"war/chile-2010","bet":"tie","stake":"5","player":["9S"],"dealer":["9H"]}
//
// A main bet on a tie needs "war" or "surrendered" (neither is an error);
// with war the answer settles the bet and the raise (equal to it)
// together. "paytable" and "scale" default to the caller's.
type SettleLineRequest struct {
	Paytable    string         `json:"paytable"`
	Bet         string         `json:"bet"`
	Stake       jsontext.Value `json:"stake"`
	Scale       *int32         `json:"scale"`
	Player      []string       `json:"player"`
	Dealer      []string       `json:"dealer"`
	War         *WarCards      `json:"war"`
	Surrendered bool           `json:"surrendered"`
}

// WarCards are the war cards of a settle line.
type WarCards struct {
	Player string `json:"player"`
	Dealer string `json:"dealer"`
}

// LineBet is one bet's settlement in an answer (the main bet, the raise):
// its kind, then the settlement (kit.SeatPart).
type LineBet struct {
	Bet string `json:"bet"`
	kit.SeatPart
}

// SettleLineResult is the answer to one line: the sums over Bets (the
// bet, and the raise when the seat went to war) and Outcome won when they
// return more than was staked, push when exactly that, lost below. An
// error has Outcome "error", its Code, a Message and for an impossible
// round the Rule it breaks. The members up to Stake are kit.SeatAnswer's.
type SettleLineResult struct {
	kit.SeatAnswer
	Bets        []LineBet `json:"bets,omitempty"`
	Player      []string  `json:"player,omitempty"`
	Dealer      []string  `json:"dealer,omitempty"`
	War         *WarCards `json:"war,omitempty"`
	Surrendered bool      `json:"surrendered,omitzero"`
	Scale       *int32    `json:"scale,omitempty"`
	// Line is the request's line number, set by the caller.
	Line int `json:"line,omitzero"`
}

// SettleLineError is the answer for an error.
func SettleLineError(err error) SettleLineResult {
	return SettleLineResult{SeatAnswer: kit.SeatAnswerError(err)}
}

// SettleLine answers one request line under the paytable it names (or
// defPaytable) at its scale (or defScale). It never fails: a bad line is
// an answer with Outcome "error".
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
	res.Player, res.Dealer, res.War, res.Surrendered = req.Player, req.Dealer, req.War, req.Surrendered
	return res
}

// one reads a hand of exactly one card.
func one(who string, ss []string) (cards.Card, error) {
	if len(ss) != 1 {
		return cards.Card{}, resultError(RuleResultShape, "%s has one card in War, not %d", who, len(ss))
	}
	c, err := cards.Parse(ss[0])
	if err != nil {
		return c, resultError(RuleCardSpelling, "%s: %v", who, err)
	}
	return c, nil
}

func (p *Paytable) settleRequest(req SettleLineRequest, stake decimal.Decimal, scale int32) (SettleLineResult, error) {
	if req.Bet != string(KindMain) && req.Bet != string(KindTie) {
		return SettleLineResult{}, fmt.Errorf("%w: %q: a settle line's bet is main or tie", ErrBadBetCode, cards.Cut(req.Bet))
	}
	bt, err := p.checkBet(req.Bet+":1", stake, scale)
	if err != nil {
		return SettleLineResult{}, err
	}
	pc, err := one("the player", req.Player)
	if err != nil {
		return SettleLineResult{}, err
	}
	dc, err := one("the dealer", req.Dealer)
	if err != nil {
		return SettleLineResult{}, err
	}
	rd := p.NewRound()
	results := []games.Result{CardTo(pc, 1), DealerCard(dc)}
	apply := func(rs ...Result) error {
		for _, r := range rs {
			if err := rd.Apply(r); err != nil {
				return fmt.Errorf("%s: %w", r, err)
			}
		}
		return nil
	}
	if err := apply(CardTo(pc, 1), DealerCard(dc)); err != nil {
		return SettleLineResult{}, err
	}
	tie := rd.Tied(rd.seats[0])
	switch {
	case bt.kind == KindTie && (req.War != nil || req.Surrendered):
		return SettleLineResult{}, resultError(RuleResultShape, "a tie line has the two first cards only; the tie bet is decided by them")
	case !tie && (req.War != nil || req.Surrendered):
		return SettleLineResult{}, resultError(RuleDecision, "%s against %s is no tie: nobody surrenders or goes to war", pc, dc)
	case tie && bt.kind == KindMain && req.War == nil && !req.Surrendered:
		return SettleLineResult{}, resultError(RuleTieNeedsDecision, "%s ties %s: give \"war\" (the war cards) or \"surrendered\":true", pc, dc)
	case req.War != nil && req.Surrendered:
		return SettleLineResult{}, resultError(RuleDecision, "a seat surrenders or goes to war, not both")
	}
	var raise *Bet
	switch {
	case req.Surrendered:
		err = apply(Decide(Surrender, 1))
	case req.War != nil:
		results = append(results, Decide(GoToWar, 1))
		if err = apply(Decide(GoToWar, 1)); err != nil {
			break
		}
		// The burned cards are not part of the line; they are unseen and
		// change nothing.
		for rd.phase == PhaseBurn {
			if err = rd.applyBurn(); err != nil {
				break
			}
		}
		var pw, dw cards.Card
		if pw, err = one("the player's war card", []string{req.War.Player}); err != nil {
			break
		}
		if dw, err = one("the dealer's war card", []string{req.War.Dealer}); err != nil {
			break
		}
		err = apply(CardTo(pw, 1), DealerCard(dw))
		raise = &Bet{kind: KindWar, seat: 1}
	}
	if err != nil {
		return SettleLineResult{}, err
	}
	line := func(b Bet, since int) LineBet {
		s := p.settle(b, stake, scale, since, results, rd)
		return LineBet{Bet: string(b.kind), SeatPart: kit.SeatPartOf(stake, s, scale)}
	}
	res := SettleLineResult{Bets: []LineBet{line(bt, 0)}}
	if raise != nil {
		res.Bets = append(res.Bets, line(*raise, 2))
	}
	parts := make([]kit.SeatPart, len(res.Bets))
	for i, b := range res.Bets {
		parts[i] = b.SeatPart
	}
	res.Sum(parts, scale)
	res.Rule = res.Bets[0].Rule
	if raise != nil {
		res.Rule += "; " + res.Bets[1].Rule
	}
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
