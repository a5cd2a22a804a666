package replay

import (
	"fmt"
	"math/big"
	"regexp"
	"strings"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/round"
)

// Resettle settles a placed bet again under pt, in a currency of scale
// decimals, against the round's results so far (results[b.Since:] are the
// ones the bet takes part in), and compares the settlement with the one
// recorded. It is the one re-settlement of the generic layers: the round
// replay (and the dispute report built on it) and the verifier's walk call
// it, so they cannot disagree on what a bet should have paid.
//
// It returns the settlement recomputed and what differs from the recorded
// one, "" when they agree on the outcome, the win, the amount returned,
// the residue, the commission and the pools' contributions. The rule is a
// description for the reader and is not compared. A bet the results do
// not decide yet comes back OutcomeOpen: recorded as settled, it differs.
// The error is the game's, when it cannot settle the bet at all.
func Resettle(pt games.Paytable, b games.Bet, scale int32, results []games.Result, recorded games.Settlement) (games.Settlement, string, error) {
	if len(results) == 0 {
		return games.Settlement{}, "", fmt.Errorf("no result to settle %s on", b.Code)
	}
	if b.Since < 0 || b.Since > len(results) {
		return games.Settlement{}, "", fmt.Errorf("bet placed after %d results, the round has %d", b.Since, len(results))
	}
	st, err := pt.Settle(b, scale, results)
	if err != nil {
		return games.Settlement{}, "", err
	}
	if sameSettlement(st, recorded) {
		return st, "", nil
	}
	return st, fmt.Sprintf("recorded %s; re-computed %s", settlementString(recorded), settlementString(st)), nil
}

// ParseResults parses a round's results, recorded as their game's JSON,
// with its paytable.
func ParseResults(pt games.Paytable, raws [][]byte) ([]games.Result, error) {
	out := make([]games.Result, len(raws))
	for i, raw := range raws {
		r, err := pt.ParseResult(raw)
		if err != nil {
			return nil, fmt.Errorf("result %d %s: %w", i+1, raw, err)
		}
		out[i] = r
	}
	return out, nil
}

// residueFraction is how an event writes an exact residue: a reduced
// fraction of the unit, or a whole number, of bounded length (a hostile
// stream must not make the reader parse a million digits).
var residueFraction = regexp.MustCompile(`^[0-9]{1,40}(/[0-9]{1,40})?$`)

// ParseResidue reads an exact residue as an event records it ("1/600"):
// false for anything else, which is never parsed as a number (a hostile
// "1e999999999" would take the reader's memory).
func ParseResidue(s string) (*big.Rat, bool) {
	if !residueFraction.MatchString(s) {
		return nil, false
	}
	return new(big.Rat).SetString(s)
}

// Recorded is the settlement a bet.settled event records: its
// ResidueExact is the event's exact residue, nil in events written before
// the ledger recorded it (their Residue is the residue they posted). An
// exact residue that does not parse is recorded as −1, which no
// re-settlement gives.
func Recorded(p *events.BetSettled) games.Settlement {
	st := games.Settlement{
		Outcome: games.Outcome(p.Outcome), Win: p.Win, Returned: p.Returned, Residue: p.Residue,
		Rule: p.Rule, Commission: p.Commission, Counterparty: p.Counterparty,
	}
	if p.ResidueExact != "" {
		r, ok := ParseResidue(p.ResidueExact)
		if !ok {
			r = big.NewRat(-1, 1)
		}
		st.ResidueExact = r
	}
	for _, c := range p.Contributions {
		st.Contributions = append(st.Contributions, games.Contribution{Pool: c.Pool, Amount: c.Amount})
	}
	return st
}

// sameSettlement compares a re-computed settlement a with a recorded one b.
func sameSettlement(a, b games.Settlement) bool {
	if a.Outcome != b.Outcome || a.Counterparty != b.Counterparty || !a.Win.Equal(b.Win) || !a.Returned.Equal(b.Returned) || !sameResidue(a, b) ||
		!a.Commission.Equal(b.Commission) || len(a.Contributions) != len(b.Contributions) {
		return false
	}
	for i, c := range a.Contributions {
		if c.Pool != b.Contributions[i].Pool || !c.Amount.Equal(b.Contributions[i].Amount) {
			return false
		}
	}
	return true
}

// sameResidue compares the residue of a re-computed settlement with what
// the event recorded, under the rounding rule the event was written with
// (ledger/rounding.go): an event with an exact residue posted none and
// records it exactly; one without posted its residue, exact whenever it
// has a finite decimal form, cut to the game's residue scale otherwise.
func sameResidue(recomputed, recorded games.Settlement) bool {
	switch {
	case recorded.ResidueExact != nil:
		return recorded.Residue.IsZero() && recomputed.ExactResidue().Cmp(recorded.ResidueExact) == 0
	case recorded.Residue.IsZero():
		return recomputed.ExactResidue().Sign() == 0
	}
	return recomputed.Residue.Equal(recorded.Residue)
}

// settlementString writes a settlement for a finding: "won win 10 returned
// 20 residue 0 (small pays 1:1)", with its commission and contributions
// when it has any.
func settlementString(s games.Settlement) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s win %s returned %s residue %s", s.Outcome, s.Win, s.Returned, s.Residue)
	if x := s.ExactResidue(); x.Cmp(s.Residue.Rat()) != 0 {
		fmt.Fprintf(&b, " (exactly %s)", x.RatString())
	}
	if !s.Commission.IsZero() {
		fmt.Fprintf(&b, " commission %s", s.Commission)
	}
	for _, c := range s.Contributions {
		fmt.Fprintf(&b, " to pool %s %s", c.Pool, c.Amount)
	}
	fmt.Fprintf(&b, " (%s)", s.Rule)
	return b.String()
}

// ResettleRound settles a round's bets again together, for a game whose
// rounds are settled as a whole (games.RoundSettler), with the funds the
// round recorded, and compares with what was recorded: one difference per
// bet ("" when it agrees), and one for the round's transfers. The bets are
// those the ledger settled, in placement order; the round replay and the
// verifier both call it; set is the settlement recomputed.
func ResettleRound(rs games.RoundSettler, bets []games.Bet, scale int32, results []games.Result, funds games.Funds,
	recorded []games.Settlement, transfers []events.Transfer) (set games.RoundSettlement, diffs []string, transferDiff string, err error) {
	set, err = rs.SettleRound(bets, scale, results, funds)
	if err != nil {
		return set, nil, "", err
	}
	if len(set.Bets) != len(bets) || len(recorded) != len(bets) {
		return set, nil, "", fmt.Errorf("%d settlements for %d bets (%d recorded)", len(set.Bets), len(bets), len(recorded))
	}
	diffs = make([]string, len(bets))
	for i := range bets {
		if !sameSettlement(set.Bets[i], recorded[i]) {
			diffs[i] = fmt.Sprintf("recorded %s; re-computed %s", settlementString(recorded[i]), settlementString(set.Bets[i]))
		}
	}
	return set, diffs, TransfersDiff(transfers, set.Transfers), nil
}

// TransfersDiff compares a round's transfers as an event recorded them
// with the ones its game computes again: "" when they agree (the same
// accounts and amounts, in order).
func TransfersDiff(recorded []events.Transfer, recomputed []games.Transfer) string {
	same := len(recomputed) == len(recorded)
	for i := 0; same && i < len(recorded); i++ {
		t, u := recomputed[i], recorded[i]
		same = t.From == u.From && t.To == u.To && t.Amount.Equal(u.Amount)
	}
	if !same {
		return fmt.Sprintf("recorded transfers %v; re-computed %v", recorded, recomputed)
	}
	return ""
}

// RecordedFunds are the funds a round settled as a whole recorded in
// round.settled, as its game reads them: the bank's balance and, for a
// progressive round, the pool's balances with its parameters parsed
// again (by the catalog's PoolParser) and checked against the recorded
// hash. The verifier and the round replay both call it.
func RecordedFunds(catalog *games.Catalog, f *events.Funds) (games.Funds, error) {
	out := games.Funds{Bank: f.Bank, Closed: round.GameTransfers(f.Closed)}
	if f.Pool == nil {
		return out, nil
	}
	if catalog == nil {
		return out, fmt.Errorf("no catalog to read pool %s's parameters", f.Pool.Pool)
	}
	rules, err := catalog.ParsePool(f.Pool.Params)
	if err != nil {
		return out, fmt.Errorf("pool %s: %w", f.Pool.Pool, err)
	}
	if rules.Hash() != f.Pool.Hash || rules.ID() != f.Pool.Pool {
		return out, fmt.Errorf("pool %s: recorded with hash %s, its parameters have hash %s", f.Pool.Pool, f.Pool.Hash, rules.Hash())
	}
	out.Pool = &games.PoolFunds{Rules: rules, Balances: f.Pool.Balances}
	return out, nil
}
