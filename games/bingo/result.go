package bingo

import (
	"bytes"
	"strconv"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
	"github.com/wagerlog/wagerlog/internal/jsonerr"
)

// ResultBytesMax bounds the JSON of a result given to ParseResult; a ball
// takes 12 bytes, a void about 40.
const ResultBytesMax = 128

// Ball is one ball drawn, 1..90: one result of a bingo round ("se irán
// extrayendo sucesivamente las bolas", seed 002 bingo IV). Its JSON is
// {"ball":17}.
type Ball int

// String writes the number.
func (b Ball) String() string { return strconv.Itoa(int(b)) }

// JSON is the ball as the events record it: {"ball":17}.
func (b Ball) JSON() []byte { return []byte(`{"ball":` + strconv.Itoa(int(b)) + `}`) }

// Equal reports whether other is the same ball.
func (b Ball) Equal(other games.Result) bool {
	o, ok := other.(Ball)
	return ok && o == b
}

// Reasons a game is void, seed 002 bingo section V ("Juegos nulos").
const (
	// VoidBallAnnounced: "Cualquier error por parte del Vendedor-locutor
	// que se produzca en el anuncio de un determinado número durante el
	// desarrollo del juego y que afecte de forma sustancial al mismo
	// determinará la anulación de la partida".
	VoidBallAnnounced = "ball_announced_wrong"
	// VoidReglamento36: "Del mismo modo se procederá en los casos previstos
	// en el artículo 36 del vigente Reglamento del Bingo" (which the seed
	// does not print).
	VoidReglamento36 = "reglamento_art_36"
)

// Void is the result that voids a game: every card's price is returned in
// full ("con la devolución del importe integro de sus cartones", seed 002
// bingo V) and no prize is paid. Its JSON is {"void":"ball_announced_wrong"}.
// Whether an error "affects the game substantially" is the hall's
// judgement, recorded as this result; the ledger does not second-guess it.
type Void struct {
	// Reason is VoidBallAnnounced or VoidReglamento36.
	Reason string
}

// String writes "void (ball_announced_wrong)".
func (v Void) String() string { return "void (" + v.Reason + ")" }

// JSON is the void as the events record it.
func (v Void) JSON() []byte {
	return []byte(`{"void":"` + v.Reason + `"}`)
}

// Equal reports whether other voids for the same reason.
func (v Void) Equal(other games.Result) bool {
	o, ok := other.(Void)
	return ok && o == v
}

// resultJSON is the one shape of a bingo result: exactly one of ball and
// void.
// Both are kept raw so that a member given as null counts as given: the
// one spelling of a ball has no "void":null beside it.
type resultJSON struct {
	Ball jsontext.Value `json:"ball"`
	Void jsontext.Value `json:"void"`
}

// ParseResult decodes a result as the hall entered it, {"ball":17} or
// {"void":"ball_announced_wrong"}, strictly: member names are exact,
// unknown or duplicate members are refused, a ball is a JSON integer 1..90
// written without sign, fraction or exponent. Every error is a
// *ResultError (code invalid_result).
func ParseResult(raw []byte) (games.Result, error) {
	var v resultJSON
	if err := kit.DecodeResult(raw, ResultBytesMax, &v, "a bingo result is {\"ball\":N} or {\"void\":\"reason\"}"); err != nil {
		return nil, err
	}
	switch {
	case v.Ball != nil && v.Void != nil, v.Ball == nil && v.Void == nil:
		return nil, resultError(RuleResultShape, "a bingo result is {\"ball\":N} or {\"void\":\"reason\"}, one of the two")
	case v.Void != nil:
		var vd Void
		if err := json.Unmarshal(v.Void, &vd.Reason); err != nil {
			return nil, resultError(RuleVoidReason, "a void's reason is a string: %v", jsonerr.Stable(err))
		}
		if vd.Reason != VoidBallAnnounced && vd.Reason != VoidReglamento36 {
			return nil, resultError(RuleVoidReason, "void reason %q is not %s or %s", cut(vd.Reason), VoidBallAnnounced, VoidReglamento36)
		}
		return vd, nil
	}
	text := string(bytes.TrimSpace(v.Ball))
	n, ok := parseNumber(text, 1<<20)
	if !ok || len(text) > 2 {
		return nil, resultError(RuleBallRange, "ball %s is not a number 1..%d", cut(text), NumbersMax)
	}
	b := Ball(n)
	if err := b.Validate(); err != nil {
		return nil, err
	}
	return b, nil
}

// Validate returns a *ResultError unless the ball is 1..90.
func (b Ball) Validate() error {
	if b < 1 || b > NumbersMax {
		return resultError(RuleBallRange, "ball %d is not a number 1..%d", int(b), NumbersMax)
	}
	return nil
}

// Draw is a game's results read as balls: the balls drawn in order and
// the void, if a void ended the game.
type Draw struct {
	Balls []int
	Void  *Void
}

// ReadDraw reads a round's results as a draw, checking what holds without
// the cards: each result is a ball or a void, every ball 1..90 and drawn
// once, nothing after a void, at most 90 balls. Whether a ball came after
// the bingo needs the cards (CheckResultWith).
func ReadDraw(results []games.Result) (Draw, error) {
	var d Draw
	if len(results) > NumbersMax+1 {
		return Draw{}, resultError(RuleGameOver, "%d results; a game draws at most %d balls", len(results), NumbersMax)
	}
	var drawn [NumbersMax + 1]bool
	for i, r := range results {
		if d.Void != nil {
			return Draw{}, resultError(RuleGameOver, "result %d comes after the game was void", i+1)
		}
		switch v := r.(type) {
		case Ball:
			if err := v.Validate(); err != nil {
				return Draw{}, err
			}
			if drawn[v] {
				return Draw{}, resultError(RuleBallTwice, "ball %d was already drawn", int(v))
			}
			drawn[v] = true
			d.Balls = append(d.Balls, int(v))
		case Void:
			if v.Reason != VoidBallAnnounced && v.Reason != VoidReglamento36 {
				return Draw{}, resultError(RuleVoidReason, "void reason %q is not %s or %s", cut(v.Reason), VoidBallAnnounced, VoidReglamento36)
			}
			d.Void = &v
		default:
			return Draw{}, resultError(RuleResultShape, "result %d is a %T, not a bingo ball", i+1, r)
		}
	}
	return d, nil
}

// Results returns balls as results, for the seam's functions.
func Results(balls []int) []games.Result {
	out := make([]games.Result, len(balls))
	for i, b := range balls {
		out[i] = Ball(b)
	}
	return out
}
