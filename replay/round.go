package replay

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/posting"
	"github.com/wagerlog/wagerlog/projections"
	"github.com/wagerlog/wagerlog/round"
)

// RoundEventsMax bounds the events of one round that Round fetches: a round
// of 100,000 bets is far beyond any table.
const RoundEventsMax = 1_000_000

// Getter fetches one event by sequence. events/jetstream.Store implements
// it.
type Getter interface {
	Get(ctx context.Context, seq uint64) (events.Raw, error)
}

// RangeReader reads a range of the stream in one pass.
// events/jetstream.Store implements it.
type RangeReader interface {
	Read(ctx context.Context, from, to uint64, fn func(events.Raw) error) error
}

// prefetchSpanMax bounds the range Round reads in one pass for one round,
// as a multiple of the round's event count: a round whose events are spread
// thinly over a busy stream is fetched one event at a time instead.
const prefetchSpanMax = 4

// readEvent is one event of a round, read, hashed and decoded.
type readEvent struct {
	hash    events.Hash // as stated in the event
	hashOK  bool        // the content matches it
	env     events.Envelope
	payload any
}

// readRound reads, hashes and decodes a round's events (seqs) and reads
// the stated hash of the event just before each of them. When g reads
// ranges and the stretch from the event before the round's first to its
// last is not mostly other tables' events, one ordered read delivers them
// and GOMAXPROCS workers hash and decode each event as it arrives, so the
// work overlaps the read; events the read did not deliver, and every event
// otherwise, are fetched by a get each on the same workers.
//
// walk is called with each event in the order of seqs (i its index), with
// the stated hash of the event before it, as soon as both are ready, on
// one goroutine of its own while the rest is read; it returns false to be
// called no more. An event that failed is not walked, nor any after it.
// readRound returns once every event is read and the walk has returned;
// its error is the one of the first event, in seqs' order, that failed.
func readRound(ctx context.Context, g Getter, seqs []uint64, walk func(i int, ev *readEvent, prev events.Hash) bool) error {
	at := make(map[uint64]int, 2*len(seqs)) // job index of each sequence to read
	for i, seq := range seqs {
		at[seq] = i
	}
	var before []uint64 // events just before one of the round's, not in it
	for _, seq := range seqs {
		if _, in := at[seq-1]; seq > 1 && !in {
			before = append(before, seq-1)
		}
	}
	for j, seq := range before {
		at[seq] = len(seqs) + j
	}
	n := len(seqs) + len(before)
	evs := make([]readEvent, len(seqs))
	errs := make([]error, n)
	beforeHash := make([]events.Hash, len(before))
	// ready[i] is closed once job i is done (its outputs written, or its
	// error); claimed makes sure a job is done once.
	ready := make([]chan struct{}, n)
	for i := range ready {
		ready[i] = make(chan struct{})
	}
	claimed := make([]atomic.Bool, n)
	work := func(i int, raw events.Raw) {
		if !claimed[i].CompareAndSwap(false, true) {
			return
		}
		defer close(ready[i])
		if i >= len(seqs) {
			// Only the hash it states is needed, for the link of the
			// round's event after it: no hashing of its content.
			beforeHash[i-len(seqs)], _ = events.StatedHash(raw.Data)
			return
		}
		ev := &evs[i]
		h, err := events.CheckHash(raw.Data)
		ev.hash, ev.hashOK = h, err == nil
		env, p, err := (*events.Codec)(nil).DecodeWithPayload(raw.Data)
		if err != nil {
			errs[i] = fmt.Errorf("replay: event %d: %w", raw.Seq, err)
			return
		}
		env.Seq = raw.Seq
		ev.env, ev.payload = env, p
	}
	// prevOf is the job of the event before the round's event i: -1 for
	// the stream's first event.
	prevOf := func(i int) int {
		if seqs[i] == 1 {
			return -1
		}
		return at[seqs[i]-1]
	}

	// The walk. abort ends it early when the read fails and some jobs
	// will never be done.
	abort := make(chan struct{})
	walked := make(chan struct{})
	go func() {
		defer close(walked)
		wait := func(j int) bool {
			select {
			case <-ready[j]:
				return errs[j] == nil
			case <-abort:
				return false
			}
		}
		for i := range seqs {
			p := prevOf(i)
			if !wait(i) || (p >= 0 && !wait(p)) {
				return
			}
			var prev events.Hash // the zero hash before the stream's first event
			switch {
			case p >= len(seqs):
				prev = beforeHash[p-len(seqs)]
			case p >= 0:
				prev = evs[p].hash
			}
			if !walk(i, &evs[i], prev) {
				return
			}
		}
	}()
	defer func() {
		close(abort)
		<-walked
	}()

	if rr, ok := g.(RangeReader); ok && len(seqs) >= 2 {
		from, to := Stretch(seqs)
		if to >= from && to-from <= uint64(prefetchSpanMax*len(seqs))+64 {
			jobs := make(chan events.Raw, 256)
			var wg sync.WaitGroup
			for range runtime.GOMAXPROCS(0) {
				wg.Go(func() {
					for raw := range jobs {
						work(at[raw.Seq], raw)
					}
				})
			}
			err := rr.Read(ctx, from, to, func(r events.Raw) error {
				if _, ok := at[r.Seq]; ok {
					jobs <- r
				}
				return nil
			})
			close(jobs)
			wg.Wait()
			if err != nil {
				return fmt.Errorf("replay: read events %d..%d: %w", from, to, err)
			}
		}
	}
	seqOf := func(i int) uint64 {
		if i < len(seqs) {
			return seqs[i]
		}
		return before[i-len(seqs)]
	}
	var missing []int
	for i := range claimed {
		if !claimed[i].Load() {
			missing = append(missing, i)
		}
	}
	forEach(len(missing), func(k int) {
		i := missing[k]
		raw, err := g.Get(ctx, seqOf(i))
		if err != nil {
			if claimed[i].CompareAndSwap(false, true) {
				errs[i] = fmt.Errorf("replay: event %d: %w", seqOf(i), err)
				close(ready[i])
			}
			return
		}
		work(i, raw)
	})
	// Every job is done: the walk ends by itself. Wait for it here, before
	// the deferred clean-up's abort would cut it short.
	<-walked
	for i, seq := range seqs {
		if errs[i] != nil {
			return errs[i]
		}
		// The event before it, when not the round's, is read too.
		if j, ok := slices.BinarySearch(before, seq-1); ok {
			if err := errs[len(seqs)+j]; err != nil {
				return err
			}
		}
	}
	return nil
}

// Stretch is the range of the stream a replay of a round reads at once:
// from the event before the round's first (whose hash the first names as
// its prev) to its last. seqs are the round's sequences in order, at least
// one.
func Stretch(seqs []uint64) (from, to uint64) {
	return max(seqs[0], 2) - 1, seqs[len(seqs)-1]
}

// forEach calls fn(0) … fn(n-1) on GOMAXPROCS goroutines and returns when
// all have returned.
func forEach(n int, fn func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				fn(i)
			}
		}()
	}
	wg.Wait()
}

// Index finds a round's events. projections.Store implements it.
type Index interface {
	RoundIndex(id string) (projections.RoundIndex, error)
}

// EventLine is one event of a replayed round.
type EventLine struct {
	Seq      uint64       `json:"seq"`
	At       time.Time    `json:"at"`
	Type     events.Type  `json:"type"`
	Actor    events.Actor `json:"actor"`
	Hash     events.Hash  `json:"hash"`
	PrevHash events.Hash  `json:"prev"`
	// HashOK: the event's content matches its hash. LinkOK: its prev is the
	// hash of the event stored just before it in the stream.
	HashOK bool `json:"hash_ok"`
	LinkOK bool `json:"link_ok"`
	// Payload is the event's payload as stored.
	Payload any `json:"payload"`
}

// Settlement is one settlement's figures.
type Settlement struct {
	Outcome  string          `json:"outcome"`
	Win      decimal.Decimal `json:"win"`
	Returned decimal.Decimal `json:"returned"`
	Residue  decimal.Decimal `json:"residue"`
	// ResidueExact is the residue not paid, exactly, as a reduced fraction
	// of the currency's unit (ledger/rounding.go): recorded by the events
	// that post no residue, re-computed always; absent when none.
	ResidueExact string `json:"residue_exact,omitempty"`
	// Commission is what the house took from the win (baccarat's banker
	// bet), apart from Win; Returned is net of it.
	Commission decimal.Decimal `json:"commission"`
	Rule       string          `json:"rule,omitempty"`
}

func (s Settlement) equal(o Settlement) bool {
	return s.Outcome == o.Outcome && s.Win.Equal(o.Win) && s.Returned.Equal(o.Returned) &&
		s.Residue.Equal(o.Residue) && s.ResidueExact == o.ResidueExact && s.Commission.Equal(o.Commission) && s.Rule == o.Rule
}

// BetCheck is one recorded settlement, refund or take-down of a bet,
// re-computed. A refund and a take-down record the outcome "refunded" or
// "taken_down" and the stake given back.
type BetCheck struct {
	Seq    uint64          `json:"seq"`
	Bet    string          `json:"bet"`
	Slip   string          `json:"slip"`
	Player string          `json:"player"`
	Code   string          `json:"code"`
	Stake  decimal.Decimal `json:"stake"`
	// Dice are the dice the settlement recorded (Sic Bo), Result the
	// result of any other game; Correction its number. Dice is always
	// written, zero on a refund, as the first release wrote it: auditors'
	// tools read that shape.
	Dice       [3]int          `json:"dice"`
	Result     json.RawMessage `json:"result,omitempty"`
	Correction int             `json:"correction"`
	// Superseded is true when a correction later reversed this settlement.
	Superseded   bool       `json:"superseded,omitempty"`
	Paytable     string     `json:"paytable,omitempty"`
	PaytableHash string     `json:"paytable_hash,omitempty"`
	Recorded     Settlement `json:"recorded"`
	Recomputed   Settlement `json:"recomputed"`
	Match        bool       `json:"match"`
	// Problem says why Match is false.
	Problem string `json:"problem,omitempty"`
}

// RoundReplay is a disputed round replayed from the stream.
type RoundReplay struct {
	Round        string  `json:"round"`
	Table        string  `json:"table"`
	Number       int64   `json:"number"`
	Status       string  `json:"status"`
	Paytable     string  `json:"paytable"`
	PaytableHash string  `json:"paytable_hash"`
	Currency     string  `json:"currency"`
	Scale        int32   `json:"scale"`
	Dice         *[3]int `json:"dice,omitempty"`
	// Result is the result in force when it is not three dice; Results
	// lists every result of a round that has several (a craps hand), in
	// order.
	Result  json.RawMessage   `json:"result,omitempty"`
	Results []json.RawMessage `json:"results,omitempty"`
	// Steps are the results of a round that has several (a craps hand's
	// rolls), each with the bets it decided and the bets still open after
	// it; absent for a round of one result.
	Steps []Step `json:"steps,omitempty"`
	// Reshakes are the reshakes' reasons, in order (not results).
	Reshakes []string `json:"reshakes,omitempty"`
	// Claims are the players' calls of a prize (bingo.claimed) with the
	// game's verdicts, in order: recorded, never paid on.
	Claims      []events.BingoClaimed         `json:"claims,omitempty"`
	Corrections []events.RoundResultCorrected `json:"corrections,omitempty"`
	Events      []EventLine                   `json:"events"`
	Bets        []BetCheck                    `json:"bets"`
	// ChainOK: every event's hash and link checked out.
	ChainOK bool `json:"chain_ok"`
	// Match: every settlement re-computed to what was recorded, and every
	// bet of a finished round was settled, refunded or taken down.
	Match bool `json:"match"`
	// Problems lists every finding, in order; empty when all is well.
	Problems []string `json:"problems"`
	// Reading is the result in force as its game reads it (a coup's
	// cards with each side's point), for a round settled as a whole.
	Reading string `json:"reading,omitempty"`
	// Funds is what a round settled as a whole (games.RoundSettler) was
	// settled against (a player's bank), and Transfers its round's
	// transfers (a cagnotte, a prize pool) as recorded and as re-computed.
	Funds     *events.Funds   `json:"funds,omitempty"`
	Transfers *TransfersCheck `json:"transfers,omitempty"`
	// SalesClosed is what the round's first close of betting posted
	// (games.SalesCloser: a bingo game's prizes to the pool), as recorded
	// and as re-computed from the bets sold; nil when it posted nothing.
	SalesClosed *TransfersCheck `json:"sales_closed,omitempty"`
	// Announcement is the hall's announcement at the sales close, as
	// recorded (bingo: the cards sold by series and the prizes).
	Announcement string `json:"announcement,omitempty"`
	// Draws are the pass's complementary draws as recorded
	// (jackpot.drawn): the qualifying bets, the seed's commitment and the
	// prizes won. They are drawn again from the seed once the stream
	// reveals it (audit's dispute report and verify).
	Draws *events.JackpotDrawn `json:"draws,omitempty"`
}

// TransfersCheck is a round's transfers as round.settled recorded them and
// as the game computes them again from the bets, the results and the funds.
type TransfersCheck struct {
	Recorded   []events.Transfer `json:"recorded"`
	Recomputed []events.Transfer `json:"recomputed"`
	Match      bool              `json:"match"`
}

// Step is one result of a round of several, as a dispute of a roll reads
// it: the result in force, the bets it decided (their first settlement
// came on it; a correction of the round's last result re-settles bets but
// moves no decision to another result) and the bets still open after it
// (placed before it, neither decided nor taken down or refunded by then),
// each in the order they were placed or settled.
type Step struct {
	// Index is the result's position in the round, from 0; Seq the
	// sequence of its round.result event.
	Index   int             `json:"index"`
	Seq     uint64          `json:"seq"`
	Result  json.RawMessage `json:"result"`
	Decided []string        `json:"decided"`
	Open    []string        `json:"open"`
	// Allowed is true when the round's rules take the result after the
	// ones before it and the bets placed before it (a blackjack decision
	// the cards allow, a double with its bet: checkSteps); Refusal says
	// why not.
	Allowed bool   `json:"allowed"`
	Refusal string `json:"refusal,omitempty"`
}

// Round replays one round: its events fetched by sequence through the
// round index, their hashes and links checked, and the round walked by
// Replay. Findings go in the answer (ChainOK, Match, Problems); an error
// means the round could not be replayed at all.
func Round(ctx context.Context, g Getter, idx Index, roundID string, paytables *games.Catalog) (*RoundReplay, error) {
	ix, err := idx.RoundIndex(roundID)
	if err != nil {
		return nil, err
	}
	if len(ix.Events) == 0 || len(ix.Events) > RoundEventsMax {
		return nil, fmt.Errorf("%w: round %s has %d events", ErrIndex, roundID, len(ix.Events))
	}
	// The walk follows the read: each event is walked as soon as it and
	// the event before it are read, so the walk's work overlaps the read
	// of the rest of the round's stretch instead of following it.
	meta := RoundMeta{Round: roundID, Table: ix.Table, Currency: ix.Currency, Scale: ix.Scale}
	w := newWalk(meta, len(ix.Events), len(ix.Events)/2, paytables)
	var foreign error // the first event of another round, in the round's order
	err = readRound(ctx, g, ix.Events, func(i int, c *readEvent, prev events.Hash) bool {
		if c.env.Round != roundID {
			foreign = fmt.Errorf("%w: event %d belongs to round %q, not %s", ErrIndex, ix.Events[i], c.env.Round, roundID)
			return false
		}
		w.step(&RoundEvent{Env: c.env, Payload: c.payload, Hash: c.hash, HashOK: c.hashOK, Prev: prev})
		return true
	})
	switch {
	case err != nil:
		return nil, err
	case foreign != nil:
		return nil, foreign
	}
	return w.done(), nil
}

// RoundMeta is what a caller knows of a round before its events: where it
// was played and the decimals of its currency.
type RoundMeta struct {
	Round, Table, Currency string
	Scale                  int32
}

// RoundEvent is one event of a round as Replay walks it: decoded (Env.Seq
// set), with the hash it states, whether its content matches it, and the
// hash of the event stored just before it (the zero hash before the first
// event of the stream).
type RoundEvent struct {
	Env     events.Envelope
	Payload any
	Hash    events.Hash
	HashOK  bool
	Prev    events.Hash
}

// Replay is the one round replay engine: `wagerlog replay round`, the API's
// round replay and the dispute report (audit.Dispute) all answer with it.
// It walks a round's events in stream order, moves the round's status by
// the round model's lifecycle table (round.StatusAfter), keeps its results
// in force, and re-settles every settled bet with Resettle against the
// results the round had when it was settled. Every finding is a problem of
// the answer, never an error: a damaged round is described, not refused.
func Replay(meta RoundMeta, evs []RoundEvent, paytables *games.Catalog) *RoundReplay {
	// A round's checks are mostly one per settlement: sized for them, the
	// list and the maps by bet are not regrown and copied while a round of
	// thousands of bets is walked.
	settled := 0
	for i := range evs {
		if _, ok := evs[i].Payload.(*events.BetSettled); ok {
			settled++
		}
	}
	w := newWalk(meta, len(evs), settled, paytables)
	for i := range evs {
		w.step(&evs[i])
	}
	return w.done()
}

// walk is Replay's walk through a round's events, one step an event in
// stream order, so that Round can walk each event as soon as it is read.
type walk struct {
	out     *RoundReplay
	st      roundState
	problem func(format string, args ...any)
}

// newWalk starts a walk of a round of n events, settled of them
// settlements (capacities only).
func newWalk(meta RoundMeta, n, settled int, paytables *games.Catalog) *walk {
	w := &walk{
		out: &RoundReplay{
			Round: meta.Round, Table: meta.Table, Currency: meta.Currency, Scale: meta.Scale,
			Events: make([]EventLine, 0, n), Bets: make([]BetCheck, 0, settled), Problems: []string{}, ChainOK: true, Match: true,
		},
		st: roundState{inForce: make(map[string]int, settled), paytables: paytables, decidedAt: make(map[string]int, settled), returnedAt: map[string]int{}},
	}
	w.problem = func(format string, args ...any) {
		w.out.Problems = append(w.out.Problems, fmt.Sprintf(format, args...))
	}
	return w
}

// step walks the round's next event.
func (w *walk) step(c *RoundEvent) {
	out, problem := w.out, w.problem
	e := &c.Env
	seq := e.Seq
	linkOK := e.PrevHash == c.Prev
	if !c.HashOK {
		problem("event %d (%s): its content does not match its hash %s", seq, e.Type, c.Hash)
	}
	if !linkOK {
		problem("event %d (%s): prev %s is not the hash %s of event %d", seq, e.Type, e.PrevHash, c.Prev, seq-1)
	}
	out.ChainOK = out.ChainOK && c.HashOK && linkOK
	out.Events = append(out.Events, EventLine{
		Seq: seq, At: e.OccurredAt, Type: e.Type, Actor: e.Actor, Hash: c.Hash, PrevHash: e.PrevHash,
		HashOK: c.HashOK, LinkOK: linkOK, Payload: c.Payload,
	})
	w.st.apply(out, e, c.Payload, problem)
}

// done ends the walk and returns the replay.
func (w *walk) done() *RoundReplay {
	w.st.finish(w.out, w.problem)
	return w.out
}

// roundState follows a round through its events.
type roundState struct {
	// r is the round as the round model folds it: its status, its
	// results in force and its bets as placed (with how many results
	// the round had then).
	r round.Round
	// parsed are r's results parsed by the round's paytable (nil until a
	// settlement needs them, and again after a result changes).
	parsed []games.Result
	// together and recorded are the bets (indexes in Bets) of a round
	// settled as a whole and their recorded settlements, checked at
	// round.settled.
	together []int
	recorded []games.Settlement
	inForce  map[string]int // bet → index in Bets of its settlement, refund or take-down in force

	// steps are the round's results with the bets each decided;
	// decidedAt the result that first settled a bet; returnedAt how many
	// results the round had when a bet was taken down or refunded.
	steps      []Step
	decidedAt  map[string]int
	returnedAt map[string]int

	paytables *games.Catalog
	pt        games.Paytable
	ptErr     error
	ptLooked  bool
}

// setResults records the results in force in the answer: three dice in
// Dice as the first release showed them, any other result in Result, and
// the whole list when there are several.
func (st *roundState) setResults(out *RoundReplay) {
	st.parsed = nil
	last := st.r.Last()
	d, other := events.ResultMembers(last)
	out.Dice, out.Result, out.Results = nil, other, nil
	if other == nil {
		out.Dice = &d
	}
	if len(st.r.Results) > 1 {
		out.Results = make([]json.RawMessage, len(st.r.Results))
		for i, r := range st.r.Results {
			out.Results[i] = r
		}
	}
}

func (st *roundState) apply(out *RoundReplay, e *events.Envelope, payload any, problem func(string, ...any)) {
	betProblem := func(format string, args ...any) {
		out.Match = false
		problem(format, args...)
	}
	// The round model folds the event first: the status by the one
	// lifecycle table, the results in force, the bets. The replay checks
	// the bets' events itself (resettle, returned), so only a status the
	// table does not allow is a problem here.
	lastBefore := st.r.Last()
	pl, _ := payload.(events.Payload)
	if err := st.r.Apply(e, pl, nil); errors.Is(err, round.ErrTransition) {
		betProblem("event %d: %s cannot happen to a round that is %q", e.Seq, e.Type, out.Status)
	}
	out.Status = string(st.r.Status)
	switch p := payload.(type) {
	case *events.RoundOpened:
		out.Number, out.Paytable, out.PaytableHash = p.Number, p.Paytable, p.PaytableHash
	case *events.RoundBettingClosed:
		st.recloseSales(out, p, betProblem)
	case *events.RoundCancelled:
		uncloseSales(out, p, betProblem)
	case *events.RoundReshake:
		out.Reshakes = append(out.Reshakes, p.Reason)
	case *events.BingoClaimed:
		out.Claims = append(out.Claims, *p)
	case *events.RoundResult:
		st.setResults(out)
		st.steps = append(st.steps, Step{Index: len(st.r.Results) - 1, Seq: e.Seq, Result: p.ResultJSON(), Decided: []string{}, Open: []string{}})
	case *events.RoundResultCorrected:
		if lastBefore == nil || !bytes.Equal(lastBefore, p.BeforeJSON()) {
			betProblem("event %d: correction from %s, but the result in force is %s", e.Seq, p.BeforeJSON(), lastBefore)
		}
		st.setResults(out)
		if n := len(st.steps); n > 0 {
			st.steps[n-1].Result = p.AfterJSON()
		}
		out.Corrections = append(out.Corrections, *p)
	case *events.BetSettled:
		c := BetCheck{
			Seq: e.Seq, Bet: p.Bet, Slip: p.Slip, Player: p.Player, Code: p.Code, Stake: p.Stake,
			Dice: p.Dice, Result: p.Result, Correction: p.Correction, Paytable: p.Paytable, PaytableHash: p.PaytableHash,
			Recorded: Settlement{Outcome: p.Outcome, Win: p.Win, Returned: p.Returned, Residue: p.Residue, ResidueExact: p.ResidueExact, Commission: p.Commission, Rule: p.Rule},
		}
		c.Problem = st.resettle(&c, Recorded(p), out)
		c.Match = c.Problem == ""
		if c.Problem == settledTogether {
			// Checked with the whole round at round.settled.
			c.Problem, c.Match = "", true
			st.together = append(st.together, len(out.Bets))
			st.recorded = append(st.recorded, Recorded(p))
		} else if !c.Match {
			betProblem("bet %s (event %d): %s", p.Bet, e.Seq, c.Problem)
		}
		if _, open := st.inForce[p.Bet]; open {
			betProblem("bet %s (event %d): settled again without a reversal", p.Bet, e.Seq)
		}
		st.inForce[p.Bet] = len(out.Bets)
		out.Bets = append(out.Bets, c)
		if _, done := st.decidedAt[p.Bet]; !done && len(st.steps) > 0 {
			st.decidedAt[p.Bet] = len(st.steps) - 1
			st.steps[len(st.steps)-1].Decided = append(st.steps[len(st.steps)-1].Decided, p.Bet)
		}
	case *events.BetSettlementReversed:
		i, ok := st.inForce[p.Bet]
		if !ok || out.Bets[i].Recorded.Outcome == projections.BetRefunded || out.Bets[i].Recorded.Outcome == projections.BetTakenDown {
			betProblem("bet %s (event %d): reversal of no settlement", p.Bet, e.Seq)
			return
		}
		rec := out.Bets[i].Recorded
		if !rec.Win.Equal(p.Win) || !rec.Returned.Equal(p.Returned) || !rec.Residue.Equal(p.Residue) {
			betProblem("bet %s (event %d): reversal of %s/%s does not undo the settlement of %s/%s", p.Bet, e.Seq, p.Win, p.Returned, rec.Win, rec.Returned)
		}
		out.Bets[i].Superseded = true
		delete(st.inForce, p.Bet)
	case *events.RoundSettled:
		if len(st.together) > 0 {
			st.resettleTogether(out, p, betProblem)
		}
	case *events.BetRefunded:
		st.returned(out, e, p.Bet, p.Slip, p.Player, p.Code, p.Stake, projections.BetRefunded, round.Cancelled, betProblem)
	case *events.BetTakenDown:
		st.returned(out, e, p.Bet, p.Slip, p.Player, p.Code, p.Stake, projections.BetTakenDown, round.Betting, betProblem)
	case *events.JackpotDrawn:
		out.Draws = p
	}
}

// returned checks a stake given back whole to its player: a refund (in a
// cancelled round) or a take-down (between two results). Either ends a bet
// that is still open: it was placed in this round and has nothing in
// force.
func (st *roundState) returned(out *RoundReplay, e *events.Envelope, bet, slip, player, code string, stake decimal.Decimal, outcome string, status round.Status, betProblem func(string, ...any)) {
	// A refund or a take-down names the rule a settlement answer gives
	// it, so that every row of a replay says what decided it.
	rule := round.RuleTakenDown
	if outcome == string(round.BetRefunded) {
		rule = round.RuleRefunded
	}
	c := BetCheck{
		Seq: e.Seq, Bet: bet, Slip: slip, Player: player, Code: code, Stake: stake,
		Recorded: Settlement{Outcome: outcome, Returned: stake, Rule: rule},
	}
	pb := st.r.Bet(bet)
	ok := pb != nil
	if !ok {
		pb = &round.Bet{}
	}
	c.Recomputed = Settlement{Outcome: outcome, Returned: pb.Stake, Rule: rule}
	_, ended := st.inForce[bet]
	switch {
	case !ok:
		c.Problem = "stake given back for a bet never placed in this round"
		if outcome == projections.BetRefunded {
			c.Problem = "refund of a bet never placed in this round"
		}
	case out.Status != string(status):
		c.Problem = fmt.Sprintf("%s in a round that is %s", outcome, out.Status)
		if outcome == projections.BetRefunded {
			c.Problem = "refund in a round that is not cancelled"
		}
	case ended:
		c.Problem = fmt.Sprintf("%s, but the bet is no longer open", outcome)
	case !c.Recorded.equal(c.Recomputed):
		c.Problem = fmt.Sprintf("gave back %s, the stake was %s", stake, pb.Stake)
		if outcome == projections.BetRefunded {
			c.Problem = fmt.Sprintf("refunded %s, the stake was %s", stake, pb.Stake)
		}
	}
	c.Match = c.Problem == ""
	if !c.Match {
		betProblem("bet %s (event %d): %s", bet, e.Seq, c.Problem)
	}
	st.inForce[bet] = len(out.Bets)
	out.Bets = append(out.Bets, c)
	if _, done := st.returnedAt[bet]; !done {
		st.returnedAt[bet] = len(st.r.Results)
	}
}

// resettle settles c again from first principles and returns what does not
// match, "" when all does.
func (st *roundState) resettle(c *BetCheck, recorded games.Settlement, out *RoundReplay) string {
	pb := st.r.Bet(c.Bet)
	result := events.ResultJSONOf(c.Dice, c.Result)
	switch {
	case pb == nil:
		return "settlement of a bet never placed in this round"
	case !pb.Stake.Equal(c.Stake) || pb.Code != c.Code:
		return fmt.Sprintf("settled as %s %s, placed as %s %s", c.Code, c.Stake, pb.Code, pb.Stake)
	case len(st.r.Results) == 0:
		return "settled before any result"
	case !bytes.Equal(st.r.Last(), result):
		return fmt.Sprintf("settled on %s, the result in force is %s", result, st.r.Last())
	case c.PaytableHash != out.PaytableHash || c.Paytable != out.Paytable:
		return fmt.Sprintf("settled under %s %s, the round was opened under %s %s", c.Paytable, c.PaytableHash, out.Paytable, out.PaytableHash)
	}
	pt, err := st.paytable(out)
	if err != nil {
		return fmt.Sprintf("cannot re-settle under other rules: %v", err)
	}
	if st.parsed == nil {
		res, err := ParseResults(pt, st.r.Results)
		if err != nil {
			return err.Error()
		}
		st.parsed = res
	}
	if _, ok := pt.(games.RoundSettler); ok {
		return settledTogether
	}
	s, diff, err := Resettle(pt, gameBet(pb), out.Scale, st.parsed, recorded)
	if err != nil {
		return fmt.Sprintf("re-settlement failed: %v", err)
	}
	c.Recomputed = Settlement{Outcome: string(s.Outcome), Win: s.Win, Returned: s.Returned, Residue: s.Residue,
		ResidueExact: posting.ResidueString(s.ExactResidue()), Commission: s.Commission, Rule: s.Rule}
	return diff
}

// settledTogether is resettle's answer for a bet of a round settled as a
// whole: it is checked at round.settled, with every bet of the round.
const settledTogether = "settled with its round"

// resettleTogether re-settles the bets of a round settled as a whole
// (games.RoundSettler) with the funds and transfers round.settled records.
func (st *roundState) resettleTogether(out *RoundReplay, p *events.RoundSettled, betProblem func(string, ...any)) {
	defer func() { st.together, st.recorded = nil, nil }()
	pt, err := st.paytable(out)
	if err != nil {
		betProblem("round %s cannot be re-settled: %v", out.Round, err)
		return
	}
	rs := pt.(games.RoundSettler)
	if p.Funds == nil {
		betProblem("round %s was settled as a whole without its funds", out.Round)
		return
	}
	bets := make([]games.Bet, len(st.together))
	for i, k := range st.together {
		bets[i] = gameBet(st.r.Bet(out.Bets[k].Bet))
	}
	funds, err := RecordedFunds(st.paytables, p.Funds)
	if err != nil {
		betProblem("round %s cannot be re-settled: %v", out.Round, err)
		return
	}
	out.Funds = p.Funds
	closedFunds(out, p.Funds, betProblem)
	if len(st.parsed) > 0 {
		out.Reading = st.parsed[len(st.parsed)-1].String()
	}
	set, diffs, tdiff, err := ResettleRound(rs, bets, out.Scale, st.parsed, funds, st.recorded, p.Transfers)
	if err != nil {
		betProblem("round %s cannot be re-settled: %v", out.Round, err)
		return
	}
	tc := &TransfersCheck{Recorded: append([]events.Transfer{}, p.Transfers...), Recomputed: []events.Transfer{}, Match: tdiff == ""}
	for _, t := range set.Transfers {
		tc.Recomputed = append(tc.Recomputed, events.Transfer{From: t.From, To: t.To, Amount: t.Amount, Rule: t.Rule})
	}
	out.Transfers = tc
	for i, k := range st.together {
		c := &out.Bets[k]
		s := set.Bets[i]
		c.Recomputed = Settlement{Outcome: string(s.Outcome), Win: s.Win, Returned: s.Returned, Residue: s.Residue,
			ResidueExact: posting.ResidueString(s.ExactResidue()), Rule: s.Rule}
		c.Problem, c.Match = diffs[i], diffs[i] == ""
		if !c.Match {
			betProblem("bet %s (event %d): %s", c.Bet, c.Seq, c.Problem)
		}
	}
	if tdiff != "" {
		betProblem("round %s: %s", out.Round, tdiff)
	}
}

// paytable resolves the round's paytable once.
func (st *roundState) paytable(out *RoundReplay) (games.Paytable, error) {
	if !st.ptLooked {
		st.pt, st.ptErr = st.paytables.Resolve(out.Paytable, out.PaytableHash)
		st.ptLooked = true
	}
	return st.pt, st.ptErr
}

// gameBet is a bet as its game settles it.
func gameBet(b *round.Bet) games.Bet {
	return games.Bet{Code: b.Code, Stake: b.Stake, Since: b.Since, Working: b.Working}
}

// finish lists the steps of a round of several results, and reports the
// bets of a finished round left without a settlement, refund or take-down
// in force.
func (st *roundState) finish(out *RoundReplay, problem func(string, ...any)) {
	if len(st.steps) > 1 {
		for i := range st.steps {
			for _, b := range st.r.Bets {
				if b.Since > i {
					continue
				}
				if d, ok := st.decidedAt[b.ID]; ok && d <= i {
					continue
				}
				if r, ok := st.returnedAt[b.ID]; ok && r <= i {
					continue
				}
				st.steps[i].Open = append(st.steps[i].Open, b.ID)
			}
		}
		st.checkSteps(out, problem)
		out.Steps = st.steps
	}
	if !round.Status(out.Status).Finished() {
		return
	}
	for _, b := range out.Events {
		p, ok := b.Payload.(*events.BetPlaced)
		if !ok {
			continue
		}
		for _, pb := range p.Bets {
			if _, ok := st.inForce[pb.Bet]; !ok {
				out.Match = false
				problem("bet %s of %s: the round is %s but the bet has no settlement or refund in force", pb.Bet, p.Player, out.Status)
			}
		}
	}
}
