package bingo

import (
	"bytes"
	"fmt"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
	"github.com/wagerlog/wagerlog/internal/jsonerr"
)

// CodeInvalidRequest is the code of a settle line that is not a request
// (bad JSON, unknown member, missing paytable).
const CodeInvalidRequest = kit.CodeInvalidRequest

// SettleLineBytesMax bounds one settle line: 100,000 cards take about 8
// MB.
const SettleLineBytesMax = 16 << 20

// SettleLineRequest is one line of `wagerlog settle --jsonl` for bingo, a
// whole game, the auditors' contract:
//
//	{"paytable":"bingo/es-1979","cards":[{"id":"A-1","price":"1.00","rows":[[3,15,41,62,80],[7,26,44,58,85],[19,33,49,67,90]]}],"line_prize":"0.15","bingo_prize":"0.60","balls":[3,15,41,…]}
//
// The prizes are given, as the hall announced them (Paytable.Prizes gives
// the paytable's); the balls must end on the first bingo. Amounts are
// JSON strings or numbers, read as the decimal written.
type SettleLineRequest struct {
	Paytable   string           `json:"paytable"`
	Cards      []SettleLineCard `json:"cards"`
	LinePrize  jsontext.Value   `json:"line_prize"`
	BingoPrize jsontext.Value   `json:"bingo_prize"`
	Balls      []int            `json:"balls"`
}

// SettleLineCard is one card of a settle line.
type SettleLineCard struct {
	ID    string         `json:"id"`
	Price jsontext.Value `json:"price"`
	Rows  [][]int        `json:"rows"`
}

// SettleLineResult is the answer to one line: the line and bingo winners
// with the ball where each prize was won, every card's prize, and the
// money (amounts at the currency's scale). An error has Outcome "error",
// its Code, a Message and, for a bad card or ball, the Rule it breaks.
type SettleLineResult struct {
	Outcome       string            `json:"outcome"`
	Paytable      string            `json:"paytable,omitempty"`
	PaytableHash  string            `json:"paytable_hash,omitempty"`
	Cards         int               `json:"cards,omitzero"`
	Sales         string            `json:"sales,omitempty"`
	Balls         int               `json:"balls,omitzero"`
	Line          *SettleLinePrize  `json:"line,omitempty"`
	Bingo         *SettleLinePrize  `json:"bingo,omitempty"`
	Prizes        []SettleLineShare `json:"prizes,omitempty"`
	HallRevenue   string            `json:"hall_revenue,omitempty"`
	RemainderRule string            `json:"remainder_rule,omitempty"`
	Code          string            `json:"code,omitempty"`
	Rule          string            `json:"rule,omitempty"`
	Message       string            `json:"message,omitempty"`
	// Line is the request's line number, set by the caller.
	LineNumber int `json:"line_number,omitzero"`
}

// SettleLinePrize is one prize of a settled line: the ball's place in the
// draw (from 1) and number, the prize, its winners and the remainder.
type SettleLinePrize struct {
	Index     int               `json:"index"`
	Ball      int               `json:"ball"`
	Prize     string            `json:"prize"`
	Winners   []SettleLineShare `json:"winners"`
	Remainder string            `json:"remainder"`
}

// SettleLineShare is what one card gets.
type SettleLineShare struct {
	Card  string `json:"card"`
	Prize string `json:"prize"`
}

// SettleLineError is the answer for an error: its code (ErrorCode, or
// invalid_request for an error of no code) and, for a bad card or ball,
// the rule.
func SettleLineError(err error) SettleLineResult {
	code := ErrorCode(err)
	if code == "" {
		code = CodeInvalidRequest
	}
	return SettleLineResult{Outcome: "error", Code: code, Rule: BrokenRule(err), Message: err.Error()}
}

// SettleLine answers one request line (without its line ending) under the
// paytable it names (or defPaytable) at the currency scale defScale. It
// never fails: a bad request, card, amount or draw is an answer with
// Outcome "error".
func SettleLine(line []byte, defPaytable string, defScale int32) SettleLineResult {
	var req SettleLineRequest
	if err := kit.DecodeLine(line, SettleLineBytesMax, &req); err != nil {
		return SettleLineError(err)
	}
	// A bingo line gives no scale of its own: the run's is the scale.
	if _, err := kit.LineDefaults(&req.Paytable, nil, defPaytable, defScale); err != nil {
		return SettleLineError(err)
	}
	pt, err := Lookup(req.Paytable)
	if err != nil {
		return SettleLineError(err)
	}
	res, err := settleRequest(pt, req, defScale)
	if err != nil {
		return SettleLineError(err)
	}
	res.Paytable, res.PaytableHash = pt.ID(), pt.Hash()
	return res
}

// settleRequest reads the request's cards and prizes and settles the game.
func settleRequest(pt *Paytable, req SettleLineRequest, scale int32) (SettleLineResult, error) {
	if err := checkScale(scale); err != nil {
		return SettleLineResult{}, err
	}
	if len(req.Cards) > pt.CardsMax() {
		return SettleLineResult{}, fmt.Errorf("%w: %d cards, at most %d under %s", ErrTooManyCards, len(req.Cards), pt.CardsMax(), pt.ID())
	}
	cards := make([]SoldCard, len(req.Cards))
	for i, lc := range req.Cards {
		id, err := ParseCardID(lc.ID)
		if err != nil {
			return SettleLineResult{}, fmt.Errorf("card %d: %w", i+1, err)
		}
		c, err := NewCard(id, lc.Rows)
		if err != nil {
			return SettleLineResult{}, err
		}
		price, err := lineAmount("price of card "+lc.ID, lc.Price)
		if err != nil {
			return SettleLineResult{}, err
		}
		cards[i] = SoldCard{Card: c, Price: price}
	}
	var pr Prizes
	var err error
	if pr.Line, err = lineAmount("line_prize", req.LinePrize); err != nil {
		return SettleLineResult{}, err
	}
	if pr.Bingo, err = lineAmount("bingo_prize", req.BingoPrize); err != nil {
		return SettleLineResult{}, err
	}
	g, err := SettleGame(cards, pr, scale, req.Balls)
	if err != nil {
		return SettleLineResult{}, err
	}
	res := SettleLineResult{
		Outcome: "settled", Cards: g.Cards, Sales: g.Sales.StringFixed(scale), Balls: g.Balls,
		Line: linePrize(g.Line, scale), Bingo: linePrize(g.Bingo, scale),
		Prizes:      make([]SettleLineShare, len(cards)),
		HallRevenue: g.HallRevenue.StringFixed(scale), RemainderRule: g.Rule,
	}
	for i, c := range cards {
		res.Prizes[i] = SettleLineShare{Card: c.Card.ID.String(), Prize: g.Returned[i].StringFixed(scale)}
	}
	return res, nil
}

func linePrize(p PrizeResult, scale int32) *SettleLinePrize {
	out := &SettleLinePrize{Index: p.Index, Ball: p.Ball, Prize: p.Amount.StringFixed(scale),
		Winners: make([]SettleLineShare, len(p.Winners)), Remainder: p.Remainder.StringFixed(scale)}
	for i, w := range p.Winners {
		out.Winners[i] = SettleLineShare{Card: w.Card.String(), Prize: w.Amount.StringFixed(scale)}
	}
	return out
}

// lineAmount reads an amount written as a JSON string or number.
func lineAmount(what string, v jsontext.Value) (decimal.Decimal, error) {
	v = bytes.TrimSpace(v)
	if len(v) == 0 || bytes.Equal(v, []byte("null")) {
		return decimal.Decimal{}, fmt.Errorf("%w: no %s", ErrBadAmount, what)
	}
	text := string(v)
	if v[0] == '"' {
		if err := json.Unmarshal(v, &text); err != nil {
			return decimal.Decimal{}, fmt.Errorf("%w: %s: %v", ErrBadAmount, what, jsonerr.Stable(err))
		}
	}
	if len(text) > 2*AmountDigitsMax {
		return decimal.Decimal{}, fmt.Errorf("%w: %s %q is too long", ErrBadAmount, what, cut(text))
	}
	d, err := decimal.NewFromString(text)
	if err != nil {
		return decimal.Decimal{}, fmt.Errorf("%w: %s %q is not a decimal number", ErrBadAmount, what, cut(text))
	}
	return d, nil
}

// SettleLine answers one line of `wagerlog settle --jsonl` that names a
// paytable of the game (games.LineSettler): a whole game. The answer
// numbers its line "line_number", "line" being the line prize.
func (Game) SettleLine(req games.LineRequest) []byte {
	res := SettleLine(req.Line, req.Paytable, req.Scale)
	res.LineNumber = req.Number
	return kit.MarshalLine(res)
}

// LineBytesMax bounds the game's settle lines (games.LineSettler): a game
// of many cards is one long line.
func (Game) LineBytesMax() int { return SettleLineBytesMax }
