package projections

import (
	"errors"
	"testing"

	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/games/sicbo"
)

// TestStore_TableState reads a Sic Bo table's state: the round in progress
// with its open bets and no game state (Sic Bo carries none across
// results), nothing between rounds, and an unknown table not found. The
// craps state is read in api/craps_test.go.
func TestStore_TableState(t *testing.T) {
	h := newHarness(t)
	s := openProj(t, "", Options{Games: registry.New()})
	runProjector(t, s, h.Stream)
	h.Deposit("ana", "100")
	h.OpenTable("t1", sicbo.IDLive)
	round := h.OpenRound("t1")
	h.Bet("t1", round, "ana", bet("big", "10"), bet("odd", "5"))
	waitFor(t, s, h.LastSeq())
	st, err := s.TableState("t1")
	if err != nil {
		t.Fatal(err)
	}
	if st.Round != round || st.Number != 1 || st.RoundStatus != RoundBetting || len(st.OpenBets) != 2 || len(st.Results) != 0 || st.State != nil || st.Paytable != sicbo.IDLive {
		t.Fatalf("state in betting: %+v", st)
	}
	h.CloseBetting("t1", round)
	h.Result("t1", round, [3]int{1, 2, 3})
	waitFor(t, s, h.LastSeq())
	if st, err = s.TableState("t1"); err != nil || st.Round != "" || len(st.OpenBets) != 0 || len(st.Results) != 0 || st.State != nil {
		t.Fatalf("state between rounds: %+v %v", st, err)
	}
	if _, err := s.TableState("nope"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown table: %v", err)
	}
}
