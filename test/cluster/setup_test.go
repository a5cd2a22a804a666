//go:build cluster

package cluster

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"slices"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/internal/clustertest"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// Time limits of the suite.
const (
	// openTimeout bounds opening a store or a ledger on the cluster.
	openTimeout = 2 * time.Minute
	// attemptTimeout bounds one Execute: long enough for the ledger to go
	// through its append retries and a reload during an election.
	attemptTimeout = time.Minute
	// commandDeadline bounds all the attempts of one command. A command
	// not acknowledged by then fails the test: the cluster was healthy
	// again long before.
	commandDeadline = 3 * time.Minute
	// retryPause is the client's pause between attempts.
	retryPause = 100 * time.Millisecond
	// readTimeout bounds reading the whole stream for the checks.
	readTimeout = 2 * time.Minute
	// eventsMax bounds the events the checks read.
	eventsMax = 5_000_000
)

// Actors of the suite's commands.
var (
	cashier    = events.Actor{ID: "cash-1", Role: ledger.RoleCashier}
	supervisor = events.Actor{ID: "sup-1", Role: ledger.RoleSupervisor}
	dealer     = events.Actor{ID: "dealer-1", Role: ledger.RoleDealer}
	frontend   = events.Actor{ID: "fe-1", Role: ledger.RoleFrontend}
)

// currency is the one currency of the suite.
const currency = "EUR"

// figure logs a measured figure on a line CI picks up.
func figure(tb testing.TB, format string, args ...any) {
	tb.Helper()
	tb.Logf("cluster figure: "+format, args...)
}

// logger returns a logger for the suite's stores and ledgers: warnings to
// stderr with -v, nothing otherwise.
func logger() *slog.Logger {
	if !testing.Verbose() {
		return slog.New(slog.DiscardHandler)
	}
	return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
}

// storeOptions returns the store options that connect to c as u.
func storeOptions(c *clustertest.Cluster, u clustertest.User, readOnly bool) jetstream.Options {
	return jetstream.Options{
		URL: c.URLs(), User: u.Name, Password: u.Password, InboxPrefix: u.InboxPrefix,
		Stream: clustertest.Stream, SubjectPrefix: clustertest.SubjectPrefix, Replicas: 3,
		ReadOnly: readOnly, Logger: logger(),
	}
}

// openStore opens a store on c as u; it is closed when the test ends.
func openStore(tb testing.TB, c *clustertest.Cluster, u clustertest.User, readOnly bool) *jetstream.Store {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), openTimeout)
	defer cancel()
	s, err := jetstream.Open(ctx, storeOptions(c, u, readOnly))
	if err != nil {
		tb.Fatalf("open store as %s: %v", u.Name, err)
	}
	tb.Cleanup(func() { _ = s.Close() })
	return s
}

// startCluster starts the cluster and has the admin create the stream
// (the ledger user may not), with 3 replicas.
func startCluster(tb testing.TB) *clustertest.Cluster {
	tb.Helper()
	c := clustertest.Start(tb)
	admin := openStore(tb, c, clustertest.Admin(), false)
	if err := admin.Close(); err != nil {
		tb.Fatal(err)
	}
	c.WaitStreamCurrent()
	return c
}

// openLedger opens a ledger on s; it is closed when the test ends. log, if
// not nil, receives the ledger's messages.
func openLedger(tb testing.TB, s *jetstream.Store, log *slog.Logger) *ledger.Ledger {
	tb.Helper()
	if log == nil {
		log = logger()
	}
	ctx, cancel := context.WithTimeout(context.Background(), openTimeout)
	defer cancel()
	l, err := ledger.Open(ctx, s, ledger.Options{Games: registry.New(), Logger: log})
	if err != nil {
		tb.Fatalf("open ledger: %v", err)
	}
	tb.Cleanup(func() { _ = l.Close() })
	return l
}

func dec(s string) decimal.Decimal { return decimal.RequireFromString(s) }

// acked is a command the ledger acknowledged.
type acked struct {
	actor string
	key   string
	kind  string
	// amount is a deposit's or withdrawal's amount, for the cashier check.
	amount decimal.Decimal
	res    ledger.Result
	at     time.Time
}

// book records every acknowledged command, and the outcomes of the rest.
type book struct {
	mu       sync.Mutex
	acks     []acked
	refused  map[string]int // business refusals by code
	retries  map[string]int // retried failures by code
	attempts int
	// byLedger counts the acknowledgements of each ledger.
	byLedger map[*ledger.Ledger]int
}

func newBook() *book {
	return &book{refused: map[string]int{}, retries: map[string]int{}, byLedger: map[*ledger.Ledger]int{}}
}

// acknowledgedBy returns how many commands l acknowledged.
func (b *book) acknowledgedBy(l *ledger.Ledger) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.byLedger[l]
}

// retryable reports whether a failed command may still succeed when sent
// again with the same idempotency key: the log was unavailable, another
// writer was appending, the queue was full, or no answer came in time.
func retryable(err error) bool {
	if errors.Is(err, context.DeadlineExceeded) {
		return true
	}
	switch ledger.CodeOf(err) {
	case "unavailable", "fenced", "overloaded":
		return true
	}
	return false
}

// do executes c on l until it is acknowledged or refused for a business
// reason, sending it again with the same idempotency key after a
// retryable failure. It fails the test if neither happens within
// commandDeadline. The command's idempotency key must be unique in the
// test.
func (b *book) do(tb testing.TB, l *ledger.Ledger, c ledger.Command, kind string, amount decimal.Decimal) (ledger.Result, error) {
	deadline := time.Now().Add(commandDeadline)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), attemptTimeout)
		res, err := l.Execute(ctx, c)
		cancel()
		b.mu.Lock()
		b.attempts++
		switch {
		case err == nil:
			m := metaOf(c)
			b.acks = append(b.acks, acked{actor: m.Actor.ID, key: m.IdempotencyKey, kind: kind, amount: amount, res: res, at: time.Now()})
			b.byLedger[l]++
		case retryable(err):
			b.retries[retryCode(err)]++
		default:
			b.refused[ledger.CodeOf(err)]++
		}
		b.mu.Unlock()
		if err == nil || !retryable(err) {
			return res, err
		}
		if time.Now().After(deadline) {
			tb.Errorf("%s %s: not acknowledged within %v: %v", kind, metaOf(c).IdempotencyKey, commandDeadline, err)
			return res, err
		}
		time.Sleep(retryPause)
	}
}

func retryCode(err error) string {
	if errors.Is(err, context.DeadlineExceeded) {
		return "no answer in time"
	}
	return ledger.CodeOf(err)
}

// metaOf returns a command's Meta.
func metaOf(c ledger.Command) ledger.Meta {
	switch c := c.(type) {
	case *ledger.Deposit:
		return c.Meta
	case *ledger.Withdraw:
		return c.Meta
	case *ledger.OpenTable:
		return c.Meta
	case *ledger.OpenRound:
		return c.Meta
	case *ledger.PlaceSlip:
		return c.Meta
	case *ledger.CloseBetting:
		return c.Meta
	case *ledger.RecordResult:
		return c.Meta
	}
	panic(fmt.Sprintf("metaOf: unexpected command %T", c))
}

// summary describes the outcomes for the log.
func (b *book) summary() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return fmt.Sprintf("%d acknowledged, %d attempts, retried %v, refused %v", len(b.acks), b.attempts, b.retries, b.refused)
}

// snapshot returns the acknowledged commands.
func (b *book) snapshot() []acked {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Clone(b.acks)
}

// readStream returns every event of the stream, decoded, read as the
// reader user.
func readStream(tb testing.TB, s *jetstream.Store) ([]events.Envelope, []events.Raw) {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), readTimeout)
	defer cancel()
	var (
		envs []events.Envelope
		raws []events.Raw
	)
	err := s.Read(ctx, 1, 0, func(r events.Raw) error {
		if len(envs) == eventsMax {
			return fmt.Errorf("more than %d events", eventsMax)
		}
		e, err := events.Decode(r.Data)
		if err != nil {
			return fmt.Errorf("event %d: %w", r.Seq, err)
		}
		e.Seq = r.Seq
		envs = append(envs, e)
		raws = append(raws, r)
		return nil
	})
	if err != nil {
		tb.Fatalf("read the stream: %v", err)
	}
	return envs, raws
}

// account is a balance's key: an account in one currency.
type account struct {
	name, currency string
}

// checkStream checks the invariants of the whole stream and the
// acknowledged commands against it, and returns the balances folded from
// the stream's postings:
//   - sequences 1..n without a gap, each event's message id its event id,
//     no event id twice;
//   - one hash chain from the first event to the last: every event's prev
//     hash is its predecessor's hash (two writers committing at the same
//     position would fork it);
//   - every acknowledged command's events are in the stream exactly once,
//     at the sequences its Result gave;
//   - per currency the balances sum to zero, and no wallet is ever below
//     zero at any point of the stream;
//   - the cashier's balance is the acknowledged withdrawals minus the
//     acknowledged deposits: none lost, none applied twice.
func checkStream(tb testing.TB, envs []events.Envelope, raws []events.Raw, acks []acked) map[account]decimal.Decimal {
	tb.Helper()
	chain := events.NewChain(events.Hash{}, 0)
	ids := map[string]uint64{}
	byKey := map[string][]uint64{}
	balances := map[account]decimal.Decimal{}
	for i, e := range envs {
		if e.Seq != uint64(i+1) {
			tb.Fatalf("event %d has sequence %d: a gap", i+1, e.Seq)
		}
		if raws[i].MsgID != e.ID.String() {
			tb.Errorf("event %d: message id %q, event id %s", e.Seq, raws[i].MsgID, e.ID)
		}
		if prev, dup := ids[e.ID.String()]; dup {
			tb.Errorf("event id %s stored twice, at %d and %d", e.ID, prev, e.Seq)
		}
		ids[e.ID.String()] = e.Seq
		if err := chain.Next(e.Seq, e.PrevHash, raws[i].Data); err != nil {
			tb.Fatalf("hash chain broken at %d: %v", e.Seq, err)
		}
		if e.IdempotencyKey != "" {
			k := e.Actor.ID + "|" + e.IdempotencyKey
			byKey[k] = append(byKey[k], e.Seq)
		}
		for _, p := range e.Postings {
			from, to := account{p.From, p.Currency}, account{p.To, p.Currency}
			balances[from] = balances[from].Sub(p.Amount)
			balances[to] = balances[to].Add(p.Amount)
			if _, wallet := posting.IsWallet(p.From); wallet && balances[from].IsNegative() {
				tb.Errorf("event %d takes %s below zero: %s", e.Seq, p.From, balances[from])
			}
		}
	}
	cashierWant := decimal.Zero
	for _, a := range acks {
		seqs := byKey[a.actor+"|"+a.key]
		if len(seqs) != a.res.Events {
			tb.Errorf("%s %s: %d events in the stream, the acknowledgement said %d (%d..%d)",
				a.kind, a.key, len(seqs), a.res.Events, a.res.FirstSeq, a.res.LastSeq)
			continue
		}
		if len(seqs) > 0 && (seqs[0] != a.res.FirstSeq || seqs[len(seqs)-1] != a.res.LastSeq) {
			tb.Errorf("%s %s: events at %d..%d, the acknowledgement said %d..%d",
				a.kind, a.key, seqs[0], seqs[len(seqs)-1], a.res.FirstSeq, a.res.LastSeq)
		}
		switch a.kind {
		case "deposit":
			cashierWant = cashierWant.Sub(a.amount)
		case "withdraw":
			cashierWant = cashierWant.Add(a.amount)
		}
	}
	sums := map[string]decimal.Decimal{}
	for k, v := range balances {
		sums[k.currency] = sums[k.currency].Add(v)
	}
	for cur, sum := range sums {
		if !sum.IsZero() {
			tb.Errorf("balances in %s sum to %s, want 0", cur, sum)
		}
	}
	if got := balances[account{posting.AccountCashier, currency}]; !got.Equal(cashierWant) {
		tb.Errorf("cashier balance %s, the acknowledged deposits and withdrawals make %s", got, cashierWant)
	}
	return balances
}

// checkLedgerBalances compares a ledger's balances with the ones folded
// from the stream.
func checkLedgerBalances(tb testing.TB, l *ledger.Ledger, want map[account]decimal.Decimal) {
	tb.Helper()
	var rows []ledger.BalanceRow
	ctx, cancel := context.WithTimeout(context.Background(), attemptTimeout)
	defer cancel()
	if err := l.Inspect(ctx, func(s *ledger.State) { rows = s.Balances() }); err != nil {
		tb.Fatal(err)
	}
	got := map[account]decimal.Decimal{}
	for _, r := range rows {
		got[account{r.Account, r.Currency}] = r.Balance
	}
	for k, v := range want {
		if !got[k].Equal(v) {
			tb.Errorf("ledger balance %s = %s, the stream's postings make %s", k, got[k], v)
		}
	}
	for k, v := range got {
		if _, ok := want[k]; !ok && !v.IsZero() {
			tb.Errorf("ledger balance %s = %s, absent from the stream", k, v)
		}
	}
}

// durations summarises measured durations.
func durations(ds []time.Duration) string {
	if len(ds) == 0 {
		return "none"
	}
	s := slices.Clone(ds)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return fmt.Sprintf("min %v median %v max %v (n=%d)",
		s[0].Round(time.Millisecond), s[len(s)/2].Round(time.Millisecond), s[len(s)-1].Round(time.Millisecond), len(s))
}

// newRand returns the suite's seeded random source.
func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed^0x5eed)) }
