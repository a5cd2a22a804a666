package audit

import (
	"encoding/hex"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/posting"
)

// DisputeDraws are a pass's complementary draws in a dispute report
// (seed 004_11b2de8449360267.txt, 6.5.1 "Premios complementarios"): as
// recorded, and once the stream reveals their seed, drawn again from it.
type DisputeDraws struct {
	Pool       string `json:"pool"`
	Version    int    `json:"version"`
	Commitment string `json:"commitment"`
	// Bets are the qualifying bets, Prizes the prizes recorded.
	Bets   []events.DrawnBet   `json:"bets"`
	Prizes []events.DrawnPrize `json:"prizes"`
	// Seed is the seed revealed, hex, empty while it is not: the draws
	// then cannot be done again yet, and RevealedSeq is 0.
	Seed        string `json:"seed,omitempty"`
	RevealedSeq uint64 `json:"revealed_seq,omitempty"`
	// Match: drawn again from the revealed seed, the prizes are the
	// recorded ones; Problems says how they differ. False while the seed
	// is not revealed.
	Match    bool     `json:"match"`
	Problems []string `json:"problems,omitempty"`
}

// observeDraw follows the disputed round's draws: it records them, and
// draws them again when a later event reveals their seed.
func (o *disputeObserver) observeDraw(s *step, f *fold) {
	switch p := s.payload.(type) {
	case *events.JackpotDrawn:
		if p.Round == o.round {
			o.rep.Complementary = &DisputeDraws{Pool: p.Pool, Version: p.Version, Commitment: p.Commitment, Bets: p.Bets, Prizes: p.Prizes}
			o.drawn = p
			for _, z := range p.Prizes {
				if z.Pay != posting.PayCredits {
					pb := o.player(z.Player, p.Currency)
					pb.Complementary = pb.Complementary.Add(z.Amount)
				}
			}
		}
	case *events.JackpotDrawSeedRevealed:
		d := o.rep.Complementary
		if d == nil || o.drawn == nil || p.Commitment != d.Commitment || p.Pool != d.Pool {
			return
		}
		d.Seed, d.RevealedSeq = p.Seed, s.raw.Seq
		seed, err := hex.DecodeString(p.Seed)
		if err != nil || games.DrawCommitment(seed) != d.Commitment {
			d.Problems = []string{"the seed revealed does not hash to the commitment"}
			return
		}
		ps := f.pools[p.Pool]
		if ps == nil || ps.drawState == nil || f.paytables == nil {
			d.Problems = []string{"the pool's parameters are not known to this walk"}
			return
		}
		d.Problems = redrawn(f.paytables, ps.drawState.params[o.drawn.Hash], o.drawn, seed)
		d.Match = len(d.Problems) == 0
	}
}
