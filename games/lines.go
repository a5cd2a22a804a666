package games

import (
	"encoding/json"
	"strings"
)

// LineRequest is one request line of `wagerlog settle --jsonl`, the
// auditors' payout calculator, with the run's defaults.
type LineRequest struct {
	// Line is the request, one JSON object, without its line ending.
	Line []byte
	// Paytable and Scale are the run's defaults (--paytable, --scale) for
	// a line that gives none.
	Paytable string
	Scale    int32
	// Number is the line's number in the run, from 1; the answer repeats
	// it.
	Number int
	// Catalog is the build's catalog, for a line whose game looks up a
	// paytable among every game's.
	Catalog *Catalog
}

// LineSettler answers request lines of `wagerlog settle --jsonl`: a Game
// implements it for the lines that name its paytables, the catalog's
// default (WithLines) for the lines of a game without it and the lines
// that name no known game. Each answer is the auditors' contract: its
// bytes change only with a new line format.
type LineSettler interface {
	// SettleLine answers one request line with one JSON object, without a
	// line ending. It never fails: a bad line gets an answer whose
	// outcome is "error", with a stable code.
	SettleLine(req LineRequest) []byte
	// LineBytesMax bounds the game's request lines: a longer one is
	// answered with the code line_too_long, unread.
	LineBytesMax() int
}

// PoolLineSettler is implemented by a PoolParser whose pools' passes have
// a settle line of their own: a line with "pool" and no "paytable".
type PoolLineSettler interface {
	// SettlePoolLine answers one pass line, as LineSettler.SettleLine.
	SettlePoolLine(req LineRequest) []byte
}

// LineBytesDefault bounds a settle line of a game that gives no bound of
// its own; a valid request is about 100 bytes.
const LineBytesDefault = 4096

// WithLines sets the catalog's default settle line: the answer to a line
// whose game has no LineSettler, or that names no game of the catalog.
func (c *Catalog) WithLines(def LineSettler) *Catalog {
	c.lines = def
	return c
}

// lineSettler returns the settler of a request line: the game of the
// paytable it names (or of the default paytable), the pool parser for a
// pass of a pool (a line with "pool" and no "paytable"), else the
// catalog's default, which then says what is wrong with the line. It
// returns nil when the catalog has no default and the line's game no
// settler of its own.
func (c *Catalog) lineSettler(line []byte, defPaytable string) (game LineSettler, pool PoolLineSettler) {
	var head struct {
		Paytable string          `json:"paytable"`
		Pool     json.RawMessage `json:"pool"`
	}
	_ = json.Unmarshal(line, &head)
	id := head.Paytable
	if id == "" && head.Pool != nil {
		if p, ok := c.pools.(PoolLineSettler); ok {
			return nil, p
		}
	}
	if id == "" {
		id = defPaytable
	}
	name, _, _ := strings.Cut(id, "/")
	if g, ok := c.byGam[name].(LineSettler); ok {
		return g, nil
	}
	return c.lines, nil
}

// LineBytesMax bounds a request line read before its game is known: the
// largest bound of any game of the catalog.
func (c *Catalog) LineBytesMax() int {
	most := LineBytesDefault
	if c.lines != nil {
		most = max(most, c.lines.LineBytesMax())
	}
	for _, g := range c.games {
		if s, ok := g.(LineSettler); ok {
			most = max(most, s.LineBytesMax())
		}
	}
	return most
}

// LineBytesMaxOf bounds the request line, by the game it names (or of the
// default paytable).
func (c *Catalog) LineBytesMaxOf(line []byte, defPaytable string) int {
	if g, _ := c.lineSettler(line, defPaytable); g != nil {
		return g.LineBytesMax()
	}
	return LineBytesDefault
}

// SettleLine answers one request line with the settler of its game (see
// LineSettler). A line no settler answers, in a catalog without a
// default, gets an error answer with code invalid_request.
func (c *Catalog) SettleLine(req LineRequest) []byte {
	if req.Catalog == nil {
		req.Catalog = c
	}
	g, pool := c.lineSettler(req.Line, req.Paytable)
	switch {
	case pool != nil:
		return pool.SettlePoolLine(req)
	case g != nil:
		return g.SettleLine(req)
	}
	b, _ := json.Marshal(struct {
		Outcome string `json:"outcome"`
		Code    string `json:"code"`
		Message string `json:"message"`
		Line    int    `json:"line,omitempty"`
	}{"error", "invalid_request", "invalid request: no settle line for this game", req.Number})
	return b
}
