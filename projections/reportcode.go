package projections

import "github.com/wagerlog/wagerlog/games"

// reportCode is the daily report's row of a bet of code on table: its
// code, but for a game whose bets are items sold once per round
// (games.Seller: a bingo card's code names the card and its 15 numbers),
// its kind ("card"), so that a hall's day is one row of card sales, not
// one row per card. A table or paytable this build does not know keeps
// the code.
func (f *fold) reportCode(table, code string) string {
	if f.catalog == nil {
		return code
	}
	t := f.table(table)
	if t == nil {
		return code
	}
	pt, err := f.catalog.Paytable(t.Paytable)
	if err != nil {
		return code
	}
	if _, ok := pt.(games.Seller); !ok {
		return code
	}
	if kind, err := pt.BetKind(code); err == nil {
		return kind
	}
	return code
}
