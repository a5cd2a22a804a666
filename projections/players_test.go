package projections

import (
	"errors"
	"strings"
	"testing"
)

// TestStore_Players pages through the players with a wallet: each once, by
// id, with the balance of every currency; a bad cursor is ErrBadCursor.
func TestStore_Players(t *testing.T) {
	h := newHarness(t)
	s := openProj(t, "", Options{})
	runProjector(t, s, h.Stream)
	for _, p := range []string{"p2", "p10", "p1", "ana", "p1-x"} {
		h.Deposit(p, "3")
	}
	waitFor(t, s, h.LastSeq())

	var ids []string
	cursor := ""
	for pages := 0; ; pages++ {
		if pages > 5 {
			t.Fatal("no last page")
		}
		pg, err := s.Players(Page{Limit: 2, Cursor: cursor})
		if err != nil {
			t.Fatal(err)
		}
		if len(pg.Players) > 2 || pg.Seq != h.LastSeq() {
			t.Fatalf("page %+v", pg)
		}
		for _, p := range pg.Players {
			if len(p.Balances) != 1 || p.Balances[0].Currency != "EUR" || !p.Balances[0].Balance.Equal(dec("3")) {
				t.Errorf("player %+v", p)
			}
			ids = append(ids, p.Player)
		}
		if pg.Next == "" {
			break
		}
		cursor = pg.Next
	}
	if got := strings.Join(ids, ","); got != "ana,p1,p1-x,p10,p2" {
		t.Fatalf("players %s", got)
	}
	if _, err := s.Players(Page{Cursor: "!!"}); !errors.Is(err, ErrBadCursor) {
		t.Fatalf("bad cursor: %v", err)
	}
}
