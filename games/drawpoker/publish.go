package drawpoker

import (
	"math/big"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
	"github.com/wagerlog/wagerlog/games/poker"
)

// Rules returns what the ante, the exchange and the call pay and which
// exchanges a deal may record, as JSON (games.Publisher): the paytable's
// data but its identity.
func (p *Paytable) Rules() []byte {
	return kit.MustJSON(struct {
		Ante            poker.Odds   `json:"ante"`
		ExchangeMax     int          `json:"exchange_max"`
		ExchangeFee     int64        `json:"exchange_fee"`
		CallMultiple    int64        `json:"call_multiple"`
		DealerQualifies string       `json:"dealer_qualifies"`
		Call            []poker.Line `json:"call"`
	}{p.data.Ante, p.data.ExchangeMax, p.data.ExchangeFee, p.data.CallMultiple, p.data.DealerQualifies, p.data.Call})
}

// MaxMultiple returns the largest X/Y a bet's line pays: the call's on a
// royal flush (100 on the catalog paytable). The progressive side bet is
// paid by its pool, not by a multiple.
func (p *Paytable) MaxMultiple() *big.Rat {
	odds := []poker.Odds{p.data.Ante}
	for _, l := range p.data.Call {
		odds = append(odds, l.Odds)
	}
	return kit.MaxMultiple(odds...)
}

// Rounding names the rounding of wins: truncated to the currency's scale.
func (p *Paytable) Rounding() string { return kit.RoundDown }

// Listing adds nothing to the RTP: the figures depend on the player's
// decisions (see RTP for the strategy they assume).
func (p *Paytable) Listing() games.Listing { return games.Listing{} }
