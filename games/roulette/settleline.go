package roulette

import (
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// SettleLine answers one line of `wagerlog settle --jsonl` that names a
// paytable of the game (games.LineSettler): the result line of games/kit.
func (Game) SettleLine(req games.LineRequest) []byte { return kit.ResultLines{}.SettleLine(req) }

// LineBytesMax bounds the game's settle lines (games.LineSettler).
func (Game) LineBytesMax() int { return games.LineBytesDefault }
