package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/shopspring/decimal"
	"github.com/spf13/cobra"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/baccarat"
	"github.com/wagerlog/wagerlog/games/bingo"
	"github.com/wagerlog/wagerlog/games/blackjack"
	"github.com/wagerlog/wagerlog/games/craps"
	"github.com/wagerlog/wagerlog/games/jackpot"
	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/games/roulette"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/games/war"
)

// Limits of `wagerlog settle --jsonl`.
const (
	// SettleLineBytesMax bounds one request line; a valid request is about
	// 100 bytes.
	SettleLineBytesMax = 4096
	// SettleLinesMax bounds the requests of one run.
	SettleLinesMax = 10_000_000
)

// Error codes of settle's output beyond the games' own (games.CodedError).
const (
	settleCodeInvalidRequest = "invalid_request"
	settleCodeLineTooLong    = "line_too_long"
)

// settleJackpotPass stands for a line that settles a pass of a progressive
// pool: a pool is no game of its own, its lines name the pool.
const settleJackpotPass = "jackpot"

// errSettleRequest marks a request line that is not a request at all.
var errSettleRequest = errors.New("invalid request")

// settleCmd is the auditors' payout calculator: it settles one bet, or one
// per line of stdin, with the same code the ledger settles with.
func (m *Main) settleCmd() *cobra.Command {
	var (
		paytable, dice, pocket, rolls, bet, stake string
		scale, point                              int32
		asJSON, jsonl, working                    bool
	)
	cmd := &cobra.Command{
		Use:   "settle --paytable ID (--dice A,B,C | --pocket P | --rolls A-B,...) --bet CODE --stake AMOUNT",
		Short: "Settle a bet against a result: the auditors' payout calculator",
		Long: `Settle one bet against a result under a paytable of any game of this
build (three dice for Sic Bo, a pocket for roulette, the rolls of a
shooter's hand for craps) and print the outcome, the win, the amount
returned, the rounding residue and the paytable rule that decided it. A
craps bet is placed with the table's point given by --point (0: a
come-out roll) and --working, then the rolls happen in order; the answer
adds the index of the deciding roll and the buy or lay commission.

With --jsonl, read one request per line on stdin,
  {"paytable":"sicbo/live","bet":"double:2","stake":"10.00","dice":[2,2,5]}
  {"paytable":"roulette/american","bet":"split:0-00","stake":"10","pocket":"00"}
  {"paytable":"baccarat/punto-banco","bet":"banker","stake":"10","player":["4S","9H","7D"],"banker":["KC","5H","3S"]}
  {"paytable":"baccarat/deux-tableaux-1979","bet":"tableau:1","stake":"10","tableaux":[["4S","3H"],["6C","KD"]],"banker":["3H","KC","8D"]}
  {"paytable":"craps/peru-1999","bet":"place:6","stake":"12","point":null,"working":false,"rolls":[[3,3],[2,5]]}
(optional "scale"; --paytable and --scale give defaults) and write one
result per line in the same order,
  {"outcome":"won","win":"100.00","returned":"110.00",...}
A baccarat banker win gives "win" before the commission, "commission"
apart and "returned" = stake + win - commission; a deal that breaks the
drawing rules answers code invalid_result with the "rule" it breaks. Both
baccarat forms are answered. Blackjack, War, a whole bingo game and a
pass of a progressive pool have lines of their own:
  {"paytable":"blackjack/chile-2010","bet":"main","stake":"10","hands":[{"cards":["8S","3D","KH"],"doubled":true}],"dealer":["9H","7C","2D"],"surrendered":false}
  {"paytable":"war/chile-2010","bet":"main","stake":"10","player":["9S"],"dealer":["9H"],"war":{"player":"KD","dealer":"4C"}}
  {"paytable":"bingo/es-1979","cards":[{"id":"A-1","price":"1.00","rows":[[...],[...],[...]]}],"line_prize":"6","bingo_prize":"30","balls":[...]}
  {"pool":"jp-1","main":"10000.00","reserve":"500.00","stake":"1","hands":[{"seat":1,"cards":["AS","KS","QS","JS","TS"]}]}
A bingo answer numbers its line "line_number" ("line" is the line prize).
A bad line gives {"outcome":"error","code":...,"message":...,"line":N} and
the run goes on; the exit status is 0 once every line is answered. Lines
are limited to ` + strconv.Itoa(SettleLineBytesMax) + ` bytes, a bingo game's to ` + strconv.Itoa(bingo.SettleLineBytesMax) + `.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if jsonl {
				if bet != "" || dice != "" || pocket != "" || rolls != "" || stake != "" {
					return errors.New("--jsonl reads bets from stdin: drop --bet, --dice, --pocket, --rolls and --stake")
				}
				return m.settleJSONL(cmd.Context(), paytable, scale)
			}
			req := settleRequest{Paytable: paytable, Bet: bet, Stake: stake, Scale: scale}
			var res settleResult
			var err error
			if rolls != "" || cmd.Flags().Changed("point") || working {
				res, err = settleCrapsFlags(req, rolls, point, working)
			} else {
				res, err = settleFlags(req, dice, pocket)
			}
			if asJSON {
				if err2 := settleWriteJSON(m.Stdout, res); err2 != nil {
					return err2
				}
				return err
			}
			if err != nil {
				return err
			}
			return settleWriteText(m.Stdout, res)
		},
	}
	f := cmd.Flags()
	f.StringVar(&paytable, "paytable", "", "paytable id, e.g. sicbo/live (with --jsonl: the default for lines without one)")
	f.StringVar(&dice, "dice", "", "the three dice of a Sic Bo result, e.g. 2,2,5")
	f.StringVar(&pocket, "pocket", "", "the pocket of a roulette result, e.g. 17 or 00")
	f.StringVar(&rolls, "rolls", "", "the rolls of a craps hand after the bet, e.g. 3-3,2-5 (empty: none)")
	f.Int32Var(&point, "point", 0, "the craps table's point when the bet is placed (0: a come-out roll)")
	f.BoolVar(&working, "working", false, "a craps bet placed as working (on during a come-out roll)")
	f.StringVar(&bet, "bet", "", "bet code, e.g. double:2")
	f.StringVar(&stake, "stake", "", "stake, a decimal amount, e.g. 10 or 10.00")
	f.Int32Var(&scale, "scale", 2, "decimals of the currency's smallest unit (2 for EUR, 0 for CLP)")
	f.BoolVar(&asJSON, "json", false, "write the result as JSON")
	f.BoolVar(&jsonl, "jsonl", false, "read JSON requests from stdin, one per line; write one result per line")
	return cmd
}

// settleRequest is one request, from flags or a --jsonl line: the result
// is three dice (Sic Bo) or a pocket (roulette), and the paytable's game
// parses it.
type settleRequest struct {
	Paytable string
	Bet      string
	Stake    string
	Dice     []int
	Pocket   *string
	Scale    int32
}

// resultJSON is the request's result as its game's JSON: {"dice":[2,2,5]}
// or {"pocket":"00"}.
func (r settleRequest) resultJSON() ([]byte, error) {
	switch {
	case r.Dice != nil && r.Pocket != nil:
		return nil, fmt.Errorf("%w: give dice or a pocket, not both", errSettleRequest)
	case r.Pocket != nil:
		p, err := json.Marshal(*r.Pocket)
		if err != nil {
			return nil, err
		}
		return append(append([]byte(`{"pocket":`), p...), '}'), nil
	case r.Dice != nil:
		return sicbo.ResultJSON(r.Dice...), nil
	}
	return nil, fmt.Errorf("%w: no result (give \"dice\" for Sic Bo or \"pocket\" for roulette)", errSettleRequest)
}

// settleResult is one answer. Amounts are decimal strings at the
// currency's scale; the residue is exact, so it may have more decimals.
type settleResult struct {
	Outcome string `json:"outcome"`
	// DecidedAt is the index of the roll that decided a craps bet.
	DecidedAt *int   `json:"decided_at,omitempty"`
	Win       string `json:"win,omitempty"`
	Returned  string `json:"returned,omitempty"`
	// Commission is a craps buy or lay bet's, charged at placement.
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
	// answer a craps line only (settleCraps).
	Point   *int     `json:"point,omitempty"`
	Working *bool    `json:"working,omitempty"`
	Rolls   [][2]int `json:"rolls,omitempty"`
	Scale   *int32   `json:"scale,omitempty"`
	Line    int      `json:"line,omitempty"`
}

// settleErrorResult answers a request that failed.
func settleErrorResult(err error) settleResult {
	code := settleCodeInvalidRequest
	if c := games.ErrorCode(err); c != "" {
		code = c
	}
	return settleResult{Outcome: "error", Code: code, Message: err.Error()}
}

// settleFlags settles the single request of the flags.
func settleFlags(req settleRequest, dice, pocket string) (settleResult, error) {
	if strings.HasPrefix(req.Paytable, baccarat.GameName+"/") {
		err := fmt.Errorf("%w: a baccarat coup is given as a --jsonl line with its cards (\"player\" and \"banker\")", errSettleRequest)
		return settleErrorResult(err), err
	}
	if req.Paytable == "" || (dice == "") == (pocket == "") || req.Bet == "" || req.Stake == "" {
		err := fmt.Errorf("%w: give --paytable, --dice (Sic Bo) or --pocket (roulette), --bet and --stake (or --jsonl)", errSettleRequest)
		return settleErrorResult(err), err
	}
	if dice != "" {
		d, err := settleParseDice(dice)
		if err != nil {
			return settleErrorResult(err), err
		}
		req.Dice = d
	} else {
		req.Pocket = &pocket
	}
	pt, err := registry.New().Paytable(req.Paytable)
	if err != nil {
		return settleErrorResult(err), err
	}
	return settleOne(pt, req)
}

// settleParseDice reads "2,2,5".
func settleParseDice(s string) ([]int, error) {
	parts := strings.Split(s, ",")
	if len(parts) != 3 {
		return nil, fmt.Errorf("%w: %q: want three dice like 2,2,5", sicbo.ErrBadDice, s)
	}
	out := make([]int, 3)
	for i, p := range parts {
		v, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil {
			return nil, fmt.Errorf("%w: %q: %q is not a number", sicbo.ErrBadDice, s, p)
		}
		out[i] = v
	}
	return out, nil
}

// settleOne settles a request under pt, with the code the ledger settles
// with (games.Paytable.Settle on the result its ParseResult reads).
func settleOne(pt games.Paytable, req settleRequest) (settleResult, error) {
	stake, err := decimal.NewFromString(req.Stake)
	if err != nil {
		err = fmt.Errorf("%w: %q is not a decimal number", sicbo.ErrBadStake, req.Stake)
		return settleErrorResult(err), err
	}
	raw, err := req.resultJSON()
	if err != nil {
		return settleErrorResult(err), err
	}
	result, err := pt.ParseResult(raw)
	if err != nil {
		return settleErrorResult(err), err
	}
	s, err := pt.Settle(games.Bet{Code: req.Bet, Stake: stake}, req.Scale, []games.Result{result})
	if err != nil {
		return settleErrorResult(err), err
	}
	scale := req.Scale
	return settleResult{
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
		Pocket:       settlePocket(result),
		Scale:        &scale,
	}, nil
}

// settlePocket is a roulette result's pocket as written, "" for another
// game's.
func settlePocket(r games.Result) string {
	if p, ok := r.(roulette.Pocket); ok {
		return p.String()
	}
	return ""
}

func settleWriteText(w io.Writer, r settleResult) error {
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
	fmt.Fprintf(tw, "residue\t%s (%s)\n", r.Residue, settleRounding(r.Paytable))
	fmt.Fprintf(tw, "rule\t%s\n", r.Rule)
	return tw.Flush()
}

func settleWriteJSON(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// settleJSONLRequest is a --jsonl line. Stake is raw so that both "10.00" and
// 10.00 are read as the exact decimal written.
type settleJSONLRequest struct {
	Paytable string          `json:"paytable"`
	Bet      string          `json:"bet"`
	Stake    json.RawMessage `json:"stake"`
	Dice     []int           `json:"dice"`
	Pocket   *string         `json:"pocket"`
	// Point, Working and Rolls make a craps line: point null (or absent)
	// for a come-out roll, rolls a list of pairs of dice.
	Point   *int    `json:"point"`
	Working *bool   `json:"working"`
	Rolls   [][]int `json:"rolls"`
	Scale   *int32  `json:"scale"`
}

// settleRounding names the rounding policy of a paytable's game.
func settleRounding(paytable string) string {
	if strings.HasPrefix(paytable, roulette.GameName+"/") {
		return roulette.RoundDown
	}
	if strings.HasPrefix(paytable, craps.GameName+"/") {
		return craps.RoundDown
	}
	return sicbo.RoundDown
}

// settleJSONL answers every request line of stdin, in order.
func (m *Main) settleJSONL(ctx context.Context, defPaytable string, defScale int32) error {
	catalog := registry.New()
	in := bufio.NewReaderSize(m.Stdin, 64<<10)
	out := bufio.NewWriter(m.Stdout)
	for n := 1; ; n++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		line, tooLong, err := settleReadLine(in, bingo.SettleLineBytesMax)
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("settle: reading stdin: %w", err)
		}
		if n > SettleLinesMax {
			if err := out.Flush(); err != nil {
				return err
			}
			return fmt.Errorf("settle: more than %d lines", SettleLinesMax)
		}
		game := settleLineGame(line, defPaytable)
		if game != bingo.GameName && len(line) > SettleLineBytesMax {
			tooLong = true
		}
		var answer any
		if tooLong {
			limit := SettleLineBytesMax
			if game == bingo.GameName {
				limit = bingo.SettleLineBytesMax
			}
			answer = settleResult{Outcome: "error", Code: settleCodeLineTooLong, Message: fmt.Sprintf("line longer than %d bytes", limit), Line: n}
		} else {
			answer = settleAnswer(catalog, game, line, n, defPaytable, defScale)
		}
		if err := settleWriteJSON(out, answer); err != nil {
			return err
		}
		// Flush when no input is waiting, so an interactive or piped
		// producer sees each answer without a flush per line.
		if in.Buffered() == 0 {
			if err := out.Flush(); err != nil {
				return err
			}
		}
	}
	return out.Flush()
}

// settleLineGame names the game a request line is for: the game of the
// paytable it names (or of the default), "jackpot" for a pass of a pool
// (a line with "pool" and no "paytable"), "" when it cannot tell; the
// strict decoders then answer what is wrong with the line.
func settleLineGame(line []byte, defPaytable string) string {
	var head struct {
		Paytable string          `json:"paytable"`
		Pool     json.RawMessage `json:"pool"`
	}
	_ = json.Unmarshal(line, &head)
	id := head.Paytable
	if id == "" && head.Pool != nil {
		return settleJackpotPass
	}
	if id == "" {
		id = defPaytable
	}
	game, _, _ := strings.Cut(id, "/")
	return game
}

// settleAnswer answers one request line with the decoder of its game: the
// card games and the jackpot passes have answers of their own shape (a
// commission apart, each hand of a split, the winners of a shared prize,
// the pools after a pass); the dice and the wheel share settleLine's.
func settleAnswer(catalog *games.Catalog, game string, line []byte, n int, defPaytable string, defScale int32) any {
	switch game {
	case baccarat.GameName:
		res := baccarat.SettleLine(line, defPaytable, defScale)
		res.Line = n
		return res
	case bingo.GameName:
		res := bingo.SettleLine(line, defPaytable, defScale)
		res.LineNumber = n
		return res
	case blackjack.GameName:
		res := blackjack.SettleLine(line, defPaytable, defScale)
		res.Line = n
		return res
	case war.GameName:
		res := war.SettleLine(line, defPaytable, defScale)
		res.Line = n
		return res
	case settleJackpotPass:
		res := jackpot.SettleLine(line)
		res.Line = n
		return res
	}
	res := settleLine(catalog, line, defPaytable, defScale)
	res.Line = n
	return res
}

// settleLine answers one request line.
func settleLine(catalog *games.Catalog, line []byte, defPaytable string, defScale int32) settleResult {
	line = bytes.TrimSpace(line)
	if len(line) == 0 {
		return settleErrorResult(fmt.Errorf("%w: empty line", errSettleRequest))
	}
	var jr settleJSONLRequest
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&jr); err != nil {
		return settleErrorResult(fmt.Errorf("%w: %v", errSettleRequest, err))
	}
	if dec.More() {
		return settleErrorResult(fmt.Errorf("%w: data after the JSON object", errSettleRequest))
	}
	req := settleRequest{Paytable: jr.Paytable, Bet: jr.Bet, Dice: jr.Dice, Pocket: jr.Pocket, Scale: defScale}
	if req.Paytable == "" {
		req.Paytable = defPaytable
	}
	if jr.Scale != nil {
		req.Scale = *jr.Scale
	}
	if req.Paytable == "" {
		return settleErrorResult(fmt.Errorf("%w: no paytable (give \"paytable\" or --paytable)", errSettleRequest))
	}
	pt, err := catalog.Paytable(req.Paytable)
	if err != nil {
		return settleErrorResult(err)
	}
	stake := bytes.TrimSpace(jr.Stake)
	if len(stake) == 0 || bytes.Equal(stake, []byte("null")) {
		return settleErrorResult(fmt.Errorf("%w: no stake", sicbo.ErrBadStake))
	}
	if stake[0] == '"' {
		var s string
		if err := json.Unmarshal(stake, &s); err != nil {
			return settleErrorResult(fmt.Errorf("%w: %v", sicbo.ErrBadStake, err))
		}
		req.Stake = s
	} else {
		req.Stake = string(stake)
	}
	if cpt, ok := pt.(*craps.Paytable); ok || jr.Rolls != nil || jr.Point != nil || jr.Working != nil {
		if !ok {
			return settleErrorResult(fmt.Errorf("%w: point, working and rolls belong to a craps line, not %s", errSettleRequest, pt.ID()))
		}
		if req.Dice != nil || req.Pocket != nil {
			return settleErrorResult(fmt.Errorf("%w: a craps line gives rolls, not dice or a pocket", errSettleRequest))
		}
		rolls := make([][2]int, len(jr.Rolls))
		for i, r := range jr.Rolls {
			if len(r) != 2 {
				return settleErrorResult(fmt.Errorf("roll %d: %w: %d dice, want 2", i, craps.ErrBadRoll, len(r)))
			}
			rolls[i] = [2]int{r[0], r[1]}
		}
		res, _ := settleCraps(cpt, req, jr.Point, jr.Working != nil && *jr.Working, rolls)
		return res
	}
	res, _ := settleOne(pt, req)
	return res
}

// settleCrapsFlags settles the single craps request of the flags: rolls
// as "3-3,2-5", point 0 for a come-out roll.
func settleCrapsFlags(req settleRequest, rolls string, point int32, working bool) (settleResult, error) {
	if req.Paytable == "" || req.Bet == "" || req.Stake == "" {
		err := fmt.Errorf("%w: give --paytable, --bet, --stake and --rolls (or --jsonl)", errSettleRequest)
		return settleErrorResult(err), err
	}
	pt, err := registry.New().Paytable(req.Paytable)
	if err != nil {
		return settleErrorResult(err), err
	}
	cpt, ok := pt.(*craps.Paytable)
	if !ok {
		err := fmt.Errorf("%w: --rolls, --point and --working settle a craps bet, not one of %s", errSettleRequest, pt.ID())
		return settleErrorResult(err), err
	}
	var rs [][2]int
	for part := range strings.SplitSeq(rolls, ",") {
		if part = strings.TrimSpace(part); part == "" {
			continue
		}
		a, b, ok := strings.Cut(part, "-")
		x, errA := strconv.Atoi(a)
		y, errB := strconv.Atoi(b)
		if !ok || errA != nil || errB != nil {
			err := fmt.Errorf("%w: %q: want rolls like 3-3,2-5", craps.ErrBadRoll, part)
			return settleErrorResult(err), err
		}
		if len(rs) >= craps.HandRollsMax {
			err := fmt.Errorf("%w: more than %d rolls", craps.ErrHandTooLong, craps.HandRollsMax)
			return settleErrorResult(err), err
		}
		rs = append(rs, [2]int{x, y})
	}
	var p *int
	if point != 0 {
		v := int(point)
		p = &v
	}
	return settleCraps(cpt, req, p, working, rs)
}

// settleCraps settles a craps bet placed with the table's point (nil: a
// come-out roll) over rolls, with craps.SettleSequence, the semantics the
// ledger's settlement has over a hand.
func settleCraps(pt *craps.Paytable, req settleRequest, point *int, working bool, rolls [][2]int) (settleResult, error) {
	stake, err := decimal.NewFromString(req.Stake)
	if err != nil {
		err = fmt.Errorf("%w: %q is not a decimal number", craps.ErrBadStake, req.Stake)
		return settleErrorResult(err), err
	}
	a, err := craps.SettleSequence(pt, req.Bet, stake, req.Scale, point, working, rolls)
	if err != nil {
		return settleErrorResult(err), err
	}
	scale := req.Scale
	if rolls == nil {
		rolls = [][2]int{}
	}
	return settleResult{
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
	}, nil
}

// settleReadLine reads one line without its line ending. A line longer
// than limit bytes is consumed to its end and reported with tooLong. A last line
// without a newline is a line; io.EOF comes only when nothing is left.
func settleReadLine(r *bufio.Reader, limit int) (line []byte, tooLong bool, err error) {
	var buf []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if !tooLong {
			content := bytes.TrimSuffix(chunk, []byte("\n"))
			if len(buf)+len(content) > limit {
				tooLong, buf = true, nil
			} else {
				buf = append(buf, content...)
			}
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err == io.EOF:
			if len(chunk) == 0 && len(buf) == 0 && !tooLong {
				return nil, false, io.EOF
			}
			return bytes.TrimSuffix(buf, []byte("\r")), tooLong, nil
		case err != nil:
			return nil, false, err
		}
		return bytes.TrimSuffix(buf, []byte("\r")), tooLong, nil
	}
}
