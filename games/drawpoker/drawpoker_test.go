package drawpoker

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/poker"
	"github.com/wagerlog/wagerlog/internal/testsize"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func d(s string) decimal.Decimal { return decimal.RequireFromString(s) }

func catalog(t testing.TB) *Paytable {
	t.Helper()
	p, err := Lookup(IDExchangeOne)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mustDeal(t testing.TB, raw string) Deal {
	t.Helper()
	r, err := catalog(t).ParseDeal([]byte(raw))
	if err != nil {
		t.Fatalf("%s: %v", raw, err)
	}
	return r
}

// golden compares got with testdata/name, rewritten with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("%s:\n%s\nwant\n%s", name, got, want)
	}
}

// TestPaytable_Hash pins the catalog paytable's canonical bytes and hash:
// a change of the data must come with a new version.
func TestPaytable_Hash(t *testing.T) {
	pt := catalog(t)
	golden(t, "drawpoker-exchange-one.canonical.json", append(pt.CanonicalJSON(), '\n'))
	if want := "35f5cb7c2d7038c74f36c950e471a55317c582834a33f357aa1309710f741e05"; pt.Hash() != want {
		t.Errorf("hash %s, pinned %s", pt.Hash(), want)
	}
	if games.ContentHash(pt.CanonicalJSON()) != pt.Hash() {
		t.Errorf("the hash is not the canonical JSON's")
	}
}

func TestNew_Err(t *testing.T) {
	tests := map[string]func(d *Data){
		"id":        func(d *Data) { d.ID = "poker/draw" },
		"game":      func(d *Data) { d.Game = "poker" },
		"version":   func(d *Data) { d.Version = 0 },
		"source":    func(d *Data) { d.Source = " " },
		"multiple":  func(d *Data) { d.CallMultiple = 0 },
		"fee":       func(d *Data) { d.ExchangeFee = 0 },
		"exchange":  func(d *Data) { d.ExchangeMax = 5 },
		"qualifier": func(d *Data) { d.DealerQualifies = "pair_of_eights" },
		"ante odds": func(d *Data) { d.Ante = poker.Odds{Win: 1, Per: 3} },
		"missing":   func(d *Data) { d.Call = d.Call[1:] },
		"duplicate": func(d *Data) { d.Call[1].Hand = d.Call[0].Hand },
		"name":      func(d *Data) { d.Call[0].Name = "" },
	}
	for name, mutate := range tests {
		data := exchangeOne()
		mutate(&data)
		if _, err := New(data); !errors.Is(err, ErrBadPaytable) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestPaytable_RTP: standing pat, the deals are Caribbean poker's, so the
// whole hand returns what docs/games/poker.md gives for Caribbean's
// pair-or-better strategy, 94.5304% of the ante, and the figures are the
// Caribbean paytable's (the same lines).
func TestPaytable_RTP(t *testing.T) {
	pt := catalog(t)
	rtp := pt.RTP()
	if len(rtp) != 2 || rtp[0].Code != BetAnte || rtp[1].Code != BetCall {
		t.Fatalf("RTP lists %+v", rtp)
	}
	if got := rtp[0].RTP.FloatString(6); got != "0.945304" {
		t.Errorf("ante RTP %s, want 0.945304", got)
	}
	car, err := poker.Lookup(poker.IDCaribbean)
	if err != nil {
		t.Fatal(err)
	}
	for i, b := range car.RTP() {
		if b.RTP.Cmp(rtp[i].RTP) != 0 {
			t.Errorf("%s: %s, Caribbean's %s", b.Code, rtp[i].RTP.FloatString(8), b.RTP.FloatString(8))
		}
	}
}

// TestStandPatCounts recomputes the stand-pat counts by enumerating every
// deal with the dealer's ace-king qualification (about 15 s, 125 MB; in
// a build with the tag slow).
func TestStandPatCounts(t *testing.T) {
	if !testsize.Full() {
		t.Skip("an enumeration of every deal: run with -tags slow")
	}
	s := poker.StrategyCounts{Strategy: StrategyStandPat}
	poker.EnumerateDeals(func(_ poker.Hand, v poker.Value, c poker.DealCounts) {
		if v.Category() >= poker.Pair {
			s.Call[v.Category()] = s.Call[v.Category()].Add(c)
		} else {
			s.Fold += c.Total()
		}
	})
	if s != StandPatCounts() {
		t.Errorf("counts %+v, pinned %+v", s, StandPatCounts())
	}
	if s.Deals() != int64(poker.PlayerHands)*poker.DealerHands {
		t.Errorf("%d deals", s.Deals())
	}
}

// TestSettle_EveryCategory: a winning call pays its category's line of
// the published table (written out here, not read from the paytable) and
// the ante 1:1, whatever card was bought; every category is reached.
func TestSettle_EveryCategory(t *testing.T) {
	pt := catalog(t)
	dealer := `["QC","QD","3C","4D","8C"]` // a pair of queens: qualifies
	tests := []struct {
		seat    string // the seat's cards and exchange, beating the dealer
		callWin string // a call of 10 wins
	}{
		{`"cards":["AH","KH","QH","JH","2S"],"exchange":{"discard":["2S"],"draw":["TH"]}`, "1000.00"}, // royal flush 100:1
		{`"cards":["9S","TS","JS","KS","QS"]`, "500.00"},                                              // straight flush 50:1
		{`"cards":["7S","7H","7D","7C","2H"]`, "200.00"},                                              // four of a kind 20:1
		{`"cards":["6S","6H","6D","2C","2H"]`, "70.00"},                                               // full house 7:1
		{`"cards":["2S","5S","9S","JS","KS"]`, "50.00"},                                               // flush 5:1
		{`"cards":["5H","6S","7D","8H","9C"]`, "40.00"},                                               // straight 4:1
		{`"cards":["KS","KH","KD","2C","5H"]`, "30.00"},                                               // three of a kind 3:1
		{`"cards":["AS","AH","5D","5C","9H"]`, "20.00"},                                               // two pair 2:1
		{`"cards":["AS","AH","5D","6C","9H"]`, "10.00"},                                               // a pair (aces over queens) 1:1
	}
	seen := map[poker.Category]bool{}
	for _, tc := range tests {
		deal := mustDeal(t, `{"dealer":`+dealer+`,"seats":[{"seat":1,`+tc.seat+`}]}`)
		s := deal.Seats[0]
		seen[poker.Eval(s.Hand()).Category()] = true
		call, err := pt.Settle(games.Bet{Code: "call:1", Stake: d("10")}, 2, []games.Result{deal})
		if err != nil || call.Outcome != games.OutcomeWon || call.Win.StringFixed(2) != tc.callWin || !call.Returned.Equal(d(tc.callWin).Add(d("10"))) {
			t.Errorf("%s: call %+v %v, want win %s", tc.seat, call, err, tc.callWin)
		}
		ante, err := pt.Settle(games.Bet{Code: "ante:1", Stake: d("5")}, 2, []games.Result{deal})
		if err != nil || ante.Outcome != games.OutcomeWon || !ante.Win.Equal(d("5")) {
			t.Errorf("%s: ante %+v %v", tc.seat, ante, err)
		}
	}
	// A high card beats a qualifying ace-king dealer: the call pays 1:1.
	deal := mustDeal(t, `{"dealer":["AC","KD","3C","4D","2C"],"seats":[{"seat":1,"cards":["AS","KH","5D","6C","9H"]}]}`)
	seen[poker.Eval(deal.Seats[0].Hand()).Category()] = true
	if call, err := pt.Settle(games.Bet{Code: "call", Stake: d("10")}, 2, []games.Result{deal}); err != nil || !call.Win.Equal(d("10")) {
		t.Errorf("ace-king high against ace-king: %+v %v", call, err)
	}
	if len(seen) != poker.CategoriesCount {
		t.Errorf("%d categories reached", len(seen))
	}
}

// TestSettle_Outcomes: a fold, a dealer who does not qualify, a tie and
// a loss, the exchange always lost, and the exchange deciding the hand.
func TestSettle_Outcomes(t *testing.T) {
	pt := catalog(t)
	tests := []struct {
		name, deal, bet string
		outcome         games.Outcome
		returned        string
	}{
		{"fold loses the ante", `{"dealer":["QC","QD","3C","4D","8C"],"seats":[{"seat":1,"cards":["AS","KH","5D","6C","9H"],"fold":true}]}`, "ante", games.OutcomeLost, "0"},
		{"not qualified: ante 1:1", `{"dealer":["QC","JD","3C","4D","8C"],"seats":[{"seat":1,"cards":["2S","7H","5D","6C","9H"]}]}`, "ante", games.OutcomeWon, "20"},
		{"not qualified: call returned", `{"dealer":["QC","JD","3C","4D","8C"],"seats":[{"seat":1,"cards":["2S","7H","5D","6C","9H"]}]}`, "call", games.OutcomePush, "10"},
		{"tie returns the call", `{"dealer":["AC","KD","3C","4D","2C"],"seats":[{"seat":1,"cards":["AS","KH","3D","4C","2H"]}]}`, "call", games.OutcomePush, "10"},
		{"dealer wins", `{"dealer":["QC","QD","3C","4D","8C"],"seats":[{"seat":1,"cards":["AS","AH","2D","6C","9H"],"exchange":{"discard":["AH"],"draw":["KH"]}}]}`, "call", games.OutcomeLost, "0"},
		{"the exchange makes the hand", `{"dealer":["QC","QD","3C","4D","8C"],"seats":[{"seat":1,"cards":["AS","2H","2D","6C","9H"],"exchange":{"discard":["9H"],"draw":["AH"]}}]}`, "call", games.OutcomeWon, "30"},
		{"the exchange is paid", `{"dealer":["QC","QD","3C","4D","8C"],"seats":[{"seat":1,"cards":["AS","2H","2D","6C","9H"],"exchange":{"discard":["9H"],"draw":["AH"]}}]}`, "exchange", games.OutcomeLost, "0"},
	}
	for _, tc := range tests {
		stake := d("10")
		st, err := pt.Settle(games.Bet{Code: tc.bet + ":1", Stake: stake}, 2, []games.Result{mustDeal(t, tc.deal)})
		if err != nil || st.Outcome != tc.outcome || !st.Returned.Equal(d(tc.returned)) || st.Rule == "" {
			t.Errorf("%s: %+v %v, want %s returning %s", tc.name, st, err, tc.outcome, tc.returned)
		}
	}
	folded := mustDeal(t, tests[0].deal)
	if _, err := pt.Settle(games.Bet{Code: "call:1", Stake: d("10")}, 2, []games.Result{folded}); poker.BrokenRule(err) != poker.RuleFoldedCall {
		t.Errorf("a call on a fold: %v", err)
	}
	if _, err := pt.Settle(games.Bet{Code: "exchange:1", Stake: d("10")}, 2, []games.Result{folded}); BrokenRule(err) != RuleExchangeUnpaid {
		t.Errorf("an exchange the deal does not record: %v", err)
	}
}

// BrokenRule is poker.BrokenRule, for the tests' brevity.
func BrokenRule(err error) string { return poker.BrokenRule(err) }

// TestParseDeal_Err: each rule a deal can break, by its stable name.
func TestParseDeal_Err(t *testing.T) {
	pt := catalog(t)
	dealer := `"dealer":["QC","QD","3C","4D","8C"]`
	tests := map[string]string{
		`{` + dealer + `,"seats":[]}`: poker.RuleResultShape,
		`{` + dealer + `,"seats":[{"seat":8,"cards":["AS","KH","5D","6C","9H"]}]}`:                                                       poker.RuleResultShape,
		`{` + dealer + `,"seats":[{"seat":1,"cards":["AS","KH","5D","6C","9H"]},{"seat":1,"cards":["2S","2H","5C","6D","9D"]}]}`:         poker.RuleResultShape,
		`{` + dealer + `,"seats":[{"seat":1,"cards":["AS","KH","5D","6C","QC"]}]}`:                                                       poker.RuleDuplicateCard,
		`{` + dealer + `,"seats":[{"seat":1,"cards":["AS","KH","5D","6C","9H"],"exchange":{"discard":["5D","6C"],"draw":["2S","2H"]}}]}`: RuleExchangeSize,
		`{` + dealer + `,"seats":[{"seat":1,"cards":["AS","KH","5D","6C","9H"],"exchange":{"discard":["5D"],"draw":[]}}]}`:               RuleExchangeSize,
		`{` + dealer + `,"seats":[{"seat":1,"cards":["AS","KH","5D","6C","9H"],"exchange":{"discard":[],"draw":[]}}]}`:                   RuleExchangeSize,
		`{` + dealer + `,"seats":[{"seat":1,"cards":["AS","KH","5D","6C","9H"],"exchange":{"discard":["2S"],"draw":["2H"]}}]}`:           RuleExchangeNotHeld,
		`{` + dealer + `,"seats":[{"seat":1,"cards":["AS","KH","5D","6C","9H"],"exchange":{"discard":["5D"],"draw":["QD"]}}]}`:           poker.RuleDuplicateCard,
		`{` + dealer + `,"seats":[{"seat":1,"cards":["AS","KH","5D","6C","9H"],"exchange":{"discard":["5D"],"draw":["5D"]}}]}`:           poker.RuleDuplicateCard,
		// A card drawn by seat 1 that seat 2 was dealt: one deck.
		`{` + dealer + `,"seats":[{"seat":1,"cards":["AS","KH","5D","6C","9H"],"exchange":{"discard":["5D"],"draw":["2S"]}},{"seat":2,"cards":["2S","2H","5C","6D","9D"]}]}`: poker.RuleDuplicateCard,
		`{` + dealer + `,"seats":[{"seat":1,"cards":["AS","KH","5D","6C","1H"]}]}`:                                                                                           poker.RuleCardSpelling,
		`{` + dealer + `,"seats":[{"seat":1,"cards":["AS","KH","5D","6C"]}]}`:                                                                                                poker.RuleHandSize,
		`{` + dealer + `,"seats":[{"seat":1,"cards":["AS","KH","5D","6C","9H"],"surrender":true}]}`:                                                                          poker.RuleResultShape,
		`{"player":["AS","KH","5D","6C","9H"],` + dealer + `}`:                                                                                                               poker.RuleResultShape,
	}
	for raw, rule := range tests {
		_, err := pt.ParseResult([]byte(raw))
		if BrokenRule(err) != rule || games.ErrorCode(err) != "invalid_result" {
			t.Errorf("%s: %v (rule %q), want %s", raw, err, BrokenRule(err), rule)
		}
	}
}

// TestDeal_JSON: a deal reads back equal from its JSON, Equal ignores
// the order of the cards and of the exchange, and tells the decisions
// apart.
func TestDeal_JSON(t *testing.T) {
	pt := catalog(t)
	raw := `{"dealer":["QC","QD","3C","4D","8C"],"seats":[{"seat":3,"cards":["2S","2H","5C","6D","9D"],"fold":true},{"seat":1,"cards":["AS","KH","5D","6C","9H"],"exchange":{"discard":["5D"],"draw":["AH"]}}]}`
	deal := mustDeal(t, raw)
	want := `{"dealer":["QC","QD","3C","4D","8C"],"seats":[{"seat":1,"cards":["AS","KH","5D","6C","9H"],"exchange":{"discard":["5D"],"draw":["AH"]}},{"seat":3,"cards":["2S","2H","5C","6D","9D"],"fold":true}]}`
	if string(deal.JSON()) != want {
		t.Fatalf("JSON %s", deal.JSON())
	}
	again, err := pt.ParseResult(deal.JSON())
	if err != nil || !again.Equal(deal) || string(again.JSON()) != want {
		t.Errorf("read back %v %v", again, err)
	}
	shuffled := mustDeal(t, `{"dealer":["8C","QD","3C","4D","QC"],"seats":[{"seat":1,"cards":["KH","AS","6C","5D","9H"],"exchange":{"discard":["5D"],"draw":["AH"]}},{"seat":3,"cards":["2S","2H","5C","6D","9D"],"fold":true}]}`)
	if !shuffled.Equal(deal) {
		t.Error("the order of the cards changes the deal")
	}
	other := mustDeal(t, `{"dealer":["QC","QD","3C","4D","8C"],"seats":[{"seat":1,"cards":["AS","KH","5D","6C","9H"],"exchange":{"discard":["5D"],"draw":["AD"]}},{"seat":3,"cards":["2S","2H","5C","6D","9D"],"fold":true}]}`)
	pat := mustDeal(t, `{"dealer":["QC","QD","3C","4D","8C"],"seats":[{"seat":1,"cards":["AS","KH","5D","6C","9H"]},{"seat":3,"cards":["2S","2H","5C","6D","9D"],"fold":true}]}`)
	if other.Equal(deal) || pat.Equal(deal) || deal.Equal(pat) {
		t.Error("another exchange, or none, is the same deal")
	}
	if s := deal.String(); !strings.Contains(s, "seat 1 AS KH 5D 6C 9H exchanges 5D for AH (pair") || !strings.Contains(s, "seat 3") || !strings.Contains(s, "folded") {
		t.Errorf("String %q", s)
	}
}

// TestCheckPlacement: the ante first; the exchange (one ante) before the
// call (two antes); one of each per seat.
func TestCheckPlacement(t *testing.T) {
	pt := catalog(t)
	ante := games.Bet{Code: "ante:2", Stake: d("5")}
	exchange := games.Bet{Code: "exchange:2", Stake: d("5")}
	call := games.Bet{Code: "call:2", Stake: d("10")}
	ok := []struct {
		b    games.Bet
		open []games.Bet
	}{
		{ante, nil},
		{exchange, []games.Bet{ante}},
		{call, []games.Bet{ante, exchange}},
		{games.Bet{Code: "progressive:2", Stake: d("1")}, []games.Bet{ante}},
		{games.Bet{Code: "exchange:3", Stake: d("5")}, []games.Bet{ante, call, {Code: "ante:3", Stake: d("5")}}},
	}
	for _, tc := range ok {
		if err := pt.CheckPlacement(tc.b, nil, tc.open); err != nil {
			t.Errorf("%s beside %v: %v", tc.b.Code, tc.open, err)
		}
	}
	refused := []struct {
		b    games.Bet
		open []games.Bet
	}{
		{exchange, nil},
		{games.Bet{Code: "exchange:2", Stake: d("10")}, []games.Bet{ante}},
		{exchange, []games.Bet{ante, call}},
		{exchange, []games.Bet{ante, exchange}},
		{games.Bet{Code: "call:2", Stake: d("5")}, []games.Bet{ante}},
		{games.Bet{Code: "progressive:2", Stake: d("1")}, nil},
		{games.Bet{Code: "ante:2", Stake: d("5"), Working: true}, nil},
	}
	for _, tc := range refused {
		if err := pt.CheckPlacement(tc.b, nil, tc.open); games.ErrorCode(err) != "bet_refused" {
			t.Errorf("%s beside %v: %v, want bet_refused", tc.b.Code, tc.open, err)
		}
	}
	deal := mustDeal(t, `{"dealer":["QC","QD","3C","4D","8C"],"seats":[{"seat":2,"cards":["AS","KH","5D","6C","9H"]}]}`)
	if err := pt.CheckPlacement(ante, []games.Result{deal}, nil); games.ErrorCode(err) != "bet_refused" {
		t.Errorf("an ante after the deal: %v", err)
	}
	for _, code := range []string{"exchange:0", "exchange:8", "swap:1", "progressive", "exchange:x"} {
		if _, err := pt.BetKind(code); games.ErrorCode(err) != "invalid_bet_code" {
			t.Errorf("%s: %v", code, err)
		}
	}
	if k, err := pt.BetKind("exchange"); err != nil || k != BetExchange {
		t.Errorf("exchange alone: %q %v", k, err)
	}
}

// TestCheckDecision: the deal records an exchange exactly for the seats
// that paid for one, and no fold for a seat that called.
func TestCheckDecision(t *testing.T) {
	pt := catalog(t)
	exchanged := mustDeal(t, `{"dealer":["QC","QD","3C","4D","8C"],"seats":[{"seat":1,"cards":["AS","KH","5D","6C","9H"],"exchange":{"discard":["5D"],"draw":["AH"]}}]}`)
	pat := mustDeal(t, `{"dealer":["QC","QD","3C","4D","8C"],"seats":[{"seat":1,"cards":["AS","KH","5D","6C","9H"]}]}`)
	folded := mustDeal(t, `{"dealer":["QC","QD","3C","4D","8C"],"seats":[{"seat":1,"cards":["AS","KH","5D","6C","9H"],"fold":true}]}`)
	ante, exch, call := games.Bet{Code: "ante:1", Stake: d("5")}, games.Bet{Code: "exchange:1", Stake: d("5")}, games.Bet{Code: "call:1", Stake: d("10")}
	tests := []struct {
		deal Deal
		bets []games.Bet
		rule string
	}{
		{exchanged, []games.Bet{ante, exch, call}, ""},
		{pat, []games.Bet{ante, call}, ""},
		{folded, []games.Bet{ante}, ""},
		{exchanged, []games.Bet{ante, call}, RuleExchangeUnpaid},
		{pat, []games.Bet{ante, exch, call}, RuleExchangeUnpaid},
		{folded, []games.Bet{ante, call}, poker.RuleFoldedCall},
	}
	for i, tc := range tests {
		err := pt.CheckDecision(tc.deal, nil, tc.bets)
		if BrokenRule(err) != tc.rule || (tc.rule == "") != (err == nil) {
			t.Errorf("%d: %v, want rule %q", i, err, tc.rule)
		}
	}
}
