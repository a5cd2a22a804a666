package main

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/internal/syncbuf"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// demoLedger starts a real embedded JetStream server in a temp dir and a
// ledger on it.
func demoLedger(t testing.TB) (*ledger.Ledger, *jetstream.Store) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	store, err := jetstream.Open(ctx, jetstream.Options{DataDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	led, err := ledger.Open(ctx, store, ledger.Options{Games: registry.New()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { led.Close() })
	return led, store
}

// runDemoFor runs the demo until the stream holds want more settled rounds
// than it did, then stops it and checks that it returned nil.
func runDemoFor(t testing.TB, led *ledger.Ledger, store *jetstream.Store, want int, seed uint64) {
	t.Helper()
	before := countEvents(t, store)[events.TypeRoundSettled]
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	var logs syncbuf.Buffer
	log := slog.New(slog.NewTextHandler(&logs, nil))
	go func() { done <- runDemo(ctx, led, log, demoConfig{Interval: 20 * time.Millisecond, Seed: seed}) }()
	defer func() {
		// A failed round is cancelled and play goes on, so the count above
		// can be reached with failures: the log must show none.
		if strings.Contains(logs.String(), "level=WARN") {
			t.Errorf("the demo logged warnings:\n%s", logs.String())
		}
	}()
	deadline := time.Now().Add(30 * time.Second)
	for {
		got := countEvents(t, store)[events.TypeRoundSettled] - before
		if got >= want {
			break
		}
		select {
		case err := <-done:
			cancel()
			t.Fatalf("runDemo returned early: %v", err)
		default:
		}
		if time.Now().After(deadline) {
			cancel()
			t.Fatalf("the demo settled %d rounds in 30 s, want %d", got, want)
		}
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("runDemo: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("runDemo did not return after its context ended")
	}
	waitStored(t, led)
}

// waitStored returns once every command queued on led before it is
// stored. The demo stops on a cancelled context without waiting for the
// answer of its last command, whose events may still be being appended;
// and a reader of the stream (consumer delivery, stream info) can see a
// prefix of an atomic batch while the server commits it (nats-server's
// stream.go, isolateMu). An Inspect lands the group in flight first, and
// a command queued before it was decided before it.
func waitStored(t testing.TB, led *ledger.Ledger) {
	t.Helper()
	if err := led.Inspect(context.Background(), func(*ledger.State) {}); err != nil {
		t.Fatalf("waiting for the demo's last command to be stored: %v", err)
	}
}

// demoRun is a demo a test runs in the background on its own ledger.
type demoRun struct {
	t      *testing.T
	led    *ledger.Ledger
	logs   *syncbuf.Buffer
	done   chan error
	cancel context.CancelFunc
}

// startDemo runs the demo on led with seed, every table a round each
// 10 ms, until stop.
func startDemo(t *testing.T, led *ledger.Ledger, seed uint64) *demoRun {
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	d := &demoRun{t: t, led: led, logs: &syncbuf.Buffer{}, done: make(chan error, 1), cancel: cancel}
	go func() {
		d.done <- runDemo(ctx, led, slog.New(slog.NewTextHandler(d.logs, nil)), demoConfig{Interval: 10 * time.Millisecond, Seed: seed})
	}()
	return d
}

// stop ends the demo and fails the test on its error or on any warning it
// logged: the demo logs a refused command as a warning and plays on, so
// the counts a test waits for can be reached with refusals.
func (d *demoRun) stop() {
	d.t.Helper()
	d.cancel()
	if err := <-d.done; err != nil {
		d.t.Fatal(err)
	}
	waitStored(d.t, d.led)
	if strings.Contains(d.logs.String(), "level=WARN") {
		d.t.Errorf("the demo logged warnings:\n%s", d.logs.String())
	}
}

// booksAddUp fails t unless every account of s adds up to zero: money
// conserved.
func booksAddUp(t testing.TB, s *ledger.State) {
	t.Helper()
	sum := decimal.Zero
	for _, b := range s.Balances() {
		sum = sum.Add(b.Balance)
	}
	if !sum.IsZero() {
		t.Errorf("balances add up to %s, want 0", sum)
	}
}

// countEvents counts the stored events by type.
func countEvents(t testing.TB, store *jetstream.Store) map[events.Type]int {
	t.Helper()
	count := map[events.Type]int{}
	for _, e := range readEvents(t, store) {
		count[e.Type]++
	}
	return count
}

func readEvents(t testing.TB, store *jetstream.Store) []events.Envelope {
	t.Helper()
	var out []events.Envelope
	err := store.Read(context.Background(), 1, 0, func(raw events.Raw) error {
		e, err := events.Decode(raw.Data)
		if err != nil {
			return err
		}
		out = append(out, e)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// tail reads a stream's events once each: a test that polls a running
// demo reads what is new on every call, not the whole stream again (which
// grows with every table's rounds and would slow the demo it waits for).
type tail struct {
	store *jetstream.Store
	next  uint64
}

// read calls fn with each event written since the last call.
func (tl *tail) read(t testing.TB, fn func(events.Envelope)) {
	t.Helper()
	if tl.next == 0 {
		tl.next = 1
	}
	err := tl.store.Read(context.Background(), tl.next, 0, func(raw events.Raw) error {
		e, err := events.Decode(raw.Data)
		if err != nil {
			return err
		}
		tl.next = raw.Seq + 1
		fn(e)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// demoWaitMax bounds how long a test waits for a running demo to reach
// what it checks: a guard against a demo that never gets there, not a
// measure of its speed (a loaded machine is slow).
const demoWaitMax = 5 * time.Minute

func TestRunDemo_PlaysRealRounds(t *testing.T) {
	led, store := demoLedger(t)
	runDemoFor(t, led, store, 4, 7)

	evs := readEvents(t, store)
	count := map[events.Type]int{}
	roles := map[events.Type]map[string]bool{}
	for _, e := range evs {
		count[e.Type]++
		if roles[e.Type] == nil {
			roles[e.Type] = map[string]bool{}
		}
		roles[e.Type][e.Actor.Role] = true
		if !strings.HasPrefix(e.Actor.ID, "demo-") {
			t.Errorf("%s by %q: not a demo actor", e.Type, e.Actor.ID)
		}
	}
	// One table.opened per demo table that the registry's games declare.
	tables, err := demoTables(registry.New())
	if err != nil {
		t.Fatal(err)
	}
	if count[events.TypeTableOpened] != len(tables) || len(tables) < 10 {
		t.Errorf("%d table.opened, want one per demo table of the registry, %d", count[events.TypeTableOpened], len(tables))
	}
	if count[events.TypeWalletDeposited] < len(demoPlayers()) {
		t.Errorf("%d deposits, want one per player at least", count[events.TypeWalletDeposited])
	}
	// A craps hand is a round of several rolls: every result ends in a
	// round.settled or a round.step_settled.
	if count[events.TypeRoundResult] < 4 || count[events.TypeRoundSettled]+count[events.TypeRoundStepSettled] != count[events.TypeRoundResult] {
		t.Errorf("%d results, %d settled rounds and %d settled steps, want as many results as both, at least 4",
			count[events.TypeRoundResult], count[events.TypeRoundSettled], count[events.TypeRoundStepSettled])
	}
	rolls := 0
	for _, e := range evs {
		if e.Type == events.TypeRoundResult && e.Table == DemoCrapsTable {
			rolls++
		}
	}
	if rolls == 0 {
		t.Errorf("no roll on %s", DemoCrapsTable)
	}
	if count[events.TypeBetPlaced] == 0 || count[events.TypeBetSettled] == 0 {
		t.Errorf("%d slips and %d settled bets: the players did not play", count[events.TypeBetPlaced], count[events.TypeBetSettled])
	}
	for typ, want := range map[events.Type]string{
		events.TypeTableOpened:     ledger.RoleSupervisor,
		events.TypeWalletDeposited: ledger.RoleCashier,
		events.TypeRoundOpened:     ledger.RoleDealer,
		events.TypeBetPlaced:       ledger.RoleFrontend,
		events.TypeRoundResult:     ledger.RoleDealer,
	} {
		if len(roles[typ]) != 1 || !roles[typ][want] {
			t.Errorf("%s written by roles %v, want only %s", typ, roles[typ], want)
		}
	}

	// Money is conserved and no wallet is negative.
	err = led.Inspect(context.Background(), func(s *ledger.State) {
		sum := decimal.Zero
		for _, b := range s.Balances() {
			sum = sum.Add(b.Balance)
			if strings.HasPrefix(b.Account, posting.WalletAccount("")) && b.Balance.IsNegative() {
				t.Errorf("%s is %s", b.Account, b.Balance)
			}
		}
		if !sum.IsZero() {
			t.Errorf("balances add up to %s, want 0", sum)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestRunDemo_Restart runs the demo again on a table that has a round in
// progress, as after a crash: the round is cancelled and play goes on
// without opening the table twice.
func TestRunDemo_Restart(t *testing.T) {
	led, store := demoLedger(t)
	runDemoFor(t, led, store, 1, 1)
	// Stopping the demo may itself leave a round open; if it did not, open
	// one as a crash would leave it.
	ctx := context.Background()
	// A command the stopped demo sent may still be queued (Execute returns
	// when its context ends, the command stays in the queue), and an
	// Inspect runs before the commands of its own group: the first Inspect
	// lets that group finish, the second reads the state after it.
	if err := led.Inspect(context.Background(), func(*ledger.State) {}); err != nil {
		t.Fatal(err)
	}
	var active string
	if err := led.Inspect(context.Background(), func(s *ledger.State) { tb, _ := s.Table(DemoTable); active = tb.Active }); err != nil {
		t.Fatal(err)
	}
	if active == "" {
		res, err := led.Execute(ctx, &ledger.OpenRound{Meta: ledger.Meta{Actor: demoActor(ledger.RoleDealer)}, Table: DemoTable})
		if err != nil {
			t.Fatal(err)
		}
		active = res.Round
	}
	runDemoFor(t, led, store, 2, 2)
	cancelled := false
	opened := map[string]int{}
	for _, e := range readEvents(t, store) {
		switch {
		case e.Type == events.TypeTableOpened:
			opened[e.Table]++
		case e.Type == events.TypeRoundCancelled && e.Round == active:
			cancelled = true
		}
	}
	if opened[DemoTable] != 1 || opened[DemoRouletteTable] != 1 || opened[DemoBaccaratTable] != 1 || opened[DemoCrapsTable] != 1 || opened[DemoBingoTable] != 1 || !cancelled {
		t.Errorf("tables opened %v, round %s left in progress cancelled: %v; want each once and true", opened, active, cancelled)
	}
}

func TestRunDemo_RefusesTinyInterval(t *testing.T) {
	led, _ := demoLedger(t)
	err := runDemo(context.Background(), led, slog.New(slog.NewTextHandler(io.Discard, nil)), demoConfig{Interval: time.Millisecond})
	if err == nil || !strings.Contains(err.Error(), "below the minimum") {
		t.Fatalf("err %v, want the interval refused", err)
	}
	if errors.Is(err, context.Canceled) {
		t.Fatal("refused for the wrong reason")
	}
}

// TestServe_DemoBoardMoves runs `wagerlog serve --demo` as a newcomer
// would, with no tokens file and no other flag: the board of the demo table
// is public and fills up within seconds.
func TestServe_DemoBoardMoves(t *testing.T) {
	dir := t.TempDir()
	addr := make(chan string, 1)
	var stderr syncbuf.Buffer
	m := &Main{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: &stderr, onListen: func(a string) { addr <- a }}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- m.Run(ctx, []string{"serve", "--demo", "--demo-interval", "50ms", "--data-dir", dir, "--http", "127.0.0.1:0"})
	}()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	}()
	var base string
	select {
	case a := <-addr:
		base = "http://" + a
	case err := <-done:
		t.Fatalf("serve stopped: %v\n%s", err, stderr.String())
	}
	deadline := time.Now().Add(30 * time.Second)
	for _, table := range []string{DemoTable, DemoRouletteTable, DemoBaccaratTable, DemoCrapsTable} {
		for {
			var b struct {
				Table   string `json:"table"`
				Results []struct {
					Dice   []int  `json:"dice"`
					Pocket string `json:"pocket"`
					Colour string `json:"colour"`
					Winner string `json:"winner"`
				} `json:"results"`
				Stats struct {
					Faces   []json.RawMessage `json:"faces"`
					Numbers []json.RawMessage `json:"numbers"`
					Beads   []json.RawMessage `json:"beads"`
					Totals  []json.RawMessage `json:"totals"`
					Last    []json.RawMessage `json:"last"`
				} `json:"stats"`
			}
			res, err := http.Get(base + "/v1/tables/" + table + "/board")
			if err == nil {
				if res.StatusCode == http.StatusOK {
					err = json.NewDecoder(res.Body).Decode(&b)
				}
				res.Body.Close()
			}
			if err == nil && b.Table == table && len(b.Results) >= 3 {
				// Each board is its game's: dice and faces for Sic Bo,
				// pockets and the 37 numbers of the French wheel.
				r := b.Results[0]
				if table == DemoTable && (len(r.Dice) != 3 || len(b.Stats.Faces) != 6) ||
					table == DemoRouletteTable && (r.Pocket == "" || r.Colour == "" || len(b.Stats.Numbers) != 37) ||
					table == DemoBaccaratTable && (r.Winner == "" || len(b.Stats.Beads) != len(b.Results)) ||
					table == DemoCrapsTable && (len(r.Dice) != 2 || len(b.Stats.Totals) != 11 || len(b.Stats.Last) != len(b.Results)) {
					t.Fatalf("board of %s: %+v", table, b)
				}
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the demo board of %s did not reach 3 results in 30 s (last: %v, %d results)\n%s", table, err, len(b.Results), stderr.String())
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	// The demo pool is public with the board, for the panel of
	// /?table=demo-caribbean&pool=demo-jp: configured, linked and showing
	// its main pool.
	for {
		var p struct {
			Pool   string   `json:"pool"`
			Tables []string `json:"tables"`
		}
		res, err := http.Get(base + "/v1/pools/" + DemoPool)
		if err == nil {
			if res.StatusCode == http.StatusOK {
				err = json.NewDecoder(res.Body).Decode(&p)
			}
			res.Body.Close()
		}
		if err == nil && p.Pool == DemoPool && slices.Contains(p.Tables, DemoCaribbeanTable) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the demo pool %s is not served linked to %s (last: %v, %+v)", DemoPool, DemoCaribbeanTable, err, p)
		}
		time.Sleep(50 * time.Millisecond)
	}
	for _, want := range []string{"one token per role", "demo seed: replay this run with --demo-seed", "demo: open the live board", "/?table=" + DemoTable, "/?table=" + DemoRouletteTable, "/?table=" + DemoBaccaratTable, "/?table=" + DemoCrapsTable, "/?table=" + DemoBingoTable,
		"/?table=" + DemoDeuxTable, "/?table=" + DemoCaribbeanTable + "&pool=" + DemoPool} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("serve's output lacks %q", want)
		}
	}
}

// TestRunDemo_RestartPlaysNewRounds: with the same seed, the demo after a
// restart plays new rounds (other dice, other slips), numbered after the
// ones before, instead of the rounds it played first.
func TestRunDemo_RestartPlaysNewRounds(t *testing.T) {
	led, store := demoLedger(t)
	results := func() []string {
		var out []string
		for _, e := range readEvents(t, store) {
			if e.Type == events.TypeRoundResult {
				out = append(out, string(e.Payload))
			}
		}
		return out
	}
	runDemoFor(t, led, store, 3, 1)
	first := results()
	runDemoFor(t, led, store, 3, 1)
	all := results()
	if len(first) < 3 || len(all) < len(first)+3 {
		t.Fatalf("results %d then %d, want 3 then 3 more", len(first), len(all))
	}
	again := all[len(first) : len(first)+3]
	same := 0
	for i := range again {
		// A result payload names its round, so compare the dice only.
		if diceOf(t, again[i]) == diceOf(t, first[i]) {
			same++
		}
	}
	if same == len(again) {
		t.Errorf("after the restart the demo replayed the same dice: %v", again)
	}
	if a, b := demoRNG(1, 0).Uint64(), demoRNG(1, 0).Uint64(); a != b {
		t.Error("demoRNG is not repeatable for one seed and one stream")
	}
}

func diceOf(t testing.TB, payload string) string {
	t.Helper()
	var p events.RoundResult
	if err := json.Unmarshal([]byte(payload), &p); err != nil {
		t.Fatal(err)
	}
	return string(p.ResultJSON())
}

// TestRunDemo_CrapsHands runs the demo until its craps table has finished
// a shooter's hand and a player has taken a bet down: the hand is played
// roll by roll (round.step_settled between rolls), the players' bets are
// lawful (the demo asks the paytable before it places or takes down, so
// nothing is refused and nothing is logged as a warning), and money is
// conserved.
func TestRunDemo_CrapsHands(t *testing.T) {
	t.Parallel()
	led, store := demoLedger(t)
	d := startDemo(t, led, 15)
	deadline := time.Now().Add(demoWaitMax)
	hands, steps, downs := 0, 0, 0
	tl := &tail{store: store}
	for {
		tl.read(t, func(e events.Envelope) {
			if e.Table != DemoCrapsTable {
				return
			}
			switch e.Type {
			case events.TypeRoundSettled:
				hands++
			case events.TypeRoundStepSettled:
				steps++
			case events.TypeBetTakenDown:
				downs++
			}
		})
		if hands >= 1 && steps >= 1 && downs >= 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("in %s the craps table finished %d hands, %d steps, %d take-downs", demoWaitMax, hands, steps, downs)
		}
		time.Sleep(50 * time.Millisecond)
	}
	d.stop()
	err := led.Inspect(context.Background(), func(s *ledger.State) {
		booksAddUp(t, s)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestDemoSeedFrom: a given --demo-seed is used as is (0 included), and
// without one two starts a moment apart get different seeds from the clock.
func TestDemoSeedFrom(t *testing.T) {
	now := time.Date(2026, 12, 5, 10, 0, 0, 0, time.UTC)
	for _, given := range []uint64{0, 1, 7} {
		if got := demoSeedFrom(given, true, now); got != given {
			t.Errorf("--demo-seed %d: seed %d", given, got)
		}
	}
	a, b := demoSeedFrom(1, false, now), demoSeedFrom(1, false, now.Add(time.Millisecond))
	if a == b || a == 1 {
		t.Errorf("from the clock: %d and %d a millisecond apart", a, b)
	}
}
