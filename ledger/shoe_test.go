package ledger_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/wagerlog/wagerlog/games/war"
	"github.com/wagerlog/wagerlog/ledger"
)

// TestLedger_ShoeCountAcrossRounds deals the ace of spades to seat 1 in
// as many War rounds as the shoe has decks (seed 004, War: a shoe of six
// decks), then: a seventh ace of spades is refused as invalid_result with
// the rule shoe_count and nothing written, in a round where the game's own
// check of the round's cards finds nothing wrong; the count survives a
// restart (checkpoint or replay); a correction that would deal it a
// seventh time is refused the same way, one within the count is taken;
// and a new shoe starts the count again.
func TestLedger_ShoeCountAcrossRounds(t *testing.T) {
	h := newHarness(t)
	h.deposit("ann", "100")
	h.openTestTable("w1", war.IDChile2010)
	h.startShoe("w1", 60)
	decks := 6
	dealerCards := []string{"2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D"}
	play := func(i int, seatCard string) string {
		t.Helper()
		d := cardsDealer{h, "w1", h.openRound("w1")}
		d.slip("ann", b("main:1", "1"))
		d.record(fmt.Sprintf(`{"card":%q,"to":"seat:1"}`, seatCard))
		d.record(fmt.Sprintf(`{"card":%q,"to":"dealer"}`, dealerCards[i]))
		h.wantStatus(d.round, ledger.RoundSettled)
		return d.round
	}
	for i := range decks {
		play(i, "AS")
	}
	h.restart()
	d := cardsDealer{h, "w1", h.openRound("w1")}
	d.slip("ann", b("main:1", "1"))
	d.refuse(`{"card":"AS","to":"seat:1"}`, ledger.RuleShoeCount)
	d.record(`{"card":"KS","to":"seat:1"}`)
	d.record(`{"card":"QD","to":"dealer"}`)
	h.wantStatus(d.round, ledger.RoundSettled)

	// The dealer's queen corrected to the ace of spades would be its
	// seventh; to the jack of diamonds it is taken.
	correct := func(card string) (ledger.Result, error) {
		return h.exec(&ledger.CorrectResult{Meta: ledger.Meta{Actor: supervisor}, Table: "w1", Round: d.round,
			Result: []byte(fmt.Sprintf(`{"card":%q,"to":"dealer"}`, card)), Reason: "misread card"})
	}
	before := h.lastSeq()
	if _, err := correct("AS"); ledger.CodeOf(err) != "invalid_result" || !strings.Contains(fmt.Sprint(err), ledger.RuleShoeCount) {
		t.Fatalf("correction to a seventh AS: %v, want invalid_result %s", err, ledger.RuleShoeCount)
	}
	if h.lastSeq() != before {
		t.Fatalf("a refused correction wrote events %d..%d", before+1, h.lastSeq())
	}
	if _, err := correct("JD"); err != nil {
		t.Fatalf("correction to JD: %v", err)
	}
	// The corrected round's cards are those in force: QD is out of the
	// count and JD in it (six more JD would be refused at the seventh).
	if got := h.table("w1").ShoeResults[d.round]; len(got) != 2 || !strings.Contains(string(got[1]), "JD") {
		t.Fatalf("the corrected round's cards in the shoe: %s", got)
	}
	// A new shoe holds six aces of spades again.
	h.startShoe("w1", 60)
	play(7, "AS")
}
