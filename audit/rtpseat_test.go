package audit_test

import (
	"bytes"
	"context"
	"encoding/json"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/internal/ledgertest"
	"github.com/wagerlog/wagerlog/ledger"
)

// TestRegulator_SeatBetsTheoreticalRTP reports a Caribbean poker table
// whose bets are a seat's ("ante:1", "call:3"): the paytable lists the
// RTP of the kinds ("ante", "call"), and the regulator report gives every
// seat's bet its kind's exact theoretical RTP, per kind, per game row and
// in the HTML page.
func TestRegulator_SeatBetsTheoreticalRTP(t *testing.T) {
	cat := registry.New()
	h := ledgertest.NewWith(t, cat)
	h.Deposit("ann", "100")
	h.Deposit("bob", "100")
	h.OpenGameTable("c1", "poker/caribbean")
	round := h.OpenRound("c1")
	h.Bet("c1", round, "ann", ledgertest.BetOf("ante:1", "10"), ledgertest.BetOf("call:1", "20"))
	h.Bet("c1", round, "bob", ledgertest.BetOf("ante:3", "5"), ledgertest.BetOf("call:3", "10"))
	h.CloseBetting("c1", round)
	h.Must(&ledger.RecordResult{Meta: ledger.Meta{Actor: ledgertest.Dealer}, Table: "c1", Round: round, Result: json.RawMessage(
		`{"dealer":["AH","KD","5C","7S","9H"],"seats":[{"seat":1,"cards":["2H","2D","2C","2S","9D"]},{"seat":3,"cards":["3H","4D","8C","JS","QD"]}]}`)})

	pt, err := cat.Paytable("poker/caribbean")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]*big.Rat{}
	for _, b := range pt.RTP() {
		want[b.Kind] = b.RTP
	}
	if want["ante"] == nil || want["call"] == nil {
		t.Fatalf("the paytable lists %v", want)
	}
	p, err := audit.ParsePeriod("day:2026-11-01", time.UTC)
	if err != nil {
		t.Fatal(err)
	}
	reg, err := audit.Regulator(context.Background(), h.Stream, p, audit.Options{Games: cat, SubjectPrefix: jetstream.DefaultSubjectPrefix})
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]audit.KindRTP{}
	for _, k := range reg.RTPByKind {
		kinds[k.Kind] = k
	}
	for kind, bets := range map[string]int{"ante": 2, "call": 2} {
		k := kinds[kind]
		if k.Bets != bets || k.TheoreticalRTP == nil || k.TheoreticalRTP.Exact != want[kind].RatString() {
			t.Fatalf("kind %s: %d bets, theoretical RTP %+v, want %s", kind, k.Bets, k.TheoreticalRTP, want[kind].RatString())
		}
	}
	// The game row weighs the kinds by stake: (15 ante · RTP(ante) + 30
	// call · RTP(call)) / 45.
	game := new(big.Rat).Add(new(big.Rat).Mul(big.NewRat(15, 1), want["ante"]), new(big.Rat).Mul(big.NewRat(30, 1), want["call"]))
	game.Quo(game, big.NewRat(45, 1))
	if len(reg.Games) != 1 || reg.Games[0].TheoreticalRTP == nil || reg.Games[0].TheoreticalRTP.Exact != game.RatString() {
		t.Fatalf("game rows %+v, want the theoretical RTP %s", reg.Games, game.RatString())
	}
	var page bytes.Buffer
	if err := reg.WriteHTML(&page); err != nil {
		t.Fatal(err)
	}
	ante := kinds["ante"].TheoreticalRTP.Percent.StringFixed(2)
	row := htmlRow(section(page.String(), "Return to player by bet kind"), "poker poker/caribbean", "c1 (EUR)", "ante")
	if len(row) < 9 || !strings.Contains(row[8], ante) {
		t.Fatalf("the HTML row of the ante: %q, want the theoretical RTP %s%%", row, ante)
	}
	t.Logf("ante theoretical RTP %s%% (%s), call %s%%, game row %s%%", kinds["ante"].TheoreticalRTP.Percent, want["ante"].RatString(),
		kinds["call"].TheoreticalRTP.Percent, reg.Games[0].TheoreticalRTP.Percent)
}
