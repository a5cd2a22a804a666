package baccarat

import (
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

// SettleLineRequest is one line of `wagerlog settle --jsonl` for baccarat,
// the auditors' contract. Punto banco:
//
//	{"paytable":"baccarat/punto-banco","bet":"banker","stake":"10","player":["4S","9H","7D"],"banker":["KC","5H","3S"]}
//
// Deux tableaux ("bet" is tableau:1, tableau:2, a_caballo, line:1 or
// line:2):
//
//	{"paytable":"baccarat/deux-tableaux-1979","bet":"tableau:1","stake":"10","tableaux":[["4S","3H"],["6C","KD"]],"banker":["3H","KC","8D"]}
//
// "scale" (decimals of the currency, default the caller's) and, for deux
// tableaux, "void" and "cut_card" as in a result, are optional. Stake is
// kept raw so that "10.00" and 10.00 both read as the decimal written.
type SettleLineRequest struct {
	Paytable string         `json:"paytable"`
	Bet      string         `json:"bet"`
	Stake    jsontext.Value `json:"stake"`
	Scale    *int32         `json:"scale"`
	Player   []string       `json:"player"`
	Banker   []string       `json:"banker"`
	Tableaux [][]string     `json:"tableaux"`
	Void     *voidJSON      `json:"void"`
	CutCard  bool           `json:"cut_card"`
}

// SettleLineResult is the answer to one line. Amounts are decimal strings
// at the currency's scale. For a banker win, Win is before the commission,
// Commission apart, and Returned = stake + Win − Commission. An error has
// Outcome "error", its Code, a Message, and for a bad deal the Rule it
// breaks (one of the Rule… constants).
type SettleLineResult struct {
	Outcome      string     `json:"outcome"`
	Win          string     `json:"win,omitempty"`
	Commission   string     `json:"commission,omitempty"`
	Returned     string     `json:"returned,omitempty"`
	Residue      string     `json:"residue,omitempty"`
	Rule         string     `json:"rule,omitempty"`
	Code         string     `json:"code,omitempty"`
	Message      string     `json:"message,omitempty"`
	Paytable     string     `json:"paytable,omitempty"`
	PaytableHash string     `json:"paytable_hash,omitempty"`
	Bet          string     `json:"bet,omitempty"`
	Stake        string     `json:"stake,omitempty"`
	Player       []string   `json:"player,omitempty"`
	Banker       []string   `json:"banker,omitempty"`
	Tableaux     [][]string `json:"tableaux,omitempty"`
	Scale        *int32     `json:"scale,omitempty"`
	// Line is the request's line number, set by the caller.
	Line int `json:"line,omitzero"`
}

// SettleLineError is the answer for an error: its code (ErrorCode, or
// invalid_request for an error of no code) and, for a bad deal, the rule.
func SettleLineError(err error) SettleLineResult {
	code, rule, msg := kit.LineFault(err)
	return SettleLineResult{Outcome: "error", Code: code, Rule: rule, Message: msg}
}

// SettleLine answers one request line (without its line ending) under the
// paytable it names (or defPaytable) at its scale (or defScale). It never
// fails: a bad request, bet, stake or deal is an answer with Outcome
// "error".
func SettleLine(line []byte, defPaytable string, defScale int32) SettleLineResult {
	var req SettleLineRequest
	head := kit.LineHead{Paytable: &req.Paytable, Scale: &req.Scale, Stake: &req.Stake}
	pt, stake, scale, err := kit.ReadLine(line, 0, &req, head, defPaytable, defScale, Lookup, ErrBadStake)
	if err != nil {
		return SettleLineError(err)
	}
	res, err := settleRequest(pt, req, stake, scale)
	if err != nil {
		return SettleLineError(err)
	}
	res.Paytable, res.PaytableHash = pt.ID(), pt.Hash()
	res.Bet, res.Stake, res.Scale = req.Bet, stake.StringFixed(scale), &scale
	res.Player, res.Banker, res.Tableaux = req.Player, req.Banker, req.Tableaux
	return res
}

// settleRequest builds the request's coup, whose members must be those of
// the paytable's form, and settles the bet.
func settleRequest(pt *Paytable, req SettleLineRequest, stake decimal.Decimal, scale int32) (SettleLineResult, error) {
	var raw []byte
	var err error
	if pt.Form() == FormPuntoBanco {
		if req.Tableaux != nil || req.Void != nil || req.CutCard {
			return SettleLineResult{}, resultError(RuleResultShape, "a punto banco line has \"player\" and \"banker\", not \"tableaux\", \"void\" or \"cut_card\"")
		}
		raw, err = json.Marshal(coupJSON{Player: req.Player, Banker: req.Banker})
	} else {
		if req.Player != nil {
			return SettleLineResult{}, resultError(RuleResultShape, "a deux tableaux line has \"tableaux\" and \"banker\", not \"player\"")
		}
		raw, err = json.Marshal(deuxJSON{Tableaux: req.Tableaux, Banker: req.Banker, Void: req.Void, CutCard: req.CutCard})
	}
	if err != nil {
		return SettleLineResult{}, resultError(RuleResultShape, "%v", jsonerr.Stable(err))
	}
	if _, err := pt.checkBet(req.Bet, stake, scale); err != nil {
		return SettleLineResult{}, err
	}
	r, err := pt.ParseResult(raw)
	if err != nil {
		return SettleLineResult{}, err
	}
	var res SettleLineResult
	switch c := r.(type) {
	case Coup:
		s, err := SettlePuntoBanco(pt, req.Bet, stake, scale, c)
		if err != nil {
			return SettleLineResult{}, err
		}
		res = SettleLineResult{Outcome: string(s.Outcome), Win: s.Win.StringFixed(scale), Returned: s.Returned.StringFixed(scale),
			Residue: s.Residue.String(), Rule: s.Rule}
		if s.Commission.Sign() > 0 {
			res.Commission = s.Commission.StringFixed(scale)
		}
	case DeuxCoup:
		s, err := SettleDeux(pt, req.Bet, stake, scale, c)
		if err != nil {
			return SettleLineResult{}, err
		}
		res = SettleLineResult{Outcome: string(s.Outcome), Win: s.Win.StringFixed(scale), Returned: s.Returned.StringFixed(scale),
			Residue: s.Residue.String(), Rule: s.Rule}
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

// RefuseFlags refuses the flag form of `wagerlog settle` (kit.FlagRefuser):
// a coup is given with its cards, as a --jsonl line.
func (Game) RefuseFlags() error {
	return fmt.Errorf("%w: a baccarat coup is given as a --jsonl line with its cards (\"player\" and \"banker\")", kit.ErrRequest)
}
