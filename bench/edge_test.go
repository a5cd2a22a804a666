package bench

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/go-json-experiment/json"
	"github.com/valyala/fasthttp"
	"github.com/valyala/fasthttp/fasthttpadaptor"
)

// The HTTP edge alone: how much server CPU a keep-alive request costs with
// net/http (what the API serves with), with fasthttp's own server, and with
// fasthttp serving the net/http handler through its adaptor. Each handler
// does the same work as a slip's, less the ledger: it decodes a slip's
// body, waits for a shared tick that stands in for the group commit (so
// that as many requests are in flight as in the HTTP phase), and writes an
// answer of a slip answer's size. The clients are a separate process, as
// in the HTTP phase, so the CPU measured is the server's alone:
//
//	go test ./bench -run '^$' -bench HTTPEdge -benchtime 200000x -count 3
//
// It reports server-µs/req, the figure the HTTP phase's server-CPU aim
// depends on, and req/s.

// Sizes of the edge benchmark.
const (
	edgeClients = 200
	// edgeCommitEvery stands in for the ledger's group commit: every
	// handler waits for the next tick.
	edgeCommitEvery = 3 * time.Millisecond
)

// Environment of the client process.
const (
	envEdgeAddr     = "WAGERLOG_EDGE_ADDR"
	envEdgeRequests = "WAGERLOG_EDGE_REQUESTS"
)

var (
	edgeBody   = []byte(`{"player":"p-0000000123","round":"0b6f1f2e-7a4c-4d1e-9a3f-5c2d8e7f6a10","bets":[{"kind":"big","amount":"5.00"}]}`)
	edgeAnswer = []byte(`{"first_seq":1234567,"last_seq":1234568,"events":2,"table":"sicbo-1","round":"0b6f1f2e-7a4c-4d1e-9a3f-5c2d8e7f6a10","round_number":812,"slip":"9d2c6b1a-3e4f-4a5b-8c7d-1e2f3a4b5c6d","bets":["7a1b2c3d-4e5f-4061-8273-94a5b6c7d8e9"],"player":"p-0000000123","currency":"EUR","balance":"995.00"}`)
)

// edgeSlip is the body the handlers decode.
type edgeSlip struct {
	Player string `json:"player"`
	Round  string `json:"round"`
	Bets   []struct {
		Kind   string `json:"kind"`
		Amount string `json:"amount"`
	} `json:"bets"`
}

// commitTicks releases every waiting handler at each tick.
type commitTicks struct {
	mu   sync.Mutex
	next chan struct{}
}

func startCommitTicks(ctx context.Context) *commitTicks {
	c := &commitTicks{next: make(chan struct{})}
	go func() {
		t := time.NewTicker(edgeCommitEvery)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
			c.mu.Lock()
			close(c.next)
			c.next = make(chan struct{})
			c.mu.Unlock()
		}
	}()
	return c
}

func (c *commitTicks) wait() {
	c.mu.Lock()
	next := c.next
	c.mu.Unlock()
	<-next
}

func BenchmarkHTTPEdge(b *testing.B) {
	netHTTP := func(ticks *commitTicks, served *atomic.Int64) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			body, err := io.ReadAll(r.Body)
			var s edgeSlip
			if err == nil {
				err = json.Unmarshal(body, &s)
			}
			if err != nil {
				http.Error(w, err.Error(), http.StatusBadRequest)
				return
			}
			ticks.wait()
			// Counted before the answer can leave: when the client
			// process exits, every request it sent is counted.
			served.Add(1)
			h := w.Header()
			h.Set("Content-Type", "application/json")
			h.Set("Content-Length", strconv.Itoa(len(edgeAnswer)))
			_, _ = w.Write(edgeAnswer)
		})
	}
	type server func(ln net.Listener, ticks *commitTicks, served *atomic.Int64) (stop func())
	for _, edge := range []struct {
		name  string
		serve server
	}{
		{"net_http", func(ln net.Listener, ticks *commitTicks, served *atomic.Int64) func() {
			srv := &http.Server{Handler: netHTTP(ticks, served), ReadHeaderTimeout: 10 * time.Second}
			go func() { _ = srv.Serve(ln) }()
			return func() { _ = srv.Close() }
		}},
		{"fasthttp", func(ln net.Listener, ticks *commitTicks, served *atomic.Int64) func() {
			srv := &fasthttp.Server{Handler: func(c *fasthttp.RequestCtx) {
				var s edgeSlip
				if err := json.Unmarshal(c.PostBody(), &s); err != nil {
					c.Error(err.Error(), fasthttp.StatusBadRequest)
					return
				}
				ticks.wait()
				served.Add(1)
				c.SetContentType("application/json")
				_, _ = c.Write(edgeAnswer)
			}}
			go func() { _ = srv.Serve(ln) }()
			return func() { _ = srv.Shutdown() }
		}},
		{"fasthttp_adaptor", func(ln net.Listener, ticks *commitTicks, served *atomic.Int64) func() {
			srv := &fasthttp.Server{Handler: fasthttpadaptor.NewFastHTTPHandler(netHTTP(ticks, served))}
			go func() { _ = srv.Serve(ln) }()
			return func() { _ = srv.Shutdown() }
		}},
	} {
		b.Run(edge.name, func(b *testing.B) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				b.Fatal(err)
			}
			var served atomic.Int64
			stop := edge.serve(ln, startCommitTicks(ctx), &served)
			defer stop()
			client := exec.Command(os.Args[0])
			client.Env = append(os.Environ(), envEdgeAddr+"="+ln.Addr().String(), envEdgeRequests+"="+strconv.Itoa(b.N))
			var out bytes.Buffer
			client.Stdout, client.Stderr = &out, &out
			cpu0 := selfCPU()
			b.ResetTimer()
			if err := client.Run(); err != nil {
				b.Fatalf("client process: %v\n%s", err, out.Bytes())
			}
			b.StopTimer()
			cpu := selfCPU() - cpu0
			if got := served.Load(); got != int64(b.N) {
				b.Fatalf("served %d requests, want %d", got, b.N)
			}
			b.ReportMetric(float64(cpu.Microseconds())/float64(b.N), "server-µs/req")
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "req/s")
		})
	}
}

// TestMain runs the package's tests, or, started by BenchmarkHTTPEdge
// with envEdgeAddr set, its client process.
func TestMain(m *testing.M) {
	if addr := os.Getenv(envEdgeAddr); addr != "" {
		if err := edgeClient(addr, os.Getenv(envEdgeRequests)); err != nil {
			fmt.Fprintln(os.Stderr, "edge client:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// edgeClient is BenchmarkHTTPEdge's client process: edgeClients keep-alive
// connections sending total slips in all, each answer checked.
func edgeClient(addr, total string) error {
	n, err := strconv.Atoi(total)
	if err != nil {
		return err
	}
	c := &fasthttp.HostClient{Addr: addr, MaxConns: edgeClients}
	var left atomic.Int64
	left.Store(int64(n))
	var wg sync.WaitGroup
	errs := make(chan error, edgeClients)
	for range edgeClients {
		wg.Go(func() {
			req, resp := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
			defer fasthttp.ReleaseRequest(req)
			defer fasthttp.ReleaseResponse(resp)
			req.SetRequestURI("http://" + addr + "/v1/slips")
			req.Header.SetMethod(fasthttp.MethodPost)
			req.Header.SetContentType("application/json")
			req.Header.Set("Authorization", "Bearer 0123456789abcdef0123456789abcdef")
			req.SetBody(edgeBody)
			for left.Add(-1) >= 0 {
				if err := c.Do(req, resp); err != nil {
					errs <- err
					return
				}
				if resp.StatusCode() != fasthttp.StatusOK || !bytes.Equal(resp.Body(), edgeAnswer) {
					errs <- &edgeAnswerError{status: resp.StatusCode(), body: string(resp.Body())}
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	return <-errs // nil when the channel is empty
}

type edgeAnswerError struct {
	status int
	body   string
}

func (e *edgeAnswerError) Error() string {
	return "answer " + strconv.Itoa(e.status) + ": " + e.body
}
