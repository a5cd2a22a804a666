package audit_test

import (
	"context"
	"crypto/ed25519"
	"encoding/binary"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/ledger"
)

// Actors of the scenario.
var (
	cashier    = events.Actor{ID: "cash-1", Role: ledger.RoleCashier}
	supervisor = events.Actor{ID: "sup-1", Role: ledger.RoleSupervisor}
	dealer     = events.Actor{ID: "dealer-1", Role: ledger.RoleDealer}
	dealer2    = events.Actor{ID: "dealer-2", Role: ledger.RoleDealer}
	frontend   = events.Actor{ID: "fe-1", Role: ledger.RoleFrontend}
)

func dec(s string) decimal.Decimal { return decimal.RequireFromString(s) }

// sealKey is the fixed Ed25519 key the scenario's seals are signed with.
func sealKey() ed25519.PrivateKey {
	seed := make([]byte, ed25519.SeedSize)
	for i := range seed {
		seed[i] = byte(i + 1)
	}
	return ed25519.NewKeyFromSeed(seed)
}

// otherKey is a public key that did not sign the scenario's seals.
func otherKey() ed25519.PublicKey {
	seed := make([]byte, ed25519.SeedSize)
	seed[0] = 99
	return ed25519.NewKeyFromSeed(seed).Public().(ed25519.PublicKey)
}

func sealPub() ed25519.PublicKey { return sealKey().Public().(ed25519.PublicKey) }

// clock is a settable clock: each reading returns the time set plus one
// millisecond per reading since, so that events of one step keep their
// order and the whole run is deterministic.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) set(t time.Time) {
	c.mu.Lock()
	c.t = t
	c.mu.Unlock()
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(time.Millisecond)
	return c.t
}

// idGen returns UUIDv7 values built from a counter: a fixed millisecond
// timestamp plus the counter, the version and variant bits, and the counter
// again in the random bits.
type idGen struct{ n atomic.Uint64 }

func (g *idGen) next() uuid.UUID {
	n := g.n.Add(1)
	var u uuid.UUID
	ms := uint64(1_790_000_000_000) + n
	var ts [8]byte
	binary.BigEndian.PutUint64(ts[:], ms)
	copy(u[0:6], ts[2:8])
	u[6] = 0x70 | byte(n>>8)&0x0f
	u[7] = byte(n)
	u[8] = 0x80
	binary.BigEndian.PutUint64(ts[:], n)
	copy(u[9:16], ts[1:8])
	return u
}

// scenario is a small casino's first days, written by the real ledger into a
// real embedded JetStream store: the input of every golden report.
type scenario struct {
	dir    string
	store  *jetstream.Store
	clock  *clock
	l      *ledger.Ledger
	rounds map[string]string // name → round id
	t      testing.TB
}

// madrid is the time zone of the scenario's reports.
func madrid(t testing.TB) *time.Location {
	loc, err := time.LoadLocation("Europe/Madrid")
	if err != nil {
		t.Fatalf("time zone: %v", err)
	}
	return loc
}

func openStore(t testing.TB, dir string) *jetstream.Store {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	s, err := jetstream.Open(ctx, jetstream.Options{DataDir: dir})
	if err != nil {
		t.Fatalf("open store: %v", err)
	}
	return s
}

// newScenario plays the scenario and closes the ledger; the store stays
// open for the test.
func newScenario(t testing.TB) *scenario {
	t.Helper()
	sc := &scenario{dir: t.TempDir(), clock: &clock{}, rounds: map[string]string{}, t: t}
	sc.store = openStore(t, sc.dir)
	t.Cleanup(func() { sc.store.Close() })
	ids := &idGen{}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	l, err := ledger.Open(ctx, sc.store, ledger.Options{
		Games: registry.New(), Clock: sc.clock.now, NewID: ids.next,
		SealEvery: 20, SealInterval: -1, SealKey: sealKey(),
	})
	if err != nil {
		t.Fatalf("open ledger: %v", err)
	}
	sc.l = l
	sc.play()
	l.Close()
	return sc
}

// at sets the clock to a Madrid wall time on November 2026.
func (sc *scenario) at(day, hour, minute int) {
	sc.clock.set(time.Date(2026, 11, day, hour, minute, 0, 0, madrid(sc.t)))
}

func (sc *scenario) must(c ledger.Command) ledger.Result {
	sc.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	r, err := sc.l.Execute(ctx, c)
	if err != nil {
		sc.t.Fatalf("%T: %v", c, err)
	}
	return r
}

func bet(code, stake string) ledger.BetRequest {
	return ledger.BetRequest{Code: code, Stake: dec(stake)}
}

func (sc *scenario) deposit(player, amount, currency string) {
	sc.must(&ledger.Deposit{Meta: ledger.Meta{Actor: cashier}, Player: player, Amount: dec(amount), Currency: currency, Reference: "cash desk"})
}

func (sc *scenario) slip(table, round, player string, bets ...ledger.BetRequest) {
	sc.must(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: frontend}, Table: table, Round: round, Player: player, Bets: bets})
}

func (sc *scenario) openRound(name, table string, who events.Actor) string {
	r := sc.must(&ledger.OpenRound{Meta: ledger.Meta{Actor: who}, Table: table})
	sc.rounds[name] = r.Round
	return r.Round
}

func (sc *scenario) result(table, round string, who events.Actor, d ...int) {
	sc.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: who}, Table: table, Round: round, Result: sicbo.ResultJSON(d...)})
}

func (sc *scenario) play() {
	limits := map[string]ledger.Limit{"*": {Min: dec("1"), Max: dec("500")}, "total": {Min: dec("1"), Max: dec("100")}}

	// 1 November: deposits, table t1 opens, three rounds.
	sc.at(1, 9, 0)
	sc.deposit("alice", "500", "EUR")
	sc.deposit("bob", "200", "EUR")
	sc.deposit("carol", "50", "EUR")
	sc.at(1, 9, 10)
	sc.must(&ledger.OpenTable{Meta: ledger.Meta{Actor: supervisor}, Table: "t1", Paytable: sicbo.IDLive, Currency: "EUR",
		Limits: limits, Band: ledger.Limit{Min: dec("0.50"), Max: dec("1000")}, Dealer: dealer.ID})

	// Round 1: a reshake, then three fives: alice's triple pays 180:1.
	sc.at(1, 10, 0)
	r1 := sc.openRound("r1", "t1", dealer)
	sc.slip("t1", r1, "alice", bet("small", "10"), bet("triple:5", "2"))
	sc.slip("t1", r1, "bob", bet("big", "20"), bet("two_odd_one_even", "1.01"))
	sc.slip("t1", r1, "carol", bet("total:9", "2"))
	sc.at(1, 10, 1)
	sc.must(&ledger.CloseBetting{Meta: ledger.Meta{Actor: dealer}, Table: "t1", Round: r1})
	sc.must(&ledger.Reshake{Meta: ledger.Meta{Actor: dealer}, Table: "t1", Round: r1, Reason: events.ReshakeOverlapping, Note: "two dice stacked"})
	sc.at(1, 10, 2)
	sc.result("t1", r1, dealer, 5, 5, 5)

	// Round 2: a fault; paused, then cancelled and refunded.
	sc.at(1, 11, 0)
	r2 := sc.openRound("r2", "t1", dealer)
	sc.slip("t1", r2, "alice", bet("odd", "15"))
	sc.slip("t1", r2, "carol", bet("double:2", "3"))
	sc.at(1, 11, 1)
	sc.must(&ledger.Pause{Meta: ledger.Meta{Actor: dealer}, Table: "t1", Round: r2, Reason: "shaker jammed"})
	sc.at(1, 11, 20)
	sc.must(&ledger.Cancel{Meta: ledger.Meta{Actor: supervisor}, Table: "t1", Round: r2, Reason: "fault not resolved"})

	// Round 3: a 3:2 win leaves a rounding residue; the result was typed
	// wrong and is corrected.
	sc.at(1, 12, 0)
	r3 := sc.openRound("r3", "t1", dealer)
	sc.slip("t1", r3, "bob", bet("two_odd_one_even", "1.01"), bet("total:8", "5"))
	sc.slip("t1", r3, "alice", bet("even", "25"))
	sc.slip("t1", r3, "carol", bet("single:4", "4"))
	sc.at(1, 12, 1)
	sc.must(&ledger.CloseBetting{Meta: ledger.Meta{Actor: dealer}, Table: "t1", Round: r3})
	sc.result("t1", r3, dealer, 1, 3, 4)
	sc.at(1, 12, 20)
	sc.must(&ledger.CorrectResult{Meta: ledger.Meta{Actor: supervisor}, Table: "t1", Round: r3, Result: sicbo.ResultJSON(2, 3, 4), Reason: "dealer typed 1 for 2"})

	sc.at(1, 12, 30)
	sc.must(&ledger.Adjust{Meta: ledger.Meta{Actor: supervisor}, Player: "carol", Amount: dec("5"), Currency: "EUR", Reason: "goodwill for the cancelled round"})
	sc.at(1, 13, 0)
	sc.must(&ledger.ChangeLimits{Meta: ledger.Meta{Actor: supervisor}, Table: "t1",
		Limits: map[string]ledger.Limit{"*": {Min: dec("1"), Max: dec("500")}, "total": {Min: dec("1"), Max: dec("50")}}, Reason: "lower the total limit"})

	// 2 November (00:30 in Madrid is still 1 November in UTC): a
	// withdrawal, and table t2 in Chilean pesos under the CLM paytable.
	sc.at(2, 0, 30)
	sc.must(&ledger.Withdraw{Meta: ledger.Meta{Actor: cashier}, Player: "alice", Amount: dec("100"), Currency: "EUR", Reference: "cash desk"})
	sc.at(2, 18, 0)
	sc.deposit("dave", "10000", "CLP")
	sc.must(&ledger.OpenTable{Meta: ledger.Meta{Actor: supervisor}, Table: "t2", Paytable: sicbo.IDCLM2016, Currency: "CLP",
		Limits: map[string]ledger.Limit{"*": {Min: dec("100"), Max: dec("5000")}}, Band: ledger.Limit{Min: dec("100"), Max: dec("10000")}, Dealer: dealer2.ID})
	sc.at(2, 18, 5)
	r5 := sc.openRound("t2r1", "t2", dealer2)
	sc.slip("t2", r5, "dave", bet("small", "1000"), bet("total:10", "500"))
	sc.at(2, 18, 6)
	sc.must(&ledger.CloseBetting{Meta: ledger.Meta{Actor: dealer2}, Table: "t2", Round: r5})
	sc.result("t2", r5, dealer2, 3, 3, 4)

	// 3 November: no activity.

	// 4 November: t2 closes; a round of t1 is left open with bets in play.
	sc.at(4, 9, 0)
	sc.must(&ledger.CloseTable{Meta: ledger.Meta{Actor: supervisor}, Table: "t2", Reason: "end of promotion"})
	sc.at(4, 20, 0)
	r4 := sc.openRound("r4", "t1", dealer)
	sc.slip("t1", r4, "bob", bet("small", "7"))
}

// options are the audit options of the scenario.
func options() audit.Options {
	return audit.Options{Games: registry.New(), SubjectPrefix: jetstream.DefaultSubjectPrefix}
}

// lastSeq returns the store's last sequence.
func (sc *scenario) lastSeq() uint64 {
	sc.t.Helper()
	seq, err := sc.store.LastSeq(context.Background())
	if err != nil {
		sc.t.Fatal(err)
	}
	return seq
}

// find returns the sequence of the first event of type typ for which match
// holds.
func (sc *scenario) find(typ events.Type, match func(e *events.Envelope) bool) uint64 {
	sc.t.Helper()
	var found uint64
	err := sc.store.Read(context.Background(), 1, 0, func(raw events.Raw) error {
		if found != 0 {
			return nil
		}
		e, err := events.Decode(raw.Data)
		if err != nil {
			return err
		}
		if e.Type == typ && (match == nil || match(&e)) {
			found = raw.Seq
		}
		return nil
	})
	if err != nil || found == 0 {
		sc.t.Fatalf("no %s event found (err %v)", typ, err)
	}
	return found
}
