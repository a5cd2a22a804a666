package audit

import (
	"math/big"

	"github.com/wagerlog/wagerlog/games"
)

// ofSale is the RTP of a bet of a game whose bets are items sold once per
// round (games.Seller: a bingo card, whose code names the card and its
// numbers): every item of a kind has the kind's RTP, which the paytable
// lists under one example code, so it is looked up (and cached) by kind,
// not by code. ok is false for other paytables.
func (c rtpCache) ofSale(pt games.Paytable, code string) (r *big.Rat, ok bool) {
	if _, seller := pt.(games.Seller); !seller {
		return nil, false
	}
	kind, err := pt.BetKind(code)
	if err != nil {
		return nil, true
	}
	k := pt.ID() + "\x00" + pt.Hash() + "\x00kind\x00" + kind
	if r, cached := c[k]; cached {
		return r, true
	}
	for _, b := range pt.RTP() {
		if b.Kind == kind {
			r = b.RTP
			break
		}
	}
	if len(c) < rtpCacheMax {
		c[k] = r
	}
	return r, true
}
