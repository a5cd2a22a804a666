package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/valyala/fasthttp"

	"github.com/wagerlog/wagerlog/api"
	"github.com/wagerlog/wagerlog/errcode"
	"github.com/wagerlog/wagerlog/ledger"
)

// execAnswerBytesMax bounds an answer httpExec reads: a result's answer
// lists the settlement of every bet of the round.
const execAnswerBytesMax = 64 << 20

// newExecClient is the HTTP client of the load generator: one keep-alive
// connection per client (conns in all). It is fasthttp's client, as in
// the load generators built on it (bombardier): it sends a request and
// reads its answer on the caller's goroutine, where net/http's client
// hands each request to two goroutines of its connection. The generator
// shares the machine with the server it measures, so what it spends a
// request is taken from the server.
func newExecClient(conns int) *fasthttp.Client {
	return &fasthttp.Client{
		MaxConnsPerHost: conns,
		// A request that finds every connection busy waits for one, as
		// with net/http's client, instead of failing at once.
		MaxConnWaitTimeout:  httpRequestTimeout,
		MaxIdleConnDuration: time.Minute,
		MaxResponseBodySize: execAnswerBytesMax,
		ReadTimeout:         httpRequestTimeout,
		WriteTimeout:        httpRequestTimeout,
		// The API's paths are sent as the casino wrote them (escaped).
		DisablePathNormalizing: true,
	}
}

// httpExec executes the few ledger commands the benchmark's casino issues
// (open a table, deposit, open a round, close betting, record a result,
// place a slip) through the HTTP API instead of the ledger, so that the
// load generator drives a server it does not share a process with. Each
// command goes with the token of its actor's role and its idempotency key.
type httpExec struct {
	hc     *fasthttp.Client
	base   string            // the server's URL, without a trailing slash
	tokens map[string]string // role → bearer token
}

// problemError is a problem answer of the API as an error: ledger.CodeOf
// reads its code, and errors.Is matches it with the declared error of its
// code (an overloaded answer is ledger.ErrOverloaded), so that the
// casino's callers sort it as they sort the ledger's. Reading the code is
// this client's side of the API boundary.
type problemError struct {
	status int
	p      api.Problem
}

func (e *problemError) Error() string {
	return fmt.Sprintf("HTTP %d %s: %s", e.status, e.p.Code, e.p.Detail)
}

// ErrorCode is the problem's stable code (ledger.CodeOf).
func (e *problemError) ErrorCode() string { return e.p.Code }

// Is makes an answer the declared error of its code.
func (e *problemError) Is(target error) bool {
	d, ok := target.(*errcode.Error)
	return ok && d.Code() == e.p.Code
}

// Execute sends cmd to the API and decodes the answer into a Result.
func (x *httpExec) Execute(ctx context.Context, cmd ledger.Command) (ledger.Result, error) {
	var (
		path string
		body any
		m    ledger.Meta
	)
	esc := url.PathEscape
	switch c := cmd.(type) {
	case *ledger.PlaceSlip:
		m, path = c.Meta, "/v1/tables/"+esc(c.Table)+"/slips"
		body = struct {
			Player string              `json:"player"`
			Round  string              `json:"round,omitempty"`
			Bets   []ledger.BetRequest `json:"bets"`
		}{c.Player, c.Round, c.Bets}
	case *ledger.OpenRound:
		m, path, body = c.Meta, "/v1/tables/"+esc(c.Table)+"/rounds", struct{}{}
	case *ledger.CloseBetting:
		m, path, body = c.Meta, "/v1/tables/"+esc(c.Table)+"/rounds/"+esc(c.Round)+"/close-betting", struct{}{}
	case *ledger.RecordResult:
		m, path, body = c.Meta, "/v1/tables/"+esc(c.Table)+"/rounds/"+esc(c.Round)+"/result", json.RawMessage(c.Result)
	case *ledger.Deposit:
		m, path = c.Meta, "/v1/wallets/"+esc(c.Player)+"/deposit"
		body = struct {
			Amount   string `json:"amount"`
			Currency string `json:"currency"`
		}{c.Amount.String(), c.Currency}
	case *ledger.OpenTable:
		m, path = c.Meta, "/v1/tables"
		body = struct {
			Table    string                  `json:"table"`
			Paytable string                  `json:"paytable"`
			Currency string                  `json:"currency"`
			Limits   map[string]ledger.Limit `json:"limits"`
			Band     ledger.Limit            `json:"band"`
			Dealer   string                  `json:"dealer"`
		}{c.Table, c.Paytable, c.Currency, c.Limits, c.Band, c.Dealer}
	default:
		return ledger.Result{}, fmt.Errorf("bench: no HTTP route for %T", cmd)
	}
	token, ok := x.tokens[m.Actor.Role]
	if !ok {
		return ledger.Result{}, fmt.Errorf("bench: no token of role %s for %T", m.Actor.Role, cmd)
	}
	data, err := json.Marshal(body)
	if err != nil {
		return ledger.Result{}, err
	}
	req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
	defer fasthttp.ReleaseRequest(req)
	defer fasthttp.ReleaseResponse(resp)
	req.SetRequestURI(x.base + path)
	req.Header.SetMethod(http.MethodPost)
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.SetContentType("application/json")
	req.Header.Set("Idempotency-Key", m.IdempotencyKey)
	req.SetBodyRaw(data)
	deadline := time.Now().Add(httpRequestTimeout)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	if err := ctx.Err(); err != nil {
		return ledger.Result{}, fmt.Errorf("bench: POST %s: %w", path, err)
	}
	if err := x.hc.DoDeadline(req, resp, deadline); err != nil {
		return ledger.Result{}, fmt.Errorf("bench: POST %s: %w", path, err)
	}
	answer := resp.Body()
	if status := resp.StatusCode(); status/100 != 2 {
		pe := &problemError{status: status}
		if json.Unmarshal(answer, &pe.p) != nil || pe.p.Code == "" {
			return ledger.Result{}, fmt.Errorf("bench: POST %s: %d %s: %s", path, status, http.StatusText(status), bytes.TrimSpace(answer))
		}
		return ledger.Result{}, pe
	}
	if _, open := cmd.(*ledger.OpenRound); !open {
		// Only a dealer's new round is read back: decoding every slip's
		// answer would be the load generator's CPU taken from the server
		// on a shared machine.
		return ledger.Result{}, nil
	}
	// The answer's amounts are strings with their currency's decimals;
	// the benchmark needs only the round.
	var res struct {
		LastSeq uint64 `json:"last_seq"`
		Round   string `json:"round"`
		Events  int    `json:"events"`
	}
	if err := json.Unmarshal(answer, &res); err != nil {
		return ledger.Result{}, fmt.Errorf("bench: POST %s: answer: %w", path, err)
	}
	return ledger.Result{LastSeq: res.LastSeq, Round: res.Round, Events: res.Events}, nil
}

// trimBase returns the server's URL without a trailing slash.
func trimBase(u string) string { return strings.TrimRight(u, "/") }
