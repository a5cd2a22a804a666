//go:build crash

package crash

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
	"github.com/wagerlog/wagerlog/projections"
)

// Limits of the stream checks.
const (
	// openTimeout bounds opening the embedded store in-process (it
	// recovers the store the killed server left).
	openTimeout = 2 * time.Minute
	// readTimeout bounds reading the whole stream.
	readTimeout = 2 * time.Minute
	// eventsMax bounds the events the checks read.
	eventsMax = 5_000_000
	// violationsShown is how many violations of the audit a failure lists.
	violationsShown = 20
)

// account is a balance's key: an account in one currency.
type account struct {
	name, currency string
}

// streamState is what the checks read from the stream with the server
// stopped.
type streamState struct {
	last uint64
	// byKey maps actor|idempotency key to the sequences of its events.
	byKey map[string][]uint64
	// balances are folded from every posting of the stream.
	balances map[account]decimal.Decimal
	// interrupted are the rounds whose settlement, correction or refunds
	// the kill interrupted between two batches: the ledger finishes them
	// at its next start.
	interrupted []string
	// events are the type and actor|key of every event, by sequence-1.
	events []eventInfo
}

// eventInfo is what the checks keep of an event.
type eventInfo struct {
	typ events.Type
	key string
}

// readStream opens the embedded store of dataDir in-process (the server
// must be stopped: one process holds a store), reads every event and
// checks the stream itself:
//   - sequences 1..n without a gap, each event's message id its event id,
//     no event id twice;
//   - one hash chain from the first event to the last;
//   - no wallet below zero at any point, and per currency the balances
//     folded from the postings sum to zero;
//   - package audit's Verify finds no violation (hash chain, postings
//     against payloads, stated balances, payouts re-settled, totals,
//     seals).
func readStream(tb testing.TB, dataDir string) *streamState {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), openTimeout)
	defer cancel()
	store, err := jetstream.Open(ctx, jetstream.Options{DataDir: dataDir, ReadOnly: true})
	if err != nil {
		tb.Fatalf("open the store the server left: %v", err)
	}
	defer func() {
		if err := store.Close(); err != nil {
			tb.Errorf("close the store: %v", err)
		}
	}()
	rctx, rcancel := context.WithTimeout(context.Background(), readTimeout)
	defer rcancel()

	st := &streamState{byKey: map[string][]uint64{}, balances: map[account]decimal.Decimal{}}
	chain := events.NewChain(events.Hash{}, 0)
	ids := map[string]uint64{}
	n := 0
	err = store.Read(rctx, 1, 0, func(r events.Raw) error {
		n++
		if n > eventsMax {
			return fmt.Errorf("more than %d events", eventsMax)
		}
		e, err := events.Decode(r.Data)
		if err != nil {
			return fmt.Errorf("event %d: %w", r.Seq, err)
		}
		if r.Seq != uint64(n) {
			return fmt.Errorf("event %d has sequence %d: a gap", n, r.Seq)
		}
		if r.MsgID != e.ID.String() {
			tb.Errorf("event %d: message id %q, event id %s", r.Seq, r.MsgID, e.ID)
		}
		if prev, dup := ids[e.ID.String()]; dup {
			tb.Errorf("event id %s stored twice, at %d and %d", e.ID, prev, r.Seq)
		}
		ids[e.ID.String()] = r.Seq
		if err := chain.Next(r.Seq, e.PrevHash, r.Data); err != nil {
			return fmt.Errorf("hash chain: %w", err)
		}
		info := eventInfo{typ: e.Type}
		if e.IdempotencyKey != "" {
			info.key = e.Actor.ID + "|" + e.IdempotencyKey
			st.byKey[info.key] = append(st.byKey[info.key], r.Seq)
		}
		st.events = append(st.events, info)
		for _, p := range e.Postings {
			from, to := account{p.From, p.Currency}, account{p.To, p.Currency}
			st.balances[from] = st.balances[from].Sub(p.Amount)
			st.balances[to] = st.balances[to].Add(p.Amount)
			if _, wallet := posting.IsWallet(p.From); wallet && st.balances[from].IsNegative() {
				tb.Errorf("event %d (%s) takes %s below zero: %s", r.Seq, e.Type, p.From, st.balances[from])
			}
		}
		st.last = r.Seq
		return nil
	})
	if err != nil {
		tb.Fatalf("read the stream: %v", err)
	}
	if last, err := store.LastSeq(rctx); err != nil || last != st.last {
		tb.Errorf("the stream reports its last sequence as %d (%v), its events end at %d: a tail it cannot deliver", last, err, st.last)
	}
	sums := map[string]decimal.Decimal{}
	for k, v := range st.balances {
		sums[k.currency] = sums[k.currency].Add(v)
	}
	for cur, sum := range sums {
		if !sum.IsZero() {
			tb.Errorf("balances in %s sum to %s, want 0", cur, sum)
		}
	}

	rep, err := audit.Verify(rctx, store, 0, 0, audit.Options{Games: registry.New(), SubjectPrefix: jetstream.DefaultSubjectPrefix})
	if err != nil {
		tb.Fatalf("audit.Verify: %v", err)
	}
	if !rep.Clean || rep.LastSeq != st.last {
		var vs []string
		for i, v := range rep.Violations {
			if i == violationsShown {
				break
			}
			vs = append(vs, v.String())
		}
		tb.Errorf("audit.Verify of 1..%d: clean %v, last %d, %d violations:\n%s", st.last, rep.Clean, rep.LastSeq, len(rep.Violations)+rep.More, strings.Join(vs, "\n"))
	}
	for _, r := range rep.OpenRounds {
		if r.Status == string(ledger.RoundSettling) || r.Status == string(ledger.RoundCancelled) {
			st.interrupted = append(st.interrupted, r.Round+" ("+r.Status+")")
		}
	}
	return st
}

// checkContinuation checks the events a restart wrote on its own, between
// the stream before it (prev) and the one after it (st): only the
// settlements, reversals and refunds that an interrupted command still
// owed, each under the key of a command whose first events were stored
// before the kill, and seals: a seal falls due by count or by time
// whenever the sequencer runs, also on its own (the periodic stream
// check), and moves no money; verify checks it against the chain.
func checkContinuation(tb testing.TB, prev, st *streamState) {
	tb.Helper()
	for seq := prev.last + 1; seq <= st.last; seq++ {
		e := st.events[seq-1]
		switch e.typ {
		case events.TypeLedgerSealed:
			continue
		case events.TypeBetSettled, events.TypeBetSettlementReversed, events.TypeRoundSettled, events.TypeBetRefunded:
		default:
			tb.Errorf("the restart wrote %s at %d: not the continuation of interrupted work", e.typ, seq)
			continue
		}
		if e.key == "" || len(prev.byKey[e.key]) == 0 {
			tb.Errorf("the restart wrote %s at %d under key %q, which had no event before the kill", e.typ, seq, e.key)
		}
	}
}

// projectedSeq returns the last sequence the live projections file of
// dataDir holds (the server must be stopped).
func projectedSeq(tb testing.TB, dataDir string) uint64 {
	tb.Helper()
	views, err := projections.Open(filepath.Join(dataDir, "projections.db"), projections.Options{ReadOnly: true, Games: registry.New()})
	if err != nil {
		tb.Fatalf("open the live projections the server left: %v", err)
	}
	defer views.Close()
	return views.LastSeq()
}

// checkBook checks the writes against the stream:
//   - every acknowledged write is in it exactly once: as many events under
//     its actor and key as its answer counted, at the sequences its answer
//     gave (a write applied twice would have twice the events);
//   - a refused write left no event;
//   - the cashier's balance is the deposits minus the withdrawals that
//     were acknowledged (or whose outcome is unknown and whose events are
//     in the stream).
func checkBook(tb testing.TB, st *streamState, b *book) {
	tb.Helper()
	acked, refused, unknown := b.snapshot()
	cashierWant := decimal.Zero
	cash := func(o *op, sign int) {
		var body cashBody
		mustDecode(tb, o.body, &body)
		amount := decimal.RequireFromString(body.Amount)
		if sign < 0 {
			amount = amount.Neg()
		}
		cashierWant = cashierWant.Add(amount)
	}
	count := func(o *op) {
		switch o.kind {
		case "deposit":
			cash(o, -1)
		case "withdraw":
			cash(o, 1)
		}
	}
	for _, o := range acked {
		seqs := st.byKey[o.mapKey()]
		if len(seqs) != o.res.Events {
			tb.Errorf("acknowledged %s %s (cycle %d): %d events in the stream, the answer said %d (%d..%d)",
				o.kind, o.key, o.cycle, len(seqs), o.res.Events, o.res.FirstSeq, o.res.LastSeq)
			continue
		}
		if len(seqs) > 0 && (seqs[0] != o.res.FirstSeq || seqs[len(seqs)-1] != o.res.LastSeq) {
			tb.Errorf("acknowledged %s %s (cycle %d): events at %d..%d, the answer said %d..%d",
				o.kind, o.key, o.cycle, seqs[0], seqs[len(seqs)-1], o.res.FirstSeq, o.res.LastSeq)
		}
		count(o)
	}
	for _, o := range refused {
		if seqs := st.byKey[o.mapKey()]; len(seqs) > 0 {
			tb.Errorf("refused %s %s (%d %s, cycle %d) has events in the stream at %v", o.kind, o.key, o.status, o.code, o.cycle, seqs)
		}
	}
	for _, o := range unknown {
		if len(st.byKey[o.mapKey()]) > 0 {
			count(o)
		}
	}
	if got := st.balances[account{posting.AccountCashier, currency}]; !got.Equal(cashierWant) {
		tb.Errorf("cashier balance %s, the deposits and withdrawals make %s", got, cashierWant)
	}
}

// verifyCommand reports whether the binary has a `verify` command.
func verifyCommand(tb testing.TB, bin string) bool {
	_, out, _ := runTool(tb, bin, "verify", "--help")
	return strings.Contains(out, "wagerlog verify")
}

// runVerify runs `wagerlog verify --data-dir` and requires exit status 0.
func runVerify(tb testing.TB, bin, dataDir string) {
	tb.Helper()
	status, out, errOut := runTool(tb, bin, "verify", "--data-dir", dataDir)
	if status != 0 {
		tb.Errorf("wagerlog verify --data-dir %s: exit status %d\n%s\n%s", dataDir, status, out, errOut)
	}
}

// rebuild runs `wagerlog rebuild` into path.
func rebuild(tb testing.TB, bin, dataDir, path string) {
	tb.Helper()
	status, out, errOut := runTool(tb, bin, "rebuild", "--data-dir", dataDir, "--db", path)
	if status != 0 {
		tb.Fatalf("wagerlog rebuild: exit status %d\n%s\n%s", status, out, errOut)
	}
}

func mustDecode(tb testing.TB, b []byte, v any) {
	tb.Helper()
	if err := json.Unmarshal(b, v); err != nil {
		tb.Fatalf("decode %s: %v", b, err)
	}
}
