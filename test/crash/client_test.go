//go:build crash

package crash

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/ledger"
)

// Limits of the HTTP client.
const (
	// requestTimeout bounds one request. A write the ledger does not
	// answer within api.CommandTimeout (30 s) is answered 504; the client
	// waits a little longer than that.
	requestTimeout = 40 * time.Second
	// answerBytesMax bounds an answer the suite reads (a page of 500 bets
	// or a round of 1,400 bets is a few hundred KiB).
	answerBytesMax = 64 << 20
)

// actor is a token holder: who sends a request.
type actor struct {
	id, role, token string
}

// client sends requests to one incarnation of the server. A new one is
// made after every restart, so no connection of a killed server is reused.
type client struct {
	base string
	hc   *http.Client
}

func newClient(base string) *client {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConnsPerHost = 16
	return &client{base: base, hc: &http.Client{Timeout: requestTimeout, Transport: tr}}
}

// close drops the client's idle connections.
func (c *client) close() { c.hc.CloseIdleConnections() }

// send sends a request as a (nil: no token) and returns the status and
// the answer's body. err is a transport error: the server may or may not
// have received the request.
func (c *client) send(ctx context.Context, a *actor, method, path, key string, body []byte) (int, []byte, error) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, rd)
	if err != nil {
		return 0, nil, err
	}
	if a != nil {
		req.Header.Set("Authorization", "Bearer "+a.token)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	res, err := c.hc.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(io.LimitReader(res.Body, answerBytesMax))
	if err != nil {
		return 0, nil, err
	}
	return res.StatusCode, b, nil
}

// problemCode returns the code of a problem answer ("" when the body is
// not one).
func problemCode(body []byte) string {
	var p struct {
		Code string `json:"code"`
	}
	_ = json.Unmarshal(body, &p)
	return p.Code
}

// Outcomes of a write.
const (
	outcomeAcked   = "acknowledged"
	outcomeRefused = "refused"
	outcomeUnknown = "unknown"
)

// op is one write: what was sent and what came back.
type op struct {
	kind  string
	actor *actor
	path  string
	key   string
	body  []byte
	cycle int

	outcome string
	status  int
	// answer is the body of a 2xx answer, res its Result.
	answer []byte
	res    ledger.Result
	// code is a refusal's problem code; failure says why the outcome is
	// unknown.
	code    string
	failure string
	// took is the time from sending to the answer.
	took time.Duration
	// resolvedFrom is, for a write whose outcome a kill left unknown and
	// that was sent again, why it was unknown.
	resolvedFrom string
}

// mapKey is how the ledger scopes an idempotency key: per actor.
func (o *op) mapKey() string { return o.actor.id + "|" + o.key }

// book records every write the clients send and its outcome.
type book struct {
	tb    testing.TB
	cycle atomic.Int64
	n     atomic.Int64
	// maxSeq is the highest last_seq of an acknowledged write: a read
	// with it as min_seq sees every acknowledged write.
	maxSeq atomic.Uint64
	// lagged counts reads answered projection_lag (and sent again).
	lagged atomic.Int64

	mu      sync.Mutex
	acked   []*op
	refused []*op
	// unknown are the writes of the current cycle whose outcome is not
	// known yet.
	unknown []*op
	// conflicts counts keys sent again with another body (refused
	// idempotency_conflict, as they must be).
	conflicts int
	codes     map[string]int
	failures  map[string]int
}

func newBook(tb testing.TB) *book {
	return &book{tb: tb, codes: map[string]int{}, failures: map[string]int{}}
}

// newOp prepares a write with a fresh idempotency key.
func (b *book) newOp(a *actor, kind, path string, body any) *op {
	raw, err := json.Marshal(body)
	if err != nil {
		// Called from the clients' goroutines: no Fatal. The bodies are
		// the suite's own structs, so this does not happen.
		b.tb.Errorf("encode %s body: %v", kind, err)
	}
	cycle := int(b.cycle.Load())
	return &op{kind: kind, actor: a, path: path, body: raw, cycle: cycle,
		key: fmt.Sprintf("c%02d-%s-%06d", cycle, kind, b.n.Add(1))}
}

// write sends a new write and records its outcome.
func (b *book) write(ctx context.Context, c *client, a *actor, kind, path string, body any) *op {
	o := b.newOp(a, kind, path, body)
	b.send(ctx, c, o)
	return o
}

// send sends o and records its outcome: acknowledged (2xx), refused (a
// 4xx, or a 507: nothing written) or unknown (no answer, or a 5xx that
// may have been applied).
func (b *book) send(ctx context.Context, c *client, o *op) {
	begin := time.Now()
	status, body, err := c.send(ctx, o.actor, "POST", o.path, o.key, o.body)
	o.status, o.took = status, time.Since(begin)
	b.mu.Lock()
	defer b.mu.Unlock()
	switch {
	case err != nil:
		o.outcome, o.failure = outcomeUnknown, transportFailure(err)
		b.unknown = append(b.unknown, o)
		b.failures[o.failure]++
	case status >= 200 && status < 300:
		if err := json.Unmarshal(body, &o.res); err != nil {
			b.tb.Errorf("%s %s: answer %d is not a Result: %v: %s", o.kind, o.key, status, err, body)
		}
		o.outcome, o.answer = outcomeAcked, body
		b.acked = append(b.acked, o)
		b.noteSeq(o.res.LastSeq)
	case status == http.StatusServiceUnavailable || status == http.StatusGatewayTimeout:
		o.outcome, o.failure = outcomeUnknown, fmt.Sprintf("%d %s", status, problemCode(body))
		b.unknown = append(b.unknown, o)
		b.failures[o.failure]++
	case status == http.StatusInternalServerError:
		b.tb.Errorf("%s %s: internal error (a bug): %s", o.kind, o.key, body)
		o.outcome, o.failure = outcomeUnknown, "500 internal"
		b.unknown = append(b.unknown, o)
	default:
		o.outcome, o.code = outcomeRefused, problemCode(body)
		b.codes[o.code]++
		if o.code == "" {
			b.tb.Errorf("%s %s: answer %d without a problem code: %s", o.kind, o.key, status, body)
		}
		b.refused = append(b.refused, o)
	}
}

func (b *book) noteSeq(seq uint64) {
	for {
		cur := b.maxSeq.Load()
		if seq <= cur || b.maxSeq.CompareAndSwap(cur, seq) {
			return
		}
	}
}

// conflict sends an acknowledged write's key again with another body: the
// answer must be idempotency_conflict, and nothing is written.
func (b *book) conflict(ctx context.Context, c *client, orig *op, body any) bool {
	raw, err := json.Marshal(body)
	if err != nil {
		b.tb.Errorf("encode a conflicting body: %v", err)
		return true
	}
	if bytes.Equal(raw, orig.body) {
		return true
	}
	status, ans, err := c.send(ctx, orig.actor, "POST", orig.path, orig.key, raw)
	if err != nil {
		return false
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if code := problemCode(ans); status != http.StatusConflict || code != "idempotency_conflict" {
		b.tb.Errorf("key %s sent again with another body: %d %s, want 409 idempotency_conflict", orig.key, status, ans)
	}
	b.conflicts++
	return true
}

// transportFailure names a transport error for the figures.
func transportFailure(err error) string {
	s := err.Error()
	for _, k := range []string{"connection refused", "connection reset", "EOF", "broken pipe", "context canceled", "deadline exceeded"} {
		if strings.Contains(s, k) {
			return k
		}
	}
	return "other transport error"
}

// ackedOf returns the acknowledged writes of actor a of one kind.
func (b *book) ackedOf(a *actor, kind string) []*op {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []*op
	for _, o := range b.acked {
		if o.actor == a && o.kind == kind {
			out = append(out, o)
		}
	}
	return out
}

// snapshot returns copies of the lists.
func (b *book) snapshot() (acked, refused, unknown []*op) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Clone(b.acked), slices.Clone(b.refused), slices.Clone(b.unknown)
}

// takeUnknown returns the unknown writes and forgets them.
func (b *book) takeUnknown() []*op {
	b.mu.Lock()
	defer b.mu.Unlock()
	u := b.unknown
	b.unknown = nil
	return u
}
