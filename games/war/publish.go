package war

import (
	"math/big"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// Rules returns the paytable's lines as JSON (games.Publisher).
func (p *Paytable) Rules() []byte { return kit.MustJSON(p.data.Rules) }

// MaxMultiple returns the largest X/Y of the paytable's lines: the tie
// bet's 10 on War's Chilean paytable.
func (p *Paytable) MaxMultiple() *big.Rat {
	odds := make([]Odds, len(p.data.Rules))
	for i, r := range p.data.Rules {
		odds[i] = r.Odds
	}
	return kit.MaxMultiple(odds...)
}

// Rounding names the rounding of wins and of a surrender's returned half:
// truncated to the currency's scale.
func (p *Paytable) Rounding() string { return kit.RoundDown }

// Listing adds nothing to the RTP: the main bet's chance depends on the
// seat's decision on a tie.
func (p *Paytable) Listing() games.Listing { return games.Listing{} }
