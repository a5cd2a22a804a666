package craps

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

func intp(n int) *int { return &n }

// TestSettleSequence_Lines checks settle lines written by hand, starting
// with the example of docs/games/craps.md ("settle --jsonl").
func TestSettleSequence_Lines(t *testing.T) {
	pt := mustNew(peru1999())
	cases := []struct {
		name     string
		code     string
		stake    string
		scale    int32
		point    *int
		working  bool
		rolls    [][2]int
		outcome  games.Outcome
		at       int // -1: open
		win      string
		returned string
		comm     string
		residue  string
	}{
		// The come-out 3-3 finds place 6 off and sets the point 6; the
		// 2-5 sevens out.
		{"IssueExample", "place:6", "12", 0, nil, false, [][2]int{{3, 3}, {2, 5}}, games.OutcomeLost, 1, "0", "0", "0", "0"},
		{"PlaceWorking", "place:6", "12", 0, nil, true, [][2]int{{3, 3}, {2, 5}}, games.OutcomeWon, 0, "14", "26", "0", "0"},
		{"Place6Residue", "place:6", "10", 0, intp(4), false, [][2]int{{2, 4}}, games.OutcomeWon, 0, "11", "21", "0", "0.6666666666666666"},
		{"Place4", "place:4", "5.00", 2, intp(6), false, [][2]int{{2, 2}}, games.OutcomeWon, 0, "9", "14", "0", "0"},
		{"Empty", "place:6", "12", 0, nil, false, nil, games.OutcomeOpen, -1, "0", "0", "0", "0"},
		{"PassNatural", "pass", "10", 0, nil, false, [][2]int{{5, 6}}, games.OutcomeWon, 0, "10", "20", "0", "0"},
		{"PassPointMade", "pass", "10", 0, nil, false, [][2]int{{4, 5}, {1, 1}, {3, 6}}, games.OutcomeWon, 2, "10", "20", "0", "0"},
		{"DontPassBar12", "dont_pass", "10", 0, nil, false, [][2]int{{6, 6}}, games.OutcomePush, 0, "0", "10", "0", "0"},
		{"ComeTravels", "come", "10", 0, intp(4), false, [][2]int{{3, 3}, {2, 2}, {3, 3}}, games.OutcomeWon, 2, "10", "20", "0", "0"},
		{"PassOdds", "pass_odds", "10", 0, intp(5), false, [][2]int{{1, 4}}, games.OutcomeWon, 0, "15", "25", "0", "0"},
		{"DontPassOdds", "dont_pass_odds", "10", 0, intp(6), false, [][2]int{{3, 4}}, games.OutcomeWon, 0, "8", "18", "0", "0.3333333333333333"},
		// The table comes out (point made), come odds on 5 are off and the
		// come bet's 5 returns them.
		{"ComeOddsOffReturned", "come_odds:5", "10", 0, nil, false, [][2]int{{2, 3}}, games.OutcomePush, 0, "0", "10", "0", "0"},
		{"ComeOddsWorking", "come_odds:5", "10", 0, nil, true, [][2]int{{2, 3}}, games.OutcomeWon, 0, "15", "25", "0", "0"},
		{"ComeOddsOnPoint", "come_odds:5", "10", 0, intp(8), false, [][2]int{{2, 3}}, games.OutcomeWon, 0, "15", "25", "0", "0"},
		{"BuyLost", "buy:10", "20", 0, intp(4), false, [][2]int{{3, 4}}, games.OutcomeLost, 0, "0", "0", "1", "0"},
		{"BuyOpen", "buy:10", "20", 0, intp(4), false, [][2]int{{1, 2}}, games.OutcomeOpen, -1, "0", "0", "1", "0"},
		{"LayWon", "lay:4", "40", 0, intp(6), false, [][2]int{{3, 4}}, games.OutcomeWon, 0, "20", "60", "1", "0"},
		{"HardEasy", "hard:8", "5", 0, intp(4), false, [][2]int{{2, 6}}, games.OutcomeLost, 0, "0", "0", "0", "0"},
		{"HardOffOnComeOut", "hard:8", "5", 0, nil, false, [][2]int{{4, 4}, {4, 4}}, games.OutcomeWon, 1, "45", "50", "0", "0"},
		{"FieldTwelve", "field", "3", 0, intp(9), false, [][2]int{{6, 6}}, games.OutcomeWon, 0, "6", "9", "0", "0"},
		{"PlaceLose4", "place_lose:4", "11", 0, intp(9), false, [][2]int{{1, 6}}, games.OutcomeWon, 0, "5", "16", "0", "0"},
		{"RollsAfterDecision", "any_seven", "1", 0, nil, false, [][2]int{{3, 4}, {6, 6}}, games.OutcomeWon, 0, "4", "5", "0", "0"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := SettleSequence(pt, c.code, decimal.RequireFromString(c.stake), c.scale, c.point, c.working, c.rolls)
			if err != nil {
				t.Fatal(err)
			}
			if got.Outcome != c.outcome {
				t.Fatalf("outcome %s, want %s (%s)", got.Outcome, c.outcome, got.Rule)
			}
			if c.at < 0 && got.DecidedAt != nil || c.at >= 0 && (got.DecidedAt == nil || *got.DecidedAt != c.at) {
				t.Fatalf("decided_at %v, want %d", got.DecidedAt, c.at)
			}
			for _, m := range []struct{ name, got, want string }{
				{"win", got.Win.String(), c.win}, {"returned", got.Returned.String(), c.returned},
				{"commission", got.Commission.String(), c.comm}, {"residue", got.Residue.String(), c.residue},
			} {
				if !decimal.RequireFromString(m.got).Equal(decimal.RequireFromString(m.want)) {
					t.Errorf("%s %s, want %s (%s)", m.name, m.got, m.want, got.Rule)
				}
			}
			if got.Rule == "" {
				t.Error("no rule")
			}
		})
	}
}

func TestSettleSequence_Err(t *testing.T) {
	pt := mustNew(peru1999())
	ten := decimal.NewFromInt(10)
	cases := []struct {
		name  string
		code  string
		stake decimal.Decimal
		scale int32
		point *int
		rolls [][2]int
		err   error
	}{
		{"ErrBadPoint", "place:6", ten, 0, intp(7), nil, ErrBadPoint},
		{"ErrBadRoll", "place:6", ten, 0, nil, [][2]int{{3, 7}}, ErrBadRoll},
		{"ErrNotNow/Pass", "pass", ten, 0, intp(6), nil, ErrNotNow},
		{"ErrNotNow/Come", "come", ten, 0, nil, nil, ErrNotNow},
		{"ErrNotNow/PassOdds", "pass_odds", ten, 0, nil, nil, ErrNotNow},
		{"ErrBadBetCode", "place:06", ten, 0, nil, nil, ErrBadBetCode},
		{"ErrBadStake", "place:6", decimal.RequireFromString("0.5"), 0, nil, nil, ErrBadStake},
		{"ErrBadScale", "place:6", ten, 9, nil, nil, ErrBadScale},
		{"ErrHandTooLong", "place:6", ten, 0, nil, make([][2]int, HandRollsMax+1), ErrHandTooLong},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := SettleSequence(pt, c.code, c.stake, c.scale, c.point, false, c.rolls)
			if !errors.Is(err, c.err) || ErrorCode(err) == "" {
				t.Fatalf("err %v, want %v with a code", err, c.err)
			}
		})
	}
}

// TestSettleAnswer_JSON checks the answer's JSON: amounts as strings,
// decided_at absent while open.
func TestSettleAnswer_JSON(t *testing.T) {
	pt := mustNew(peru1999())
	open, _ := SettleSequence(pt, "buy:6", decimal.NewFromInt(20), 0, intp(4), false, [][2]int{{1, 1}})
	b, err := json.Marshal(open)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"outcome":"open","win":"0","returned":"0","commission":"1","residue":"0","rule":"buy:6 stays up (the roll 1-1 does not decide it)"}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
	won, _ := SettleSequence(pt, "buy:6", decimal.NewFromInt(20), 0, intp(4), false, [][2]int{{1, 1}, {2, 4}})
	b, _ = json.Marshal(won)
	want = `{"outcome":"won","decided_at":1,"win":"24","returned":"44","commission":"1","residue":"0","rule":"buy:6 pays 6:5 (the roll 2-4 is the 6, before a 7)"}`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
}
