package main

import (
	"os"
	"strings"
	"testing"
)

// TestSettleCmd_DrawReadme runs the README's complementary draw example:
// `wagerlog settle --jsonl` answers the line it shows byte for byte as
// it shows.
func TestSettleCmd_DrawReadme(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(readme), "$ cat draw.jsonl\n")
	if !ok {
		t.Fatal("README.md has no draw example")
	}
	lines := strings.SplitN(rest, "\n", 4)
	if len(lines) < 3 || lines[1] != "$ wagerlog settle --jsonl < draw.jsonl" {
		t.Fatalf("README.md's draw example is not a line, the command and the answer: %q", lines)
	}
	out, _, err := sicboRun(t, lines[0]+"\n", "settle", "--jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(out); got != lines[2] {
		t.Fatalf("settle answers\n%s\nREADME.md shows\n%s", got, lines[2])
	}
	if !strings.Contains(out, `"outcome":"drawn"`) || !strings.Contains(out, `"prizes":[`) {
		t.Errorf("the README's example draws no prize: %s", out)
	}
}
