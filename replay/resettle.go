package replay

import (
	"fmt"
	"strings"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/ledger"
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

// Recorded is the settlement a bet.settled event records.
func Recorded(p *events.BetSettled) games.Settlement {
	st := games.Settlement{
		Outcome: games.Outcome(p.Outcome), Win: p.Win, Returned: p.Returned, Residue: p.Residue,
		Rule: p.Rule, Commission: p.Commission, Counterparty: p.Counterparty,
	}
	for _, c := range p.Contributions {
		st.Contributions = append(st.Contributions, games.Contribution{Pool: c.Pool, Amount: c.Amount})
	}
	return st
}

func sameSettlement(a, b games.Settlement) bool {
	if a.Outcome != b.Outcome || a.Counterparty != b.Counterparty || !a.Win.Equal(b.Win) || !a.Returned.Equal(b.Returned) || !a.Residue.Equal(b.Residue) ||
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

// settlementString writes a settlement for a finding: "won win 10 returned
// 20 residue 0 (small pays 1:1)", with its commission and contributions
// when it has any.
func settlementString(s games.Settlement) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s win %s returned %s residue %s", s.Outcome, s.Win, s.Returned, s.Residue)
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
	out := games.Funds{Bank: f.Bank, Closed: ledger.GameTransfers(f.Closed)}
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
