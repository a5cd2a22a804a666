package main

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// readmeSettleExample is one settle example of README.md: a file's line,
// the command that settles it and the answer shown.
var readmeSettleExample = regexp.MustCompile("(?m)^\\$ cat ([a-z]+)\\.jsonl\n(.*)\n\\$ wagerlog settle --jsonl < ([a-z]+)\\.jsonl\n(.*)$")

// TestSettleCmd_Readme: every settle example of README.md (a Draw Poker
// hand, a pool's complementary draw) answers byte for byte what the
// README shows.
func TestSettleCmd_Readme(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	examples := readmeSettleExample.FindAllStringSubmatch(string(readme), -1)
	seen := map[string]bool{}
	for _, m := range examples {
		name, line, file, shown := m[1], m[2], m[3], m[4]
		if file != name {
			t.Errorf("README.md shows %s.jsonl and settles %s.jsonl", name, file)
		}
		seen[name] = true
		out, _, err := sicboRun(t, line+"\n", "settle", "--jsonl")
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got := strings.TrimSpace(out); got != shown {
			t.Errorf("%s: settle answers\n%s\nREADME.md shows\n%s", name, got, shown)
		}
	}
	for _, want := range []string{"hand", "draw"} {
		if !seen[want] {
			t.Errorf("README.md has no settle example %s.jsonl (found %d examples)", want, len(examples))
		}
	}
	if !strings.Contains(string(readme), `"outcome":"drawn"`) || !strings.Contains(string(readme), `"prizes":[{`) {
		t.Error("the README's draw example draws no prize")
	}
}
