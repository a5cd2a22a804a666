package bingo

import (
	"errors"
	"testing"

	"github.com/wagerlog/wagerlog/games"
)

func TestParseResult(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		for raw, want := range map[string]games.Result{
			`{"ball":1}`:                      Ball(1),
			`{"ball":90}`:                     Ball(90),
			` {"ball": 17} `:                  Ball(17),
			`{"void":"ball_announced_wrong"}`: Void{VoidBallAnnounced},
			`{"void":"reglamento_art_36"}`:    Void{VoidReglamento36},
		} {
			got, err := ParseResult([]byte(raw))
			if err != nil || !got.Equal(want) || string(got.JSON()) != string(want.JSON()) {
				t.Errorf("ParseResult(%s) = %v, %v", raw, got, err)
			}
		}
	})
	t.Run("Err", func(t *testing.T) {
		for raw, rule := range map[string]string{
			``:                                      RuleResultShape,
			`{}`:                                    RuleResultShape,
			`{"ball":0}`:                            RuleBallRange,
			`{"ball":91}`:                           RuleBallRange,
			`{"ball":-1}`:                           RuleBallRange,
			`{"ball":1.0}`:                          RuleBallRange,
			`{"ball":1e1}`:                          RuleBallRange,
			`{"ball":07}`:                           RuleResultShape,
			`{"ball":"7"}`:                          RuleBallRange,
			`{"Ball":7}`:                            RuleResultShape,
			`{"ball":7,"ball":8}`:                   RuleResultShape,
			`{"ball":7,"dice":[1,2]}`:               RuleResultShape,
			`{"ball":7,"void":"reglamento_art_36"}`: RuleResultShape,
			`{"ball":7,"void":null}`:                RuleResultShape,
			`{"void":7}`:                            RuleVoidReason,
			`{"void":"bored"}`:                      RuleVoidReason,
			`[7]`:                                   RuleResultShape,
		} {
			_, err := ParseResult([]byte(raw))
			var re *ResultError
			if !errors.As(err, &re) || re.Rule != rule || ErrorCode(err) != CodeInvalidResult {
				t.Errorf("ParseResult(%s) = %v, want rule %s", raw, err, rule)
			}
		}
	})
}

func TestPaytable_CheckResult(t *testing.T) {
	pt := Paytables()[0]
	prior := Results([]int{5, 17, 90})
	t.Run("OK", func(t *testing.T) {
		if err := pt.CheckResult(Ball(1), prior); err != nil {
			t.Fatal(err)
		}
		// A void is the round's cancel in the ledger, not a result.
		if err := pt.CheckResult(Void{VoidBallAnnounced}, prior); BrokenRule(err) != RuleVoidByCancel || ErrorCode(err) != CodeInvalidResult {
			t.Fatalf("a void as a result: %v", err)
		}
	})
	t.Run("Err", func(t *testing.T) {
		for name, tt := range map[string]struct {
			r     games.Result
			prior []games.Result
			rule  string
		}{
			"ErrTwice":     {Ball(17), prior, RuleBallTwice},
			"ErrRange":     {Ball(91), prior, RuleBallRange},
			"ErrAfterVoid": {Ball(1), append(Results([]int{5}), Void{VoidBallAnnounced}), RuleGameOver},
			"ErrForeign":   {Void{"x"}, prior, RuleVoidReason},
		} {
			t.Run(name, func(t *testing.T) {
				if err := pt.CheckResult(tt.r, tt.prior); BrokenRule(err) != tt.rule {
					t.Fatalf("CheckResult = %v, want %s", err, tt.rule)
				}
			})
		}
	})
	t.Run("RoundOver", func(t *testing.T) {
		all := make([]int, NumbersMax)
		for i := range all {
			all[i] = i + 1
		}
		switch {
		case pt.RoundOver(prior):
			t.Error("three balls end no game without cards")
		case !pt.RoundOver(append(Results([]int{5}), Void{VoidBallAnnounced})):
			t.Error("a void ends the game")
		case !pt.RoundOver(Results(all)):
			t.Error("90 balls end the game")
		}
	})
}
