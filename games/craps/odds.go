package craps

import "github.com/wagerlog/wagerlog/games/kit"

// Limits on odds, so a typing mistake in paytable data fails validation
// instead of paying a fortune.
const (
	// OddsWinMax bounds X in X:Y.
	OddsWinMax = 1_000
	// OddsPerMax bounds Y in X:Y.
	OddsPerMax = 100
)

// Odds is a payout as the seed writes it, "X a Y" (the kit's Odds): X won
// for every Y staked, with the stake returned on top. "7:6" pays 7/6 of
// the stake as win. Unlike Sic Bo's, craps odds have denominators such
// as 6 and 11 whose wins are no exact decimal (see RoundDown): they are
// settled with Rat.
type Odds = kit.Odds

// ParseOdds parses "X:Y" with positive integers within OddsWinMax and
// OddsPerMax.
func ParseOdds(s string) (Odds, error) {
	return kit.ParseOddsWithin(s, OddsWinMax, OddsPerMax, false)
}
