package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// Limits of `wagerlog settle --jsonl`.
const (
	// SettleLineBytesMax bounds one request line of a game that gives no
	// bound of its own; a valid request is about 100 bytes.
	SettleLineBytesMax = games.LineBytesDefault
	// SettleLinesMax bounds the requests of one run.
	SettleLinesMax = 10_000_000
)

// settleCodeLineTooLong is the code of a line over its game's bound.
const settleCodeLineTooLong = "line_too_long"

// settleCmd is the auditors' payout calculator: it settles one bet, or one
// per line of stdin, with the same code the ledger settles with. Each
// line is answered by the game of the paytable it names
// (games.LineSettler), a pass of a pool by the pools' parser.
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
build and print the outcome, the win, the amount returned, the rounding
residue and the paytable rule that decided it. The flags give a result
inline: three dice (--dice 2,2,5), a pocket (--pocket 00), or the rolls
of a shooter's hand (--rolls 3-3,2-5) after a bet placed with the table's
point given by --point (0: a come-out roll) and --working; the answer
then adds the index of the deciding roll and the buy or lay commission.

With --jsonl, read one request per line on stdin, in the line format of
the game of the paytable it names (README.md, "Commands"; docs/GAMES.md
per game), or a pass of a progressive pool (a line with "pool"),
  {"paytable":"<id>","bet":"<code>","stake":"10.00",<the result>}
(optional "scale"; --paytable and --scale give defaults) and write one
answer per line in the same order,
  {"outcome":"won","win":"100.00","returned":"110.00",...}
A bad line gives {"outcome":"error","code":...,"message":...,"line":N} and
the run goes on; the exit status is 0 once every line is answered. Lines
are limited to ` + strconv.Itoa(SettleLineBytesMax) + ` bytes unless their game allows more.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if jsonl {
				if bet != "" || dice != "" || pocket != "" || rolls != "" || stake != "" {
					return errors.New("--jsonl reads bets from stdin: drop --bet, --dice, --pocket, --rolls and --stake")
				}
				return m.settleJSONL(cmd.Context(), paytable, scale)
			}
			res, err := kit.SettleFlags(m.catalog(), kit.Flags{
				Paytable: paytable, Bet: bet, Stake: stake, Scale: scale,
				Dice: dice, Pocket: pocket, Rolls: rolls, Point: point, Working: working,
				Over: rolls != "" || cmd.Flags().Changed("point") || working,
			})
			if asJSON {
				if err2 := settleWriteJSON(m.Stdout, res); err2 != nil {
					return err2
				}
				return err
			}
			if err != nil {
				return err
			}
			return kit.WriteText(m.Stdout, res)
		},
	}
	f := cmd.Flags()
	f.StringVar(&paytable, "paytable", "", "paytable id, as `wagerlog paytable` lists them (with --jsonl: the default for lines without one)")
	f.StringVar(&dice, "dice", "", "a result of three dice, e.g. 2,2,5")
	f.StringVar(&pocket, "pocket", "", "a result that is a pocket of a wheel, e.g. 17 or 00")
	f.StringVar(&rolls, "rolls", "", "the rolls of a shooter's hand after the bet, e.g. 3-3,2-5 (empty: none)")
	f.Int32Var(&point, "point", 0, "the table's point when the bet is placed (0: a come-out roll)")
	f.BoolVar(&working, "working", false, "a bet placed as working (on during a come-out roll)")
	f.StringVar(&bet, "bet", "", "bet code, e.g. double:2")
	f.StringVar(&stake, "stake", "", "stake, a decimal amount, e.g. 10 or 10.00")
	f.Int32Var(&scale, "scale", 2, "decimals of the currency's smallest unit (2 for EUR, 0 for CLP)")
	f.BoolVar(&asJSON, "json", false, "write the result as JSON")
	f.BoolVar(&jsonl, "jsonl", false, "read JSON requests from stdin, one per line; write one result per line")
	return cmd
}

func settleWriteJSON(w io.Writer, v any) error {
	_, err := w.Write(append(kit.MarshalLine(v), '\n'))
	return err
}

// settleJSONL answers every request line of stdin, in order.
func (m *Main) settleJSONL(ctx context.Context, defPaytable string, defScale int32) error {
	catalog := m.catalog()
	in := bufio.NewReaderSize(m.Stdin, 64<<10)
	out := bufio.NewWriter(m.Stdout)
	for n := 1; ; n++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		line, tooLong, err := settleReadLine(in, catalog.LineBytesMax())
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
		limit := catalog.LineBytesMaxOf(line, defPaytable)
		var answer []byte
		if tooLong || len(line) > limit {
			answer = kit.MarshalLine(kit.Answer{Outcome: "error", Code: settleCodeLineTooLong, Message: fmt.Sprintf("line longer than %d bytes", limit), Line: n})
		} else {
			answer = catalog.SettleLine(games.LineRequest{Line: line, Paytable: defPaytable, Scale: defScale, Number: n})
		}
		if _, err := out.Write(append(answer, '\n')); err != nil {
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
