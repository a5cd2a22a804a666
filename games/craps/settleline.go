package craps

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// SettleLine answers one line of `wagerlog settle --jsonl` that names a
// craps paytable (games.LineSettler): the result line of games/kit over
// rolls,
//
//	{"paytable":"craps/peru-1999","bet":"place:6","stake":"12","point":null,"working":false,"rolls":[[3,3],[2,5]]}
func (Game) SettleLine(req games.LineRequest) []byte { return kit.ResultLines{}.SettleLine(req) }

// LineBytesMax bounds the game's settle lines (games.LineSettler).
func (Game) LineBytesMax() int { return games.LineBytesDefault }

// SettleRolls settles a bet of a settle line over its rolls with
// SettleSequence (kit.RollsSettler).
func (p *Paytable) SettleRolls(code string, stake decimal.Decimal, scale int32, point *int, working bool, rolls [][2]int) (kit.RollsAnswer, error) {
	a, err := SettleSequence(p, code, stake, scale, point, working, rolls)
	if err != nil {
		return kit.RollsAnswer{}, err
	}
	return kit.RollsAnswer{Outcome: a.Outcome, DecidedAt: a.DecidedAt, Win: a.Win, Returned: a.Returned,
		Commission: a.Commission, Residue: a.Residue, Rule: a.Rule}, nil
}

// LineRolls reads a settle line's rolls, each two dice (kit.RollsSettler);
// SettleSequence checks the faces.
func (p *Paytable) LineRolls(rolls [][]int) ([][2]int, error) {
	out := make([][2]int, len(rolls))
	for i, r := range rolls {
		if len(r) != 2 {
			return nil, fmt.Errorf("roll %d: %w: %d dice, want 2", i, ErrBadRoll, len(r))
		}
		out[i] = [2]int{r[0], r[1]}
	}
	return out, nil
}

// FlagRolls reads the --rolls flag, "3-3,2-5", at most HandRollsMax rolls
// (kit.RollsSettler).
func (p *Paytable) FlagRolls(s string) ([][2]int, error) {
	var rs [][2]int
	for part := range strings.SplitSeq(s, ",") {
		if part = strings.TrimSpace(part); part == "" {
			continue
		}
		a, b, ok := strings.Cut(part, "-")
		x, errA := strconv.Atoi(a)
		y, errB := strconv.Atoi(b)
		if !ok || errA != nil || errB != nil {
			return nil, fmt.Errorf("%w: %q: want rolls like 3-3,2-5", ErrBadRoll, part)
		}
		if len(rs) >= HandRollsMax {
			return nil, fmt.Errorf("%w: more than %d rolls", ErrHandTooLong, HandRollsMax)
		}
		rs = append(rs, [2]int{x, y})
	}
	return rs, nil
}
