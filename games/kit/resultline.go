package kit

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

// The result line is the settle line of the games whose round is decided
// by a result the line gives inline, parsed by the paytable
// (games.Paytable.ParseResult) and settled as the ledger settles it:
//
//	{"paytable":"sicbo/live","bet":"double:2","stake":"10.00","dice":[2,2,5]}
//	{"paytable":"roulette/american","bet":"split:0-00","stake":"10","pocket":"00"}
//	{"paytable":"craps/peru-1999","bet":"place:6","stake":"12","point":null,"working":false,"rolls":[[3,3],[2,5]]}
//
// A line with "rolls", "point" or "working" is settled by a RollsSettler
// paytable over a shooter's rolls. ResultLines is also the catalog's
// default line: it answers the lines that name no game of the catalog.

// Errors of the result line.
var (
	// ErrRequest marks a request that is not a request at all; its code
	// is invalid_request.
	ErrRequest = errors.New("invalid request")
	// ErrBadStake is returned for a stake that is missing or not a
	// decimal number, and by the games for a stake out of bounds (their
	// ErrBadStake is this one). Code invalid_amount.
	ErrBadStake error = &games.Sentinel{Msg: "invalid stake", Code: "invalid_amount"}
	// ErrBadDice is returned for dice that are not three faces 1..6
	// (sicbo.ErrBadDice is this one). Code invalid_dice.
	ErrBadDice error = &games.Sentinel{Msg: "invalid dice", Code: "invalid_dice"}
)

// CodeInvalidRequest is the code of a settle line that is not a request.
const CodeInvalidRequest = "invalid_request"

// resultLineTypeName is how the answers name the request's type when a
// line is no JSON object: the name the command's first decoder had.
// Auditors compare the answers byte for byte, so it stays.
const resultLineTypeName = "main.settleJSONLRequest"

// RollsSettler is implemented by a paytable whose result line gives the
// table's state when the bet is placed and the rolls after it (craps).
type RollsSettler interface {
	games.Paytable
	// SettleRolls settles bet code placed with the table's point (nil: a
	// come-out roll) and working flag, over rolls in order.
	SettleRolls(code string, stake decimal.Decimal, scale int32, point *int, working bool, rolls [][2]int) (RollsAnswer, error)
	// LineRolls reads a line's rolls, each a pair of dice.
	LineRolls(rolls [][]int) ([][2]int, error)
	// FlagRolls reads the rolls of the flag form, "3-3,2-5".
	FlagRolls(s string) ([][2]int, error)
}

// RollsAnswer is a bet's state after a line's rolls.
type RollsAnswer struct {
	Outcome games.Outcome
	// DecidedAt is the index of the roll that decided the bet; nil while
	// it is open.
	DecidedAt *int
	Win       decimal.Decimal
	Returned  decimal.Decimal
	// Commission is what placing the bet cost on top of the stake.
	Commission decimal.Decimal
	Residue    decimal.Decimal
	Rule       string
}

// FlagRefuser is implemented by a Game whose bets have no flag form: its
// settle lines are given with --jsonl only.
type FlagRefuser interface {
	// RefuseFlags is the error the flag form answers for the game.
	RefuseFlags() error
}

// ResultLines answers result lines (games.LineSettler).
type ResultLines struct{}

// LineBytesMax bounds a result line.
func (ResultLines) LineBytesMax() int { return games.LineBytesDefault }

// SettleLine answers one result line.
func (ResultLines) SettleLine(req games.LineRequest) []byte {
	res := settleLine(req.Catalog, req.Line, req.Paytable, req.Scale)
	res.Line = req.Number
	return MarshalLine(res)
}

// request is one request, from flags or a line: the result is given
// inline (dice, a pocket) and the paytable's game parses it.
type request struct {
	Paytable string
	Bet      string
	Stake    string
	Dice     []int
	Pocket   *string
	Scale    int32
}

// resultJSON is the request's result as its game's JSON: {"dice":[2,2,5]}
// or {"pocket":"00"}.
func (r request) resultJSON() ([]byte, error) {
	switch {
	case r.Dice != nil && r.Pocket != nil:
		return nil, fmt.Errorf("%w: give dice or a pocket, not both", ErrRequest)
	case r.Pocket != nil:
		p, err := json.Marshal(*r.Pocket)
		if err != nil {
			return nil, err
		}
		return append(append([]byte(`{"pocket":`), p...), '}'), nil
	case r.Dice != nil:
		b, err := json.Marshal(struct {
			Dice []int `json:"dice"`
		}{r.Dice})
		return b, err
	}
	return nil, fmt.Errorf("%w: no result (give \"dice\" for Sic Bo or \"pocket\" for roulette)", ErrRequest)
}

// Answer is the answer to a result line or to the flag form. Amounts are
// decimal strings at the currency's scale; the residue is exact, so it
// may have more decimals.
type Answer struct {
	Outcome string `json:"outcome"`
	// DecidedAt is the index of the roll that decided a bet over rolls.
	DecidedAt *int   `json:"decided_at,omitempty"`
	Win       string `json:"win,omitempty"`
	Returned  string `json:"returned,omitempty"`
	// Commission is a buy or lay bet's, charged at placement.
	Commission   string `json:"commission,omitempty"`
	Residue      string `json:"residue,omitempty"`
	Rule         string `json:"rule,omitempty"`
	Code         string `json:"code,omitempty"`
	Message      string `json:"message,omitempty"`
	Paytable     string `json:"paytable,omitempty"`
	PaytableHash string `json:"paytable_hash,omitempty"`
	Bet          string `json:"bet,omitempty"`
	Stake        string `json:"stake,omitempty"`
	Dice         []int  `json:"dice,omitempty"`
	Pocket       string `json:"pocket,omitempty"`
	// Point, Working and Rolls (and DecidedAt and Commission above)
	// answer a line over rolls only.
	Point   *int     `json:"point,omitempty"`
	Working *bool    `json:"working,omitempty"`
	Rolls   [][2]int `json:"rolls,omitempty"`
	Scale   *int32   `json:"scale,omitempty"`
	Line    int      `json:"line,omitempty"`
	// rounding names the paytable's rounding, for the text form.
	rounding string
}

// ErrorAnswer answers a request that failed: the code of the error's
// games.CodedError, else invalid_request.
func ErrorAnswer(err error) Answer {
	code := games.ErrorCode(err)
	if code == "" {
		code = CodeInvalidRequest
	}
	return Answer{Outcome: "error", Code: code, Message: err.Error()}
}

// settleOne settles a request under pt, with the code the ledger settles
// with (games.Paytable.Settle on the result its ParseResult reads).
func settleOne(pt games.Paytable, req request) (Answer, error) {
	stake, err := decimal.NewFromString(req.Stake)
	if err != nil {
		err = fmt.Errorf("%w: %q is not a decimal number", ErrBadStake, req.Stake)
		return ErrorAnswer(err), err
	}
	raw, err := req.resultJSON()
	if err != nil {
		return ErrorAnswer(err), err
	}
	result, err := pt.ParseResult(raw)
	if err != nil {
		return ErrorAnswer(err), err
	}
	s, err := pt.Settle(games.Bet{Code: req.Bet, Stake: stake}, req.Scale, []games.Result{result})
	if err != nil {
		return ErrorAnswer(err), err
	}
	scale := req.Scale
	var pocket string
	if req.Pocket != nil {
		pocket = result.String()
	}
	return Answer{
		Outcome:      string(s.Outcome),
		Win:          s.Win.StringFixed(scale),
		Returned:     s.Returned.StringFixed(scale),
		Residue:      s.Residue.String(),
		Rule:         s.Rule,
		Paytable:     pt.ID(),
		PaytableHash: pt.Hash(),
		Bet:          req.Bet,
		Stake:        stake.StringFixed(scale),
		Dice:         req.Dice,
		Pocket:       pocket,
		Scale:        &scale,
		rounding:     rounding(pt),
	}, nil
}

// rounding names pt's rounding policy (games.Publisher), RoundDown for a
// paytable that publishes none.
func rounding(pt games.Paytable) string {
	if p, ok := pt.(games.Publisher); ok {
		return p.Rounding()
	}
	return RoundDown
}

// settleJSONLRequest is a result line. Stake is raw so that both "10.00"
// and 10.00 are read as the exact decimal written. Its name is in the
// answers' messages (json: … Go struct field settleJSONLRequest.dice …):
// it stays.
type settleJSONLRequest struct {
	Paytable string          `json:"paytable"`
	Bet      string          `json:"bet"`
	Stake    json.RawMessage `json:"stake"`
	Dice     []int           `json:"dice"`
	Pocket   *string         `json:"pocket"`
	// Point, Working and Rolls make a line over rolls: point null (or
	// absent) for a come-out roll, rolls a list of pairs of dice.
	Point   *int    `json:"point"`
	Working *bool   `json:"working"`
	Rolls   [][]int `json:"rolls"`
	Scale   *int32  `json:"scale"`
}

// decodeStrict decodes one JSON object into v: unknown members and data
// after the object are errors, wrapped in ErrRequest.
func decodeStrict(line []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field == "" && te.Struct == "" && te.Type == reflect.TypeOf(v).Elem() {
			err = fmt.Errorf("json: cannot unmarshal %s into Go value of type %s", te.Value, resultLineTypeName)
		}
		return fmt.Errorf("%w: %v", ErrRequest, err)
	}
	if dec.More() {
		return fmt.Errorf("%w: data after the JSON object", ErrRequest)
	}
	return nil
}

// settleLine answers one result line.
func settleLine(catalog *games.Catalog, line []byte, defPaytable string, defScale int32) Answer {
	line = bytes.TrimSpace(line)
	if len(line) == 0 {
		return ErrorAnswer(fmt.Errorf("%w: empty line", ErrRequest))
	}
	var jr settleJSONLRequest
	if err := decodeStrict(line, &jr); err != nil {
		return ErrorAnswer(err)
	}
	req := request{Paytable: jr.Paytable, Bet: jr.Bet, Dice: jr.Dice, Pocket: jr.Pocket, Scale: defScale}
	if req.Paytable == "" {
		req.Paytable = defPaytable
	}
	if jr.Scale != nil {
		req.Scale = *jr.Scale
	}
	if req.Paytable == "" {
		return ErrorAnswer(fmt.Errorf("%w: no paytable (give \"paytable\" or --paytable)", ErrRequest))
	}
	pt, err := catalog.Paytable(req.Paytable)
	if err != nil {
		return ErrorAnswer(err)
	}
	stake := bytes.TrimSpace(jr.Stake)
	if len(stake) == 0 || bytes.Equal(stake, []byte("null")) {
		return ErrorAnswer(fmt.Errorf("%w: no stake", ErrBadStake))
	}
	if stake[0] == '"' {
		var s string
		if err := json.Unmarshal(stake, &s); err != nil {
			return ErrorAnswer(fmt.Errorf("%w: %v", ErrBadStake, err))
		}
		req.Stake = s
	} else {
		req.Stake = string(stake)
	}
	if rpt, ok := pt.(RollsSettler); ok || jr.Rolls != nil || jr.Point != nil || jr.Working != nil {
		if !ok {
			return ErrorAnswer(fmt.Errorf("%w: point, working and rolls belong to a craps line, not %s", ErrRequest, pt.ID()))
		}
		if req.Dice != nil || req.Pocket != nil {
			return ErrorAnswer(fmt.Errorf("%w: a craps line gives rolls, not dice or a pocket", ErrRequest))
		}
		rolls, err := rpt.LineRolls(jr.Rolls)
		if err != nil {
			return ErrorAnswer(err)
		}
		res, _ := settleRolls(rpt, req, jr.Point, jr.Working != nil && *jr.Working, rolls)
		return res
	}
	res, _ := settleOne(pt, req)
	return res
}

// settleRolls settles a bet placed with the table's point (nil: a
// come-out roll) over rolls, the semantics the ledger's settlement has
// over a hand.
func settleRolls(pt RollsSettler, req request, point *int, working bool, rolls [][2]int) (Answer, error) {
	stake, err := decimal.NewFromString(req.Stake)
	if err != nil {
		err = fmt.Errorf("%w: %q is not a decimal number", ErrBadStake, req.Stake)
		return ErrorAnswer(err), err
	}
	a, err := pt.SettleRolls(req.Bet, stake, req.Scale, point, working, rolls)
	if err != nil {
		return ErrorAnswer(err), err
	}
	scale := req.Scale
	if rolls == nil {
		rolls = [][2]int{}
	}
	return Answer{
		Outcome:      string(a.Outcome),
		DecidedAt:    a.DecidedAt,
		Win:          a.Win.StringFixed(scale),
		Returned:     a.Returned.StringFixed(scale),
		Commission:   a.Commission.StringFixed(scale),
		Residue:      a.Residue.String(),
		Rule:         a.Rule,
		Paytable:     pt.ID(),
		PaytableHash: pt.Hash(),
		Bet:          req.Bet,
		Stake:        stake.StringFixed(scale),
		Point:        point,
		Working:      &working,
		Rolls:        rolls,
		Scale:        &scale,
		rounding:     rounding(pt),
	}, nil
}

// Flags is the flag form of a request: `wagerlog settle --paytable ID
// --dice A,B,C | --pocket P | --rolls A-B,... --bet CODE --stake AMOUNT`.
type Flags struct {
	Paytable, Bet, Stake string
	Scale                int32
	// Dice ("2,2,5") or Pocket ("00") give a one-result bet's result.
	Dice, Pocket string
	// Rolls ("3-3,2-5"), Point (0: a come-out roll) and Working give a
	// bet over rolls; Over is set when any of them is.
	Rolls   string
	Point   int32
	Working bool
	Over    bool
}

// SettleFlags settles the request of the flag form. The answer is given
// with the error too, for the --json form.
func SettleFlags(catalog *games.Catalog, f Flags) (Answer, error) {
	req := request{Paytable: f.Paytable, Bet: f.Bet, Stake: f.Stake, Scale: f.Scale}
	if f.Over {
		return settleRollsFlags(catalog, req, f.Rolls, f.Point, f.Working)
	}
	name, _, _ := strings.Cut(req.Paytable, "/")
	if g, ok := catalog.Game(name); ok {
		if r, ok := g.(FlagRefuser); ok {
			err := r.RefuseFlags()
			return ErrorAnswer(err), err
		}
	}
	if req.Paytable == "" || (f.Dice == "") == (f.Pocket == "") || req.Bet == "" || req.Stake == "" {
		err := fmt.Errorf("%w: give --paytable, --dice (Sic Bo) or --pocket (roulette), --bet and --stake (or --jsonl)", ErrRequest)
		return ErrorAnswer(err), err
	}
	if f.Dice != "" {
		d, err := parseDice(f.Dice)
		if err != nil {
			return ErrorAnswer(err), err
		}
		req.Dice = d
	} else {
		req.Pocket = &f.Pocket
	}
	pt, err := catalog.Paytable(req.Paytable)
	if err != nil {
		return ErrorAnswer(err), err
	}
	return settleOne(pt, req)
}

// parseDice reads "2,2,5".
func parseDice(s string) ([]int, error) {
	parts := strings.Split(s, ",")
	if len(parts) != 3 {
		return nil, fmt.Errorf("%w: %q: want three dice like 2,2,5", ErrBadDice, s)
	}
	out := make([]int, 3)
	for i, p := range parts {
		v, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil {
			return nil, fmt.Errorf("%w: %q: %q is not a number", ErrBadDice, s, p)
		}
		out[i] = v
	}
	return out, nil
}

// settleRollsFlags settles the request of the flag form over rolls: rolls
// as "3-3,2-5", point 0 for a come-out roll.
func settleRollsFlags(catalog *games.Catalog, req request, rolls string, point int32, working bool) (Answer, error) {
	if req.Paytable == "" || req.Bet == "" || req.Stake == "" {
		err := fmt.Errorf("%w: give --paytable, --bet, --stake and --rolls (or --jsonl)", ErrRequest)
		return ErrorAnswer(err), err
	}
	pt, err := catalog.Paytable(req.Paytable)
	if err != nil {
		return ErrorAnswer(err), err
	}
	rpt, ok := pt.(RollsSettler)
	if !ok {
		err := fmt.Errorf("%w: --rolls, --point and --working settle a craps bet, not one of %s", ErrRequest, pt.ID())
		return ErrorAnswer(err), err
	}
	rs, err := rpt.FlagRolls(rolls)
	if err != nil {
		return ErrorAnswer(err), err
	}
	var p *int
	if point != 0 {
		v := int(point)
		p = &v
	}
	return settleRolls(rpt, req, p, working, rs)
}

// WriteText writes an answer as the flag form prints it without --json.
func WriteText(w io.Writer, r Answer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "paytable\t%s\n", r.Paytable)
	fmt.Fprintf(tw, "hash\t%s\n", r.PaytableHash)
	fmt.Fprintf(tw, "bet\t%s\n", r.Bet)
	fmt.Fprintf(tw, "stake\t%s\n", r.Stake)
	switch {
	case r.Rolls != nil || r.Working != nil:
		point := "come-out"
		if r.Point != nil {
			point = strconv.Itoa(*r.Point)
		}
		fmt.Fprintf(tw, "point\t%s\n", point)
		fmt.Fprintf(tw, "working\t%t\n", r.Working != nil && *r.Working)
		rs := make([]string, len(r.Rolls))
		for i, d := range r.Rolls {
			rs[i] = fmt.Sprintf("%d-%d", d[0], d[1])
		}
		fmt.Fprintf(tw, "rolls\t%s\n", strings.Join(rs, " "))
	case r.Pocket != "":
		fmt.Fprintf(tw, "pocket\t%s\n", r.Pocket)
	default:
		fmt.Fprintf(tw, "dice\t%d-%d-%d\n", r.Dice[0], r.Dice[1], r.Dice[2])
	}
	fmt.Fprintf(tw, "outcome\t%s\n", r.Outcome)
	if r.DecidedAt != nil {
		fmt.Fprintf(tw, "decided at\troll %d\n", *r.DecidedAt)
	}
	fmt.Fprintf(tw, "win\t%s\n", r.Win)
	fmt.Fprintf(tw, "returned\t%s\n", r.Returned)
	if r.Commission != "" {
		fmt.Fprintf(tw, "commission\t%s\n", r.Commission)
	}
	fmt.Fprintf(tw, "residue\t%s (%s)\n", r.Residue, r.rounding)
	fmt.Fprintf(tw, "rule\t%s\n", r.Rule)
	return tw.Flush()
}
