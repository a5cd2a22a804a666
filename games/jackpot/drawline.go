package jackpot

import (
	"bytes"
	"encoding/hex"
	"fmt"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/internal/jsonerr"
)

// DrawLineRequest is one line of `wagerlog settle --jsonl` that draws a
// pass's complementary prizes again (seed 004_11b2de8449360267.txt, 6.5.1
// "Premios complementarios"), the auditors' contract:
//
//	{"pool":"jp-c","params":{…},"seed":"9f…","pass":"0193…","bets":[{"bet":"0193…","player":"ann","seat":2,"stake":"1.00"}]}
//
// Exactly these members: params are the pool's parameters as
// jackpot.configured records them (their pool must be pool), seed the
// seed jackpot.draw_seed_revealed reveals (hex), pass the round's id, and
// bets the qualifying bets in the order jackpot.drawn lists them.
type DrawLineRequest struct {
	Pool   string         `json:"pool"`
	Params jsontext.Value `json:"params"`
	Seed   string         `json:"seed"`
	Pass   string         `json:"pass"`
	Bets   []DrawLineBet  `json:"bets"`
}

// DrawLineBet is one qualifying bet of a draw line.
type DrawLineBet struct {
	Bet    string `json:"bet"`
	Player string `json:"player"`
	Seat   int    `json:"seat"`
	Stake  string `json:"stake"`
}

// DrawLineResult is the answer to a draw line: the commitment of the seed
// (to compare with the one the pass recorded), every draw, and the
// prizes won, amounts at the pool's scale. An error has Outcome "error",
// its Code and a Message.
type DrawLineResult struct {
	Outcome    string          `json:"outcome"`
	Pool       string          `json:"pool,omitempty"`
	Version    int             `json:"version,omitzero"`
	ParamsHash string          `json:"params_hash,omitempty"`
	Commitment string          `json:"commitment,omitempty"`
	Pass       string          `json:"pass,omitempty"`
	Draws      []DrawValue     `json:"draws,omitempty"`
	Prizes     []DrawLinePrize `json:"prizes,omitempty"`
	Code       string          `json:"code,omitempty"`
	Message    string          `json:"message,omitempty"`
	// Line is the request's line number, set by the caller.
	Line int `json:"line,omitzero"`
}

// DrawLinePrize is one prize won, as jackpot.drawn records it.
type DrawLinePrize struct {
	Prize   int    `json:"prize"`
	Name    string `json:"name"`
	Bet     string `json:"bet"`
	Player  string `json:"player"`
	Seat    int    `json:"seat"`
	Value   uint64 `json:"value"`
	Of      uint64 `json:"of"`
	Amount  string `json:"amount"`
	Pay     string `json:"pay"`
	Account string `json:"account"`
	// ExpiryDays and ExpireTo, for credits that expire: how many days
	// after this prize, and where they then go.
	ExpiryDays int    `json:"expiry_days,omitzero"`
	ExpireTo   string `json:"expire_to,omitempty"`
}

// isDrawLine reports whether a pool line is a draw line: it has a seed.
func isDrawLine(line []byte) bool {
	var head struct {
		Seed *string `json:"seed"`
	}
	return jsonUnmarshalLax(line, &head) == nil && head.Seed != nil
}

// jsonUnmarshalLax decodes what it knows of a line, ignoring the rest.
func jsonUnmarshalLax(b []byte, v any) error {
	return jsonerr.Stable(json.Unmarshal(b, v, json.MatchCaseInsensitiveNames(false)))
}

// DrawLine answers one draw line (without its line ending). It never
// fails: a bad request, parameters, seed or bet is an answer with
// Outcome "error" and the code of its error.
func DrawLine(line []byte) DrawLineResult {
	fail := func(err error) DrawLineResult {
		r := SettleLineError(err)
		return DrawLineResult{Outcome: r.Outcome, Code: r.Code, Message: r.Message}
	}
	line = bytes.TrimSpace(line)
	if len(line) == 0 || len(line) > LineBytesMax {
		return fail(fmt.Errorf("a draw line is 1..%d bytes", LineBytesMax))
	}
	var req DrawLineRequest
	if err := jsonUnmarshalStrict(line, &req); err != nil {
		return fail(fmt.Errorf("a draw line: %v", err))
	}
	rules, err := Parser{}.ParsePool(req.Params)
	if err != nil {
		return fail(err)
	}
	pool := rules.(Rules).Pool
	seed, err := hex.DecodeString(req.Seed)
	switch {
	case pool.ID() != req.Pool:
		return fail(fmt.Errorf("%w: the parameters are pool %s's, not %s's", ErrBadParams, pool.ID(), cut(req.Pool)))
	case !pool.HasComplementary():
		return fail(fmt.Errorf("%w: pool %s v%d declares no complementary prizes", ErrBadParams, pool.ID(), pool.Version()))
	case err != nil || len(seed) == 0:
		return fail(fmt.Errorf("a draw line's seed is hex, as jackpot.draw_seed_revealed reveals it"))
	case req.Pass == "":
		return fail(fmt.Errorf("a draw line names its pass (the round's id)"))
	}
	bets := make([]DrawBet, len(req.Bets))
	for i, b := range req.Bets {
		stake, err := decimal.NewFromString(b.Stake)
		if err != nil {
			return fail(fmt.Errorf("%w: bet %s's stake %q is not a decimal number", ErrBadAmount, cut(b.Bet), cut(b.Stake)))
		}
		bets[i] = DrawBet{Bet: b.Bet, Player: b.Player, Seat: b.Seat, Stake: stake}
	}
	every, won, err := pool.DrawEvery(seed, req.Pass, bets)
	if err != nil {
		return fail(err)
	}
	res := DrawLineResult{Outcome: "drawn", Pool: pool.ID(), Version: pool.Version(), ParamsHash: pool.Hash(),
		Commitment: games.DrawCommitment(seed), Pass: req.Pass, Draws: every}
	for _, z := range won {
		res.Prizes = append(res.Prizes, DrawLinePrize{Prize: z.Prize, Name: z.Name, Bet: z.Bet, Player: z.Player, Seat: z.Seat,
			Value: z.Value, Of: z.Of, Amount: z.Amount.StringFixed(pool.Scale()), Pay: z.Pay, Account: z.Account,
			ExpiryDays: z.ExpiryDays, ExpireTo: z.ExpireTo})
	}
	return res
}
