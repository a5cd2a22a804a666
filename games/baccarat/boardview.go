package baccarat

import _ "embed"

// boardModule is the dashboard's renderer of this game's board.
//
//go:embed board.js
var boardModule []byte

// BoardModule returns the dashboard's renderer of the board
// (games.BoardViewer): board.js beside this file.
func (Game) BoardModule() []byte { return boardModule }

// boardStyle is the stylesheet of this game's board.
//
//go:embed board.css
var boardStyle []byte

// BoardStyle returns the stylesheet of the board (games.BoardStyler):
// board.css beside this file.
func (Game) BoardStyle() []byte { return boardStyle }
