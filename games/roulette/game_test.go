package roulette

import (
	"errors"
	"testing"

	"github.com/wagerlog/wagerlog/games"
)

// The seam's interfaces, checked at compile time.
var (
	_ games.Game       = Game{}
	_ games.Paytable   = (*Paytable)(nil)
	_ games.Result     = Pocket(0)
	_ games.BoardStats = BoardStats{}
)

// TestGame_Catalog puts roulette in a catalog as games/registry does and
// resolves its paytables by id and hash.
func TestGame_Catalog(t *testing.T) {
	c := games.NewCatalog(Game{})
	if got := c.IDs(); len(got) != 3 || got[0] != IDAmerican || got[1] != IDFrench || got[2] != IDFrenchLaPartage {
		t.Fatalf("ids %v", got)
	}
	if g, ok := c.Game("roulette"); !ok || g.Name() != "roulette" {
		t.Fatalf("game %v", g)
	}
	for _, p := range (Game{}).Paytables() {
		if p.Game() != "roulette" {
			t.Errorf("%s: game %s", p.ID(), p.Game())
		}
		got, err := c.Resolve(p.ID(), p.Hash())
		if err != nil || got.Hash() != p.Hash() {
			t.Errorf("Resolve(%s) = %v, %v", p.ID(), got, err)
		}
		if _, err := c.Resolve(p.ID(), "00"); !errors.Is(err, games.ErrPaytableChanged) {
			t.Errorf("Resolve(%s, other hash) = %v", p.ID(), err)
		}
		if len(p.Kinds()) != 15 || len(p.RTP()) == 0 {
			t.Errorf("%s: %d kinds, %d RTPs", p.ID(), len(p.Kinds()), len(p.RTP()))
		}
	}
	// A result goes through the seam as the ledger handles it: parsed by
	// the paytable, recorded as JSON, parsed again, settled.
	p, _ := c.Paytable(IDAmerican)
	r, err := p.ParseResult([]byte(`{"pocket":"00"}`))
	if err != nil {
		t.Fatal(err)
	}
	again, err := p.ParseResult(r.JSON())
	if err != nil || !again.Equal(r) || again.String() != "00" {
		t.Fatalf("again %v, %v", again, err)
	}
	if !p.RoundOver([]games.Result{again}) {
		t.Error("round not over after a spin")
	}
}

// TestGame_BoardRow: a board row shows the pocket and its colour.
func TestGame_BoardRow(t *testing.T) {
	var g games.BoardRower = Game{}
	for p, want := range map[Pocket]string{
		DoubleZero: `{"pocket":"00","colour":"green"}`,
		17:         `{"pocket":"17","colour":"black"}`,
		Zero:       `{"pocket":"0","colour":"green"}`,
		1:          `{"pocket":"1","colour":"red"}`,
	} {
		if got := string(g.BoardRow(p)); got != want {
			t.Errorf("%s: %s, want %s", p, got, want)
		}
	}
	if g.BoardRow(nil) != nil {
		t.Error("a row for no pocket")
	}
}
