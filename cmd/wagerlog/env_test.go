package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

func TestApplyEnv(t *testing.T) {
	env := map[string]string{"WAGERLOG_DATA_DIR": "/from/env", "WAGERLOG_HTTP": "0.0.0.0:9", "WAGERLOG_DEMO_INTERVAL": "5s"}
	getenv := func(k string) string { return env[k] }
	t.Run("OK", func(t *testing.T) {
		fs := pflag.NewFlagSet("serve", pflag.ContinueOnError)
		dir := fs.String("data-dir", "data", "")
		addr := fs.String("http", "127.0.0.1:8080", "")
		iv := fs.Duration("demo-interval", 0, "")
		tz := fs.String("time-zone", "UTC", "")
		// The command line wins over the environment.
		if err := fs.Parse([]string{"--http", "127.0.0.1:1"}); err != nil {
			t.Fatal(err)
		}
		if err := applyEnv(fs, getenv); err != nil {
			t.Fatal(err)
		}
		if *dir != "/from/env" || *addr != "127.0.0.1:1" || iv.String() != "5s" || *tz != "UTC" {
			t.Errorf("data-dir %q, http %q, demo-interval %s, time-zone %q", *dir, *addr, iv, *tz)
		}
	})
	t.Run("ErrBadValue", func(t *testing.T) {
		fs := pflag.NewFlagSet("serve", pflag.ContinueOnError)
		fs.Int("replicas", 1, "")
		err := applyEnv(fs, func(string) string { return "three" })
		if err == nil || !strings.Contains(err.Error(), "WAGERLOG_REPLICAS") {
			t.Errorf("err = %v, want one naming WAGERLOG_REPLICAS", err)
		}
	})
}

// TestMain_EnvSetsFlags runs a real command with its configuration from
// the environment, and checks that an invocation's own argument is not
// taken from it.
func TestMain_EnvSetsFlags(t *testing.T) {
	env := map[string]string{"WAGERLOG_DATA_DIR": t.TempDir(), "WAGERLOG_JSON": "true"}
	run := func(args ...string) string {
		t.Helper()
		var out, errb bytes.Buffer
		m := &Main{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Getenv: func(k string) string { return env[k] }}
		if err := m.Run(t.Context(), args); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, errb.String())
		}
		return out.String()
	}
	run("stream", "create")
	if _, err := os.Stat(filepath.Join(env["WAGERLOG_DATA_DIR"], "jetstream")); err != nil {
		t.Errorf("stream create did not use the data directory of WAGERLOG_DATA_DIR: %v", err)
	}
	if out := run("paytable", "sicbo/live"); strings.HasPrefix(strings.TrimSpace(out), "{") {
		t.Errorf("WAGERLOG_JSON turned paytable's output into JSON: %.80q", out)
	}
}

// TestEnvConfig_ServeAndStoreFlags: every flag of serve (the store's
// included) is configuration, so a deployment can set all of it from the
// environment; a flag added to serve must be added to envConfig.
func TestEnvConfig_ServeAndStoreFlags(t *testing.T) {
	m := &Main{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard}
	m.serveCmd().Flags().VisitAll(func(f *pflag.Flag) {
		if !envConfig(f.Name) {
			t.Errorf("serve --%s cannot come from the environment (add it to envConfig)", f.Name)
		}
	})
}

// TestHelp_ReadOnlyCommandsListTheirFlags: a command that only reads the
// stream lists no writer setting, and every flag names its variable.
func TestHelp_ReadOnlyCommandsListTheirFlags(t *testing.T) {
	for _, args := range [][]string{{"report", "--help"}, {"report", "regulator", "--help"}, {"verify", "--help"}, {"export", "--help"}, {"replay", "round", "--help"}, {"rebuild", "--help"}} {
		var out bytes.Buffer
		m := &Main{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &out}
		if err := m.Run(t.Context(), args); err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{"--fsync", "--replicas", "--nats-listen", "--demo"} {
			if strings.Contains(out.String(), "   "+f+" ") {
				t.Errorf("%v lists %s", args, f)
			}
		}
		if !strings.Contains(out.String(), "[$WAGERLOG_DATA_DIR]") {
			t.Errorf("%v does not name WAGERLOG_DATA_DIR beside --data-dir", args)
		}
	}
	var out bytes.Buffer
	m := &Main{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &out}
	if err := m.Run(t.Context(), []string{"serve", "--help"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "--fsync") {
		t.Error("serve --help does not list --fsync")
	}
}
