package games_test

import (
	"fmt"
	"testing"

	"github.com/wagerlog/wagerlog/games"
)

// lineGame is a game of no paytable and no settle line of its own;
// settlingGame has one, answering its name and what it was given.
type lineGame struct {
	name string
	max  int
}

func (g lineGame) Name() string                                              { return g.name }
func (g lineGame) Paytables() []games.Paytable                               { return nil }
func (g lineGame) Board(games.Paytable, []games.BoardEntry) games.BoardStats { return nil }

type settlingGame struct{ lineGame }

func (g settlingGame) SettleLine(r games.LineRequest) []byte {
	return fmt.Appendf(nil, `{"by":%q,"line":%d,"paytable":%q,"scale":%d}`, g.name, r.Number, r.Paytable, r.Scale)
}
func (g settlingGame) LineBytesMax() int { return g.max }

type poolLines struct{}

func (poolLines) ParsePool([]byte) (games.PoolRules, error) { return nil, nil }
func (poolLines) SettlePoolLine(r games.LineRequest) []byte {
	return fmt.Appendf(nil, `{"by":"pool","line":%d}`, r.Number)
}

func TestCatalog_SettleLine(t *testing.T) {
	def := settlingGame{lineGame{"default", 100}}
	c := games.NewCatalog(settlingGame{lineGame{"a", 20_000}}, lineGame{name: "b"}).WithLines(def).WithPools(poolLines{})
	for _, tt := range []struct {
		line, defPaytable, want string
	}{
		{`{"paytable":"a/x"}`, "", `{"by":"a","line":7,"paytable":"","scale":2}`},
		{`{"bet":"x"}`, "a/y", `{"by":"a","line":7,"paytable":"a/y","scale":2}`},
		{`{"paytable":"b/x"}`, "", `{"by":"default","line":7,"paytable":"","scale":2}`},
		{`{"paytable":"z/x"}`, "a/y", `{"by":"default","line":7,"paytable":"a/y","scale":2}`},
		{`not json`, "", `{"by":"default","line":7,"paytable":"","scale":2}`},
		{`{"pool":"jp-1"}`, "a/y", `{"by":"pool","line":7}`},
		{`{"pool":"jp-1","paytable":"a/x"}`, "", `{"by":"a","line":7,"paytable":"","scale":2}`},
	} {
		got := c.SettleLine(games.LineRequest{Line: []byte(tt.line), Paytable: tt.defPaytable, Scale: 2, Number: 7})
		if string(got) != tt.want {
			t.Errorf("%s (default %q): %s, want %s", tt.line, tt.defPaytable, got, tt.want)
		}
	}
	if got := c.LineBytesMax(); got != 20_000 {
		t.Errorf("LineBytesMax %d", got)
	}
	for line, want := range map[string]int{`{"paytable":"a/x"}`: 20_000, `{"paytable":"b/x"}`: 100, `{"pool":"p"}`: games.LineBytesDefault} {
		if got := c.LineBytesMaxOf([]byte(line), ""); got != want {
			t.Errorf("LineBytesMaxOf(%s) = %d, want %d", line, got, want)
		}
	}
	// A catalog without a default answers a line of a game without a
	// settler with an error, never nothing.
	bare := games.NewCatalog(lineGame{name: "b"})
	if got := string(bare.SettleLine(games.LineRequest{Line: []byte(`{"paytable":"b/x"}`), Number: 3})); got != `{"outcome":"error","code":"invalid_request","message":"invalid request: no settle line for this game","line":3}` {
		t.Errorf("bare catalog: %s", got)
	}
}
