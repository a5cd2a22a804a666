package ledger

import (
	"slices"
	"sort"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
)

// Read-only accessors of State, for Inspect callers (tests, health checks and
// the benchmark). They return copies; the state itself stays the
// sequencer's.

// Balance returns an account's balance in a currency.
func (s *State) Balance(account, currency string) decimal.Decimal {
	return s.balance(account, currency)
}

// BalanceRow is one account's balance in one currency.
type BalanceRow struct {
	Account  string
	Currency string
	Balance  decimal.Decimal
}

// Balances returns every non-zero balance, sorted by currency and account.
func (s *State) Balances() []BalanceRow {
	out := make([]BalanceRow, 0, s.balances.len())
	s.balances.each(func(k balanceKey, v decimal.Decimal) {
		if !v.IsZero() {
			out = append(out, BalanceRow{Account: k.account, Currency: k.currency, Balance: v})
		}
	})
	sort.Slice(out, func(i, j int) bool {
		if out[i].Currency != out[j].Currency {
			return out[i].Currency < out[j].Currency
		}
		return out[i].Account < out[j].Account
	})
	return out
}

// LastSeq returns the sequence of the last applied event.
func (s *State) LastSeq() uint64 { return s.lastSeq }

// Head returns the chain hash of the last applied event.
func (s *State) Head() events.Hash { return s.head }

// Table returns a copy of a table's state.
func (s *State) Table(id string) (Table, bool) {
	t := s.tables[id]
	if t == nil {
		return Table{}, false
	}
	c := *t
	c.Limits = make(map[string]Limit, len(t.Limits))
	for k, v := range t.Limits {
		c.Limits[k] = v
	}
	return c, true
}

// Round returns a copy of a round kept in memory (rounds in progress and the
// last FinishedRoundsKept finished ones of each table), with copies of its
// bets; a finished round holds none in memory (Ledger.Round reads them
// back from the stream).
func (s *State) Round(id string) (Round, bool) {
	r := s.rounds[id]
	if r == nil {
		return Round{}, false
	}
	c := *r
	bets := make([]*Bet, len(r.Bets))
	for i, b := range r.Bets {
		bc := *b
		bets[i] = &bc
	}
	c.SetBets(bets)
	c.Results = slices.Clone(r.Results)
	return c, true
}

// Rounds returns the ids of the rounds kept in memory, sorted.
func (s *State) Rounds() []string {
	out := make([]string, 0, len(s.rounds))
	for id := range s.rounds {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

// IdempotencyKeys returns how many idempotency keys are remembered.
func (s *State) IdempotencyKeys() int { return s.idem.len() }

// Footprint counts what the state holds in memory; every count is bounded
// by the ledger's options, whatever the length of the history.
type Footprint struct {
	// Rounds and Bets are the rounds kept in memory (in progress, and the
	// last FinishedRoundsKept finished ones of each table) and their bets.
	Rounds, Bets int
	// FinishedIDs are the ids of older finished rounds remembered
	// (at most FinishedIDsMax).
	FinishedIDs int
	// IdempotencyKeys are the remembered keys (at most IdempotencyMax),
	// about IdemEntryBytes each.
	IdempotencyKeys int
}

// Footprint returns the counts of what the state holds.
func (s *State) Footprint() Footprint {
	f := Footprint{Rounds: len(s.rounds), FinishedIDs: len(s.finished), IdempotencyKeys: s.idem.len()}
	for _, r := range s.rounds {
		f.Bets += len(r.Bets)
	}
	return f
}
