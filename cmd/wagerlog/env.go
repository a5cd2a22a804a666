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

// applyEnv sets every flag of fs that the command line did not set from
// its environment variable, when that is set: the command line wins over
// the environment, the environment over the default. One mechanism for
// every flag of every command, so a container or a systemd unit configures
// wagerlog without a wrapper script. A value the flag refuses is an error
// naming the variable.
func applyEnv(fs *pflag.FlagSet, getenv func(string) string) error {
	if getenv == nil {
		return nil
	}
	var err error
	fs.VisitAll(func(f *pflag.Flag) {
		if err != nil || f.Changed || f.Name == "help" {
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

// documentEnv appends each flag's environment variable to its usage, so
// that --help shows it next to the flag, for cmd and its subcommands.
func documentEnv(cmd *cobra.Command) {
	add := func(f *pflag.Flag) {
		if f.Name == "help" || strings.Contains(f.Usage, envPrefix) {
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
