package drawpoker

import (
	"encoding/json"
	"fmt"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
	"github.com/wagerlog/wagerlog/games/poker"
)

// LineBytesMax bounds a settle line; the longest valid one is well below.
const LineBytesMax = 1024

// CodeInvalidRequest is the code of a settle line that is not a request.
const CodeInvalidRequest = kit.CodeInvalidRequest

// LineExchange is an exchange on a settle line: the cards discarded and
// their replacements, in order.
type LineExchange struct {
	Discard []string `json:"discard"`
	Draw    []string `json:"draw"`
}

// SettleLineRequest is one line of `wagerlog settle --jsonl` for Draw
// Poker, the auditors' contract: one seat's ante, exchange or call
// against the dealer, the seat's hand as dealt with its exchange.
//
//	{"paytable":"drawpoker/exchange-one","bet":"call","stake":"20","player":["AS","AD","6C","6D","JH"],"exchange":{"discard":["JH"],"draw":["6S"]},"dealer":["KH","KD","5C","7S","9H"]}
//
// "fold":true is a seat that did not go (its ante is lost; it has no
// call). The stake is the bet's own (a call is twice the ante).
// "paytable" and "scale" default to the caller's.
type SettleLineRequest struct {
	Paytable string         `json:"paytable"`
	Bet      string         `json:"bet"`
	Stake    jsontext.Value `json:"stake"`
	Scale    *int32         `json:"scale"`
	Player   []string       `json:"player"`
	Exchange *LineExchange  `json:"exchange"`
	Fold     bool           `json:"fold"`
	Dealer   []string       `json:"dealer"`
}

// SettleLineResult is the answer to one line: the bet's outcome, win,
// amount returned, residue and rule, with the final hands and whether the
// dealer qualified. An error has Outcome "error", its Code, a Message and
// for an impossible deal the Rule it breaks.
type SettleLineResult struct {
	// The members up to Stake are kit.SeatAnswer's (its Staked is never
	// set here).
	kit.SeatAnswer
	Scale            *int32   `json:"scale,omitempty"`
	PlayerFinal      []string `json:"player_final,omitempty"`
	PlayerHand       string   `json:"player_hand,omitempty"`
	DealerFinal      []string `json:"dealer_final,omitempty"`
	DealerHand       string   `json:"dealer_hand,omitempty"`
	DealerQualifies  *bool    `json:"dealer_qualifies,omitempty"`
	ProgressiveState string   `json:"progressive,omitempty"`
	// Line is the request's line number, set by the caller.
	Line int `json:"line,omitzero"`
}

// settleLineError is the answer for an error.
func settleLineError(err error) SettleLineResult {
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
		return settleLineError(err)
	}
	if req.Bet != BetAnte && req.Bet != BetExchange && req.Bet != BetCall {
		return settleLineError(fmt.Errorf("%w: %q: a settle line's bet is ante, exchange or call (the progressive is a pass of its pool)", ErrBadBetCode, cutCode(req.Bet)))
	}
	// The line is the deal of seat 1, parsed as the ledger parses a
	// deal, so that it refuses what the ledger refuses.
	raw, err := json.Marshal(dealJSON{Dealer: req.Dealer,
		Seats: []seatJSON{{Seat: 1, Cards: req.Player, Fold: req.Fold, Exchange: lineExchange(req.Exchange)}}})
	if err != nil {
		return settleLineError(err)
	}
	d, err := pt.ParseDeal(raw)
	if err != nil {
		return settleLineError(err)
	}
	st, err := pt.Settle(games.Bet{Code: req.Bet + ":1", Stake: stake}, scale, []games.Result{d})
	if err != nil {
		return settleLineError(err)
	}
	s := d.Seats[0]
	player, dealer := s.Hand(), d.Dealer
	qualifies := poker.Eval(dealer) >= poker.AceKing
	ans := kit.SeatAnswerOf(st, scale)
	ans.Paytable, ans.PaytableHash, ans.Bet, ans.Stake = pt.ID(), pt.Hash(), req.Bet, stake.StringFixed(scale)
	res := SettleLineResult{
		SeatAnswer: ans, Scale: &scale,
		PlayerFinal: player.Strings(), PlayerHand: poker.Eval(player).Category().String(),
		DealerFinal: dealer.Strings(), DealerHand: poker.Eval(dealer).Category().String(), DealerQualifies: &qualifies,
		ProgressiveState: "plays",
	}
	switch {
	case s.Fold:
		res.ProgressiveState = "forfeit: did not go (seed 004, 6.5.1)"
	case s.Exchange.Exchanged():
		res.ProgressiveState = "forfeit: exchanged cards (seed 004, 6.5.1)"
	}
	return res
}

func lineExchange(e *LineExchange) *exchangeJSON {
	if e == nil {
		return nil
	}
	return &exchangeJSON{Discard: e.Discard, Draw: e.Draw}
}

// SettleLine answers one line of `wagerlog settle --jsonl` that names a
// paytable of the game (games.LineSettler).
func (Game) SettleLine(req games.LineRequest) []byte {
	res := SettleLine(req.Line, req.Paytable, req.Scale)
	res.Line = req.Number
	return kit.MarshalLine(res)
}

// LineBytesMax bounds the game's settle lines (games.LineSettler).
func (Game) LineBytesMax() int { return LineBytesMax }
