package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/wagerlog/wagerlog/api"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/projections"
)

// HTTP client settings.
const (
	// httpRequestTimeout bounds one request of a client.
	httpRequestTimeout = api.CommandTimeout + 5*time.Second
	// httpAnswerBytesMax bounds the answer a client reads.
	httpAnswerBytesMax = 64 << 10
	// httpShutdownTimeout bounds the HTTP server's shutdown.
	httpShutdownTimeout = 10 * time.Second
)

// httpResult is what the HTTP phase measured.
type httpResult struct {
	slips   int64
	elapsed time.Duration
	lat     latencies
	refused int64
}

// httpPhase serves the real API on a loopback listener, with the projector
// following the stream into views as `wagerlog serve` does, and runs
// clients that each place one-bet slips (POST /v1/tables/{t}/slips, a
// frontend token, an Idempotency-Key) one at a time for d, over keep-alive
// connections, while the dealers run rounds.
func httpPhase(ctx context.Context, c *casino, st *jetstream.Store, views *projections.Store, clients int, d time.Duration, players []string) (res httpResult, err error) {
	token, line, err := api.NewToken(ledger.RoleFrontend, actor(ledger.RoleFrontend).ID)
	if err != nil {
		return res, err
	}
	tokens, err := api.ParseTokens(strings.NewReader(line))
	if err != nil {
		return res, err
	}
	proj := projections.NewProjector(views, st, nil)
	pctx, stopProjector := context.WithCancel(ctx)
	var wg sync.WaitGroup
	var projErr error
	wg.Add(1)
	go func() {
		defer wg.Done()
		projErr = proj.Run(pctx)
	}()
	defer func() {
		stopProjector()
		wg.Wait()
		if err == nil && projErr != nil {
			err = fmt.Errorf("bench: projector: %w", projErr)
		}
	}()
	a, err := api.New(api.Config{Ledger: c.led, Views: views, Tokens: tokens, Lag: proj.Lag})
	if err != nil {
		return res, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return res, fmt.Errorf("bench: listen: %w", err)
	}
	srv := &http.Server{Handler: a, ReadHeaderTimeout: 10 * time.Second}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	defer func() {
		a.Close()
		sctx, cancel := context.WithTimeout(context.Background(), httpShutdownTimeout)
		defer cancel()
		_ = srv.Shutdown(sctx)
		if serr := <-served; err == nil && !errors.Is(serr, http.ErrServerClosed) {
			err = fmt.Errorf("bench: http server: %w", serr)
		}
	}()
	// Go's default transport keeps 2 idle connections per host: the
	// clients would open and close connections all the time. One
	// keep-alive connection per client.
	tr := &http.Transport{MaxIdleConns: clients, MaxIdleConnsPerHost: clients, MaxConnsPerHost: clients, IdleConnTimeout: time.Minute}
	defer tr.CloseIdleConnections()
	hc := &http.Client{Transport: tr, Timeout: httpRequestTimeout}
	base := "http://" + ln.Addr().String() + "/v1/tables/"

	dl := c.runDealers(ctx, "http")
	var stop atomic.Bool
	stopped := stop.Load
	recs := make([]*recorder, clients)
	placers := make([]*placer, clients)
	slips := make([]int64, clients)
	g, gctx := errgroup.WithContext(ctx)
	start := time.Now()
	timer := time.AfterFunc(d, func() { stop.Store(true) })
	for i := range clients {
		recs[i] = newRecorder(uint64(i), 3)
		placers[i] = &placer{c: c, at: i % len(c.tables)}
		g.Go(func() error {
			player := players[i]
			prefix := "http-" + strconv.Itoa(i) + "-"
			for n := 0; !stopped(); n++ {
				body, err := json.Marshal(struct {
					Player string              `json:"player"`
					Bets   []ledger.BetRequest `json:"bets"`
				}{player, c.bets(i, n, 1)})
				if err != nil {
					return err
				}
				attempt := 0
				lat, ok, err := placers[i].place(gctx, stopped, func(table string) (outcome, error) {
					attempt++
					key := prefix + strconv.Itoa(n) + "-" + strconv.Itoa(attempt)
					return postSlip(gctx, hc, base+table+"/slips", token, key, body)
				})
				if err != nil {
					return err
				}
				if ok {
					recs[i].add(lat)
					slips[i]++
				}
			}
			return nil
		})
	}
	err = g.Wait()
	res.elapsed = time.Since(start)
	timer.Stop()
	if _, derr := dl.end(); err == nil {
		err = derr
	}
	if err != nil {
		return res, err
	}
	for i := range clients {
		res.slips += slips[i]
		res.refused += placers[i].refused
	}
	res.lat = merge(recs)
	return res, nil
}

// postSlip sends one slip and sorts the answer: 201 placed, a conflict
// whose code says betting is not open, 503 overloaded; anything else is an
// error.
func postSlip(ctx context.Context, hc *http.Client, url, token, key string, body []byte) (outcome, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return placed, err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", key)
	resp, err := hc.Do(req)
	if err != nil {
		return placed, fmt.Errorf("bench: POST %s: %w", url, err)
	}
	defer resp.Body.Close()
	// Read the whole answer, so that the connection is reused.
	answer, err := io.ReadAll(io.LimitReader(resp.Body, httpAnswerBytesMax))
	if err != nil {
		return placed, fmt.Errorf("bench: POST %s: %w", url, err)
	}
	if resp.StatusCode == http.StatusCreated {
		return placed, nil
	}
	var p api.Problem
	_ = json.Unmarshal(answer, &p)
	if out, known := classify(p.Code); known && p.Code != "" {
		return out, nil
	}
	return placed, fmt.Errorf("bench: POST %s: %s: %s", url, resp.Status, bytes.TrimSpace(answer))
}
