package registry_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/registry"
)

// TestNew_Catalog checks what every game of the registry promises the
// generic layers: ids under the game's name, distinct content hashes,
// bet kinds, an exact RTP for every offered bet, and the catalog's own
// look-ups.
func TestNew_Catalog(t *testing.T) {
	c := registry.New()
	if len(c.Games()) < 2 {
		t.Fatalf("%d games", len(c.Games()))
	}
	hashes := map[string]string{}
	for _, pt := range c.Paytables() {
		if !strings.HasPrefix(pt.ID(), pt.Game()+"/") {
			t.Errorf("paytable %s of game %s", pt.ID(), pt.Game())
		}
		if other, dup := hashes[pt.Hash()]; dup {
			t.Errorf("%s and %s share hash %s", pt.ID(), other, pt.Hash())
		}
		hashes[pt.Hash()] = pt.ID()
		if pt.Version() < 1 || pt.Source() == "" || len(pt.Kinds()) == 0 {
			t.Errorf("%s: version %d source %q kinds %v", pt.ID(), pt.Version(), pt.Source(), pt.Kinds())
		}
		for _, b := range pt.RTP() {
			if b.RTP == nil || b.RTP.Sign() <= 0 || b.RTP.Cmp(b.HouseEdge()) <= 0 {
				t.Errorf("%s %s: RTP %v", pt.ID(), b.Code, b.RTP)
			}
			if kind, err := pt.BetKind(b.Code); err != nil || kind != b.Kind {
				t.Errorf("%s %s: kind %q %v, RTP lists %q", pt.ID(), b.Code, kind, err, b.Kind)
			}
		}
		if got, err := c.Resolve(pt.ID(), pt.Hash()); err != nil || got != pt {
			t.Errorf("Resolve(%s) = %v, %v", pt.ID(), got, err)
		}
		if _, err := c.Resolve(pt.ID(), "0"+pt.Hash()[1:]); !errors.Is(err, games.ErrPaytableChanged) {
			t.Errorf("Resolve(%s, other hash) = %v, want ErrPaytableChanged", pt.ID(), err)
		}
		g, ok := c.Game(pt.Game())
		if !ok || g.Name() != pt.Game() {
			t.Errorf("Game(%s) = %v %v", pt.Game(), g, ok)
		}
	}
	_, err := c.Paytable("baccarat/none")
	var coded games.CodedError
	if !errors.Is(err, games.ErrUnknownPaytable) || !errors.As(err, &coded) || coded.ErrorCode() != "unknown_paytable" {
		t.Errorf("unknown paytable: %v", err)
	}
}

// TestNewCatalog_Duplicate: a game listed twice is a programming error.
func TestNewCatalog_Duplicate(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("no panic on a game listed twice")
		}
	}()
	g := registry.New().Games()[0]
	games.NewCatalog(g, g)
}

// TestNew_BaccaratPuntoBancoOnly: baccarat is offered as punto banco only,
// with its board rows; deux tableaux waits for a player-banked round
// settlement in the ledger.
func TestNew_BaccaratPuntoBancoOnly(t *testing.T) {
	c := registry.New()
	if _, err := c.Paytable("baccarat/punto-banco"); err != nil {
		t.Error(err)
	}
	if _, err := c.Paytable("baccarat/deux-tableaux-1979"); !errors.Is(err, games.ErrUnknownPaytable) {
		t.Errorf("deux tableaux: %v", err)
	}
	g, ok := c.Game("baccarat")
	if _, rower := g.(games.BoardRower); !ok || !rower {
		t.Errorf("baccarat %v, rower %v", ok, rower)
	}
}
