package jackpot

import (
	"fmt"
	"maps"
	"slices"
)

// TablesMax bounds the tables linked to one pool.
const TablesMax = 256

// State is what the events of one pool say about its tables: the
// parameters in force, the tables linked to it (of one or several poker
// games, seed 004, 6.3) and which of them have a round open. It is a
// value: each method checks one event against the state and returns the
// state after it, or an error and the state unchanged, so the same
// methods validate a command and fold the recorded events.
type State struct {
	pool   *Pool
	linked map[string]bool // table → a round is open
}

// NewState returns the state of a pool just configured with p
// (jackpot.configured), with no table linked.
func NewState(p *Pool) State { return State{pool: p, linked: map[string]bool{}} }

// Pool returns the parameters in force.
func (s State) Pool() *Pool { return s.pool }

// Tables returns the linked tables, sorted.
func (s State) Tables() []string { return slices.Sorted(maps.Keys(s.linked)) }

func (s State) with(f func(m map[string]bool)) State {
	m := maps.Clone(s.linked)
	f(m)
	return State{pool: s.pool, linked: m}
}

// Link links a table (jackpot.linked). It returns an error wrapping
// ErrAlreadyLinked for a table linked already, and ErrBadParams beyond
// TablesMax tables.
func (s State) Link(table string) (State, error) {
	if _, ok := s.linked[table]; ok {
		return s, fmt.Errorf("%w: %s to %s", ErrAlreadyLinked, cut(table), s.pool.ID())
	}
	if len(s.linked) >= TablesMax {
		return s, fmt.Errorf("%w: pool %s has %d tables, at most %d", ErrBadParams, s.pool.ID(), len(s.linked), TablesMax)
	}
	return s.with(func(m map[string]bool) { m[table] = false }), nil
}

// Unlink unlinks a table (jackpot.unlinked). It returns an error wrapping
// ErrNotLinked, or ErrRoundOpen while the table has a round open: its
// progressive bets were accepted for this pool.
func (s State) Unlink(table string) (State, error) {
	open, ok := s.linked[table]
	switch {
	case !ok:
		return s, fmt.Errorf("%w: %s to %s", ErrNotLinked, cut(table), s.pool.ID())
	case open:
		return s, fmt.Errorf("%w: %s has a round open", ErrRoundOpen, cut(table))
	}
	return s.with(func(m map[string]bool) { delete(m, table) }), nil
}

// OpenRound records that a linked table opened a round, under the
// parameters whose hash the round records. It returns an error wrapping
// ErrNotLinked, ErrRoundOpen for a table whose round is open already, or
// ErrParamsChanged for another hash.
func (s State) OpenRound(table, hash string) (State, error) {
	open, ok := s.linked[table]
	switch {
	case !ok:
		return s, fmt.Errorf("%w: %s to %s", ErrNotLinked, cut(table), s.pool.ID())
	case open:
		return s, fmt.Errorf("%w: %s has a round open already", ErrRoundOpen, cut(table))
	}
	if _, err := s.pool.Resolve(hash); err != nil {
		return s, err
	}
	return s.with(func(m map[string]bool) { m[table] = true }), nil
}

// CloseRound records that a linked table's round is settled or
// cancelled. It returns an error wrapping ErrNotLinked.
func (s State) CloseRound(table string) (State, error) {
	if _, ok := s.linked[table]; !ok {
		return s, fmt.Errorf("%w: %s to %s", ErrNotLinked, cut(table), s.pool.ID())
	}
	return s.with(func(m map[string]bool) { m[table] = false }), nil
}

// Configure puts new parameters of the same pool in force
// (jackpot.configured with a new version). It returns an error wrapping
// ErrRoundOpen while any linked table has a round open, and ErrBadParams
// for another pool's parameters or a version that does not go up.
func (s State) Configure(p *Pool) (State, error) {
	if p.ID() != s.pool.ID() || p.Version() <= s.pool.Version() {
		return s, fmt.Errorf("%w: %s v%d cannot follow %s v%d", ErrBadParams, p.ID(), p.Version(), s.pool.ID(), s.pool.Version())
	}
	for t, open := range s.linked {
		if open {
			return s, fmt.Errorf("%w: %s; its bets were taken under version %d", ErrRoundOpen, cut(t), s.pool.Version())
		}
	}
	return State{pool: p, linked: maps.Clone(s.linked)}, nil
}
