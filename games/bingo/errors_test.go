package bingo

import (
	"errors"
	"fmt"
	"testing"

	"github.com/wagerlog/wagerlog/games"
)

func TestErrorCode(t *testing.T) {
	for err, code := range map[error]string{
		ErrBadCard:                           CodeInvalidCard,
		ErrBadResult:                         CodeInvalidResult,
		ErrBadBetCode:                        CodeInvalidBetCode,
		ErrBadAmount:                         CodeInvalidAmount,
		ErrBadScale:                          CodeInvalidScale,
		ErrDuplicateCard:                     CodeDuplicateCard,
		ErrTooManyCards:                      CodeTooManyCards,
		ErrBadSeries:                         CodeInvalidSeries,
		ErrGameNotOver:                       CodeGameNotOver,
		ErrRoundSettlement:                   CodeRoundSettlement,
		ErrUnknownPaytable:                   CodeUnknownPaytable,
		cardError("A-1", RuleCardShape, "x"): CodeInvalidCard,
		resultError(RuleBallRange, "x"):      CodeInvalidResult,
		ErrBadPaytable:                       "",
		errors.New("other"):                  "",
	} {
		wrapped := fmt.Errorf("wrapped: %w", err)
		if got := ErrorCode(wrapped); got != code {
			t.Errorf("ErrorCode(%v) = %q, want %q", err, got, code)
		}
		var ce games.CodedError
		if errors.As(wrapped, &ce) != (code != "") {
			t.Errorf("%v: errors.As(games.CodedError) disagrees", err)
		}
	}
	if BrokenRule(fmt.Errorf("x: %w", cardError("", RuleColumnEmpty, "y"))) != RuleColumnEmpty || BrokenRule(ErrBadCard) != "" {
		t.Error("BrokenRule")
	}
	if got := cardError("", RuleCardShape, "r").Error(); got != "invalid card: card_shape: r" {
		t.Errorf("Error() = %q", got)
	}
}
