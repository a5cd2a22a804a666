package kit

import (
	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

// SeatAnswer is the head of the settle-line answer of a game whose line
// settles one seat's bets or hands together (blackjack's split hands,
// War's bet and its raise): their sums, the error's members and the
// request's echo, in the order those answers write them. The game's
// answer embeds it first and adds its own members after it; encoding/json
// writes an embedded struct's members where it stands, so the answers'
// bytes are those of a flat struct.
type SeatAnswer struct {
	Outcome      string `json:"outcome"`
	Win          string `json:"win,omitempty"`
	Returned     string `json:"returned,omitempty"`
	Residue      string `json:"residue,omitempty"`
	Staked       string `json:"staked,omitempty"`
	Rule         string `json:"rule,omitempty"`
	Code         string `json:"code,omitempty"`
	Message      string `json:"message,omitempty"`
	Paytable     string `json:"paytable,omitempty"`
	PaytableHash string `json:"paytable_hash,omitempty"`
	Bet          string `json:"bet,omitempty"`
	Stake        string `json:"stake,omitempty"`
}

// SeatAnswerError is the head of an error answer: Outcome "error" and what
// LineFault says of err.
func SeatAnswerError(err error) SeatAnswer {
	code, rule, msg := LineFault(err)
	return SeatAnswer{Outcome: "error", Code: code, Rule: rule, Message: msg}
}

// SeatAnswerOf is the head of the answer of a line that settles one bet:
// its settlement s at scale, without Staked.
func SeatAnswerOf(s games.Settlement, scale int32) SeatAnswer {
	return SeatAnswer{Outcome: string(s.Outcome), Win: s.Win.StringFixed(scale), Returned: s.Returned.StringFixed(scale),
		Residue: s.Residue.String(), Rule: s.Rule}
}

// SeatPart is one bet's or hand's settlement in a SeatAnswer's line, after
// the members the game names it with (a hand's cards, a bet's code).
type SeatPart struct {
	Stake    string `json:"stake"`
	Outcome  string `json:"outcome"`
	Win      string `json:"win"`
	Returned string `json:"returned"`
	Residue  string `json:"residue"`
	Rule     string `json:"rule"`
}

// SeatPartOf writes settlement s of stake at scale.
func SeatPartOf(stake decimal.Decimal, s games.Settlement, scale int32) SeatPart {
	return SeatPart{Stake: stake.StringFixed(scale), Outcome: string(s.Outcome), Win: s.Win.StringFixed(scale),
		Returned: s.Returned.StringFixed(scale), Residue: s.Residue.String(), Rule: s.Rule}
}

// Sum sets the answer's Win, Returned, Residue and Staked to the sums of
// parts, and its Outcome: won when the parts return more than was staked,
// push when exactly that, lost below. The parts' amounts are the exact
// strings SeatPartOf wrote (a win is paid at the scale, the residue kept
// whole), so their sums are those of the settlements.
func (a *SeatAnswer) Sum(parts []SeatPart, scale int32) {
	win, back, residue, staked := decimal.New(0, -scale), decimal.New(0, -scale), decimal.Zero, decimal.New(0, -scale)
	for _, p := range parts {
		win = win.Add(decimal.RequireFromString(p.Win))
		back = back.Add(decimal.RequireFromString(p.Returned))
		residue = residue.Add(decimal.RequireFromString(p.Residue))
		staked = staked.Add(decimal.RequireFromString(p.Stake))
	}
	a.Outcome = string(games.OutcomePush)
	switch back.Cmp(staked) {
	case 1:
		a.Outcome = string(games.OutcomeWon)
	case -1:
		a.Outcome = string(games.OutcomeLost)
	}
	a.Win, a.Returned, a.Residue, a.Staked = win.StringFixed(scale), back.StringFixed(scale), residue.String(), staked.StringFixed(scale)
}
