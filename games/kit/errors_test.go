package kit

import (
	"errors"
	"fmt"
	"testing"

	"github.com/wagerlog/wagerlog/games"
)

func TestRefused(t *testing.T) {
	err := fmt.Errorf("seat 2: %w", Refused("double:2", "bet_not_now", "not hand %d's turn", 1))
	var pe *PlacementError
	if !errors.As(err, &pe) || pe.Code != "double:2" || !errors.Is(err, ErrBetRefused) || games.ErrorCode(err) != "bet_refused" {
		t.Fatalf("%v", err)
	}
	if want := "seat 2: bet refused by the round: double:2: bet_not_now: not hand 1's turn"; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
}

func TestBrokenRule(t *testing.T) {
	for _, tt := range []struct {
		err  error
		want string
	}{
		{fmt.Errorf("x: %w", ResultErrorf("shoe_copies", "AS")), "shoe_copies"},
		{Refused("main:1", "bet_not_now", "late"), "bet_not_now"},
		{fmt.Errorf("%w: 9Z", ErrBadBetCode), ""},
		{nil, ""},
	} {
		if got := BrokenRule(tt.err); got != tt.want {
			t.Errorf("BrokenRule(%v) = %q, want %q", tt.err, got, tt.want)
		}
	}
}

// TestSentinels pins the words and codes of the shared sentinels: settle
// answers that auditors keep print them.
func TestSentinels(t *testing.T) {
	for _, tt := range []struct {
		err       error
		msg, code string
	}{
		{ErrBadResult, "invalid result", "invalid_result"},
		{ErrBadBetCode, "invalid bet code", "invalid_bet_code"},
		{ErrBetNotOffered, "bet not offered by this paytable", "bet_not_offered"},
		{ErrBadAmount, "invalid amount", "invalid_amount"},
		{ErrBadScale, "invalid currency scale", "invalid_scale"},
		{ErrBetRefused, "bet refused by the round", "bet_refused"},
		{ErrBadPaytable, "invalid paytable", ""},
	} {
		if tt.err.Error() != tt.msg || games.ErrorCode(tt.err) != tt.code {
			t.Errorf("%q %q, want %q %q", tt.err, games.ErrorCode(tt.err), tt.msg, tt.code)
		}
	}
}

func TestBetCodeErrorf(t *testing.T) {
	err := fmt.Errorf("bet 3: %w", BetCodeErrorf("straight:00000000000", 10, ErrBetNotOffered, "no %s here", "00"))
	var be *BetCodeError
	if !errors.As(err, &be) || be.Code != "straight:0..." || !errors.Is(err, ErrBetNotOffered) || games.ErrorCode(err) != "bet_not_offered" {
		t.Fatalf("%v", err)
	}
	if want := `bet 3: bet not offered by this paytable: "straight:0...": no 00 here`; err.Error() != want {
		t.Errorf("message %q, want %q", err, want)
	}
	if be := BetCodeErrorf("big", 10, ErrBadBetCode, "x"); be.Code != "big" || be.ErrorCode() != "invalid_bet_code" {
		t.Errorf("%+v", be)
	}
}
