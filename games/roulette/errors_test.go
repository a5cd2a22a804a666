package roulette

import (
	"errors"
	"fmt"
	"testing"

	"github.com/shopspring/decimal"
	"github.com/wagerlog/wagerlog/games"
)

// TestErrors_ErrorCode checks that a caller knowing only games.CodedError
// (the ledger's view of a game error) finds every code through errors.As,
// and that ErrorCode(err) agrees.
func TestErrors_ErrorCode(t *testing.T) {
	fr, _ := Lookup(IDFrench)
	one := decimal.NewFromInt(1)
	_, unknown := Lookup("roulette/none")
	tests := []struct {
		err  error
		code string
	}{
		{func() error { _, err := fr.BetKind("split:2-1"); return err }(), "invalid_bet_code"},
		{func() error { _, err := fr.BetKind("top_line:0-00-1-2-3"); return err }(), "bet_not_offered"},
		{func() error { _, err := fr.ParseResult([]byte(`{"pocket":"00"}`)); return err }(), "invalid_result"},
		{func() error { _, err := fr.ParseResult([]byte(`{"pocket":7}`)); return err }(), "invalid_result"},
		{func() error {
			_, err := fr.Settle(games.Bet{Code: "red", Stake: decimal.Zero}, 2, []games.Result{Pocket(1)})
			return err
		}(), "invalid_amount"},
		{func() error {
			_, err := fr.Settle(games.Bet{Code: "red", Stake: one}, -1, []games.Result{Pocket(1)})
			return err
		}(), "invalid_scale"},
		{unknown, "unknown_paytable"},
	}
	for _, tt := range tests {
		wrapped := fmt.Errorf("ledger: %w", tt.err)
		var c games.CodedError
		if !errors.As(wrapped, &c) || c.ErrorCode() != tt.code {
			t.Errorf("%v: ErrorCode() via errors.As = %v, want %s", tt.err, c, tt.code)
		}
		if got := ErrorCode(wrapped); got != tt.code {
			t.Errorf("%v: ErrorCode = %q, want %s", tt.err, got, tt.code)
		}
	}
	if ErrorCode(errors.New("other")) != "" || ErrorCode(nil) != "" {
		t.Error("a foreign error has a code")
	}
	if _, err := New(Data{}); !errors.Is(err, ErrBadPaytable) || ErrorCode(err) != "" {
		t.Errorf("New(Data{}) = %v, code %q", err, ErrorCode(err))
	}
	bce := &BetCodeError{Code: "x", Reason: "why", Err: ErrBadBetCode}
	if bce.Error() != `invalid bet code: "x": why` {
		t.Errorf("Error() = %q", bce.Error())
	}
}
