package baccarat

import (
	"errors"
	"fmt"
	"testing"

	"github.com/wagerlog/wagerlog/games"
)

func TestErrorCode(t *testing.T) {
	for err, code := range map[error]string{
		ErrBadResult:        CodeInvalidResult,
		ErrBadBetCode:       CodeInvalidBetCode,
		ErrBetNotOffered:    CodeBetNotOffered,
		ErrBadStake:         CodeInvalidAmount,
		ErrBadScale:         CodeInvalidScale,
		ErrBetsExceedBank:   CodeBetsExceedBank,
		ErrUnknownPaytable:  CodeUnknownPaytable,
		ErrBadPaytable:      "",
		errors.New("other"): "",
	} {
		wrapped := fmt.Errorf("context: %w", err)
		if got := ErrorCode(wrapped); got != code {
			t.Errorf("%v: code %q, want %q", err, got, code)
		}
		var ce games.CodedError
		if errors.As(wrapped, &ce) != (code != "") {
			t.Errorf("%v: errors.As(games.CodedError) disagrees with code %q", err, code)
		}
	}
	re := resultError(RuleNatural, "x")
	if !errors.Is(re, ErrBadResult) || re.ErrorCode() != CodeInvalidResult || BrokenRule(fmt.Errorf("w: %w", re)) != RuleNatural {
		t.Errorf("%v", re)
	}
	if BrokenRule(ErrBadStake) != "" {
		t.Error("a stake error breaks no rule of the deal")
	}
}
