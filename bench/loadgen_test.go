package bench

import (
	"context"
	"errors"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/api"
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/projections"
)

// TestLoad_EverySlipLands runs the load generator against a real server
// (embedded JetStream, the ledger, the projections and the API over a
// loopback listener), with its own setup, and checks what it counted
// against the stream: every slip it counts as placed is one bet.placed of
// its players, and every round it settled is a round.settled. Nothing is
// timed.
func TestLoad_EverySlipLands(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	dir := t.TempDir()
	st, err := jetstream.Open(ctx, jetstream.Options{DataDir: filepath.Join(dir, "js")})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	led, err := ledger.Open(ctx, st, ledger.Options{Games: registry.New()})
	if err != nil {
		t.Fatal(err)
	}
	defer led.Close()
	views, err := projections.Open(filepath.Join(dir, "projections.db"), projections.Options{Games: registry.New()})
	if err != nil {
		t.Fatal(err)
	}
	defer views.Close()
	proj := projections.NewProjector(views, st, nil)
	pctx, stop := context.WithCancel(ctx)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		if err := proj.Run(pctx); err != nil {
			t.Errorf("projector: %v", err)
		}
	}()
	defer func() { stop(); wg.Wait() }()

	raw := map[string]string{}
	var lines []string
	for _, role := range []string{ledger.RoleFrontend, ledger.RoleDealer, ledger.RoleSupervisor, ledger.RoleCashier} {
		tok, line, err := api.NewToken(role, actor(role).ID)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, line)
		raw[role] = tok
	}
	var tf strings.Builder
	for role, tok := range raw {
		tf.WriteString(role + " " + tok + "\n")
	}
	parsed, err := ReadLoadTokens(strings.NewReader("# tokens\n\n" + tf.String()))
	if err != nil || len(parsed) != len(raw) {
		t.Fatalf("ReadLoadTokens = %v, %v", parsed, err)
	}
	tokens, err := api.ParseTokens(strings.NewReader(strings.Join(lines, "\n")))
	if err != nil {
		t.Fatal(err)
	}
	a, err := api.New(api.Config{Ledger: led, Views: views, Tokens: tokens, Lag: proj.Lag})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(a)
	defer srv.Close()
	defer a.Close()

	players := []string{"lg-a", "lg-b", "lg-c", "lg-d", "lg-e", "lg-f"}
	cfg := LoadConfig{
		Target: srv.URL + "/", Tokens: parsed, Tables: []string{"lg-1", "lg-2"}, Players: players,
		Duration: 700 * time.Millisecond, RoundSlips: 15, Seed: 3, Setup: true, Run: "t1",
	}
	res, err := Load(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.Clients != len(players) || res.Slips < 1 || res.Rounds < 2 || res.SlipsPerS <= 0 || res.P99Ms < res.P50Ms {
		t.Fatalf("result %+v: want every client, slips, a round per table at least, p99 ≥ p50", res)
	}
	if res.ServerCPUS != 0 || res.ServerCPUUsPerSlip != 0 {
		t.Errorf("server CPU %v without a server process", res.ServerCPUS)
	}

	// What the stream holds.
	mine := map[string]bool{}
	for _, p := range players {
		mine[p] = true
	}
	var placed, settled int64
	err = st.Read(ctx, 1, 0, func(r events.Raw) error {
		e, err := events.Decode(r.Data)
		if err != nil {
			return err
		}
		switch e.Type {
		case events.TypeBetPlaced:
			p, err := events.Into[events.BetPlaced](&e)
			if err != nil {
				return err
			}
			if !mine[p.Player] || len(p.Bets) != 1 {
				return errors.New("a slip of another player or of several bets: " + p.Player)
			}
			placed++
		case events.TypeRoundSettled:
			settled++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if placed != res.Slips {
		t.Errorf("the stream holds %d slips, the load generator counted %d", placed, res.Slips)
	}
	if settled != int64(res.Rounds) {
		t.Errorf("the stream holds %d settled rounds, the load generator counted %d", settled, res.Rounds)
	}

	// A second run against the same server, without setup, under another
	// run name: its keys do not collide with the first run's.
	cfg.Setup, cfg.Run, cfg.Duration = false, "t2", 300*time.Millisecond
	res2, err := Load(ctx, cfg)
	if err != nil || res2.Slips < 1 {
		t.Fatalf("second run: %+v, %v", res2, err)
	}

	// Refusals before any request.
	for _, bad := range []LoadConfig{
		{Target: srv.URL, Tokens: parsed, Tables: cfg.Tables, Duration: time.Second, RoundSlips: 1, Run: "x"},
		{Target: "ftp://x", Tokens: parsed, Tables: cfg.Tables, Players: players, Duration: time.Second, RoundSlips: 1, Run: "x"},
		{Target: srv.URL, Tokens: map[string]string{"dealer": "x"}, Tables: cfg.Tables, Players: players, Duration: time.Second, RoundSlips: 1, Run: "x"},
		{Target: srv.URL, Tokens: parsed, Tables: cfg.Tables, Players: players, Duration: time.Second, RoundSlips: 1},
	} {
		if _, err := Load(ctx, bad); !errors.Is(err, ErrConfig) {
			t.Errorf("Load(%+v) = %v, want ErrConfig", bad, err)
		}
	}
}

func TestReadLoadTokens_Refusals(t *testing.T) {
	for _, in := range []string{"", "# only a comment\n\n", "frontend\n", "frontend   \n"} {
		if got, err := ReadLoadTokens(strings.NewReader(in)); err == nil {
			t.Errorf("ReadLoadTokens(%q) = %v, want an error", in, got)
		}
	}
	got, err := ReadLoadTokens(strings.NewReader("frontend  tok-1 \ndealer tok-2\n"))
	if err != nil || got["frontend"] != "tok-1" || got["dealer"] != "tok-2" || len(got) != 2 {
		t.Errorf("ReadLoadTokens = %v, %v", got, err)
	}
}

func TestProcCPU(t *testing.T) {
	if procCPU(0) != -1 {
		t.Error("procCPU(0) is not -1")
	}
	// This process has run: its CPU time is known and not negative.
	if d := procCPU(os.Getpid()); d < 0 {
		t.Errorf("procCPU(self) = %v", d)
	}
	if d := procCPU(1 << 30); d != -1 {
		t.Errorf("procCPU of no process = %v, want -1", d)
	}
}
