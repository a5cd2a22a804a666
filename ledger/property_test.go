package ledger_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/shopspring/decimal"
	"pgregory.net/rapid"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/internal/testsize"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// Defaults of the property test, used unless -rapid.checks / -rapid.seed
// (or RAPID_CHECKS / RAPID_SEED) say otherwise. Each check starts its own
// embedded JetStream server, which costs a few milliseconds.
const (
	propChecks = 40
	propSeed   = 20261101
	// propStepsMin and propStepsMax bound the commands of one check.
	propStepsMin = 40
	propStepsMax = 200
	// propCoverageSteps is how many steps a run needs before the test
	// insists that every kind of command was accepted at least once.
	propCoverageSteps = 1000
)

// propChecksSmall replaces propChecks by default; propChecks is the full
// size, with -tags slow (internal/testsize).
const propChecksSmall = 10

// rapidDefaults sets rapid's number of checks and seed for this test binary
// unless the command line or the environment chose them, so that a plain
// `go test` is quick and reproducible and a long randomised run is one flag
// away (-rapid.checks=2000 -rapid.seed=0 is not fixed: 0 means random).
// The flags are set once, before any property test reads them: the
// property tests run in parallel.
func rapidDefaults(t testing.TB) {
	t.Helper()
	rapidFlagsOnce.Do(func() {
		set := map[string]bool{}
		flag.Visit(func(f *flag.Flag) { set[f.Name] = true })
		for name, value := range map[string]string{"rapid.checks": strconv.Itoa(testsize.Pick(propChecksSmall, propChecks)), "rapid.seed": strconv.Itoa(propSeed)} {
			env := "RAPID_" + strings.ToUpper(strings.TrimPrefix(name, "rapid."))
			if _, inEnv := os.LookupEnv(env); set[name] || inEnv {
				continue
			}
			if err := flag.Set(name, value); err != nil {
				rapidFlagsErr = fmt.Errorf("set -%s: %w", name, err)
				return
			}
		}
	})
	if rapidFlagsErr != nil {
		t.Fatal(rapidFlagsErr)
	}
}

var (
	rapidFlagsOnce sync.Once
	rapidFlagsErr  error
)

// rapidTB lets the harness (written for testing.TB) fail a rapid check, so
// that rapid can shrink the failing sequence; temporary directories come
// from the enclosing test, and cleanups run when the check ends.
type rapidTB struct {
	testing.TB
	rt *rapid.T
}

func (r rapidTB) Helper()                        { r.rt.Helper() }
func (r rapidTB) Fatalf(format string, a ...any) { r.rt.Fatalf(format, a...) }
func (r rapidTB) Fatal(a ...any)                 { r.rt.Fatal(a...) }
func (r rapidTB) Errorf(format string, a ...any) { r.rt.Errorf(format, a...) }
func (r rapidTB) Error(a ...any)                 { r.rt.Error(a...) }
func (r rapidTB) FailNow()                       { r.rt.FailNow() }
func (r rapidTB) Fail()                          { r.rt.Fail() }
func (r rapidTB) Failed() bool                   { return r.rt.Failed() }
func (r rapidTB) Logf(format string, a ...any)   { r.rt.Logf(format, a...) }
func (r rapidTB) Log(a ...any)                   { r.rt.Log(a...) }
func (r rapidTB) Cleanup(f func())               { r.rt.Cleanup(f) }

// The world of the property test: two tables (one per catalog paytable,
// each with its own dealer) and four players.
var (
	propTables  = []string{"pa", "pb"}
	propPlayers = []string{"p1", "p2", "p3", "p4"}
	propDealers = map[string]events.Actor{"pa": dealer, "pb": dealer2}
	// propCodes mixes bets both paytables offer, bets only sicbo/live
	// offers, and codes that do not parse.
	propCodes = []string{
		"small", "big", "total:9", "total:4", "double:2", "triple:6", "combo:1-2", "single:3",
		"odd", "even", "two_odd_one_even", "four_numbers:2-3-4-5",
		"foo", "total:3",
	}
	// propStakes mixes stakes within the limits ("*" 1..500, "total"
	// 1..100), outside them, and invalid amounts.
	propStakes = []string{"1", "2.50", "10", "1.01", "25", "0.50", "150", "600", "0", "1.001"}
)

// propRun is one check: a harness and what the test remembers of the
// commands it sent.
type propRun struct {
	t *rapid.T
	h *harness
	// rounds are the ids of every round opened, in order, and roundsOf
	// the same per table.
	rounds   []string
	roundsOf map[string][]string
	// keyed are the accepted commands sent with an idempotency key, with
	// their answers.
	keyed []keyedCommand
	keys  int
	stats map[string]int
}

type keyedCommand struct {
	c   ledger.Command
	res ledger.Result
}

// TestLedger_Properties sends random sequences of commands (valid and
// invalid) from four players on two tables and checks after every step
// that the books balance, that no wallet is negative, that every bet kept
// in memory is in exactly one status consistent with its round's, and that
// each table's money in play is the sum of its open bets. Restarts happen
// at random points and at the end of each check: the rebuilt state must be
// identical, and every earlier keyed command retried must get its identical
// Result without writing anything.
func TestLedger_Properties(t *testing.T) {
	t.Parallel()
	rapidDefaults(t)
	total := map[string]int{} // rapid runs the checks one after the other
	rapid.Check(t, func(rt *rapid.T) {
		p := &propRun{t: rt, h: newHarness(rapidTB{TB: t, rt: rt}), stats: map[string]int{}, roundsOf: map[string][]string{}}
		p.setup()
		steps := propStepsMin + uniform(propStepsMax-propStepsMin+1).Draw(rt, "steps")
		actions := p.actions()
		// Each action appears as often as its weight, so that rounds
		// get through their life cycle often enough.
		var names []string
		for name, a := range actions {
			for range a.weight {
				names = append(names, name)
			}
		}
		sort.Strings(names)
		for range steps {
			name := oneOf(rt, names, "action")
			actions[name].run()
			p.checkInvariants(name)
		}
		p.restart()
		for k, v := range p.stats {
			total[k] += v
		}
		total["steps"] += steps
	})
	var lines []string
	for k, v := range total {
		lines = append(lines, fmt.Sprintf("%s=%d", k, v))
	}
	sort.Strings(lines)
	t.Logf("accepted commands and refusals over all checks: %s", strings.Join(lines, " "))
	if total["steps"] >= propCoverageSteps {
		for _, want := range []string{
			"ok deposit", "ok withdraw", "ok adjust", "ok open_round", "ok place_slip", "ok close_betting",
			"ok reshake", "ok record_result", "ok pause", "ok resume", "ok cancel", "ok correct_result",
			"ok retry", "ok restart", "ok conflict",
			"refused place_slip insufficient_funds", "refused place_slip stake_above_limit",
			"refused place_slip bet_not_offered", "refused place_slip invalid_bet_code",
			"refused record_result invalid_result", "refused correct_result correction_would_overdraw",
		} {
			if total[want] == 0 {
				t.Errorf("over %d steps no %q: the generator misses a path", total["steps"], want)
			}
		}
	}
}

func (p *propRun) setup() {
	for _, tb := range propTables {
		paytable := sicbo.IDLive
		if tb == "pb" {
			paytable = sicbo.IDCLM2016
		}
		p.h.openTableBy(tb, paytable, propDealers[tb].ID)
	}
	for _, pl := range propPlayers {
		p.h.deposit(pl, "100")
	}
}

// propAction is one kind of step, drawn in proportion to its weight.
type propAction struct {
	weight int
	run    func()
}

// actions are the steps a check draws from.
func (p *propRun) actions() map[string]propAction {
	t := p.t
	roundCmd := func(name string, weight int, mk func(table, round string, actor events.Actor) ledger.Command, supervisorOnly bool) propAction {
		return propAction{weight, func() {
			table := p.table()
			actor := p.actor(table)
			if supervisorOnly {
				actor = p.supervisorMostly(table)
			}
			p.send(name, mk(table, p.round(table), actor))
		}}
	}
	return map[string]propAction{
		"deposit": {3, func() {
			cur := oneOf(t, []string{"EUR", "EUR", "EUR", "CLP", "XYZ"}, "currency")
			amount := oneOf(t, []string{"1", "10", "25.50", "100", "0", "-5", "1.001"}, "amount")
			p.send("deposit", deposit(cashier, p.player(), amount, cur))
		}},
		"withdraw": {3, func() {
			cur := oneOf(t, []string{"EUR", "EUR", "CLP"}, "currency")
			amount := oneOf(t, []string{"1", "5", "50", "500", "0.01", "0"}, "amount")
			p.send("withdraw", withdraw(cashier, p.player(), amount, cur))
		}},
		"cash_out": {3, func() {
			// A player takes everything, winnings included: a later
			// correction of a round they won may then overdraw.
			player := p.player()
			bal := p.h.balanceIn(posting.WalletAccount(player), "EUR")
			if bal.IsPositive() {
				p.send("withdraw", withdraw(cashier, player, bal.String(), "EUR"))
			}
		}},
		"adjust": {2, func() {
			actor := oneOf(t, []events.Actor{supervisor, supervisor, cashier}, "actor")
			amount := oneOf(t, []string{"5", "-5", "-1000", "0"}, "amount")
			reason := oneOf(t, []string{"goodwill", "goodwill", ""}, "reason")
			p.send("adjust", adjust(actor, p.player(), amount, reason))
		}},
		"open_round": {8, func() {
			table := p.table()
			window := oneOf(t, []time.Duration{0, 0, 10 * time.Second, 30 * time.Second}, "window")
			res, ok := p.send("open_round", &ledger.OpenRound{Meta: ledger.Meta{Actor: p.actor(table)}, Table: table, BettingWindow: window})
			if ok {
				p.rounds = append(p.rounds, res.Round)
				p.roundsOf[table] = append(p.roundsOf[table], res.Round)
			}
		}},
		"place_slip": {14, p.placeSlip},
		"close_betting": roundCmd("close_betting", 5, func(table, round string, a events.Actor) ledger.Command {
			return &ledger.CloseBetting{Meta: ledger.Meta{Actor: a}, Table: table, Round: round}
		}, false),
		"reshake": roundCmd("reshake", 2, func(table, round string, a events.Actor) ledger.Command {
			reason := oneOf(t, []string{events.ReshakeOverlapping, events.ReshakeNotFlat, events.ReshakeFewerDice, "dice_wet"}, "reason")
			return &ledger.Reshake{Meta: ledger.Meta{Actor: a}, Table: table, Round: round, Reason: reason}
		}, false),
		"record_result": roundCmd("record_result", 9, func(table, round string, a events.Actor) ledger.Command {
			return &ledger.RecordResult{Meta: ledger.Meta{Actor: a}, Table: table, Round: round, Result: p.dice()}
		}, false),
		"pause": roundCmd("pause", 1, func(table, round string, a events.Actor) ledger.Command {
			return &ledger.Pause{Meta: ledger.Meta{Actor: a}, Table: table, Round: round, Reason: "camera feed lost"}
		}, false),
		"resume": roundCmd("resume", 3, func(table, round string, a events.Actor) ledger.Command {
			return &ledger.Resume{Meta: ledger.Meta{Actor: a}, Table: table, Round: round}
		}, true),
		"cancel": roundCmd("cancel", 2, func(table, round string, a events.Actor) ledger.Command {
			return &ledger.Cancel{Meta: ledger.Meta{Actor: a}, Table: table, Round: round, Reason: "fault not resolved"}
		}, true),
		"correct_result": {3, func() {
			// Mostly a settled round: corrections of anything else
			// are refused early.
			var settled []string
			p.h.inspect(func(s *ledger.State) {
				for _, id := range p.rounds {
					if r, ok := s.Round(id); ok && r.Status == ledger.RoundSettled {
						settled = append(settled, id)
					}
				}
			})
			pool := p.rounds
			if len(settled) > 0 && !chance(t, 1, 5, "any round") {
				pool = settled
			}
			if len(pool) == 0 {
				return
			}
			round := oneOf(t, pool, "round")
			table := p.h.tableOf(round)
			p.send("correct_result", &ledger.CorrectResult{Meta: ledger.Meta{Actor: p.supervisorMostly(table)}, Table: table, Round: round, Result: p.dice(), Reason: "wrong dice entered"})
		}},
		"tick": {1, func() {
			p.h.clock.Advance(time.Duration(uniform(41).Draw(t, "seconds")) * time.Second)
		}},
		"retry":    {2, p.retry},
		"conflict": {1, p.conflict},
		"restart": {2, func() {
			if chance(t, 1, 4, "restart") {
				p.restart()
			}
		}},
	}
}

func (p *propRun) player() string { return oneOf(p.t, propPlayers, "player") }

// table is mostly one of the two tables, now and then one that does not
// exist.
func (p *propRun) table() string {
	if chance(p.t, 1, 20, "no such table") {
		return "nope"
	}
	return oneOf(p.t, propTables, "table")
}

// actor is mostly the table's dealer, else a supervisor or the other
// table's dealer.
func (p *propRun) actor(table string) events.Actor {
	switch uniform(10).Draw(p.t, "actor") {
	case 0, 1:
		return supervisor
	case 2:
		if table == "pa" {
			return dealer2
		}
		return dealer
	}
	if d, ok := propDealers[table]; ok {
		return d
	}
	return dealer
}

// supervisorMostly is the actor of the supervisor's commands: now and then
// the table's dealer, who may not issue them.
func (p *propRun) supervisorMostly(table string) events.Actor {
	if chance(p.t, 1, 10, "dealer instead") {
		if d, ok := propDealers[table]; ok {
			return d
		}
	}
	return supervisor
}

// round is mostly the table's round in progress (or its last round), else
// an earlier round of either table or one that does not exist.
func (p *propRun) round(table string) string {
	switch uniform(20).Draw(p.t, "which round") {
	case 0, 1:
		if len(p.rounds) > 0 {
			return oneOf(p.t, p.rounds, "round")
		}
	case 2:
		return newUUID()
	}
	var active string
	p.h.inspect(func(s *ledger.State) {
		if tb, ok := s.Table(table); ok {
			active = tb.Active
		}
	})
	if rs := p.roundsOf[table]; active == "" && len(rs) > 0 {
		return rs[len(rs)-1]
	}
	return active
}

// dice are mostly three valid dice, else something that is not a Sic Bo
// result.
func (p *propRun) dice() json.RawMessage {
	if !chance(p.t, 1, 8, "bad dice") {
		die := rapid.Custom(func(t *rapid.T) int { return 1 + uniform(6).Draw(t, "die") })
		return sicbo.ResultJSON(rapid.SliceOfN(die, 3, 3).Draw(p.t, "dice")...)
	}
	return sicbo.ResultJSON(rapid.SliceOfN(rapid.IntRange(0, 7), 0, 4).Draw(p.t, "bad dice")...)
}

func (p *propRun) placeSlip() {
	table := p.table()
	round := ""
	if chance(p.t, 1, 2, "explicit round") {
		round = p.round(table)
	}
	n := 1 + uniform(4).Draw(p.t, "bets")
	if chance(p.t, 1, 40, "too many") {
		n = ledger.BetsPerSlipMax + 1
	}
	bets := make([]ledger.BetRequest, n)
	for i := range bets {
		// Most bets are valid on both tables; the rest draw from every
		// code and stake, valid or not.
		code, stake := oneOf(p.t, propCodes[:8], "code"), oneOf(p.t, propStakes[:5], "stake")
		if chance(p.t, 1, 6, "odd bet") {
			code, stake = oneOf(p.t, propCodes, "any code"), oneOf(p.t, propStakes, "any stake")
		}
		bets[i] = b(code, stake)
	}
	p.send("place_slip", &ledger.PlaceSlip{Meta: ledger.Meta{Actor: frontend}, Table: table, Round: round, Player: p.player(), Bets: bets})
}

// send executes c, with a fresh idempotency key half of the time. A
// refusal must carry a business code and write nothing; an acceptance must
// write exactly the events its Result reports.
func (p *propRun) send(name string, c ledger.Command) (ledger.Result, bool) {
	p.t.Helper()
	key := ""
	if chance(p.t, 1, 2, "keyed") {
		p.keys++
		key = fmt.Sprintf("k%d", p.keys)
		setKey(c, key)
	}
	before := p.h.lastSeq()
	res, err := p.h.exec(c)
	after := p.h.lastSeq()
	if err != nil {
		code := ledger.CodeOf(err)
		switch code {
		case "internal", "unavailable", "fenced", "overloaded", "stream_full":
			p.t.Fatalf("%s %+v: %v (%s)", name, c, err, code)
		}
		if after != before {
			p.t.Fatalf("%s refused with %s but the stream moved from %d to %d", name, code, before, after)
		}
		p.stats["refused "+name+" "+code]++
		return res, false
	}
	if res.Events == 0 || res.FirstSeq != before+1 || res.LastSeq != after || int(res.LastSeq-res.FirstSeq)+1 != res.Events {
		p.t.Fatalf("%s accepted with %+v, the stream went from %d to %d", name, res, before, after)
	}
	if key != "" {
		p.keyed = append(p.keyed, keyedCommand{c, res})
	}
	p.stats["ok "+name]++
	return res, true
}

// setKey sets the idempotency key of any command.
func setKey(c ledger.Command, key string) {
	reflect.ValueOf(c).Elem().FieldByName("Meta").FieldByName("IdempotencyKey").SetString(key)
}

// retry sends an earlier keyed command again: same Result, nothing written.
func (p *propRun) retry() {
	if len(p.keyed) == 0 {
		return
	}
	k := oneOf(p.t, p.keyed, "retry")
	p.retryOne(k)
	p.stats["ok retry"]++
}

func (p *propRun) retryOne(k keyedCommand) {
	p.t.Helper()
	before := p.h.lastSeq()
	res, err := p.h.exec(k.c)
	if err != nil {
		p.t.Fatalf("retry of %T %+v: %v", k.c, k.c, err)
	}
	if !reflect.DeepEqual(res, k.res) {
		p.t.Fatalf("retry of %T:\n got %+v\nwant %+v", k.c, res, k.res)
	}
	if after := p.h.lastSeq(); after != before {
		p.t.Fatalf("retry of %T wrote events: %d → %d", k.c, before, after)
	}
}

// conflict reuses an earlier key, with its actor, for another request.
func (p *propRun) conflict() {
	if len(p.keyed) == 0 {
		return
	}
	k := oneOf(p.t, p.keyed, "conflict")
	m := reflect.ValueOf(k.c).Elem().FieldByName("Meta").Interface().(ledger.Meta)
	c := &ledger.Deposit{Meta: m, Player: "p1", Amount: dec("0.37"), Currency: "EUR"}
	p.h.refuse(c, "idempotency_conflict")
	p.stats["ok conflict"]++
}

// restart restarts the ledger and its server on the same directory, checks
// that the rebuilt state is the one it had, and retries every keyed
// command.
func (p *propRun) restart() {
	p.t.Helper()
	before := p.h.snapshot()
	p.h.restart()
	if after := p.h.snapshot(); !reflect.DeepEqual(after, before) {
		p.t.Fatalf("state after a restart differs:\n got %+v\nwant %+v", after, before)
	}
	for _, k := range p.keyed {
		p.retryOne(k)
	}
	p.stats["ok restart"]++
}

// stateSnapshot is the ledger's state in a comparable form: decimals and
// rounds as their JSON (the in-memory 10.10 and the decoded 10.1 are the
// same amount).
type stateSnapshot struct {
	Balances []string
	LastSeq  uint64
	Head     events.Hash
	Tables   map[string]string
	Rounds   map[string]string
	Keys     int
}

func (h *harness) snapshot() stateSnapshot {
	h.t.Helper()
	snap := stateSnapshot{Tables: map[string]string{}, Rounds: map[string]string{}}
	var err error
	h.inspect(func(s *ledger.State) {
		for _, r := range s.Balances() {
			snap.Balances = append(snap.Balances, r.Account+" "+r.Currency+" "+r.Balance.String())
		}
		snap.LastSeq, snap.Head, snap.Keys = s.LastSeq(), s.Head(), s.IdempotencyKeys()
		for _, id := range propTables {
			if tb, ok := s.Table(id); ok {
				var j []byte
				j, err = json.Marshal(tb)
				snap.Tables[id] = string(j)
			}
		}
		for _, id := range s.Rounds() {
			r, _ := s.Round(id)
			var j []byte
			j, err = json.Marshal(r)
			snap.Rounds[id] = string(j)
		}
	})
	if err != nil {
		h.t.Fatal(err)
	}
	return snap
}

// tableOf returns the table of a round kept in memory, or "pa".
func (h *harness) tableOf(round string) string {
	table := propTables[0]
	h.inspect(func(s *ledger.State) {
		if r, ok := s.Round(round); ok {
			table = r.Table
		}
	})
	return table
}

// checkInvariants checks the ledger's state after a step.
func (p *propRun) checkInvariants(step string) {
	p.t.Helper()
	var problem string
	p.h.inspect(func(s *ledger.State) { problem = stateProblem(s) })
	if problem != "" {
		p.t.Fatalf("after %s: %s", step, problem)
	}
}

// stateProblem returns the first broken invariant of s, or "".
func stateProblem(s *ledger.State) string {
	if e := booksError(s.Balances()); e != "" {
		return e
	}
	inPlay := map[string]decimal.Decimal{}
	inProgress := map[string][]string{}
	for _, id := range s.Rounds() {
		r, _ := s.Round(id)
		switch r.Status {
		case ledger.RoundBetting, ledger.RoundClosed, ledger.RoundPaused:
			inProgress[r.Table] = append(inProgress[r.Table], r.ID)
		case ledger.RoundSettled, ledger.RoundCancelled:
		default:
			// Without faults a settlement is written in the call
			// that records the result.
			return fmt.Sprintf("round %s is %s", r.ID, r.Status)
		}
		for _, bt := range r.Bets {
			var ok bool
			switch bt.Status {
			case ledger.BetOpen:
				ok = r.Status == ledger.RoundBetting || r.Status == ledger.RoundClosed || r.Status == ledger.RoundPaused
				inPlay[r.Table] = inPlay[r.Table].Add(bt.Stake)
			case ledger.BetSettled:
				ok = r.Status == ledger.RoundSettled && bt.Correction == r.Correction
			case ledger.BetRefunded:
				ok = r.Status == ledger.RoundCancelled
			}
			if !ok {
				return fmt.Sprintf("bet %s (%s) is %s (correction %d) in round %s, which is %s (correction %d)",
					bt.ID, bt.Code, bt.Status, bt.Correction, r.ID, r.Status, r.Correction)
			}
		}
	}
	for _, id := range propTables {
		tb, ok := s.Table(id)
		if !ok {
			continue
		}
		if got := s.Balance(posting.InPlayAccount(id), tb.Currency); !got.Equal(inPlay[id]) {
			return fmt.Sprintf("table %s has %s in play, its open bets stake %s", id, got, inPlay[id])
		}
		want := []string(nil)
		if tb.Active != "" {
			want = []string{tb.Active}
		}
		if !reflect.DeepEqual(inProgress[id], want) {
			return fmt.Sprintf("table %s has round %q in progress, the rounds in progress are %v", id, tb.Active, inProgress[id])
		}
	}
	return ""
}

// uniform draws an int in [0, n) with every value (nearly) equally likely.
// rapid's integer generators favour small values, which suits numbers that
// shrink but not choices: the first few commands would crowd out the rest.
// Shrinking still works, towards 0.
func uniform(n int) *rapid.Generator[int] {
	return rapid.Custom(func(t *rapid.T) int {
		const bits = 20 // n is far below 2^20, so the modulo bias is negligible
		v := 0
		for range bits {
			v <<= 1
			if rapid.Bool().Draw(t, "bit") {
				v |= 1
			}
		}
		return v % n
	})
}

// oneOf draws one element of s, each equally likely.
func oneOf[E any](t *rapid.T, s []E, label string) E { return s[uniform(len(s)).Draw(t, label)] }

// chance is true k times in n.
func chance(t *rapid.T, k, n int, label string) bool { return uniform(n).Draw(t, label) < k }
