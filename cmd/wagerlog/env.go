package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// envPrefix starts the name of every environment variable that sets a flag.
const envPrefix = "WAGERLOG_"

// envName is the environment variable of a flag: --data-dir is
// WAGERLOG_DATA_DIR, --nats-url WAGERLOG_NATS_URL.
func envName(flag string) string {
	return envPrefix + strings.ToUpper(strings.ReplaceAll(flag, "-", "_"))
}

// envConfig reports whether a flag is configuration, which may come from
// the environment: where the stream and the data live, how to reach and
// authenticate to NATS, the server's settings, the keys and the time
// zone. The arguments of one invocation (--from, --to, --out, --json,
// --format, --period, …) are not: a WAGERLOG_JSON left in a shell must
// not turn every later command's output into JSON. The same name means the
// same setting in every command, so one list serves them all.
func envConfig(flag string) bool {
	switch flag {
	case "data-dir", "fsync", "fsync-interval", "nats-listen", "nats-url", "nats-user", "nats-password", "nats-nkey",
		"nats-creds", "nats-ca", "nats-cert", "nats-key", "nats-inbox-prefix", "stream", "subject-prefix", "replicas",
		"nats-password-file", "nats-operator-nkey", "nats-admin-nkey",
		"http", "log-level", "tokens", "dev-tokens", "public-board", "time-zone", "read-only",
		"demo", "demo-interval", "demo-seed", "seal-key", "seal-every", "seal-interval", "dev-tokens-out", "wallet-max",
		"checkpoints", "checkpoint-every", "checkpoint-interval", "checkpoints-kept",
		"operator", "pubkey", "db", "projections", "heap-limit-mib", "memory-limit-mib",
		"projector-commit-interval", "settle-chunk":
		return true
	}
	return false
}

// applyEnv sets every configuration flag of fs (envConfig) that the
// command line did not set from its environment variable, when that is
// set: the command line wins over the environment, the environment over
// the default. One mechanism for every command, so a container or a
// systemd unit configures wagerlog without a wrapper script. A value the
// flag refuses is an error naming the variable.
func applyEnv(fs *pflag.FlagSet, getenv func(string) string) error {
	if getenv == nil {
		return nil
	}
	var err error
	fs.VisitAll(func(f *pflag.Flag) {
		if err != nil || f.Changed || !envConfig(f.Name) {
			return
		}
		v := getenv(envName(f.Name))
		if v == "" {
			return
		}
		if serr := fs.Set(f.Name, v); serr != nil {
			err = fmt.Errorf("%s=%q (--%s): %w", envName(f.Name), v, f.Name, serr)
		}
	})
	return err
}

// envPreRun is the root command's persistent pre-run: it applies the
// environment to the flags of the command about to run.
func (m *Main) envPreRun(cmd *cobra.Command, _ []string) error {
	return applyEnv(cmd.Flags(), m.Getenv)
}

// documentEnv appends each configuration flag's environment variable to
// its usage, so that --help shows it next to the flag, for cmd and its
// subcommands.
func documentEnv(cmd *cobra.Command) {
	add := func(f *pflag.Flag) {
		if !envConfig(f.Name) || strings.Contains(f.Usage, envPrefix) {
			return
		}
		f.Usage += " [$" + envName(f.Name) + "]"
	}
	cmd.Flags().VisitAll(add)
	cmd.PersistentFlags().VisitAll(add)
	for _, c := range cmd.Commands() {
		documentEnv(c)
	}
}
