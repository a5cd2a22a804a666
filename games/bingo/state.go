package bingo

import "github.com/wagerlog/wagerlog/games"

// GameState is a game in progress as the caller's screen shows it
// (games.Stater, GET /v1/tables/{table}/state): the balls drawn in order,
// the last one, the hall's 1..90 panel, and the void reason of a void
// game. Who won needs the cards, which the game's settlement has.
type GameState struct {
	Balls []int `json:"balls"`
	Drawn int   `json:"drawn"`
	Last  int   `json:"last,omitzero"`
	// Grid[r][c] is number 10r+c+1, true once drawn.
	Grid [9][10]bool `json:"grid"`
	Void string      `json:"void,omitempty"`
}

// StateGame returns "bingo".
func (GameState) StateGame() string { return GameName }

// State describes a game after results (games.Stater). Results that are
// not valid balls, or balls drawn twice, are skipped: the state shows, it
// never refuses.
func (p *Paytable) State(results []games.Result) games.StateView {
	s := GameState{Balls: []int{}}
	var seen [NumbersMax + 1]bool
	for _, r := range results {
		switch v := r.(type) {
		case Ball:
			if v.Validate() != nil || seen[v] {
				continue
			}
			seen[v] = true
			s.Balls = append(s.Balls, int(v))
			s.Grid[(v-1)/10][(v-1)%10] = true
			s.Last = int(v)
		case Void:
			s.Void = v.Reason
		}
	}
	s.Drawn = len(s.Balls)
	return s
}

var _ games.Stater = (*Paytable)(nil)
