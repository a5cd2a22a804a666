package roulette

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
	"github.com/wagerlog/wagerlog/games"
)

// TestSettle_EveryBetEveryPocket settles every offered code of each
// catalog paytable on every pocket of its wheel and compares with the
// expectation that expect_test.go builds without the package's layout.
func TestSettle_EveryBetEveryPocket(t *testing.T) {
	for _, tc := range []struct {
		id                    string
		doubleZero, laPartage bool
	}{
		{IDFrench, false, false},
		{IDFrenchLaPartage, false, true},
		{IDAmerican, true, false},
	} {
		t.Run(tc.id, func(t *testing.T) {
			pt, err := Lookup(tc.id)
			if err != nil {
				t.Fatal(err)
			}
			want := expectCodes(tc.doubleZero)
			var got []string
			for _, b := range pt.Bets() {
				got = append(got, b.String())
			}
			var wantCodes []string
			for c := range want {
				wantCodes = append(wantCodes, c)
			}
			slices.Sort(got)
			slices.Sort(wantCodes)
			if !slices.Equal(got, wantCodes) {
				t.Fatalf("offered codes differ:\n got %v\nwant %v", got, wantCodes)
			}
			stake := decimal.RequireFromString("10.00")
			settled := 0
			for code, e := range want {
				kind, err := pt.BetKind(code)
				if err != nil || kind != e.kind {
					t.Errorf("BetKind(%q) = %q, %v; want %q", code, kind, err, e.kind)
				}
				for _, ps := range wheelPockets(tc.doubleZero) {
					pocket, err := ParsePocket(ps)
					if err != nil {
						t.Fatal(err)
					}
					s, err := pt.Settle(games.Bet{Code: code, Stake: stake}, 2, []games.Result{pocket})
					if err != nil {
						t.Fatalf("%s on %s: %v", code, ps, err)
					}
					settled++
					wantOutcome, wantWin, wantBack := games.OutcomeLost, int64(0), "0"
					switch {
					case e.covers[ps]:
						wantOutcome, wantWin, wantBack = games.OutcomeWon, 10*e.pays, decimal.NewFromInt(10+10*e.pays).String()
					case tc.laPartage && e.evenMoney && (ps == "0" || ps == "00"):
						wantBack = "5"
					}
					if s.Outcome != wantOutcome || !s.Win.Equal(decimal.NewFromInt(wantWin)) ||
						!s.Returned.Equal(decimal.RequireFromString(wantBack)) || !s.Residue.IsZero() {
						t.Errorf("%s on %s: %+v; want %s win %d returned %s", code, ps, s, wantOutcome, wantWin, wantBack)
					}
					if s.Win.Exponent() != -2 || s.Returned.Exponent() > -2 {
						t.Errorf("%s on %s: amounts %s/%s not at scale 2", code, ps, s.Win, s.Returned)
					}
					if !strings.HasPrefix(s.Rule, code+" ") || !strings.Contains(s.Rule, "landed in "+ps+",") {
						t.Errorf("%s on %s: rule %q", code, ps, s.Rule)
					}
				}
			}
			if n := len(want) * len(wheelPockets(tc.doubleZero)); settled != n {
				t.Errorf("settled %d, want %d", settled, n)
			}
		})
	}
}

// TestSettle_OtherWheel checks that each wheel refuses the other's bets as
// not offered, not as malformed.
func TestSettle_OtherWheel(t *testing.T) {
	fr, _ := Lookup(IDFrench)
	am, _ := Lookup(IDAmerican)
	french, american := expectCodes(false), expectCodes(true)
	check := func(pt *Paytable, own, other map[string]expectBet) {
		n := 0
		for code := range other {
			if _, ok := own[code]; ok {
				continue
			}
			n++
			_, err := pt.BetKind(code)
			var bce *BetCodeError
			if !errors.Is(err, ErrBetNotOffered) || !errors.As(err, &bce) || bce.ErrorCode() != CodeBetNotOffered {
				t.Errorf("%s BetKind(%q) = %v, want bet_not_offered", pt.ID(), code, err)
			}
		}
		if n == 0 {
			t.Errorf("%s: no code of the other wheel", pt.ID())
		}
	}
	check(fr, french, american) // straight:00, split:0-00, split:00-2, ..., top_line
	check(am, american, french) // split:0-3, trio:0-2-3, first_four
}

func TestSettle_LaPartageRounding(t *testing.T) {
	pt, _ := Lookup(IDFrenchLaPartage)
	tests := []struct {
		stake    string
		scale    int32
		returned string
		residue  string
	}{
		{"10.00", 2, "5.00", "0"},
		{"0.01", 2, "0.00", "0.005"},
		{"0.03", 2, "0.01", "0.005"},
		{"7", 0, "3", "0.5"},
		{"1001", 0, "500", "0.5"},
		{"0.00000001", 8, "0.00000000", "0.000000005"},
	}
	for _, tt := range tests {
		for _, code := range []string{"red", "black", "odd", "even", "low", "high"} {
			s, err := Settle(pt, code, decimal.RequireFromString(tt.stake), tt.scale, Zero)
			if err != nil {
				t.Fatal(err)
			}
			if s.Outcome != games.OutcomeLost || !s.Win.IsZero() ||
				s.Returned.StringFixed(tt.scale) != tt.returned || !s.Residue.Equal(decimal.RequireFromString(tt.residue)) {
				t.Errorf("%s %s at scale %d on 0: %+v, want returned %s residue %s", code, tt.stake, tt.scale, s, tt.returned, tt.residue)
			}
			if !strings.Contains(s.Rule, "la partage returns half the stake") {
				t.Errorf("rule %q", s.Rule)
			}
			// Returned + Residue is exactly half the stake.
			if half := decimal.RequireFromString(tt.stake).Div(decimal.NewFromInt(2)); !s.Returned.Add(s.Residue).Equal(half) {
				t.Errorf("%s: returned %s + residue %s != %s", tt.stake, s.Returned, s.Residue, half)
			}
		}
	}
	// Not the dozens, columns or inside bets, and not without la partage.
	for _, code := range []string{"dozen:1", "column:1", "split:1-2", "street:1"} {
		s, _ := Settle(pt, code, decimal.NewFromInt(10), 2, Zero)
		if !s.Returned.IsZero() {
			t.Errorf("%s on 0 returns %s", code, s.Returned)
		}
	}
	fr, _ := Lookup(IDFrench)
	if s, _ := Settle(fr, "red", decimal.NewFromInt(10), 2, Zero); !s.Returned.IsZero() || s.Outcome != games.OutcomeLost {
		t.Errorf("french red on 0: %+v", s)
	}
}

// TestSettle_DoubleZeroLaPartage builds a variant as data: la partage on
// the American wheel returns half on 0 and on 00.
func TestSettle_DoubleZeroLaPartage(t *testing.T) {
	d := american()
	d.ID, d.LaPartage = "roulette/american-la-partage", true
	pt, err := New(d)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []Pocket{Zero, DoubleZero} {
		s, _ := Settle(pt, "even", decimal.NewFromInt(10), 2, p)
		if !s.Returned.Equal(decimal.NewFromInt(5)) {
			t.Errorf("even on %s: %+v", p, s)
		}
	}
	r, _ := RTPOf(pt, "even")
	if r.RTP.Cmp(ratOf(37, 38)) != 0 || r.Halves != 2 {
		t.Errorf("RTP %s halves %d, want 37/38 and 2", r.RTP, r.Halves)
	}
}

func TestSettle_Err(t *testing.T) {
	fr, _ := Lookup(IDFrench)
	am, _ := Lookup(IDAmerican)
	ten := decimal.NewFromInt(10)
	tests := []struct {
		name   string
		pt     *Paytable
		code   string
		stake  decimal.Decimal
		scale  int32
		pocket Pocket
		want   error
	}{
		{"scale", fr, "red", ten, -1, 1, ErrBadScale},
		{"scale high", fr, "red", ten, ScaleMax + 1, 1, ErrBadScale},
		{"code", fr, "rouge", ten, 2, 1, ErrBadBetCode},
		{"not offered", fr, "straight:00", ten, 2, 1, ErrBetNotOffered},
		{"zero stake", fr, "red", decimal.Zero, 2, 1, ErrBadStake},
		{"negative", fr, "red", ten.Neg(), 2, 1, ErrBadStake},
		{"decimals", fr, "red", decimal.RequireFromString("0.001"), 2, 1, ErrBadStake},
		{"huge", fr, "red", decimal.New(1, StakeDigitsMax), 2, 1, ErrBadStake},
		{"exponent", fr, "red", decimal.New(1, -100), 8, 1, ErrBadStake},
		{"00 on french", fr, "red", ten, 2, DoubleZero, ErrBadPocket},
		{"pocket 38", am, "red", ten, 2, 38, ErrBadPocket},
		{"first check wins", fr, "rouge", ten, -1, 99, ErrBadScale},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Settle(tt.pt, tt.code, tt.stake, tt.scale, tt.pocket)
			if !errors.Is(err, tt.want) {
				t.Errorf("Settle = %v, want %v", err, tt.want)
			}
		})
	}
}

// TestPaytable_SettleSeam checks the games.Paytable form: one result, the
// bet placed before it.
func TestPaytable_SettleSeam(t *testing.T) {
	am, _ := Lookup(IDAmerican)
	bet := games.Bet{Code: "split:0-00", Stake: decimal.NewFromInt(10)}
	s, err := am.Settle(bet, 2, []games.Result{DoubleZero})
	if err != nil || s.Outcome != games.OutcomeWon || s.Win.StringFixed(2) != "170.00" || s.Returned.StringFixed(2) != "180.00" {
		t.Fatalf("split:0-00 on 00: %+v, %v", s, err)
	}
	if s.Rule != "split:0-00 pays 17:1 (the ball landed in 00, green)" {
		t.Errorf("rule %q", s.Rule)
	}
	for name, tc := range map[string]struct {
		bet     games.Bet
		results []games.Result
	}{
		"no result":   {bet, nil},
		"two results": {bet, []games.Result{Zero, Zero}},
		"since":       {games.Bet{Code: "red", Stake: decimal.NewFromInt(1), Since: 1}, []games.Result{Zero, Zero}},
		"other game":  {bet, []games.Result{otherResult{}}},
	} {
		if _, err := am.Settle(tc.bet, 2, tc.results); !errors.Is(err, ErrBadPocket) || ErrorCode(err) != CodeInvalidResult {
			t.Errorf("%s: %v", name, err)
		}
	}
	if am.RoundOver(nil) || !am.RoundOver([]games.Result{Pocket(17)}) {
		t.Error("RoundOver")
	}
}

// otherResult is a result of another game.
type otherResult struct{}

func (otherResult) JSON() []byte              { return []byte(`{"dice":[1,2,3]}`) }
func (otherResult) String() string            { return "1-2-3" }
func (otherResult) Equal(o games.Result) bool { return o == otherResult{} }
