package sicbo

import "github.com/wagerlog/wagerlog/games/kit"

// Limits on odds, so a typing mistake in paytable data fails validation
// instead of paying a fortune.
const (
	// OddsWinMax bounds X in X:Y.
	OddsWinMax = 10_000
	// OddsPerMax bounds Y in X:Y.
	OddsPerMax = 100
)

// Odds is a payout "X:Y", the kit's: X won for every Y staked, with the
// stake returned on top.
type Odds = kit.Odds

// ParseOdds parses "X:Y" with positive integers within OddsWinMax and
// OddsPerMax whose X/Y is an exact decimal.
func ParseOdds(s string) (Odds, error) {
	return kit.ParseOddsWithin(s, OddsWinMax, OddsPerMax, true)
}
