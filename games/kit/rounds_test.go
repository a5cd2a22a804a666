package kit

import (
	"errors"
	"strconv"
	"testing"

	"github.com/wagerlog/wagerlog/games"
)

// step is a result of a round of three steps, the second of which may
// be the cut card: a round small enough to check Rounds by hand.
type step int

func (s step) JSON() []byte                  { return []byte(`{"step":` + strconv.Itoa(int(s)) + `}`) }
func (s step) String() string                { return "step " + strconv.Itoa(int(s)) }
func (s step) Equal(other games.Result) bool { return other == games.Result(s) }

// other is a result of another game.
type other struct{ step }

type steps struct {
	n   int
	cut bool
}

func (r *steps) Apply(s step) error {
	if int(s) != r.n+1 && !(s == 9 && r.n == 1) {
		return ResultErrorf("deal_order", "%s after %d steps", s, r.n)
	}
	if s == 9 {
		r.cut = true
		return nil
	}
	r.n++
	return nil
}
func (r *steps) Over() bool    { return r.n == 3 }
func (r *steps) CutCard() bool { return r.cut }

func parseStep(raw []byte) (step, error) {
	n, err := strconv.Atoi(string(raw))
	if err != nil {
		return 0, ResultErrorf(RuleResultShape, "%q", raw)
	}
	return step(n), nil
}

func TestRounds(t *testing.T) {
	k := NewRounds("Steps", 4, func() *steps { return new(steps) }, parseStep)
	rs := func(ss ...step) []games.Result {
		out := make([]games.Result, len(ss))
		for i, s := range ss {
			out[i] = s
		}
		return out
	}
	t.Run("OK", func(t *testing.T) {
		if r, err := k.ParseResult([]byte("2")); err != nil || r != games.Result(step(2)) {
			t.Errorf("ParseResult %v, %v", r, err)
		}
		if err := k.CheckResult(step(2), rs(1)); err != nil {
			t.Errorf("CheckResult %v", err)
		}
		if k.RoundOver(rs(1, 2)) || !k.RoundOver(rs(1, 2, 3)) || k.ShoeOver(rs(1, 2, 3)) || !k.ShoeOver(rs(1, 9, 2, 3)) {
			t.Error("RoundOver or ShoeOver wrong")
		}
	})
	t.Run("Err", func(t *testing.T) {
		for _, tt := range []struct {
			err  error
			rule string
			msg  string
		}{
			{k.CheckResult(step(3), rs(1)), "deal_order", "invalid result: deal_order: step 3 after 1 steps"},
			{k.CheckResult(other{1}, nil), RuleResultShape, "invalid result: result_shape: a kit.other is not a Steps result"},
			{k.CheckResult(step(2), []games.Result{other{1}}), RuleResultShape, "invalid result: result_shape: result 0: a kit.other is not a Steps result"},
			{k.CheckResult(step(4), rs(1, 2, 4)), "deal_order", "result 2 (step 4): invalid result: deal_order: step 4 after 2 steps"},
			{k.CheckResult(step(1), rs(1, 9, 2, 3, 4)), RuleResultShape, "invalid result: result_shape: 5 results, a round has at most 4"},
		} {
			if tt.err == nil || BrokenRule(tt.err) != tt.rule || tt.err.Error() != tt.msg || !errors.Is(tt.err, ErrBadResult) {
				t.Errorf("%v, want %s", tt.err, tt.msg)
			}
		}
		if _, err := k.ParseResult([]byte("x")); BrokenRule(err) != RuleResultShape {
			t.Errorf("ParseResult: %v", err)
		}
		if k.RoundOver(rs(2)) || k.ShoeOver(rs(2, 9)) {
			t.Error("a round that does not fold is over")
		}
	})
}

func TestOneResult(t *testing.T) {
	bad := &games.Sentinel{Msg: "invalid steps", Code: "invalid_steps"}
	if s, err := OneResult[step](games.Bet{}, []games.Result{step(4)}, bad, "Steps"); err != nil || s != 4 {
		t.Fatalf("%v, %v", s, err)
	}
	for _, tt := range []struct {
		b       games.Bet
		results []games.Result
		want    string
	}{
		{games.Bet{}, nil, "invalid steps: a Steps bet is settled against the round's one result (placed before result 0 of 0)"},
		{games.Bet{Since: 1}, []games.Result{step(1)}, "invalid steps: a Steps bet is settled against the round's one result (placed before result 1 of 1)"},
		{games.Bet{}, []games.Result{step(1), step(2)}, "invalid steps: a Steps bet is settled against the round's one result (placed before result 0 of 2)"},
		{games.Bet{}, []games.Result{other{1}}, "invalid steps: a kit.other is not a Steps result"},
	} {
		_, err := OneResult[step](tt.b, tt.results, bad, "Steps")
		if err == nil || err.Error() != tt.want || !errors.Is(err, bad) {
			t.Errorf("%v, want %s", err, tt.want)
		}
	}
}
