//go:build crash

package crash

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/projections"
)

// The suite's world: its actors, tables and players.
const (
	// currency is the one currency of the suite.
	currency = "EUR"
	// playersN is how many ordinary players the frontends bet for.
	playersN = 16
	// playerFunds and whaleFunds are the first deposits.
	playerFunds = "500.00"
	whaleFunds  = "1000000.00"
	// brokePlayer never gets a deposit: its slips are refused.
	brokePlayer = "broke-1"
)

// table is one of the suite's tables, as its dealer last saw it.
type table struct {
	id, paytable string
	dealer       *actor
	// heavy places the slips of the rounds with more than a thousand bets,
	// for whale.
	heavy *actor
	whale string
	// codes are bet codes the table's paytable offers; notOffered one it
	// does not.
	codes      []string
	notOffered string

	mu      sync.Mutex
	round   string
	betting bool
	// heavyRound is the last heavy round acknowledged settled and
	// heavyDice its dice in force.
	heavyRound string
	heavyDice  [3]int
}

func (t *table) setRound(round string, betting bool) {
	t.mu.Lock()
	t.round, t.betting = round, betting
	t.mu.Unlock()
}

func (t *table) current() (string, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.round, t.betting
}

func (t *table) setHeavy(round string, dice [3]int) {
	t.mu.Lock()
	t.heavyRound, t.heavyDice = round, dice
	t.mu.Unlock()
}

func (t *table) lastHeavy() (string, [3]int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.heavyRound, t.heavyDice
}

// world holds the actors, tables and players and the book of writes.
type world struct {
	tb         testing.TB
	book       *book
	cashier    *actor
	supervisor *actor
	finance    *actor
	auditor    *actor
	frontends  []*actor
	tables     []*table
	players    []string
}

// commonCodes are bet codes both Sic Bo paytables of the suite offer.
func commonCodes() []string {
	out := []string{"small", "big", "any_triple"}
	for f := 1; f <= 6; f++ {
		out = append(out, fmt.Sprintf("single:%d", f), fmt.Sprintf("double:%d", f), fmt.Sprintf("triple:%d", f))
		for g := f + 1; g <= 6; g++ {
			out = append(out, fmt.Sprintf("combo:%d-%d", f, g))
		}
	}
	for total := 4; total <= 17; total++ {
		out = append(out, fmt.Sprintf("total:%d", total))
	}
	return out
}

// newWorld creates a token for every actor with `wagerlog token add` into
// the tokens file and returns the world.
func newWorld(tb testing.TB, bin, tokensPath string) *world {
	tb.Helper()
	add := func(role, id string) *actor {
		status, out, errOut := runTool(tb, bin, "token", "add", "--tokens", tokensPath, "--role", role, "--actor", id)
		tok := strings.TrimSpace(out)
		if status != 0 || tok == "" {
			tb.Fatalf("wagerlog token add --role %s --actor %s: status %d: %s", role, id, status, errOut)
		}
		return &actor{id: id, role: role, token: tok}
	}
	w := &world{
		tb: tb, book: newBook(tb),
		cashier: add("cashier", "cash-1"), supervisor: add("supervisor", "sup-1"),
		finance: add("finance", "fin-1"), auditor: add("auditor", "aud-1"),
	}
	for i := 1; i <= 3; i++ {
		w.frontends = append(w.frontends, add("frontend", fmt.Sprintf("fe-%d", i)))
	}
	codes := commonCodes()
	for i, pt := range []struct{ paytable, notOffered string }{{"sicbo/live", "double:7"}, {"sicbo/clm-2016", "odd"}} {
		id := fmt.Sprintf("t%d", i+1)
		w.tables = append(w.tables, &table{
			id: id, paytable: pt.paytable, codes: codes, notOffered: pt.notOffered,
			dealer: add("dealer", "dealer-"+id), heavy: add("frontend", "fe-heavy-"+id), whale: "whale-" + id,
		})
	}
	for i := 1; i <= playersN; i++ {
		w.players = append(w.players, fmt.Sprintf("p%02d", i))
	}
	return w
}

// Request bodies.
type (
	cashBody struct {
		Amount    string `json:"amount"`
		Currency  string `json:"currency"`
		Reference string `json:"reference,omitempty"`
	}
	limitBody struct {
		Min string `json:"min"`
		Max string `json:"max"`
	}
	tableBody struct {
		Table    string               `json:"table"`
		Paytable string               `json:"paytable"`
		Currency string               `json:"currency"`
		Limits   map[string]limitBody `json:"limits"`
		Band     limitBody            `json:"band"`
		Dealer   string               `json:"dealer"`
	}
	betBody struct {
		Code  string `json:"code"`
		Stake string `json:"stake"`
	}
	slipBody struct {
		Player string    `json:"player"`
		Round  string    `json:"round,omitempty"`
		Bets   []betBody `json:"bets"`
	}
	diceBody struct {
		Dice [3]int `json:"dice"`
	}
	correctBody struct {
		Dice   [3]int `json:"dice"`
		Reason string `json:"reason"`
	}
	reasonBody struct {
		Reason string `json:"reason,omitempty"`
	}
	noteBody struct {
		Note string `json:"note,omitempty"`
	}
	emptyBody struct{}
)

// setup opens the tables and funds the players: the writes of cycle 0.
func (w *world) setup(ctx context.Context, c *client) {
	w.tb.Helper()
	must := func(o *op) {
		if o.outcome != outcomeAcked {
			w.tb.Fatalf("setup: %s %s: %s %d %s %s", o.kind, o.path, o.outcome, o.status, o.code, o.failure)
		}
	}
	for _, t := range w.tables {
		must(w.book.write(ctx, c, w.supervisor, "open_table", "/v1/tables", tableBody{
			Table: t.id, Paytable: t.paytable, Currency: currency,
			Limits: map[string]limitBody{"*": {"1", "500"}}, Band: limitBody{"0.50", "1000"}, Dealer: t.dealer.id,
		}))
		must(w.book.write(ctx, c, w.cashier, "deposit", "/v1/wallets/"+t.whale+"/deposit", cashBody{Amount: whaleFunds, Currency: currency, Reference: "whale"}))
	}
	for _, p := range w.players {
		must(w.book.write(ctx, c, w.cashier, "deposit", "/v1/wallets/"+p+"/deposit", cashBody{Amount: playerFunds, Currency: currency}))
	}
}

// get reads path as a and decodes a 200 answer into v. It reports false
// when the server could not be reached; another status fails the test.
func (w *world) get(ctx context.Context, c *client, a *actor, path string, v any) bool {
	var (
		status int
		body   []byte
		err    error
	)
	for range lagRetries {
		status, body, err = c.send(ctx, a, "GET", path, "", nil)
		if err != nil {
			return false
		}
		if status != http.StatusGatewayTimeout || problemCode(body) != "projection_lag" {
			break
		}
		// The projections are behind under load: wait again.
		w.book.lagged.Add(1)
	}
	if status != http.StatusOK {
		w.tb.Errorf("GET %s as %s: %d %s", path, a.id, status, body)
		return false
	}
	if err := json.Unmarshal(body, v); err != nil {
		w.tb.Errorf("GET %s: %v", path, err)
		return false
	}
	return true
}

// withMinSeq adds min_seq to a path.
func withMinSeq(path string, seq uint64) string {
	sep := "?"
	if strings.Contains(path, "?") {
		sep = "&"
	}
	return fmt.Sprintf("%s%smin_seq=%d", path, sep, seq)
}

// syncTable reads the table's round in progress and its status from the
// API, after every acknowledged write. ok is false when the server could
// not be reached.
func (w *world) syncTable(ctx context.Context, c *client, t *table) (round, status string, ok bool) {
	seq := w.book.maxSeq.Load()
	var tv projections.TableView
	if !w.get(ctx, c, t.dealer, withMinSeq("/v1/tables/"+t.id, seq), &tv) {
		return "", "", false
	}
	if tv.ActiveRound == "" {
		t.setRound("", false)
		return "", "", true
	}
	var rv projections.RoundView
	if !w.get(ctx, c, t.dealer, withMinSeq("/v1/rounds/"+url.PathEscape(tv.ActiveRound), seq), &rv) {
		return "", "", false
	}
	t.setRound(rv.ID, rv.Status == projections.RoundBetting)
	return rv.ID, rv.Status, true
}

// sleep waits d or until ctx ends; it reports whether ctx is still live.
func sleep(ctx context.Context, d time.Duration) bool {
	select {
	case <-ctx.Done():
		return false
	case <-time.After(d):
		return true
	}
}

// between returns a duration uniformly in [lo, hi).
func between(rng *rand.Rand, lo, hi time.Duration) time.Duration {
	return lo + time.Duration(rng.Int64N(int64(hi-lo)))
}

// stake returns a stake of 1.00..20.99.
func stake(rng *rand.Rand) string {
	return fmt.Sprintf("%d.%02d", 1+rng.IntN(20), rng.IntN(100))
}

func dice(rng *rand.Rand) [3]int {
	return [3]int{1 + rng.IntN(6), 1 + rng.IntN(6), 1 + rng.IntN(6)}
}

// otherDice returns dice other than d.
func otherDice(rng *rand.Rand, d [3]int) [3]int {
	for {
		if n := dice(rng); n != d {
			return n
		}
	}
}

// roundPath is a round command's path.
func roundPath(t *table, round, action string) string {
	return "/v1/tables/" + t.id + "/rounds/" + round + "/" + action
}
