// Command wagerlog is the one binary of wagerlog: the server, and the tools
// that auditors, finance and operators run against its stream. See the
// docs/CLI.md for every command.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/registry"
)

// Version is the release version; set at build time with
// -ldflags "-X main.Version=v1.2.3".
var Version = "dev"

// Main is the whole program: flags are parsed into it, commands run from it.
// Tests build a Main with their own writers and call Run, so they exercise
// the real wiring in-process.
type Main struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// Getenv reads the environment: a flag the command line does not set
	// is taken from WAGERLOG_<FLAG> (env.go). Nil ignores the environment,
	// as tests do.
	Getenv func(string) string
	// onListen, set by tests, gets the address `serve` listens on (useful
	// with --http 127.0.0.1:0).
	onListen func(addr string)
	// Games is the catalog of games every command serves: the ledger's,
	// the projections', the settle lines', the paytables', the demo's and
	// the dashboard's. Nil means registry.New(), every game of the build;
	// a test gives the registry's games plus its own (registry.With) to
	// run a game through every edge.
	Games *games.Catalog
}

// catalog returns the catalog the commands serve: m.Games, or the
// registry's when it is nil.
func (m *Main) catalog() *games.Catalog {
	if m.Games != nil {
		return m.Games
	}
	return registry.New()
}

// NewMain returns a Main bound to the process's standard streams.
func NewMain() *Main {
	return &Main{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv}
}

// Run runs the command line args (without the program name) until it
// finishes or ctx is cancelled.
func (m *Main) Run(ctx context.Context, args []string) error {
	root := m.rootCmd()
	root.SetArgs(args)
	return root.ExecuteContext(ctx)
}

func (m *Main) rootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:           "wagerlog",
		Short:         "Event-sourced bet ledger and audit backend for live casino table games",
		SilenceUsage:  true,
		SilenceErrors: true,
		// Every command's flags can come from the environment.
		PersistentPreRunE: m.envPreRun,
	}
	root.SetIn(m.Stdin)
	root.SetOut(m.Stdout)
	root.SetErr(m.Stderr)
	root.AddCommand(
		m.versionCmd(),
	)
	for _, add := range m.commands() {
		root.AddCommand(add())
	}
	documentEnv(root)
	return root
}

func (m *Main) versionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			_, err := fmt.Fprintf(m.Stdout, "wagerlog %s\n", Version)
			return err
		},
	}
}

// ExitError carries a process exit status other than 1 (for example verify's
// "violations found").
type ExitError struct {
	Code int
	Err  error
}

func (e *ExitError) Error() string { return e.Err.Error() }
func (e *ExitError) Unwrap() error { return e.Err }

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err := NewMain().Run(ctx, os.Args[1:])
	if err == nil {
		return
	}
	fmt.Fprintln(os.Stderr, "wagerlog:", err)
	if ee, ok := err.(*ExitError); ok {
		os.Exit(ee.Code)
	}
	os.Exit(1)
}
