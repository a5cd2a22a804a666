package testgames

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

// The interfaces a game of the registry implements (games/registry's
// TestNew_Edges and TestNew_Published ask them of every game): the test
// game has them all, or the edges could not serve it.
var (
	_ games.Game        = HighCard{}
	_ games.LineSettler = HighCard{}
	_ games.Demoer      = HighCard{}
	_ games.BoardViewer = HighCard{}
	_ games.BoardStyler = HighCard{}
	_ games.BoardRower  = HighCard{}
	_ games.Paytable    = (*HighCardPaytable)(nil)
	_ games.Publisher   = (*HighCardPaytable)(nil)
)

// handRTP is each bet's RTP from the rules as written, enumerated over
// the 13 equally likely ranks: a winning rank returns the stake and the
// win (1 + X/Y), a losing one nothing. It shares nothing with the game's
// code.
func handRTP() map[string]*big.Rat {
	rules := map[string]struct {
		wins     func(rank int) bool
		win, per int64
	}{
		"high":  {func(r int) bool { return r >= 8 }, 1, 1},
		"low":   {func(r int) bool { return r <= 6 }, 1, 1},
		"seven": {func(r int) bool { return r == 7 }, 21, 2},
	}
	out := map[string]*big.Rat{}
	for code, r := range rules {
		sum := new(big.Rat)
		for rank := 1; rank <= 13; rank++ {
			if r.wins(rank) {
				sum.Add(sum, big.NewRat(r.per+r.win, r.per))
			}
		}
		out[code] = sum.Quo(sum, big.NewRat(13, 1))
	}
	return out
}

func TestHighCard_RTP(t *testing.T) {
	want := handRTP()
	// By hand: high and low win on 6 ranks of 13 and return 2, 12/13;
	// seven on 1 rank and returns 23/2, 23/26.
	if want["high"].Cmp(big.NewRat(12, 13)) != 0 || want["seven"].Cmp(big.NewRat(23, 26)) != 0 {
		t.Fatalf("the enumeration itself: %v", want)
	}
	pt := NewHighCardPaytable()
	got := pt.RTP()
	if len(got) != 3 {
		t.Fatalf("RTP lists %d bets", len(got))
	}
	for _, b := range got {
		if b.RTP.Cmp(want[b.Code]) != 0 {
			t.Errorf("%s: RTP %v, want %v", b.Code, b.RTP, want[b.Code])
		}
		// The settlement agrees with the RTP: what a stake of 2 returns
		// over the 13 ranks, at a scale that leaves no residue.
		total := decimal.Zero
		for rank := 1; rank <= 13; rank++ {
			s, err := pt.Settle(games.Bet{Code: b.Code, Stake: decimal.NewFromInt(2)}, 2, []games.Result{Rank(rank)})
			if err != nil {
				t.Fatal(err)
			}
			total = total.Add(s.Returned)
		}
		if r := total.Rat(); r.Quo(r, big.NewRat(26, 1)).Cmp(want[b.Code]) != 0 {
			t.Errorf("%s: settlements return %s of 26 staked, RTP %v", b.Code, total, want[b.Code])
		}
	}
	l := pt.Listing()
	if l.Form != games.ListingOutcomes || l.Outcomes != 13 || len(l.Bets) != 3 || l.Bets[0].Wins != 6 || l.Bets[1].Wins != 6 || l.Bets[2].Wins != 1 {
		t.Errorf("listing %+v", l)
	}
}

func TestHighCardPaytable_Settle(t *testing.T) {
	pt := NewHighCardPaytable()
	d := decimal.RequireFromString
	for _, c := range []struct {
		name, code, stake string
		scale             int32
		rank              int
		outcome           games.Outcome
		win, ret, residue string
	}{
		{"HighWins", "high", "10", 2, 8, games.OutcomeWon, "10", "20", "0"},
		{"HighLosesOnSeven", "high", "10", 2, 7, games.OutcomeLost, "0", "0", "0"},
		{"LowWinsOnAce", "low", "3.50", 2, 1, games.OutcomeWon, "3.5", "7", "0"},
		{"LowLosesOnKing", "low", "3.50", 2, 13, games.OutcomeLost, "0", "0", "0"},
		// 0.01 × 21/2 = 0.105: 0.10 paid, 0.005 to the rounding account.
		{"SevenRoundsDown", "seven", "0.01", 2, 7, games.OutcomeWon, "0.1", "0.11", "0.005"},
		{"SevenInPesos", "seven", "3", 0, 7, games.OutcomeWon, "31", "34", "0.5"},
		{"SevenLoses", "seven", "5", 2, 6, games.OutcomeLost, "0", "0", "0"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := pt.Settle(games.Bet{Code: c.code, Stake: d(c.stake)}, c.scale, []games.Result{Rank(c.rank)})
			if err != nil {
				t.Fatal(err)
			}
			if s.Outcome != c.outcome || !s.Win.Equal(d(c.win)) || !s.Returned.Equal(d(c.ret)) || !s.Residue.Equal(d(c.residue)) {
				t.Errorf("got %s win %s returned %s residue %s", s.Outcome, s.Win, s.Returned, s.Residue)
			}
		})
	}
	t.Run("Open", func(t *testing.T) {
		s, err := pt.Settle(games.Bet{Code: "high", Stake: d("1")}, 2, nil)
		if err != nil || s.Outcome != games.OutcomeOpen {
			t.Errorf("%v %v", s, err)
		}
	})
	for _, c := range []struct {
		name, code, stake string
		scale             int32
		want              string
	}{
		{"ErrBetCode", "middle", "1", 2, "invalid_bet_code"},
		{"ErrStakeDecimals", "high", "1.005", 2, "invalid_amount"},
		{"ErrStakeZero", "high", "0", 2, "invalid_amount"},
		{"ErrScale", "high", "1", 9, "invalid_scale"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := pt.Settle(games.Bet{Code: c.code, Stake: d(c.stake)}, c.scale, []games.Result{Rank(9)})
			if games.ErrorCode(err) != c.want {
				t.Errorf("err %v (code %q), want %s", err, games.ErrorCode(err), c.want)
			}
		})
	}
}

func TestHighCardPaytable_ParseResult(t *testing.T) {
	pt := NewHighCardPaytable()
	r, err := pt.ParseResult([]byte(`{"rank":12}`))
	if err != nil || r.String() != "Q" || string(r.JSON()) != `{"rank":12}` || !r.Equal(Rank(12)) || r.Equal(Rank(11)) {
		t.Fatalf("%v %v", r, err)
	}
	for _, raw := range []string{`{"rank":0}`, `{"rank":14}`, `{}`, `{"rank":7,"suit":"S"}`, `{"rank":"7"}`, `[7]`, strings.Repeat(" ", 100)} {
		if _, err := pt.ParseResult([]byte(raw)); games.ErrorCode(err) != "invalid_result" {
			t.Errorf("%q: %v", raw, err)
		}
	}
}

func TestHighCardPaytable_Published(t *testing.T) {
	pt := NewHighCardPaytable()
	canon := pt.CanonicalJSON()
	sum := sha256.Sum256(canon)
	if hex.EncodeToString(sum[:]) != pt.Hash() {
		t.Fatalf("sha256(canonical) %x, hash %s", sum, pt.Hash())
	}
	var data struct {
		ID    string `json:"id"`
		Game  string `json:"game"`
		Ranks int    `json:"ranks"`
		Rules []struct {
			Line, Odds, Name string
		} `json:"rules"`
	}
	if err := json.Unmarshal(canon, &data); err != nil {
		t.Fatal(err)
	}
	if data.ID != "highcard/test" || data.Game != "highcard" || data.Ranks != 13 || len(data.Rules) != 3 ||
		data.Rules[2].Line != "seven" || data.Rules[2].Odds != "21:2" {
		t.Errorf("canonical %s", canon)
	}
	if !strings.Contains(string(canon), string(pt.Rules())) {
		t.Errorf("rules %s not in the canonical %s", pt.Rules(), canon)
	}
	if pt.MaxMultiple().Cmp(big.NewRat(21, 2)) != 0 || pt.Rounding() != "round_down" {
		t.Errorf("max multiple %v, rounding %s", pt.MaxMultiple(), pt.Rounding())
	}
}

func TestHighCard_SettleLine(t *testing.T) {
	g := HighCard{}
	for _, c := range []struct {
		name, line string
		want       map[string]any
	}{
		{"Seven", `{"paytable":"highcard/test","bet":"seven","stake":"0.01","rank":7}`,
			map[string]any{"outcome": "won", "win": "0.10", "returned": "0.11", "residue": "0.005", "rank": 7.0, "stake": "0.01"}},
		{"DefaultPaytable", `{"bet":"high","stake":10,"rank":13,"scale":0}`,
			map[string]any{"outcome": "won", "win": "10", "returned": "20", "paytable": "highcard/test"}},
		{"Lost", `{"bet":"low","stake":"4","rank":7}`, map[string]any{"outcome": "lost", "win": "0.00", "returned": "0.00"}},
		{"ErrRank", `{"bet":"low","stake":"4","rank":14}`, map[string]any{"outcome": "error", "code": "invalid_result"}},
		{"ErrMember", `{"bet":"low","stake":"4","rank":2,"suit":"S"}`, map[string]any{"outcome": "error", "code": "invalid_request"}},
		{"ErrStake", `{"bet":"low","stake":"x","rank":2}`, map[string]any{"outcome": "error", "code": "invalid_amount"}},
		{"ErrBet", `{"bet":"mid","stake":"1","rank":2}`, map[string]any{"outcome": "error", "code": "invalid_bet_code"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			raw := g.SettleLine(games.LineRequest{Line: []byte(c.line), Paytable: HighCardID, Scale: 2, Number: 3})
			var got map[string]any
			if err := json.Unmarshal(raw, &got); err != nil {
				t.Fatalf("%v in %s", err, raw)
			}
			if got["line"] != 3.0 {
				t.Errorf("line %v in %s", got["line"], raw)
			}
			for k, v := range c.want {
				if got[k] != v {
					t.Errorf("%s = %v, want %v in %s", k, got[k], v, raw)
				}
			}
		})
	}
}

func TestHighCard_Board(t *testing.T) {
	g := HighCard{}
	var es []games.BoardEntry
	for _, r := range []int{1, 7, 8, 13, 9} {
		es = append(es, games.BoardEntry{Result: Rank(r)})
	}
	es = append(es, games.BoardEntry{Result: Face(3)}) // another game's: skipped
	s := g.Board(NewHighCardPaytable(), es).(HighCardStats)
	if s != (HighCardStats{Results: 5, High: 3, Low: 1, Seven: 1}) {
		t.Errorf("stats %+v", s)
	}
	for r, want := range map[int]string{1: `{"rank":"A","side":"low"}`, 7: `{"rank":"7","side":"seven"}`, 10: `{"rank":"10","side":"high"}`} {
		if got := string(g.BoardRow(Rank(r))); got != want {
			t.Errorf("row of %d: %s, want %s", r, got, want)
		}
	}
	js := string(g.BoardModule())
	for _, want := range []string{"export function render(", "export const markup", "export const classes", `data-panel="highcard-`} {
		if !strings.Contains(js, want) {
			t.Errorf("the board module lacks %q", want)
		}
	}
}

// demoDealer records what the demo player asks, for TestHighCard_Demo.
type demoDealer struct {
	games.DemoDealer
	bets    []games.DemoBet
	results []json.RawMessage
}

func (d *demoDealer) Paytable() games.Paytable           { return NewHighCardPaytable() }
func (d *demoDealer) Players() []string                  { return []string{"a", "b", "c", "d"} }
func (d *demoDealer) OpenRound(context.Context) error    { return nil }
func (d *demoDealer) CloseBetting(context.Context) error { return nil }
func (d *demoDealer) Record(_ context.Context, r json.RawMessage) error {
	d.results = append(d.results, r)
	return nil
}
func (d *demoDealer) Place(_ context.Context, _ string, bets []games.DemoBet) (bool, error) {
	d.bets = append(d.bets, bets...)
	return true, nil
}

// TestHighCard_Demo: the demo player's bets and cards are ones the
// paytable takes (the ledger's run of them is cmd/wagerlog's
// TestNewGame_Edges).
func TestHighCard_Demo(t *testing.T) {
	tables := HighCard{}.DemoTables()
	if len(tables) != 1 || tables[0].Paytable != HighCardID || tables[0].Player == nil {
		t.Fatalf("%+v", tables)
	}
	d := &demoDealer{}
	rng := rand.New(rand.NewPCG(1, 2))
	pt := NewHighCardPaytable()
	for range 20 {
		if err := tables[0].Player.Play(context.Background(), d, rng); err != nil {
			t.Fatal(err)
		}
	}
	if len(d.results) != 20 || len(d.bets) == 0 {
		t.Fatalf("%d results, %d bets", len(d.results), len(d.bets))
	}
	for _, r := range d.results {
		if _, err := pt.ParseResult(r); err != nil {
			t.Errorf("result %s: %v", r, err)
		}
	}
	for _, b := range d.bets {
		if _, err := pt.BetKind(b.Code); err != nil {
			t.Errorf("bet %s: %v", b.Code, err)
		}
	}
}
