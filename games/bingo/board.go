package bingo

import (
	"slices"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// Board sizes.
const (
	// BoardGames is how many completed games the board lists: the last 50.
	BoardGames = 50
	// BoardInputMax bounds the balls Game.Board reads: the board's games
	// and the game in progress, 90 balls each at most. Older balls are
	// ignored.
	BoardInputMax = (BoardGames + 1) * NumbersMax
)

// BoardGame is one game as the board reads it: its round, its balls in
// order and, when the caller has it, its settlement (who won and what).
// Only the ledger knows the cards, so a board built from results alone
// (Game.Board) has no settlements.
type BoardGame struct {
	Round  string
	Number int64
	Balls  []int
	// Settlement is the game's settlement, or nil.
	Settlement *GameSettlement
	// Payouts, Payees and Funded are what the ledger's board kept of the
	// game's settlement (games.BoardEntry): the cards it paid (at most
	// games.BoardPayoutsMax), how many in all, and the line and bingo
	// prizes it funded, in that order. Used when Settlement is nil.
	Payouts []games.BoardPayout
	Payees  int
	Funded  []decimal.Decimal
}

// BoardStats are the statistics of a bingo hall's board: the game in
// progress ball by ball, the last BoardGames completed games, and how
// often each number came out in them.
type BoardStats struct {
	// Current is the game in progress (or the last one, when the caller
	// passes it so).
	Current CurrentGame `json:"current"`
	// Games is how many completed games the board lists (at most
	// BoardGames).
	Games int `json:"games"`
	// Last are the completed games, oldest first.
	Last []BoardLine `json:"last"`
	// Frequency has one entry per number 1..90: in how many of the listed
	// games it was drawn.
	Frequency []NumberCount `json:"frequency"`
	// Hot are the numbers drawn in the most listed games, Cold in the
	// fewest (several on a tie), ascending; empty on an empty board. Every
	// number is equally likely on each ball, so these only say what
	// happened.
	Hot  []int `json:"hot"`
	Cold []int `json:"cold"`
}

// CurrentGame is the game in progress on the board.
type CurrentGame struct {
	Round  string `json:"round"`
	Number int64  `json:"number"`
	// Balls are the balls drawn so far, in order.
	Balls []int `json:"balls"`
	// Grid is the hall's 1..90 panel: Grid[r][c] is number 10r+c+1, true
	// once drawn.
	Grid [9][10]bool `json:"grid"`
}

// BoardLine is one completed game on the board.
type BoardLine struct {
	Round  string `json:"round"`
	Number int64  `json:"number"`
	// Balls is how many balls were drawn.
	Balls int `json:"balls"`
	// LineBall and BingoBall are how many balls it took to win the line
	// and the bingo (the winning ball's place in the draw); absent when
	// the caller did not pass the settlement or the game was void.
	LineBall  int `json:"line_ball,omitzero"`
	BingoBall int `json:"bingo_ball,omitzero"`
	// LineWinners and BingoWinners are the winning cards and their shares.
	LineWinners  []Share `json:"line_winners,omitempty"`
	BingoWinners []Share `json:"bingo_winners,omitempty"`
	// LinePrize and BingoPrize are the prizes' amounts.
	LinePrize  *decimal.Decimal `json:"line_prize,omitempty"`
	BingoPrize *decimal.Decimal `json:"bingo_prize,omitempty"`
	// Void is the void reason of a void game.
	Void string `json:"void,omitempty"`
	// LineNumber and BingoNumber are the numbers of the line's and the
	// bingo's winning balls (0 when LineBall, BingoBall are).
	LineNumber  int `json:"line_number,omitzero"`
	BingoNumber int `json:"bingo_number,omitzero"`
	// Winners are the cards the game paid, as the ledger's board keeps
	// them (at most games.BoardPayoutsMax, in card order of settlement),
	// each with what it took in all and which prizes it won; WinnersCount
	// is how many cards it paid in all. When WinnersCount exceeds the
	// listed winners, LineBall is found from the listed ones.
	Winners      []Winner `json:"winners,omitempty"`
	WinnersCount int      `json:"winners_count,omitzero"`
}

// Winner is one card a game paid, on the board.
type Winner struct {
	Card string `json:"card"`
	// Paid is the card's shares of the prizes it won, together.
	Paid  decimal.Decimal `json:"paid"`
	Line  bool            `json:"line"`
	Bingo bool            `json:"bingo"`
}

// NumberCount is how many listed games drew a number, and the share of
// the listed games, as a percentage with two decimals.
type NumberCount struct {
	Number  int             `json:"number"`
	Count   int             `json:"count"`
	Percent decimal.Decimal `json:"percent"`
}

// BoardGame returns "bingo".
func (BoardStats) BoardGame() string { return GameName }

// BoardOf computes the board from the completed games, oldest first (the
// last BoardGames are listed), and the game in progress. Balls outside
// 1..90 or drawn twice in a game are skipped: the board shows, it never
// refuses.
func BoardOf(completed []BoardGame, current BoardGame) BoardStats {
	if len(completed) > BoardGames {
		completed = completed[len(completed)-BoardGames:]
	}
	s := BoardStats{
		Current:   CurrentGame{Round: current.Round, Number: current.Number, Balls: []int{}},
		Games:     len(completed),
		Last:      make([]BoardLine, 0, len(completed)),
		Frequency: make([]NumberCount, 0, NumbersMax),
		Hot:       []int{},
		Cold:      []int{},
	}
	for _, b := range clean(current.Balls) {
		s.Current.Balls = append(s.Current.Balls, b)
		s.Current.Grid[(b-1)/10][(b-1)%10] = true
	}
	var freq [NumbersMax + 1]int
	for _, g := range completed {
		balls := clean(g.Balls)
		for _, b := range balls {
			freq[b]++
		}
		l := BoardLine{Round: g.Round, Number: g.Number, Balls: len(balls)}
		if st := g.Settlement; st != nil {
			if st.Void != nil {
				l.Void = st.Void.Reason
			} else {
				l.LineBall, l.BingoBall = st.Line.Index, st.Bingo.Index
				l.LineWinners, l.BingoWinners = slices.Clone(st.Line.Winners), slices.Clone(st.Bingo.Winners)
				lp, bp := st.Line.Amount, st.Bingo.Amount
				l.LinePrize, l.BingoPrize = &lp, &bp
			}
		} else if len(g.Payouts) > 0 || len(g.Funded) > 0 {
			l.fromPayouts(g, balls)
		}
		if l.LineBall > 0 && l.LineBall <= len(balls) {
			l.LineNumber = balls[l.LineBall-1]
		}
		if l.BingoBall > 0 && l.BingoBall <= len(balls) {
			l.BingoNumber = balls[l.BingoBall-1]
		}
		s.Last = append(s.Last, l)
	}
	for n := 1; n <= NumbersMax; n++ {
		s.Frequency = append(s.Frequency, NumberCount{Number: n, Count: freq[n], Percent: kit.Percent100(freq[n], len(completed))})
	}
	if len(completed) > 0 {
		hi, lo := slices.Max(freq[1:]), slices.Min(freq[1:])
		for n := 1; n <= NumbersMax; n++ {
			if freq[n] == hi {
				s.Hot = append(s.Hot, n)
			}
			if freq[n] == lo {
				s.Cold = append(s.Cold, n)
			}
		}
	}
	return s
}

// clean returns the valid balls of one game, each once, in order, at most
// 90.
func clean(balls []int) []int {
	var seen [NumbersMax + 1]bool
	out := make([]int, 0, min(len(balls), NumbersMax))
	for _, b := range balls {
		if b >= 1 && b <= NumbersMax && !seen[b] {
			seen[b] = true
			out = append(out, b)
		}
	}
	return out
}

// fromPayouts fills a completed game's line from what the ledger's board
// kept (BoardGame.Payouts): each paid card's numbers are in its bet code,
// so the ball where it completed its first row and its fifteenth number
// follow from the draw. The line ball is the earliest row among the paid
// cards (every card that completed a row on it shared the line, and no
// card did before); the bingo ball is the earliest full card (the game
// ended on it). The prizes are the amounts the game funded, line then
// bingo (SettleRound's transfers).
func (l *BoardLine) fromPayouts(g BoardGame, balls []int) {
	var at [NumbersMax + 1]int // at[n]: ball index (from 1) that drew n, 0 if none
	for i, b := range balls {
		at[b] = i + 1
	}
	type paid struct {
		w           Winner
		line, bingo int
	}
	ps := make([]paid, 0, len(g.Payouts))
	for _, p := range g.Payouts {
		c, err := ParseBetCode(p.Code)
		if err != nil {
			continue
		}
		x := paid{w: Winner{Card: c.ID.String(), Paid: p.Paid}}
		full := 0
		for _, row := range c.Rows {
			last := 0
			for _, n := range row {
				if at[n] == 0 {
					last = -1
					break
				}
				last = max(last, at[n])
			}
			if last > 0 && (x.line == 0 || last < x.line) {
				x.line = last
			}
			if last < 0 || full < 0 {
				full = -1
			} else {
				full = max(full, last)
			}
		}
		x.bingo = max(full, 0)
		ps = append(ps, x)
	}
	for _, x := range ps {
		if x.line > 0 && (l.LineBall == 0 || x.line < l.LineBall) {
			l.LineBall = x.line
		}
		if x.bingo > 0 && (l.BingoBall == 0 || x.bingo < l.BingoBall) {
			l.BingoBall = x.bingo
		}
	}
	l.Winners = make([]Winner, len(ps))
	for i, x := range ps {
		x.w.Line = x.line > 0 && x.line == l.LineBall
		x.w.Bingo = x.bingo > 0 && x.bingo == l.BingoBall
		l.Winners[i] = x.w
	}
	l.WinnersCount = max(g.Payees, len(ps))
	if len(g.Funded) >= 2 {
		lp, bp := g.Funded[0], g.Funded[1]
		l.LinePrize, l.BingoPrize = &lp, &bp
	}
}
