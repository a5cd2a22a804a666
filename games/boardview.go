package games

// BoardViewer is implemented by a Game whose board the dashboard draws
// with a renderer the game ships: an ES module embedded in the game's
// package, which the dashboard serves at boards/<game>.js and loads by
// the game the table's terms name (GET /v1/tables' "game"), never by the
// shape of the statistics. docs/DASHBOARD.md ("Board modules") gives the
// module's contract: markup (its panels, each with a data-panel), classes,
// render(board, prev, host) and an optional resize(board).
type BoardViewer interface {
	// BoardModule returns the module's source.
	BoardModule() []byte
}

// BoardStyler is implemented by a BoardViewer whose board has styles of
// its own (the grid of its panels, the colours of its results): a
// stylesheet embedded beside its module, which the dashboard serves at
// boards/<game>.css and links while the module is mounted. The
// dashboard's own stylesheet holds only the components every board
// shares, so it names no game.
type BoardStyler interface {
	// BoardStyle returns the stylesheet's source.
	BoardStyle() []byte
}
