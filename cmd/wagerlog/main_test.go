package main

import (
	"os"
	"testing"
)

// runMainEnv, when "1" in the environment, makes the test binary run as
// wagerlog itself: `wagerlog bench` starts its load generator as a
// process of its own from os.Executable(), which is the test binary in
// these tests.
const runMainEnv = "WAGERLOG_TEST_RUN_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(runMainEnv) == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}
