package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/google/uuid"
	"github.com/spf13/cobra"

	"github.com/wagerlog/wagerlog/bench"
)

// loadgenConfig is everything `wagerlog loadgen` is configured with.
type loadgenConfig struct {
	run     bench.LoadConfig
	tokens  string
	tables  string
	players string
	prefix  string
	clients int
	json    bool
}

func (m *Main) loadgenCmd() *cobra.Command {
	var cfg loadgenConfig
	cmd := &cobra.Command{
		Use:   "loadgen",
		Short: "Place slips through a running server's HTTP API and report slips/s, latency and CPU",
		Long: `Loadgen is the load generator of the benchmark's HTTP phase, as a process of
its own against a running server (wagerlog bench runs it so).
Each client places one-bet slips, one at a time, over a keep-alive connection,
for --duration, going to the next table whose dealer has betting open (a slip
that races the close is refused, and the client moves on);
one dealer per table opens a round, closes betting after --round-slips slips,
records random dice (which settles every bet) and opens the next, all through
the API. It prints slips/s, the place-bet latency p50/p99, its own CPU time
(getrusage) and, with --server-pid (a server on this machine), the server's
(/proc/<pid>/stat).

--tokens names a file of "role token" lines (the raw tokens, as wagerlog token
add prints them): frontend and dealer always, supervisor and cashier with
--setup. The dealer token's actor must be the tables' dealer ("bench-dealer"
for the tables --setup opens). --setup opens the tables (Sic Bo, EUR) and
funds the players first: against a fresh server.

  wagerlog token add --role dealer --actor bench-dealer   # and frontend,
  wagerlog serve ...                                      # supervisor, cashier
  wagerlog loadgen --target http://127.0.0.1:8080 --tokens lg.tokens --setup --clients 200`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return m.loadgen(cmd.Context(), cfg)
		},
	}
	fs := cmd.Flags()
	fs.StringVar(&cfg.run.Target, "target", "", "the server's base URL, e.g. http://127.0.0.1:8080")
	fs.StringVar(&cfg.tokens, "tokens", "", `file of "role token" lines`)
	fs.StringVar(&cfg.tables, "tables", "bench-1,bench-2,bench-3,bench-4", "comma-separated tables the dealers run rounds on")
	fs.StringVar(&cfg.players, "players", "", "comma-separated players, one per client (default: --clients players named <--player-prefix><n>)")
	fs.StringVar(&cfg.prefix, "player-prefix", "", "the players' names without their number, n from 0 (default: <--run>-)")
	fs.IntVar(&cfg.clients, "clients", bench.DefaultHTTPClients, "concurrent clients, when --players is not given")
	fs.DurationVar(&cfg.run.Duration, "duration", bench.DefaultDuration, "how long the clients place slips")
	fs.IntVar(&cfg.run.RoundSlips, "round-slips", bench.DefaultRoundSlips, "slips a round takes before its dealer settles it")
	fs.Uint64Var(&cfg.run.Seed, "seed", 1, "seed of the dice and of the bets")
	fs.BoolVar(&cfg.run.Setup, "setup", false, "open the tables and fund the players first (needs supervisor and cashier tokens)")
	fs.StringVar(&cfg.run.Run, "run", "", "name of the run in every idempotency key (default: a random one)")
	fs.IntVar(&cfg.run.ServerPID, "server-pid", 0, "the server's process id on this machine, to report its CPU time")
	fs.BoolVar(&cfg.json, "json", false, "print one line of JSON")
	_ = cmd.MarkFlagRequired("target")
	_ = cmd.MarkFlagRequired("tokens")
	return cmd
}

func (m *Main) loadgen(ctx context.Context, cfg loadgenConfig) error {
	f, err := os.Open(cfg.tokens)
	if err != nil {
		return fmt.Errorf("--tokens: %w", err)
	}
	cfg.run.Tokens, err = bench.ReadLoadTokens(f)
	f.Close()
	if err != nil {
		return fmt.Errorf("--tokens %s: %w", cfg.tokens, err)
	}
	if cfg.run.Run == "" {
		cfg.run.Run = "lg-" + uuid.NewString()[:8]
	}
	cfg.run.Tables = splitList(cfg.tables)
	if cfg.players != "" {
		cfg.run.Players = splitList(cfg.players)
	} else {
		if cfg.clients < 1 || cfg.clients > bench.ClientsMax {
			return fmt.Errorf("--clients %d, want 1..%d", cfg.clients, bench.ClientsMax)
		}
		prefix := cfg.prefix
		if prefix == "" {
			prefix = cfg.run.Run + "-"
		}
		for i := range cfg.clients {
			cfg.run.Players = append(cfg.run.Players, prefix+strconv.Itoa(i))
		}
	}
	res, err := bench.Load(ctx, cfg.run)
	if err != nil {
		return err
	}
	if cfg.json {
		b, err := json.Marshal(res)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintln(m.Stdout, string(b))
		return err
	}
	fmt.Fprintf(m.Stdout, "%d clients, %d tables: %d slips in %.1f s, %.0f slips/s, place-bet p50 %.2f ms, p99 %.2f ms, %d refused and retried, %d rounds\n",
		res.Clients, len(cfg.run.Tables), res.Slips, res.ElapsedS, res.SlipsPerS, res.P50Ms, res.P99Ms, res.Refused, res.Rounds)
	fmt.Fprintf(m.Stdout, "CPU: load generator %.2f s (%.0f µs per slip)", res.LoadgenCPUS, res.LoadgenCPUUsPerSlip)
	if cfg.run.ServerPID != 0 {
		fmt.Fprintf(m.Stdout, ", server %.2f s (%.0f µs per slip)", res.ServerCPUS, res.ServerCPUUsPerSlip)
	}
	_, err = fmt.Fprintln(m.Stdout)
	return err
}

// splitList splits a comma-separated list, dropping empty members.
func splitList(s string) []string {
	var out []string
	for _, v := range strings.Split(s, ",") {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	return out
}
