package sicbo

import (
	"errors"
	"fmt"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

// TestErrors_ErrorCode checks that a caller knowing only the method
// ErrorCode() (the ledger's view of a game error) finds every code through
// errors.As, and that ErrorCode(err) agrees.
func TestErrors_ErrorCode(t *testing.T) {
	type coder interface{ ErrorCode() string }
	live, _ := Lookup(IDLive)
	clm, _ := Lookup(IDCLM2016)
	one := decimal.NewFromInt(1)
	_, unknown := Lookup("sicbo/none")
	tests := []struct {
		err  error
		code string
	}{
		{func() error { _, err := live.BetKind("combo:3-1"); return err }(), "invalid_bet_code"},
		{func() error { _, err := clm.BetKind("even"); return err }(), "bet_not_offered"},
		{func() error { _, err := live.ParseResult(ResultJSON(1, 2)); return err }(), "invalid_dice"},
		{func() error {
			_, err := live.Settle(games.Bet{Code: "small", Stake: decimal.Zero}, 2, []games.Result{Dice{1, 2, 3}})
			return err
		}(), "invalid_amount"},
		{func() error {
			_, err := live.Settle(games.Bet{Code: "small", Stake: one}, -1, []games.Result{Dice{1, 2, 3}})
			return err
		}(), "invalid_scale"},
		{unknown, "unknown_paytable"},
	}
	for _, tt := range tests {
		wrapped := fmt.Errorf("ledger: %w", tt.err)
		var c coder
		if !errors.As(wrapped, &c) || c.ErrorCode() != tt.code {
			t.Errorf("%v: ErrorCode() via errors.As = %v, want %s", tt.err, c, tt.code)
		}
		if got := ErrorCode(wrapped); got != tt.code {
			t.Errorf("%v: ErrorCode = %q, want %s", tt.err, got, tt.code)
		}
	}
	if ErrorCode(errors.New("other")) != "" || ErrorCode(nil) != "" {
		t.Error("a foreign error has a Sic Bo code")
	}
	if _, err := New(Data{}); !errors.Is(err, ErrBadPaytable) || ErrorCode(err) != "" {
		t.Errorf("New(Data{}) = %v, code %q", err, ErrorCode(err))
	}
}
