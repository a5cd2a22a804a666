package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/api"
	"github.com/wagerlog/wagerlog/drawseed"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
	"github.com/wagerlog/wagerlog/projections"
)

// Actors of the test tokens, one per role. The table the tests open names
// dealerActor as its dealer.
const (
	dealerActor      = "dealer-1"
	otherDealerActor = "dealer-2"
)

// env is a real server: an embedded JetStream store in a temp dir, the
// ledger, a bbolt projections file with its projector running, and the API
// behind an httptest.Server.
type env struct {
	t      testing.TB
	store  *jetstream.Store
	led    *ledger.Ledger
	views  *projections.Store
	api    *api.Server
	srv    *httptest.Server
	tokens map[string]string // role (or "dealer-2") → bearer token
	keys   atomic.Int64
}

type envOptions struct {
	publicBoard bool
	heartbeat   time.Duration
	auditor     api.Auditor
	dashboard   http.Handler
	// games is the catalog of the ledger and the projections; nil means
	// the registry's.
	games *games.Catalog
	// logger receives the server's log; nil discards it.
	logger *slog.Logger
	// walletMax is the ledger's Options.WalletMax (zero: the default).
	walletMax decimal.Decimal
	// commitInterval is the projector's CommitInterval (zero: the
	// default).
	commitInterval time.Duration
}

func newEnv(t testing.TB, o envOptions) *env {
	t.Helper()
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	store, err := jetstream.Open(ctx, jetstream.Options{DataDir: filepath.Join(dir, "js")})
	if err != nil {
		t.Fatalf("open store: %v", err)
	}
	catalog := o.games
	if catalog == nil {
		catalog = registry.New()
	}
	seeds, err := drawseed.Open(filepath.Join(dir, "draw-seeds"))
	if err != nil {
		t.Fatal(err)
	}
	led, err := ledger.Open(ctx, store, ledger.Options{Games: catalog, WalletMax: o.walletMax, DrawSeeds: seeds})
	if err != nil {
		store.Close()
		t.Fatalf("open ledger: %v", err)
	}
	views, err := projections.Open(filepath.Join(dir, "projections.db"), projections.Options{Games: catalog})
	if err != nil {
		led.Close()
		store.Close()
		t.Fatalf("open projections: %v", err)
	}
	pctx, stop := context.WithCancel(context.Background())
	proj := projections.NewProjector(views, store, nil)
	proj.CommitInterval = o.commitInterval
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		if err := proj.Run(pctx); err != nil {
			t.Errorf("projector: %v", err)
		}
	}()

	e := &env{t: t, store: store, led: led, views: views, tokens: map[string]string{}}
	var lines []string
	add := func(key, role, actor string) {
		tok, line, err := api.NewToken(role, actor)
		if err != nil {
			t.Fatal(err)
		}
		e.tokens[key] = tok
		lines = append(lines, line)
	}
	for _, role := range api.Roles() {
		actor := role + "-1"
		if role == ledger.RoleDealer {
			actor = dealerActor
		}
		add(role, role, actor)
	}
	add(otherDealerActor, ledger.RoleDealer, otherDealerActor)
	tokens, err := api.ParseTokens(strings.NewReader("# test tokens\n" + strings.Join(lines, "\n") + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	e.api, err = api.New(api.Config{
		Ledger: led, Views: views, Tokens: tokens, PublicBoard: o.publicBoard,
		Lag: proj.Lag, Heartbeat: o.heartbeat, Auditor: o.auditor, Dashboard: o.dashboard, Logger: o.logger,
	})
	if err != nil {
		t.Fatal(err)
	}
	e.srv = httptest.NewServer(e.api)
	t.Cleanup(func() {
		e.api.Close()
		e.srv.Close()
		stop()
		wg.Wait()
		views.Close()
		led.Close()
		store.Close()
	})
	return e
}

// resp is an answer read in full.
type resp struct {
	status int
	header http.Header
	body   []byte
}

func (r resp) String() string { return fmt.Sprintf("%d %s", r.status, r.body) }

// json decodes the body into a generic map.
func (r resp) json(t testing.TB) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(r.body, &m); err != nil {
		t.Fatalf("answer %s is not a JSON object: %v", r, err)
	}
	return m
}

// problem decodes a problem answer and checks its media type.
func (r resp) problem(t testing.TB) api.Problem {
	t.Helper()
	if ct := r.header.Get("Content-Type"); ct != api.ProblemContentType {
		t.Fatalf("answer %s has Content-Type %q, want %s", r, ct, api.ProblemContentType)
	}
	var p api.Problem
	if err := json.Unmarshal(r.body, &p); err != nil {
		t.Fatalf("problem %s: %v", r, err)
	}
	if p.Status != r.status || p.Code == "" {
		t.Fatalf("problem %s: status %d in the body, code %q", r, p.Status, p.Code)
	}
	return p
}

// req sends a request as role ("" for no token). body is marshalled unless
// it is a string or []byte. Writes get a fresh Idempotency-Key unless hdr
// names one.
func (e *env) req(method, path, role string, body any, hdr ...string) resp {
	e.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		j, err := json.Marshal(b)
		if err != nil {
			e.t.Fatal(err)
		}
		rd = bytes.NewReader(j)
	}
	r, err := http.NewRequest(method, e.srv.URL+path, rd)
	if err != nil {
		e.t.Fatal(err)
	}
	if rd != nil {
		r.Header.Set("Content-Type", "application/json")
	}
	if role != "" {
		tok, ok := e.tokens[role]
		if !ok {
			e.t.Fatalf("no token for %q", role)
		}
		r.Header.Set("Authorization", "Bearer "+tok)
	}
	if method == http.MethodPost {
		r.Header.Set("Idempotency-Key", fmt.Sprintf("test-key-%d", e.keys.Add(1)))
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		if hdr[i+1] == "" {
			r.Header.Del(hdr[i])
		} else {
			r.Header.Set(hdr[i], hdr[i+1])
		}
	}
	res, err := e.srv.Client().Do(r)
	if err != nil {
		e.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		e.t.Fatal(err)
	}
	return resp{status: res.StatusCode, header: res.Header, body: b}
}

// must sends a request and fails unless the status is want.
func (e *env) must(want int, method, path, role string, body any, hdr ...string) resp {
	e.t.Helper()
	r := e.req(method, path, role, body, hdr...)
	if r.status != want {
		e.t.Fatalf("%s %s as %s: %s, want %d", method, path, role, r, want)
	}
	return r
}

// result decodes a write's ledger.Result.
func (r resp) result(t testing.TB) ledger.Result {
	t.Helper()
	var res ledger.Result
	if err := json.Unmarshal(r.body, &res); err != nil {
		t.Fatalf("result %s: %v", r, err)
	}
	if res.LastSeq == 0 || r.header.Get(api.SeqHeader) != fmt.Sprint(res.LastSeq) {
		t.Fatalf("result %s: last_seq %d, %s header %q", r, res.LastSeq, api.SeqHeader, r.header.Get(api.SeqHeader))
	}
	return res
}

func (e *env) lastSeq() uint64 {
	e.t.Helper()
	seq, err := e.store.LastSeq(context.Background())
	if err != nil {
		e.t.Fatal(err)
	}
	return seq
}

func dec(s string) decimal.Decimal { return decimal.RequireFromString(s) }

// Fixture helpers through the API itself.

func (e *env) deposit(player, amount string) ledger.Result {
	e.t.Helper()
	return e.must(200, "POST", "/v1/wallets/"+player+"/deposit", ledger.RoleCashier, map[string]any{"amount": amount, "currency": "EUR"}).result(e.t)
}

func (e *env) openTable(table string) ledger.Result {
	e.t.Helper()
	return e.must(201, "POST", "/v1/tables", ledger.RoleSupervisor, map[string]any{
		"table": table, "paytable": sicbo.IDLive, "currency": "EUR",
		"limits": map[string]any{"*": map[string]string{"min": "1", "max": "500"}},
		"band":   map[string]string{"min": "0.50", "max": "1000"},
		"dealer": dealerActor,
	}).result(e.t)
}

func (e *env) openRound(table string) string {
	e.t.Helper()
	return e.must(201, "POST", "/v1/tables/"+table+"/rounds", ledger.RoleDealer, nil).result(e.t).Round
}

type bet struct {
	Code  string `json:"code"`
	Stake string `json:"stake"`
}

func (e *env) slip(table, round, player string, bets ...bet) ledger.Result {
	e.t.Helper()
	return e.must(201, "POST", "/v1/tables/"+table+"/slips", ledger.RoleFrontend, map[string]any{"player": player, "round": round, "bets": bets}).result(e.t)
}

func (e *env) roundPath(table, round, action string) string {
	return "/v1/tables/" + table + "/rounds/" + round + "/" + action
}

// balance reads a player's EUR wallet through the API, after the
// projections have applied seq.
func (e *env) balance(player string, seq uint64) decimal.Decimal {
	e.t.Helper()
	r := e.must(200, "GET", fmt.Sprintf("/v1/wallets/%s?min_seq=%d", player, seq), ledger.RoleAuditor, nil)
	var list projections.BalanceList
	if err := json.Unmarshal(r.body, &list); err != nil {
		e.t.Fatal(err)
	}
	if list.Seq < seq {
		e.t.Fatalf("wallet answer at seq %d, asked min_seq %d", list.Seq, seq)
	}
	for _, b := range list.Balances {
		if b.Account == posting.WalletAccount(player) && b.Currency == "EUR" {
			return b.Balance
		}
	}
	return decimal.Zero
}

// waitProjected waits until the projections hold every stored event.
func (e *env) waitProjected() {
	e.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := e.views.WaitFor(ctx, e.lastSeq()); err != nil {
		e.t.Fatal(err)
	}
}

// boardRow and boardAnswer read a board answer: its rows carry their
// game's members (Sic Bo dice, total, size, parity; roulette pocket,
// colour), and its statistics are the game's.
type boardRow struct {
	Round     string          `json:"round"`
	Number    int64           `json:"number"`
	Dice      [3]int          `json:"dice"`
	Total     int             `json:"total"`
	Size      string          `json:"size"`
	Parity    string          `json:"parity"`
	Pocket    string          `json:"pocket"`
	Colour    string          `json:"colour"`
	Result    json.RawMessage `json:"result"`
	Seq       uint64          `json:"seq"`
	Corrected bool            `json:"corrected"`
}

type boardAnswer struct {
	Seq     uint64          `json:"seq"`
	Table   string          `json:"table"`
	Size    int             `json:"size"`
	Results []boardRow      `json:"results"`
	Stats   json.RawMessage `json:"stats"`
}

// documentedCodes maps a route pattern to the problem codes the route
// documents (api.RouteInfo.Codes, the OpenAPI document's responses).
var documentedCodes = func() map[string]map[string]bool {
	out := map[string]map[string]bool{}
	for _, rt := range api.Routes() {
		set := map[string]bool{}
		for _, c := range rt.Codes {
			set[c] = true
		}
		out[rt.Method+" "+rt.Path] = set
	}
	return out
}()

// checkDocumented fails unless code is one the route that r matches
// documents. A request no route matches (404 not_found, 405) is not a
// route's to document.
func (e *env) checkDocumented(t testing.TB, r *http.Request, code string) {
	t.Helper()
	pattern := e.api.MuxPattern(r)
	set, ok := documentedCodes[pattern]
	if !ok {
		return
	}
	if !set[code] {
		t.Errorf("%s %s answered code %s, which route %s does not document", r.Method, r.URL.Path, code, pattern)
	}
}
