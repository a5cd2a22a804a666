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
	r = kindRTP(pt, kind)
	if len(c) < rtpCacheMax {
		c[k] = r
	}
	return r, true
}

// ofCodeKind is the RTP of a bet whose code the paytable does not list
// but whose kind it does: a bet of a seat ("ante:3" at a Caribbean poker
// table, whose paytable lists "ante") has its kind's RTP. nil when the
// code is not the paytable's or its kind has no RTP of its own.
func ofCodeKind(pt games.Paytable, code string) *big.Rat {
	kind, err := pt.BetKind(code)
	if err != nil {
		return nil
	}
	return kindRTP(pt, kind)
}

// kindRTP is the RTP the paytable lists for the bets of kind: nil when it
// lists none, or bets of that kind with different RTPs (a kind whose RTP
// depends on the code, like Sic Bo's totals, is never guessed).
func kindRTP(pt games.Paytable, kind string) *big.Rat {
	var r *big.Rat
	for _, b := range pt.RTP() {
		if b.Kind != kind {
			continue
		}
		if r != nil && r.Cmp(b.RTP) != 0 {
			return nil
		}
		r = b.RTP
	}
	return r
}
