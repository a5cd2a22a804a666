package kit

import (
	"fmt"

	"github.com/wagerlog/wagerlog/games"
)

// RuleResultShape is the rule of a result that is not one of its game's
// result objects (a *ResultError's Rule); every card game names it so.
const RuleResultShape = "result_shape"

// Round is a dealt card game's round as its package folds it: results
// are applied one after another, each checked against the rules, until
// the round is over; the cut card may come out during it.
type Round[R games.Result] interface {
	// Apply checks r against the round and applies it; its errors are
	// *ResultError.
	Apply(r R) error
	// Over reports whether the round is complete.
	Over() bool
	// CutCard reports whether the cut card came out during the round.
	CutCard() bool
}

// Rounds answers what the generic layers ask of a dealt card game's
// paytable about its rounds (ParseResult, CheckResult, RoundOver and
// ShoeOver: games.ResultChecker, games.Shoed) from the game's fold, so
// blackjack and War keep only their Round. A Paytable embeds it; get one
// from NewRounds.
type Rounds[R games.Result, D Round[R]] struct {
	game       string
	resultsMax int
	newRound   func() D
	parse      func(raw []byte) (R, error)
}

// NewRounds returns the Rounds of a game named game in messages ("a %T
// is not a War result"), whose rounds have at most resultsMax results,
// start from newRound and whose results parse strictly with parse.
func NewRounds[R games.Result, D Round[R]](game string, resultsMax int, newRound func() D, parse func([]byte) (R, error)) Rounds[R, D] {
	return Rounds[R, D]{game: game, resultsMax: resultsMax, newRound: newRound, parse: parse}
}

// Fold folds results into a round, checking each as CheckResult does. Its
// errors are *ResultError, naming the result that breaks a rule.
func (k Rounds[R, D]) Fold(results []games.Result) (D, error) {
	var zero D
	if len(results) > k.resultsMax {
		return zero, ResultErrorf(RuleResultShape, "%d results, a round has at most %d", len(results), k.resultsMax)
	}
	rd := k.newRound()
	for i, r := range results {
		x, ok := r.(R)
		if !ok {
			return zero, ResultErrorf(RuleResultShape, "result %d: a %T is not a %s result", i, r, k.game)
		}
		if err := rd.Apply(x); err != nil {
			return zero, fmt.Errorf("result %d (%s): %w", i, x, err)
		}
	}
	return rd, nil
}

// ParseResult decodes one result of a round strictly, with the game's
// parser. It does not check the result against the round; CheckResult
// does.
func (k Rounds[R, D]) ParseResult(raw []byte) (games.Result, error) {
	r, err := k.parse(raw)
	if err != nil {
		return nil, err
	}
	return r, nil
}

// CheckResult validates r recorded after prior by folding the round:
// whose turn it is, what the cards allow, what the dealer's rule says. It
// implements games.ResultChecker; its errors are *ResultError.
func (k Rounds[R, D]) CheckResult(r games.Result, prior []games.Result) error {
	rd, err := k.Fold(prior)
	if err != nil {
		return err
	}
	x, ok := r.(R)
	if !ok {
		return ResultErrorf(RuleResultShape, "a %T is not a %s result", r, k.game)
	}
	return rd.Apply(x)
}

// RoundOver reports whether the round is complete; a round whose results
// do not fold is not over.
func (k Rounds[R, D]) RoundOver(results []games.Result) bool {
	rd, err := k.Fold(results)
	return err == nil && rd.Over()
}

// ShoeOver reports whether the cut card came out during the round: the
// round is finished with the cards left, and the next is dealt from a new
// shuffle (seed 004, Black Jack 1.5 and War 4.4 "Último pase").
func (k Rounds[R, D]) ShoeOver(results []games.Result) bool {
	rd, err := k.Fold(results)
	return err == nil && rd.CutCard()
}

// OneResult returns the one result of a round that a bet of a game with
// one result per round (roulette's spin, Sic Bo's dice) is settled
// against: the bet placed before it (b.Since 0) and exactly one result,
// of the game's type R. Its errors wrap bad, the game's result error;
// game names the game in them.
func OneResult[R games.Result](b games.Bet, results []games.Result, bad error, game string) (R, error) {
	var zero R
	if b.Since != 0 || len(results) != 1 {
		return zero, fmt.Errorf("%w: a %s bet is settled against the round's one result (placed before result %d of %d)", bad, game, b.Since, len(results))
	}
	r, ok := results[0].(R)
	if !ok {
		return zero, fmt.Errorf("%w: a %T is not a %s result", bad, results[0], game)
	}
	return r, nil
}
