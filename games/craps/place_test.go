package craps

import (
	"errors"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

// hand turns dice into a hand's results.
func hand(dice ...[2]int) []games.Result {
	out := make([]games.Result, len(dice))
	for i, d := range dice {
		out[i] = Roll(d)
	}
	return out
}

func bet(code, stake string, since int) games.Bet {
	return games.Bet{Code: code, Stake: decimal.RequireFromString(stake), Since: since}
}

func TestPaytable_CheckPlacement(t *testing.T) {
	pt := mustNew(peru1999())
	comeOut := hand()
	point6 := hand([2]int{3, 3})
	// A come bet that travelled to 5 while the table's point is 6.
	come5 := hand([2]int{3, 3}, [2]int{2, 3})
	over := hand([2]int{3, 3}, [2]int{3, 4})
	pass := bet("pass", "10", 0)
	dontPass := bet("dont_pass", "10", 0)
	come := bet("come", "10", 1)
	cases := []struct {
		name    string
		b       games.Bet
		results []games.Result
		open    []games.Bet
		err     error
	}{
		{"OK/PassOnComeOut", bet("pass", "10", 0), comeOut, nil, nil},
		{"ErrNotNow/PassOnPoint", bet("pass", "10", 1), point6, nil, ErrNotNow},
		{"ErrNotNow/DontPassOnPoint", bet("dont_pass", "10", 1), point6, nil, ErrNotNow},
		{"OK/ComeOnPoint", bet("come", "10", 1), point6, nil, nil},
		{"ErrNotNow/ComeOnComeOut", bet("come", "10", 0), comeOut, nil, ErrNotNow},
		{"ErrNotNow/PassOddsOnComeOut", bet("pass_odds", "10", 0), comeOut, []games.Bet{pass}, ErrNotNow},
		{"OK/PassOdds3x", bet("pass_odds", "30", 1), point6, []games.Bet{pass}, nil},
		{"ErrOddsAboveLimit/PassOdds", bet("pass_odds", "30.01", 1), point6, []games.Bet{pass}, ErrOddsAboveLimit},
		{"ErrOddsAboveLimit/WithOddsTaken", bet("pass_odds", "25", 1), point6, []games.Bet{pass, bet("pass_odds", "10", 1)}, ErrOddsAboveLimit},
		{"OK/TwoPassBets", bet("pass_odds", "60", 1), point6, []games.Bet{pass, bet("pass", "10", 0)}, nil},
		{"ErrNoLineBet/PassOdds", bet("pass_odds", "10", 1), point6, nil, ErrNoLineBet},
		{"ErrNoLineBet/PassOddsBehindDontPass", bet("pass_odds", "10", 1), point6, []games.Bet{dontPass}, ErrNoLineBet},
		{"OK/DontPassOdds", bet("dont_pass_odds", "30", 1), point6, []games.Bet{dontPass}, nil},
		{"OK/ComeOddsOnItsPoint", bet("come_odds:5", "30", 2), come5, []games.Bet{come}, nil},
		{"ErrNoLineBet/ComeOddsOtherPoint", bet("come_odds:6", "10", 2), come5, []games.Bet{come}, ErrNoLineBet},
		{"ErrNoLineBet/ComeOddsBeforeComePoint", bet("come_odds:5", "10", 1), point6, []games.Bet{come}, ErrNoLineBet},
		{"ErrNoLineBet/DontComeOddsBehindCome", bet("dont_come_odds:5", "10", 2), come5, []games.Bet{come}, ErrNoLineBet},
		{"ErrOddsAboveLimit/ComeOdds", bet("come_odds:5", "31", 2), come5, []games.Bet{come}, ErrOddsAboveLimit},
		{"OK/PlaceAnyTime", bet("place:6", "12", 0), comeOut, nil, nil},
		{"OK/FieldOnPoint", bet("field", "1", 1), point6, nil, nil},
		{"ErrHandOver", bet("field", "1", 2), over, nil, ErrHandOver},
		{"ErrBadRoll/Since", bet("field", "1", 0), point6, nil, ErrBadRoll},
		{"ErrBadStake", bet("field", "0", 1), point6, nil, ErrBadStake},
		{"ErrBadBetCode", bet("place:7", "1", 0), comeOut, nil, ErrBadBetCode},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := pt.CheckPlacement(c.b, c.results, c.open)
			if c.err == nil {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if !errors.Is(err, c.err) {
				t.Fatalf("err %v, want %v", err, c.err)
			}
			var coded games.CodedError
			if !errors.As(err, &coded) || coded.ErrorCode() == "" {
				t.Fatalf("error without a code: %v", err)
			}
		})
	}
}

func TestPaytable_CheckTakeDown(t *testing.T) {
	pt := mustNew(peru1999())
	point6 := hand([2]int{3, 3})
	cases := []struct {
		name    string
		b       games.Bet
		results []games.Result
		err     error
		open    []games.Bet
	}{
		{"OK/Place", bet("place:8", "12", 0), point6, nil, nil},
		{"OK/Lay", bet("lay:4", "20", 0), point6, nil, nil},
		{"OK/Hard", bet("hard:8", "1", 0), point6, nil, nil},
		{"OK/PassOdds", bet("pass_odds", "10", 1), point6, nil, nil},
		{"OK/DontPassOnPoint", bet("dont_pass", "10", 0), point6, nil, nil},
		{"ErrNoTakeDown/PassOnPoint", bet("pass", "10", 0), point6, ErrNoTakeDown, nil},
		{"ErrNoTakeDown/Come", bet("come", "10", 1), point6, ErrNoTakeDown, nil},
		{"ErrNoTakeDown/DontComeBeforePoint", bet("dont_come", "10", 1), point6, ErrNoTakeDown, nil},
		{"ErrNoTakeDown/OneRoll", bet("field", "10", 1), point6, ErrNoTakeDown, nil},
		{"ErrBetDecided", bet("place:6", "12", 0), hand([2]int{4, 4}, [2]int{2, 4}), ErrBetDecided, nil},
		{"ErrHandOver", bet("place:8", "12", 0), hand([2]int{4, 4}, [2]int{3, 4}), ErrHandOver, nil},
		{"ErrNoTakeDown/DontPassUnderItsOdds", bet("dont_pass", "10", 0), point6, ErrNoTakeDown, []games.Bet{bet("dont_pass_odds", "10", 1)}},
		{"OK/DontPassBesideOtherOdds", bet("dont_pass", "10", 0), point6, nil, []games.Bet{bet("dont_come_odds:6", "10", 1)}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := pt.CheckTakeDown(c.b, c.results, c.open)
			if c.err == nil {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if !errors.Is(err, c.err) || ErrorCode(err) == "" {
				t.Fatalf("err %v, want %v", err, c.err)
			}
		})
	}
}

func TestPaytable_Charge(t *testing.T) {
	pt := mustNew(peru1999())
	cases := []struct {
		code, stake string
		scale       int32
		want        string
	}{
		{"buy:4", "20", 0, "1"},       // 5% of 20
		{"buy:4", "25", 0, "2"},       // 1.25 rounded up
		{"buy:6", "10.00", 2, "0.5"},  // exact
		{"buy:6", "0.01", 2, "0.01"},  // 0.0005 rounded up to a cent
		{"lay:4", "40", 0, "1"},       // 5% of the 20 it could win
		{"lay:5", "30", 0, "1"},       // 5% of 20
		{"lay:6", "24", 0, "1"},       // 5% of 20
		{"lay:6", "10.00", 2, "0.42"}, // 5% of 8.333… = 0.41666… up
		{"lay:10", "1", 0, "1"},       // 0.025 up to 1
		{"place:6", "12", 0, "0"},     // no commission
		{"pass", "10", 2, "0"},        //
		{"buy:4", "1.001", 2, "0"},    // a stake Settle refuses
	}
	for _, c := range cases {
		got := pt.Charge(games.Bet{Code: c.code, Stake: decimal.RequireFromString(c.stake)}, c.scale)
		if !got.Equal(decimal.RequireFromString(c.want)) {
			t.Errorf("Charge(%s, %s) = %s, want %s", c.code, c.stake, got, c.want)
		}
	}
}
