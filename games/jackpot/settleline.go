package jackpot

import (
	"bytes"
	"fmt"

	"github.com/go-json-experiment/json"
	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
	"github.com/wagerlog/wagerlog/games/poker"
	"github.com/wagerlog/wagerlog/internal/jsonerr"
)

// LineBytesMax bounds one settle line.
const LineBytesMax = 4096

// SettleLineRequest is one line of `wagerlog settle --jsonl` for a pass
// of a progressive pool, the auditors' contract:
//
//	{"pool":"jp-1","main":"10000.00","reserve":"500.00","stake":"1","hands":[{"seat":1,"cards":["AS","KS","QS","JS","TS"]},{"seat":3,"cards":["2H","2D","2C","2S","9H"]}]}
//
// Exactly these members: main and reserve are the balances before the
// pass's prizes (its contributions already in), stake is every seat's
// progressive bet, hands are the seats that bet. reserve is the balance of
// the pool's one reserve, zero when left out, and must be left out for a
// pool with no reserve; a pool with several reserves cannot be settled by
// a line.
type SettleLineRequest struct {
	Pool    string     `json:"pool"`
	Main    string     `json:"main"`
	Reserve *string    `json:"reserve"`
	Stake   string     `json:"stake"`
	Hands   []LineHand `json:"hands"`
}

// LineHand is one seat of a settle line.
type LineHand struct {
	Seat  int      `json:"seat"`
	Cards []string `json:"cards"`
}

// SettleLineResult is the answer to one line: each seat's prize and the
// pools after the pass, with the movements that explain them. Amounts are
// decimal strings at the pool's scale. An error has Outcome "error", its
// Code and a Message.
type SettleLineResult struct {
	Outcome    string     `json:"outcome"`
	Pool       string     `json:"pool,omitempty"`
	ParamsHash string     `json:"params_hash,omitempty"`
	Seats      []LineSeat `json:"seats,omitempty"`
	Main       string     `json:"main,omitempty"`
	Reserve    string     `json:"reserve,omitempty"`
	// CasinoFunding is what the casino put into the main pool.
	CasinoFunding string         `json:"casino_funding,omitempty"`
	Movements     []LineMovement `json:"movements,omitempty"`
	Code          string         `json:"code,omitempty"`
	Message       string         `json:"message,omitempty"`
	// Line is the request's line number, set by the caller.
	Line int `json:"line,omitzero"`
}

// LineMovement is a Movement with its amount at the pool's scale.
type LineMovement struct {
	Kind   string `json:"kind"`
	From   string `json:"from"`
	To     string `json:"to"`
	Amount string `json:"amount"`
	Seat   int    `json:"seat,omitzero"`
	Hand   string `json:"hand,omitempty"`
	Reason string `json:"reason,omitempty"`
}

// LineSeat is one seat's answer.
type LineSeat struct {
	Seat  int    `json:"seat"`
	Hand  string `json:"hand"`
	Prize string `json:"prize"`
	Rule  string `json:"rule"`
}

// SettleLineError is the answer for an error: its code (ErrorCode, or
// invalid_request for an error of no code).
func SettleLineError(err error) SettleLineResult {
	code := ErrorCode(err)
	if code == "" {
		code = CodeInvalidRequest
	}
	return SettleLineResult{Outcome: "error", Code: code, Message: err.Error()}
}

// SettleLine answers one request line (without its line ending) with the
// catalog pool it names. It never fails: a bad request, amount or hand is
// an answer with Outcome "error".
func SettleLine(line []byte) SettleLineResult {
	line = bytes.TrimSpace(line)
	if len(line) == 0 || len(line) > LineBytesMax {
		return SettleLineError(fmt.Errorf("a settle line is 1..%d bytes", LineBytesMax))
	}
	var req SettleLineRequest
	if err := jsonUnmarshalStrict(line, &req); err != nil {
		return SettleLineError(fmt.Errorf("a settle line: %v", err))
	}
	pool, err := Lookup(req.Pool)
	if err != nil {
		return SettleLineError(err)
	}
	res, err := settleRequest(pool, req)
	if err != nil {
		return SettleLineError(err)
	}
	return res
}

// jsonUnmarshalStrict decodes with exact member names, no unknown members
// and (json v2's default) no duplicate members.
func jsonUnmarshalStrict(b []byte, v any) error {
	return jsonerr.Stable(json.Unmarshal(b, v, json.RejectUnknownMembers(true), json.MatchCaseInsensitiveNames(false)))
}

func settleRequest(pool *Pool, req SettleLineRequest) (SettleLineResult, error) {
	amount := func(what, s string) (decimal.Decimal, error) {
		d, err := decimal.NewFromString(s)
		if err != nil {
			return decimal.Decimal{}, fmt.Errorf("%w: %s %q is not a decimal number", ErrBadAmount, what, cut(s))
		}
		return d, nil
	}
	before := pool.Opening()
	var err error
	if before.Main, err = amount("main", req.Main); err != nil {
		return SettleLineResult{}, err
	}
	switch {
	case len(before.Reserves) > 1:
		return SettleLineResult{}, fmt.Errorf("%w: pool %s has %d reserves; a settle line gives one", ErrBadAmount, pool.ID(), len(before.Reserves))
	case len(before.Reserves) == 0 && req.Reserve != nil:
		return SettleLineResult{}, fmt.Errorf("%w: pool %s has no reserve", ErrBadAmount, pool.ID())
	case len(before.Reserves) == 1 && req.Reserve != nil:
		if before.Reserves[0], err = amount("reserve", *req.Reserve); err != nil {
			return SettleLineResult{}, err
		}
	}
	stake, err := amount("stake", req.Stake)
	if err != nil {
		return SettleLineResult{}, err
	}
	if len(req.Hands) > SeatsMax {
		return SettleLineResult{}, passError(0, nil, "%d hands, at most %d seats", len(req.Hands), SeatsMax)
	}
	hands := make([]SeatHand, len(req.Hands))
	for i, h := range req.Hands {
		cards, err := poker.ParseHand(fmt.Sprintf("seat %d", h.Seat), h.Cards)
		if err != nil {
			return SettleLineResult{}, passError(h.Seat, err, "%v", err)
		}
		hands[i] = SeatHand{Seat: h.Seat, Bet: stake, Cards: cards}
	}
	pr, err := pool.PayPass(before, hands)
	if err != nil {
		return SettleLineResult{}, err
	}
	scale := pool.Scale()
	res := SettleLineResult{Outcome: "settled", Pool: pool.ID(), ParamsHash: pool.Hash(), Main: pr.After.Main.StringFixed(scale),
		CasinoFunding: pr.CasinoFunding.StringFixed(scale)}
	for _, m := range pr.Movements {
		res.Movements = append(res.Movements, LineMovement{Kind: m.Kind, From: m.From, To: m.To, Amount: m.Amount.StringFixed(scale),
			Seat: m.Seat, Hand: m.Hand, Reason: m.Reason})
	}
	if len(pr.After.Reserves) == 1 {
		res.Reserve = pr.After.Reserves[0].StringFixed(scale)
	}
	for _, z := range pr.Prizes {
		res.Seats = append(res.Seats, LineSeat{Seat: z.Seat, Hand: z.Hand, Prize: z.Prize.StringFixed(scale), Rule: z.Rule})
	}
	return res, nil
}

// SettlePoolLine answers one line of `wagerlog settle --jsonl` that gives
// a pass of a pool (games.PoolLineSettler): a draw line (one with a seed,
// DrawLine) or a pass's prizes (SettleLine).
func (Parser) SettlePoolLine(req games.LineRequest) []byte {
	if isDrawLine(req.Line) {
		res := DrawLine(req.Line)
		res.Line = req.Number
		return kit.MarshalLine(res)
	}
	res := SettleLine(req.Line)
	res.Line = req.Number
	return kit.MarshalLine(res)
}
