package ledger

import (
	"encoding/hex"
	"maps"
	"net/http"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/errcode"
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/posting"
)

// Complementary prizes (seed 004_11b2de8449360267.txt, 6.5.1 "Premios
// complementarios"): a pool whose parameters declare them
// (games.PoolDrawer) draws them in every pass of its linked tables, from
// a secret seed that DrawSeeds keeps outside the stream. The stream holds
// only the seed's commitment until the seed is replaced, by the next
// version of the parameters or the decommission, which reveals it
// (jackpot.draw_seed_revealed): before, nobody reading the stream can
// predict a draw; after, anyone can draw every prize again.

// DrawSeeds keeps the secret seeds complementary prizes are drawn from.
// The ledger asks for a new seed when parameters with complementary
// prizes are configured and records only its commitment; it reads the
// seed back to draw a pass and to reveal it. An implementation keeps a
// seed durably before New returns (a seed lost is a pool whose passes
// cannot be settled) and never lets it into the stream.
type DrawSeeds interface {
	// New makes a new random seed for pool, keeps it, and returns its
	// commitment: the hex SHA-256 of the seed.
	New(pool string) (commitment string, err error)
	// Seed returns the seed whose commitment is given.
	Seed(commitment string) ([]byte, error)
}

// ErrDrawSeed is returned when a pool with complementary prizes is
// configured on a ledger without DrawSeeds, or when the seed a pool's
// draws need cannot be read: the result of a pass is refused, nothing is
// written.
var ErrDrawSeed = errcode.New("draw_seed_unavailable", http.StatusServiceUnavailable, "Draw seed unavailable",
	"the seed of the pool's complementary draws is unavailable")

// drawer returns the rules' complementary draws, nil when they have none.
func drawer(r games.PoolRules) games.PoolDrawer {
	if dr, ok := r.(games.PoolDrawer); ok && dr.Complementary() {
		return dr
	}
	return nil
}

// seed reads the seed of commitment and checks it against it.
func (d *decider) seed(pool, commitment string) ([]byte, error) {
	if d.seeds == nil {
		return nil, errf(ErrDrawSeed, "pool %s draws complementary prizes and this ledger keeps no draw seeds", pool)
	}
	seed, err := d.seeds.Seed(commitment)
	if err != nil {
		return nil, errf(ErrDrawSeed, "pool %s: seed %s: %v", pool, commitment, err)
	}
	if games.DrawCommitment(seed) != commitment {
		return nil, errf(ErrDrawSeed, "pool %s: the seed kept for commitment %s does not hash to it", pool, commitment)
	}
	return seed, nil
}

// newSeed makes the seed of a pool's new parameters with complementary
// prizes and checks that it reads back.
func (d *decider) newSeed(pool string) (string, error) {
	if d.seeds == nil {
		return "", errf(ErrDrawSeed, "pool %s declares complementary prizes and this ledger keeps no draw seeds", pool)
	}
	c, err := d.seeds.New(pool)
	if err != nil {
		return "", errf(ErrDrawSeed, "pool %s: a new seed: %v", pool, err)
	}
	if _, err := d.seed(pool, c); err != nil {
		return "", err
	}
	return c, nil
}

// revealDraft reveals the seed in force of pool p, replaced by next.
func (d *decider) revealDraft(p *Pool, next, reason string) ([]draft, error) {
	if p.Commitment == "" {
		return nil, nil
	}
	seed, err := d.seed(p.ID, p.Commitment)
	if err != nil {
		return nil, err
	}
	return []draft{{typ: events.TypeJackpotDrawSeedRevealed, payload: &events.JackpotDrawSeedRevealed{
		Pool: p.ID, Commitment: p.Commitment, Seed: hex.EncodeToString(seed), Next: next, Reason: reason,
	}}}, nil
}

// drawBets are a round's progressive bets, in placement order: every one
// qualifies for the complementary prizes, whatever its hand, also a
// seat's that exchanged cards or did not go (seed 004, 6.5.1).
func drawBets(pg games.Progressive, st games.Seated, r *Round) []games.PoolDrawBet {
	var out []games.PoolDrawBet
	for _, b := range r.Bets {
		if (b.Status != BetOpen && b.Status != BetSettled) || !pg.ProgressiveBet(b.Code) {
			continue
		}
		seat := 0
		if st != nil {
			seat, _ = st.BetSeat(b.Code)
		}
		out = append(out, games.PoolDrawBet{Bet: b.ID, Player: b.Player, Seat: seat, Stake: b.Stake})
	}
	return out
}

// drawDraft drafts a pass's complementary draws (jackpot.drawn), nil
// when the round's pool draws none or the round drew already. Each prize
// is paid from its pool account to the winner's wallet; what an account
// lacks for the prizes drawn on it, the table's house advances first.
// balances are the pool's accounts' balances before the draw's event.
func (d *decider) drawDraft(r *Round, pt games.Paytable, rules games.PoolRules, p *Pool, balances map[string]decimal.Decimal) (*draft, error) {
	dr := drawer(rules)
	pg, ok := pt.(games.Progressive)
	if dr == nil || !ok || r.drawn || p.Commitment == "" {
		return nil, nil
	}
	st, _ := pt.(games.Seated)
	bets := drawBets(pg, st, r)
	seed, err := d.seed(p.ID, p.Commitment)
	if err != nil {
		return nil, err
	}
	won, err := dr.Draw(seed, r.ID, bets)
	if err != nil {
		return nil, errf(ErrInvalidResult, "round %s: complementary draws: %v", r.ID, err)
	}
	ev := &events.JackpotDrawn{Table: r.Table, Round: r.ID, Pool: p.ID, Version: p.Version, Hash: p.Hash,
		Currency: r.Currency, Commitment: p.Commitment}
	for _, b := range bets {
		ev.Bets = append(ev.Bets, events.DrawnBet{Bet: b.Bet, Player: b.Player, Seat: b.Seat, Stake: b.Stake})
	}
	need := map[string]decimal.Decimal{}
	var accounts []string
	for _, w := range won {
		z := events.DrawnPrize{Prize: w.Prize, Name: w.Name, Bet: w.Bet, Player: w.Player, Seat: w.Seat,
			Value: w.Value, Of: w.Of, Amount: w.Amount, Pay: w.Pay, From: w.Account, To: posting.PrizeAccount(w.Pay, w.Player)}
		if w.Pay == posting.PayCredits && w.ExpiryDays > 0 {
			z.Expires, z.ExpireTo = d.clock().UTC().Add(time.Duration(w.ExpiryDays)*24*time.Hour), w.ExpireTo
		}
		ev.Prizes = append(ev.Prizes, z)
		if _, seen := need[w.Account]; !seen {
			accounts = append(accounts, w.Account)
		}
		need[w.Account] = need[w.Account].Add(w.Amount)
	}
	for _, a := range accounts {
		if short := need[a].Sub(balances[a]); short.IsPositive() {
			ev.Advanced = append(ev.Advanced, events.Transfer{From: posting.HouseAccount(r.Table), To: a, Amount: short,
				Rule: "complementary: the account cannot cover the complementary prizes drawn on it; the house advances the rest"})
		}
	}
	return &draft{typ: events.TypeJackpotDrawn, table: r.Table, round: r.ID, payload: ev, postings: posting.DrawnPostings(ev)}, nil
}

// passDraws drafts the complementary draws of a pass settled as a whole,
// after its prizes (before, drafts not yet applied) and before its
// round.settled (whose postings are after); nil for a round of a table
// linked to no pool or to a pool without complementary prizes. An
// account pays its prizes from the lower of its balance before the draws
// and its balance at the pass's end: the reset that round.settled posts
// may take from a reserve, and the house advances the rest, so that no
// account of the pool is below zero after either event.
func (d *decider) passDraws(s *State, r *Round, rs games.RoundSettler, funds *games.PoolFunds, before []draft, after []events.Posting) (*draft, error) {
	pt, ok := rs.(games.Paytable)
	if funds == nil || !ok || drawer(funds.Rules) == nil {
		return nil, nil
	}
	p, err := s.roundPool(r)
	if err != nil {
		return nil, err
	}
	balances := map[string]decimal.Decimal{}
	for _, a := range p.Accounts {
		balances[a] = s.balance(a, r.Currency)
	}
	post := func(ps []events.Posting) {
		for _, q := range ps {
			if b, ok := balances[q.From]; ok {
				balances[q.From] = b.Sub(q.Amount)
			}
			if b, ok := balances[q.To]; ok {
				balances[q.To] = b.Add(q.Amount)
			}
		}
	}
	for _, dr := range before {
		post(dr.postings)
	}
	low := maps.Clone(balances)
	post(after)
	for a, b := range balances {
		low[a] = decimal.Min(low[a], b)
	}
	return d.drawDraft(r, pt, funds.Rules, p, low)
}
