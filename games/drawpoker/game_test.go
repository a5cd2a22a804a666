package drawpoker

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

// TestBoardRow: a row shows the dealer's hand and qualification, each
// seat's final cards with what it exchanged, its fold and its outcome.
func TestBoardRow(t *testing.T) {
	deal := mustDeal(t, `{"dealer":["QC","QD","3C","4D","8C"],"seats":[{"seat":1,"cards":["AS","2H","2D","6C","9H"],"exchange":{"discard":["9H"],"draw":["AH"]}},{"seat":2,"cards":["KS","7H","5D","6D","9D"],"fold":true}]}`)
	want := `{"dealer":{"cards":["QC","QD","3C","4D","8C"],"hand":"pair","qualifies":true},"seats":[` +
		`{"seat":1,"cards":["AS","2H","2D","6C","AH"],"dealt":["AS","2H","2D","6C","9H"],"discard":["9H"],"draw":["AH"],"hand":"two_pair","fold":false,"outcome":"player_wins"},` +
		`{"seat":2,"cards":["KS","7H","5D","6D","9D"],"hand":"high_card","fold":true,"outcome":"folded"}]}`
	got := Game{}.BoardRow(deal)
	if string(got) != want {
		t.Errorf("row\n%s\nwant\n%s", got, want)
	}
	if !json.Valid(got) {
		t.Error("the row is not JSON")
	}
}

// TestBoard_Stats counts hands, not deals: three seats over two deals.
func TestBoard_Stats(t *testing.T) {
	a := mustDeal(t, `{"dealer":["QC","QD","3C","4D","8C"],"seats":[{"seat":1,"cards":["AS","2H","2D","6C","9H"],"exchange":{"discard":["9H"],"draw":["AH"]}},{"seat":2,"cards":["KS","7H","5D","6D","9D"],"fold":true}]}`)
	b := mustDeal(t, `{"dealer":["QC","JD","3C","4D","8C"],"seats":[{"seat":1,"cards":["AS","2H","2D","6C","9H"]}]}`)
	s := Game{}.Board(catalog(t), []games.BoardEntry{{Result: a}, {Result: b}}).(BoardStats)
	if s.Rounds != 3 || s.DealerQualified.Count != 2 || s.Exchanged.Count != 1 || s.Outcomes["folded"].Count != 1 ||
		s.Outcomes["player_wins"].Count != 1 || s.Outcomes["dealer_not_qualified"].Count != 1 || s.PlayerHands["pair"].Count != 1 {
		t.Errorf("stats %+v", s)
	}
	if !s.Exchanged.Percent.Equal(decimal.RequireFromString("33.33")) {
		t.Errorf("exchanged %s%%", s.Exchanged.Percent)
	}
}

// fakeDealer records what a demo player does at the table and checks each
// bet with the paytable, as the ledger would.
type fakeDealer struct {
	t      *testing.T
	pt     *Paytable
	open   []games.Bet
	record []byte
}

func (f *fakeDealer) Paytable() games.Paytable             { return f.pt }
func (f *fakeDealer) Players() []string                    { return []string{"a", "b", "c", "d", "e", "f", "g"} }
func (f *fakeDealer) OpenRound(context.Context) error      { f.open, f.record = nil, nil; return nil }
func (f *fakeDealer) CloseBetting(context.Context) error   { return nil }
func (f *fakeDealer) Cancel(context.Context, string) error { return nil }
func (f *fakeDealer) Place(_ context.Context, _ string, bets []games.DemoBet) (bool, error) {
	for _, b := range bets {
		gb := games.Bet{Code: b.Code, Stake: b.Stake}
		if err := f.pt.CheckPlacement(gb, nil, f.open); err != nil {
			f.t.Fatalf("%s: %v", b.Code, err)
		}
		f.open = append(f.open, gb)
	}
	return true, nil
}
func (f *fakeDealer) Record(_ context.Context, r json.RawMessage) error { f.record = r; return nil }

// The rest of games.DemoDealer is not used by a Draw Poker table.
func (f *fakeDealer) Round(context.Context) (games.DemoRound, bool, error) {
	return games.DemoRound{}, false, nil
}
func (f *fakeDealer) TakeDown(context.Context, string, string) error { return nil }
func (f *fakeDealer) Reshake(context.Context, string) error          { return nil }
func (f *fakeDealer) EnsureShoe(context.Context, int) error          { return nil }
func (f *fakeDealer) StartShoe(context.Context, int) error           { return nil }
func (f *fakeDealer) Bank(context.Context) (string, decimal.Decimal, map[string]decimal.Decimal, error) {
	return "", decimal.Zero, nil, nil
}
func (f *fakeDealer) TakeBank(context.Context, string, decimal.Decimal) error { return nil }
func (f *fakeDealer) ReleaseBank(context.Context) error                       { return nil }
func (f *fakeDealer) Session(context.Context) (string, int, int64, error)     { return "", 0, 0, nil }
func (f *fakeDealer) OpenSession(context.Context, string, json.RawMessage) error {
	return nil
}
func (f *fakeDealer) CloseSession(context.Context, string, string) error { return nil }

// TestDemo_PlaysSettleableDeals: every deal the demo player records at a
// full table parses, passes the decision check against the bets placed,
// and settles with the example pool; over the deals some seats exchange,
// some fold and some stand pat.
func TestDemo_PlaysSettleableDeals(t *testing.T) {
	pt := catalog(t)
	tables := Game{}.DemoTables()
	if len(tables) != 1 || tables[0].Paytable != pt.ID() || tables[0].Pool == nil {
		t.Fatalf("demo tables %+v", tables)
	}
	f := &fakeDealer{t: t, pt: pt}
	rng := rand.New(rand.NewPCG(7, 7))
	exchanged, folded, pat := 0, 0, 0
	for range 200 {
		if err := tables[0].Player.Play(context.Background(), f, rng); err != nil {
			t.Fatal(err)
		}
		deal, err := pt.ParseDeal(f.record)
		if err != nil {
			t.Fatalf("%s: %v", f.record, err)
		}
		if err := pt.CheckDecision(deal, nil, f.open); err != nil {
			t.Fatalf("%s: %v", f.record, err)
		}
		if _, err := pt.SettleRound(f.open, 2, []games.Result{deal}, poolFunds(t)); err != nil {
			t.Fatalf("%s: %v", f.record, err)
		}
		for _, s := range deal.Seats {
			switch {
			case s.Fold:
				folded++
			case s.Exchange.Exchanged():
				exchanged++
			default:
				pat++
			}
		}
	}
	if exchanged == 0 || folded == 0 || pat == 0 {
		t.Errorf("%d exchanged, %d folded, %d stood pat", exchanged, folded, pat)
	}
	if !strings.Contains(string(Game{}.BoardModule()), `data-panel="drawpoker-latest"`) || len(Game{}.BoardStyle()) == 0 {
		t.Error("no board module or style")
	}
}
