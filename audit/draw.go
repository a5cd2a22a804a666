package audit

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/posting"
	"github.com/wagerlog/wagerlog/round"
)

// Complementary draws (seed 004_11b2de8449360267.txt, 6.5.1 "Premios
// complementarios"; ledger/draw.go). Until a pool's seed is revealed the
// walk checks the commitment chain: every pass drew with the commitment
// in force, and a commitment is replaced only with its seed revealed. At
// the reveal it checks the seed against its commitment and draws every
// prize of every pass drawn with it again (games.PoolDrawer), reporting
// each difference as KindDrawMismatch.

// drawState is what the walk knows of one pool's draws.
type drawState struct {
	// commitment is the commitment in force, "" for none.
	commitment string
	// seen are the commitments ever put in force: a seed draws once.
	seen map[string]bool
	// params are the pool's parameters by hash, to draw again with.
	params map[string]json.RawMessage
	// pending are the passes drawn with each commitment not yet revealed.
	pending map[string][]*events.JackpotDrawn
}

func (ps *poolState) draws() *drawState {
	if ps.drawState == nil {
		ps.drawState = &drawState{seen: map[string]bool{}, params: map[string]json.RawMessage{}, pending: map[string][]*events.JackpotDrawn{}}
	}
	return ps.drawState
}

// drawConfigured folds the commitment of a new version's seed.
func (f *fold) drawConfigured(ps *poolState, p *events.JackpotConfigured, report reporter) {
	ds := ps.draws()
	ds.params[p.Hash] = p.Params
	if f.complete && ds.commitment != "" {
		report(KindDrawMismatch, "pool %s: version %d replaces the draw seed %s without revealing it", p.Pool, p.Version, ds.commitment)
	}
	ds.put(p.Pool, p.DrawCommitment, report)
}

func (ds *drawState) put(pool, c string, report reporter) {
	if c != "" && ds.seen[c] {
		report(KindDrawMismatch, "pool %s: draw seed %s put in force a second time", pool, c)
	}
	if c != "" {
		ds.seen[c] = true
	}
	ds.commitment = c
}

// drawRevealed checks a revealed seed and draws again every pass it drew.
func (f *fold) drawRevealed(ps *poolState, p *events.JackpotDrawSeedRevealed, report reporter) {
	ds := ps.draws()
	if f.complete && p.Commitment != ds.commitment {
		report(KindDrawMismatch, "pool %s reveals the seed of %s, the seed in force is %q's", p.Pool, p.Commitment, ds.commitment)
	}
	seed, err := hex.DecodeString(p.Seed)
	switch {
	case err != nil:
		report(KindDrawMismatch, "pool %s: the seed revealed for %s is not hex", p.Pool, p.Commitment)
	case games.DrawCommitment(seed) != p.Commitment:
		report(KindDrawMismatch, "pool %s: the seed revealed does not hash to its commitment %s", p.Pool, p.Commitment)
	default:
		for _, d := range ds.pending[p.Commitment] {
			f.redraw(ds, d, seed, report)
		}
	}
	delete(ds.pending, p.Commitment)
	ds.put(p.Pool, p.Next, report)
}

// redraw draws a pass's prizes again from its revealed seed and reports
// every difference with the recorded ones.
func (f *fold) redraw(ds *drawState, d *events.JackpotDrawn, seed []byte, report reporter) {
	if f.paytables == nil {
		return
	}
	for _, p := range redrawn(f.paytables, ds.params[d.Hash], d, seed) {
		report(KindDrawMismatch, "%s", p)
	}
}

// redrawn draws a pass's complementary prizes again with seed under the
// pool's parameters raw (those of hash d.Hash) and returns how they
// differ from the recorded ones: nothing when every prize is drawn again
// as recorded and no other is won. The verifier and the dispute report
// both draw with it.
func redrawn(cat *games.Catalog, raw json.RawMessage, d *events.JackpotDrawn, seed []byte) []string {
	if raw == nil {
		return []string{fmt.Sprintf("round %s drew under pool %s's parameters %s, never configured", d.Round, d.Pool, d.Hash)}
	}
	rules, err := cat.ParsePool(raw)
	dr, isDrawer := rules.(games.PoolDrawer)
	if err != nil || !isDrawer || !dr.Complementary() {
		return []string{fmt.Sprintf("round %s: pool %s's parameters %s declare no complementary prizes this build can draw", d.Round, d.Pool, d.Hash)}
	}
	bets := make([]games.PoolDrawBet, len(d.Bets))
	for i, b := range d.Bets {
		bets[i] = games.PoolDrawBet{Bet: b.Bet, Player: b.Player, Seat: b.Seat, Stake: b.Stake}
	}
	again, err := dr.Draw(seed, d.Round, bets)
	if err != nil {
		return []string{fmt.Sprintf("round %s: its draws cannot be done again: %v", d.Round, err)}
	}
	line := func(prize int, name, bet, player string, seat int, value, of uint64, amount fmt.Stringer, pay, from string) string {
		return fmt.Sprintf("prize %d %q to bet %s of %s (seat %d), drawn %d of %d, %s %s from %s", prize, name, bet, player, seat, value, of, amount, pay, from)
	}
	got := make([]string, len(d.Prizes))
	for i, z := range d.Prizes {
		got[i] = line(z.Prize, z.Name, z.Bet, z.Player, z.Seat, z.Value, z.Of, z.Amount, z.Pay, z.From)
	}
	want := make([]string, len(again))
	for i, z := range again {
		want[i] = line(z.Prize, z.Name, z.Bet, z.Player, z.Seat, z.Value, z.Of, z.Amount, z.Pay, z.Account)
	}
	var out []string
	for _, w := range want {
		if !slices.Contains(got, w) {
			out = append(out, fmt.Sprintf("round %s: drawn again from the revealed seed, %s; the pass did not record it", d.Round, w))
		}
	}
	for _, g := range got {
		if !slices.Contains(want, g) {
			out = append(out, fmt.Sprintf("round %s recorded %s; drawn again from the revealed seed, it is not won", d.Round, g))
		}
	}
	return out
}

// drawn checks a pass's draws against the round and the commitment in
// force, and keeps them until their seed is revealed.
func (f *fold) drawn(ps *poolState, p *events.JackpotDrawn, report reporter) {
	ds := ps.draws()
	f.creditsDrawn(p)
	r := f.round(p.Round, report, "complementary draws")
	if r != nil {
		f.move(r, events.TypeJackpotDrawn, report, "complementary draws")
	}
	for _, z := range p.Prizes {
		if want := posting.PrizeAccount(z.Pay, z.Player); z.To != want {
			report(KindDrawMismatch, "round %s: the complementary prize of bet %s is paid to %s, not to %s", p.Round, z.Bet, z.To, want)
		}
	}
	if !f.complete {
		return
	}
	if p.Commitment == "" || p.Commitment != ds.commitment {
		report(KindDrawMismatch, "round %s drew with seed %q, pool %s's seed in force is %q", p.Round, p.Commitment, p.Pool, ds.commitment)
	}
	if r != nil {
		if at := r.linked; at == nil || at.Pool != p.Pool || at.Hash != p.Hash {
			report(KindDrawMismatch, "round %s drew for pool %s (%s), its table was not linked to it under those parameters at the result", r.ID, p.Pool, p.Hash)
		}
		if want, got := f.qualifying(r), drawnBets(p); !slices.Equal(want, got) {
			report(KindDrawMismatch, "round %s drew for bets %v, its progressive bets are %v", r.ID, got, want)
		}
	}
	ds.pending[p.Commitment] = append(ds.pending[p.Commitment], p)
}

// qualifying are a round's progressive bets in play, in placement order,
// as "bet/player/stake": every one qualifies (ledger/draw.go).
func (f *fold) qualifying(r *roundState) []string {
	pt, err := f.paytable(r.Paytable, r.PaytableHash)
	pg, ok := pt.(games.Progressive)
	if err != nil || !ok {
		return nil
	}
	var out []string
	for _, b := range r.Bets {
		if (b.Status == round.BetOpen || b.Status == round.BetSettled) && pg.ProgressiveBet(b.Code) {
			out = append(out, b.ID+"/"+b.Player+"/"+b.Stake.String())
		}
	}
	return out
}

func drawnBets(p *events.JackpotDrawn) []string {
	out := make([]string, len(p.Bets))
	for i, b := range p.Bets {
		out[i] = b.Bet + "/" + b.Player + "/" + b.Stake.String()
	}
	return out
}

// drawnFlows are the movements a pass's draws imply (posting.DrawnPostings):
// the house's advances, then the prizes, paid out of the pool.
func drawnFlows(p *events.JackpotDrawn) []flow {
	ps := posting.DrawnPostings(p)
	out := make([]flow, len(ps))
	for i, q := range ps {
		k := FlowPoolPrize
		switch {
		case i < len(ps)-len(p.Prizes):
			k = FlowTransfer
		case strings.HasPrefix(q.To, posting.CreditsAccount("")):
			k = FlowCreditsIssued
		}
		out[i] = flow{Posting: q, kind: k}
	}
	return out
}
