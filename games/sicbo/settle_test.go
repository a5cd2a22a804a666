package sicbo

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

// seedPays is a paytable transcribed for the tests straight from a seed
// text, independently of catalog.go: each kind's payout as a fraction won
// per unit staked. single lists 1, 2 and 3 dice; total is by total.
type seedPays struct {
	kind   map[string]*big.Rat
	single [4]*big.Rat
	total  map[int]*big.Rat
}

func x1(x int64) *big.Rat { return big.NewRat(x, 1) }

// clmSeed is art. 6.2 of seeds/000_8c58734ec760ed9a.txt.
func clmSeed() seedPays {
	return seedPays{
		kind: map[string]*big.Rat{
			"small": x1(1), "big": x1(1), "double": x1(8), "triple": x1(150),
			"any_triple": x1(24), "combo": x1(5),
		},
		single: [4]*big.Rat{nil, x1(1), x1(2), x1(3)},
		total: map[int]*big.Rat{4: x1(50), 5: x1(18), 6: x1(14), 7: x1(12), 8: x1(8), 9: x1(6), 10: x1(6),
			11: x1(6), 12: x1(6), 13: x1(8), 14: x1(12), 15: x1(14), 16: x1(18), 17: x1(50)},
	}
}

// liveSeed is the "Pagos" table of seeds/001_5ab03e8824b694bc.txt.
func liveSeed() seedPays {
	return seedPays{
		kind: map[string]*big.Rat{
			"small": x1(1), "big": x1(1), "odd": x1(1), "even": x1(1), "triple": x1(180),
			"any_triple": x1(30), "combo": x1(5), "double": x1(10), "all_odd": x1(6), "all_even": x1(6),
			"two_odd_one_even": big.NewRat(3, 2), "two_even_one_odd": big.NewRat(3, 2),
			"three_singles": x1(30), "double_single": x1(60), "four_numbers": x1(7),
		},
		single: [4]*big.Rat{nil, x1(1), x1(2), x1(3)},
		total: map[int]*big.Rat{4: x1(60), 5: x1(30), 6: x1(18), 7: x1(12), 8: x1(8), 9: x1(7), 10: x1(6),
			11: x1(6), 12: x1(7), 13: x1(8), 14: x1(12), 15: x1(18), 16: x1(30), 17: x1(60)},
	}
}

// expect says what the seed pays a bet code on dice: offered reports
// whether the seed has the bet at all, and win is nil for a loss.
func (s seedPays) expect(code string, d [3]int) (win *big.Rat, offered bool) {
	kind, arg, _ := strings.Cut(code, ":")
	var nums []int
	if arg != "" {
		for _, f := range strings.Split(arg, "-") {
			n, _ := strconv.Atoi(f)
			nums = append(nums, n)
		}
	}
	sorted := []int{d[0], d[1], d[2]}
	slices.Sort(sorted)
	sum := d[0] + d[1] + d[2]
	triple := sorted[0] == sorted[2]
	count := func(n int) int {
		c := 0
		for _, v := range d {
			if v == n {
				c++
			}
		}
		return c
	}
	odds := 0
	for _, v := range d {
		if v%2 == 1 {
			odds++
		}
	}
	pay, ok := s.kind[kind]
	switch kind {
	case "single":
		c := count(nums[0])
		if c == 0 {
			return nil, true
		}
		return s.single[c], true
	case "total":
		p, ok := s.total[nums[0]]
		if !ok {
			return nil, false
		}
		if sum == nums[0] {
			return p, true
		}
		return nil, true
	}
	if !ok {
		return nil, false
	}
	var won bool
	switch kind {
	case "small":
		won = !triple && sum >= 4 && sum <= 10
	case "big":
		won = !triple && sum >= 11 && sum <= 17
	case "odd":
		won = !triple && sum%2 == 1
	case "even":
		won = !triple && sum%2 == 0
	case "double":
		won = count(nums[0]) >= 2
	case "triple":
		won = count(nums[0]) == 3
	case "any_triple":
		won = triple
	case "combo":
		won = count(nums[0]) > 0 && count(nums[1]) > 0
	case "all_odd":
		won = odds == 3
	case "all_even":
		won = odds == 0
	case "two_odd_one_even":
		won = odds == 2
	case "two_even_one_odd":
		won = odds == 1
	case "three_singles":
		won = slices.Equal(sorted, nums)
	case "double_single":
		want := []int{nums[0], nums[0], nums[1]}
		slices.Sort(want)
		won = slices.Equal(sorted, want)
	case "four_numbers":
		won = sorted[0] != sorted[1] && sorted[1] != sorted[2] &&
			slices.Contains(nums, d[0]) && slices.Contains(nums, d[1]) && slices.Contains(nums, d[2])
	default:
		panic("test: unknown kind " + kind)
	}
	if !won {
		return nil, true
	}
	return pay, true
}

// floorTo truncates a positive rational to scale decimals.
func floorTo(x *big.Rat, scale int32) *big.Rat {
	unit := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(scale)), nil)
	n := new(big.Int).Mul(x.Num(), unit)
	n.Quo(n, x.Denom())
	return new(big.Rat).SetFrac(n, unit)
}

func ratEq(d decimal.Decimal, r *big.Rat) bool { return d.Rat().Cmp(r) == 0 }

// TestSettle_AllOutcomes settles every bet code of the grammar on all 216
// outcomes under both paytables, at several stakes and scales, against the
// test's own transcription of the seeds.
func TestSettle_AllOutcomes(t *testing.T) {
	stakes := []struct {
		stake string
		scale int32
	}{{"10.00", 2}, {"0.01", 2}, {"7", 0}, {"0.333", 3}}
	for _, tc := range []struct {
		id   string
		seed seedPays
	}{{IDCLM2016, clmSeed()}, {IDLive, liveSeed()}} {
		t.Run(tc.id, func(t *testing.T) {
			pt, err := Lookup(tc.id)
			if err != nil {
				t.Fatal(err)
			}
			offered := 0
			for _, code := range wantCodes() {
				_, isOffered := tc.seed.expect(code, [3]int{1, 1, 1})
				if !isOffered {
					_, err := Settle(pt, code, decimal.NewFromInt(1), 2, Dice{1, 2, 3})
					if !errors.Is(err, ErrBetNotOffered) || ErrorCode(err) != CodeBetNotOffered {
						t.Errorf("%s: Settle = %v, want ErrBetNotOffered", code, err)
					}
					if _, err := pt.BetKind(code); !errors.Is(err, ErrBetNotOffered) {
						t.Errorf("%s: BetKind = %v, want ErrBetNotOffered", code, err)
					}
					continue
				}
				offered++
				for _, d := range AllDice() {
					win, _ := tc.seed.expect(code, d)
					for _, s := range stakes {
						checkSettle(t, pt, code, s.stake, s.scale, d, win)
					}
				}
			}
			if offered != len(pt.Bets()) {
				t.Errorf("seed offers %d bets, paytable %d", offered, len(pt.Bets()))
			}
		})
	}
}

func checkSettle(t *testing.T, pt *Paytable, code, stakeText string, scale int32, d Dice, multiple *big.Rat) {
	t.Helper()
	stake := decimal.RequireFromString(stakeText)
	got, err := Settle(pt, code, stake, scale, d)
	if err != nil {
		t.Fatalf("%s on %s: %v", code, d, err)
	}
	where := fmt.Sprintf("%s stake %s on %s", code, stakeText, d)
	if multiple == nil {
		if got.Outcome != games.OutcomeLost || !got.Win.IsZero() || !got.Returned.IsZero() || !got.Residue.IsZero() {
			t.Fatalf("%s: got %+v, want a loss", where, got)
		}
		if !strings.HasPrefix(got.Rule, code+" loses (") {
			t.Fatalf("%s: rule %q", where, got.Rule)
		}
		return
	}
	exact := new(big.Rat).Mul(stake.Rat(), multiple)
	paid := floorTo(exact, scale)
	if got.Outcome != games.OutcomeWon || !ratEq(got.Win, paid) ||
		!ratEq(got.Returned, new(big.Rat).Add(stake.Rat(), paid)) ||
		!ratEq(got.Residue, new(big.Rat).Sub(exact, paid)) {
		t.Fatalf("%s: got %+v, want won %s (exact %s)", where, got, paid.FloatString(int(scale)), exact.RatString())
	}
	if got.Win.Exponent() != -scale || got.Returned.Exponent() != -scale {
		t.Fatalf("%s: win %s and returned %s are not at scale %d", where, got.Win, got.Returned, scale)
	}
	if !strings.HasPrefix(got.Rule, code+" pays ") {
		t.Fatalf("%s: rule %q", where, got.Rule)
	}
}

// TestSettle_Residue pins the rounding policy on the 3:2 bets.
func TestSettle_Residue(t *testing.T) {
	pt, _ := Lookup(IDLive)
	tests := []struct {
		stake                  string
		scale                  int32
		win, returned, residue string
	}{
		{"0.01", 2, "0.01", "0.02", "0.005"},
		{"0.03", 2, "0.04", "0.07", "0.005"},
		{"10.00", 2, "15.00", "25.00", "0"},
		{"7", 0, "10", "17", "0.5"},
		{"1.001", 3, "1.501", "2.502", "0.0005"},
	}
	for _, tt := range tests {
		got, err := Settle(pt, "two_odd_one_even", decimal.RequireFromString(tt.stake), tt.scale, Dice{1, 3, 6})
		if err != nil {
			t.Fatal(err)
		}
		if got.Win.StringFixed(tt.scale) != tt.win || got.Returned.StringFixed(tt.scale) != tt.returned || !got.Residue.Equal(decimal.RequireFromString(tt.residue)) {
			t.Errorf("stake %s scale %d: win %s returned %s residue %s, want %s %s %s",
				tt.stake, tt.scale, got.Win, got.Returned, got.Residue, tt.win, tt.returned, tt.residue)
		}
	}
}

func TestSettle_Rule(t *testing.T) {
	clm, _ := Lookup(IDCLM2016)
	live, _ := Lookup(IDLive)
	tests := []struct {
		pt   *Paytable
		code string
		dice Dice
		rule string
	}{
		{clm, "double:2", Dice{2, 2, 5}, "double:2 pays 8:1 (two dice show 2)"},
		{clm, "double:2", Dice{2, 2, 2}, "double:2 pays 8:1 (three dice show 2)"},
		{live, "double:2", Dice{2, 5, 6}, "double:2 loses (one die shows 2)"},
		{clm, "small", Dice{3, 3, 3}, "small loses (the dice 3-3-3 are a triple)"},
		{live, "single:4", Dice{4, 1, 4}, "single:4 pays 2:1 (two dice show 4)"},
		{live, "four_numbers:2-3-5-6", Dice{6, 2, 3}, "four_numbers:2-3-5-6 pays 7:1 (the dice 6-2-3 are three different numbers of 2-3-5-6)"},
		{live, "four_numbers:2-3-5-6", Dice{2, 2, 3}, "four_numbers:2-3-5-6 loses (the dice 2-2-3 are not three different numbers of 2-3-5-6)"},
		{live, "total:9", Dice{3, 3, 4}, "total:9 loses (the dice 3-3-4 total 10, not 9)"},
	}
	for _, tt := range tests {
		got, err := Settle(tt.pt, tt.code, decimal.NewFromInt(1), 2, tt.dice)
		if err != nil {
			t.Fatal(err)
		}
		if got.Rule != tt.rule {
			t.Errorf("%s on %s: rule %q, want %q", tt.code, tt.dice, got.Rule, tt.rule)
		}
	}
}

func TestSettle_Err(t *testing.T) {
	pt, _ := Lookup(IDLive)
	ten := decimal.NewFromInt(10)
	tests := []struct {
		name  string
		code  string
		stake decimal.Decimal
		scale int32
		dice  Dice
		want  error
		api   string
	}{
		{"bad code", "combo:2-1", ten, 2, Dice{1, 2, 3}, ErrBadBetCode, CodeInvalidBetCode},
		{"zero stake", "small", decimal.Zero, 2, Dice{1, 2, 3}, ErrBadStake, CodeInvalidAmount},
		{"negative stake", "small", decimal.NewFromInt(-1), 2, Dice{1, 2, 3}, ErrBadStake, CodeInvalidAmount},
		{"too many decimals", "small", decimal.RequireFromString("0.001"), 2, Dice{1, 2, 3}, ErrBadStake, CodeInvalidAmount},
		{"decimals on scale 0", "small", decimal.RequireFromString("1.5"), 0, Dice{1, 2, 3}, ErrBadStake, CodeInvalidAmount},
		{"huge stake", "small", decimal.New(1, StakeDigitsMax), 2, Dice{1, 2, 3}, ErrBadStake, CodeInvalidAmount},
		{"absurd exponent", "small", decimal.New(1, -1_000_000_000), 2, Dice{1, 2, 3}, ErrBadStake, CodeInvalidAmount},
		{"absurd positive exponent", "small", decimal.New(1, 1_000_000_000), 2, Dice{1, 2, 3}, ErrBadStake, CodeInvalidAmount},
		{"negative scale", "small", ten, -1, Dice{1, 2, 3}, ErrBadScale, CodeInvalidScale},
		{"scale too large", "small", ten, ScaleMax + 1, Dice{1, 2, 3}, ErrBadScale, CodeInvalidScale},
		{"die 0", "small", ten, 2, Dice{0, 2, 3}, ErrBadDice, CodeInvalidDice},
		{"die 7", "small", ten, 2, Dice{1, 2, 7}, ErrBadDice, CodeInvalidDice},
		{"die -1", "small", ten, 2, Dice{1, -1, 3}, ErrBadDice, CodeInvalidDice},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Settle(pt, tt.code, tt.stake, tt.scale, tt.dice)
			if !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
			if ErrorCode(err) != tt.api {
				t.Errorf("ErrorCode = %q, want %q", ErrorCode(err), tt.api)
			}
		})
	}
	// "10.000" has three digits after the point but only two decimals of
	// value: it is a valid EUR stake.
	if _, err := Settle(pt, "small", decimal.RequireFromString("10.000"), 2, Dice{1, 2, 3}); err != nil {
		t.Errorf("10.000 at scale 2: %v", err)
	}
}

// TestPaytable_Settle checks the method the ledger calls agrees with the
// function, and checks how results are parsed.
func TestPaytable_Settle(t *testing.T) {
	pt, _ := Lookup(IDLive)
	stake := decimal.RequireFromString("2.50")
	for _, d := range AllDice() {
		want, err := Settle(pt, "combo:2-5", stake, 2, d)
		if err != nil {
			t.Fatal(err)
		}
		res, err := pt.ParseResult(d.JSON())
		if err != nil {
			t.Fatalf("%s: %v", d.JSON(), err)
		}
		if !res.Equal(d) || string(res.JSON()) != string(d.JSON()) {
			t.Fatalf("%s parses to %s", d.JSON(), res.JSON())
		}
		got, err := pt.Settle(games.Bet{Code: "combo:2-5", Stake: stake}, 2, []games.Result{res})
		if err != nil {
			t.Fatal(err)
		}
		if got.Outcome != want.Outcome || !got.Win.Equal(want.Win) || !got.Returned.Equal(want.Returned) || got.Rule != want.Rule {
			t.Fatalf("%s: method %+v, function %+v", d, got, want)
		}
	}
	bad := []string{
		``, `null`, `{}`, `[]`, `{"dice":[1,2]}`, `{"dice":[1,2,3,4]}`, `{"dice":[1,2,9]}`, `{"dice":[0,2,3]}`,
		`{"dice":[1,2,3],"hand":"B"}`, `{"dice":[1,2,3],"number":7}`, `{"Dice":[1,2,3]}`,
		`{"dice":[1,2,3],"dice":[4,5,6]}`, `{"dice":["1",2,3]}`, `{"dice":[1.5,2,3]}`, `{"pocket":"17"}`,
	}
	for _, r := range bad {
		if _, err := pt.ParseResult([]byte(r)); !errors.Is(err, ErrBadDice) {
			t.Errorf("ParseResult(%s) = %v, want ErrBadDice", r, err)
		}
	}
	if _, err := pt.Settle(games.Bet{Code: "small", Stake: stake}, 2, nil); !errors.Is(err, ErrBadDice) {
		t.Errorf("Settle with no result = %v, want ErrBadDice", err)
	}
	if _, err := pt.Settle(games.Bet{Code: "small", Stake: stake, Since: 1}, 2, []games.Result{Dice{1, 2, 3}}); !errors.Is(err, ErrBadDice) {
		t.Errorf("Settle of a bet placed after the result = %v, want ErrBadDice", err)
	}
	if !(Dice{4, 2, 5}).Equal(Dice{5, 2, 4}) || (Dice{4, 2, 5}).Equal(Dice{4, 2, 6}) {
		t.Error("Equal must compare the faces in any order")
	}
}

func BenchmarkSettle(b *testing.B) {
	pt, err := Lookup(IDLive)
	if err != nil {
		b.Fatal(err)
	}
	codes := []string{"small", "double:2", "total:9", "combo:2-5", "two_odd_one_even", "four_numbers:2-3-5-6"}
	all := AllDice()
	stake := decimal.RequireFromString("10.00")
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, err := Settle(pt, codes[i%len(codes)], stake, 2, all[i%len(all)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
