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

// TestNew_Baccarat: baccarat is offered in both forms, with its board
// rows: punto banco house-banked (none of the player bank's interfaces),
// deux tableaux against a player's bank, settled a coup at a time with its
// cagnotte, dealt from a shoe, with void plays.
func TestNew_Baccarat(t *testing.T) {
	c := registry.New()
	pb, err := c.Paytable("baccarat/punto-banco")
	if err != nil {
		t.Fatal(err)
	}
	if _, banked := pb.(games.PlayerBanked); banked {
		t.Error("punto banco is player-banked")
	}
	if _, shoed := pb.(games.Shoed); shoed {
		t.Error("punto banco is dealt from a shoe the ledger tracks")
	}
	dt, err := c.Paytable("baccarat/deux-tableaux-1979")
	if err != nil {
		t.Fatal(err)
	}
	_, banked := dt.(games.PlayerBanked)
	_, together := dt.(games.RoundSettler)
	_, shoed := dt.(games.Shoed)
	_, voider := dt.(games.Voider)
	if !banked || !together || !shoed || !voider {
		t.Errorf("deux tableaux: player-banked %v, round settler %v, shoed %v, voider %v", banked, together, shoed, voider)
	}
	g, ok := c.Game("baccarat")
	if _, rower := g.(games.BoardRower); !ok || !rower {
		t.Errorf("baccarat %v, rower %v", ok, rower)
	}
}
