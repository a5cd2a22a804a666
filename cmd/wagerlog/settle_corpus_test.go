package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wagerlog/wagerlog/games/registry"
)

// updateSettleCorpus rewrites the frozen answers from the current code. The
// answers are the auditors' contract: refresh them only for a change that
// means to change an answer, and say so in the commit.
var updateSettleCorpus = flag.Bool("update-settle-corpus", false, "rewrite testdata/settle/*.answers.jsonl from the current code")

// settleCorpusDir holds the frozen requests and answers of `wagerlog settle`.
const settleCorpusDir = "testdata/settle"

// settleCorpusRuns are the --jsonl runs of the corpus: each reads
// testdata/settle/<name>.jsonl with these flags and answers
// <name>.answers.jsonl byte for byte.
var settleCorpusRuns = []struct {
	name string
	args []string
}{
	{"every-game", nil},
	{"errors", nil},
	{"crlf", nil},
	{"default-sicbo", []string{"--paytable", "sicbo/live", "--scale", "0"}},
	{"default-war", []string{"--paytable", "war/chile-2010"}},
	{"default-blackjack", []string{"--paytable", "blackjack/chile-2010", "--scale", "0"}},
	{"default-baccarat", []string{"--paytable", "baccarat/punto-banco"}},
	{"default-bingo", []string{"--paytable", "bingo/es-1979"}},
	{"default-craps", []string{"--paytable", "craps/peru-1999", "--scale", "1"}},
	{"default-unknown", []string{"--paytable", "nowhere/x"}},
}

// settleCorpusLong are request lines too long to keep in a file: around
// the 4,096-byte limit of a line, and around a bingo game's own limit.
func settleCorpusLong() string {
	sicbo := `{"paytable":"sicbo/live","bet":"small","stake":"1","dice":[1,2,3]` // + padding + "}"
	pad := func(head string, n int) string { return head + strings.Repeat(" ", n-len(head)-1) + "}" }
	var rolls []string
	for range 10_001 {
		rolls = append(rolls, "[1,1]")
	}
	craps := `{"paytable":"craps/peru-1999","bet":"field","stake":"1","rolls":[` + strings.Join(rolls, ",") + `]}`
	var cards []string
	for i := 1; i <= 60; i++ {
		cards = append(cards, fmt.Sprintf(`{"id":"A-%d","price":"1.00","rows":[[1,12,23,34,45],[2,13,24,56,67],[3,14,58,78,88]]}`, i))
	}
	bingo := `{"paytable":"bingo/es-1979","cards":[` + strings.Join(cards, ",") + `],"line_prize":"6.00","bingo_prize":"30.00","balls":[1,12,23,34,45,2,13,24,56,67,3,14,58,78,88]`
	return strings.Join([]string{
		pad(sicbo, 4096),
		pad(sicbo, 4097),
		pad(sicbo, 100_000),
		craps,
		pad(bingo, 16<<20),
		pad(bingo, 16<<20+1),
		`{"paytable":"sicbo/live","bet":"small","stake":"1","dice":[1,2,3]}`,
	}, "\n")
}

// TestSettleCmd_Corpus runs the real command over the frozen corpus of
// request lines (every game and paytable of the registry, the jackpot
// passes, bad lines of every kind, the --paytable and --scale defaults)
// and compares its answers with the recorded ones byte for byte.
func TestSettleCmd_Corpus(t *testing.T) {
	t.Parallel()
	runs := append(settleCorpusRuns, struct {
		name string
		args []string
	}{"long", nil})
	for _, run := range runs {
		t.Run(run.name, func(t *testing.T) {
			var in string
			if run.name == "long" {
				in = settleCorpusLong()
			} else {
				b, err := os.ReadFile(filepath.Join(settleCorpusDir, run.name+".jsonl"))
				if err != nil {
					t.Fatal(err)
				}
				in = string(b)
			}
			out, _, err := sicboRun(t, in, append([]string{"settle", "--jsonl"}, run.args...)...)
			if err != nil {
				t.Fatal(err)
			}
			checkSettleCorpus(t, run.name+".answers.jsonl", []byte(out))
		})
	}
}

// TestSettleCmd_CorpusFlags runs the flag form (`settle --paytable …
// --dice …`, text and --json) over the frozen argument lists of
// testdata/settle/flags.jsonl and compares what it writes and the error
// it returns with the recorded answers.
func TestSettleCmd_CorpusFlags(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(settleCorpusDir, "flags.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	for line := range strings.Lines(string(b)) {
		var args []string
		if err := json.Unmarshal([]byte(line), &args); err != nil {
			t.Fatalf("%v: %s", err, line)
		}
		out, _, err := sicboRun(t, "", append([]string{"settle"}, args...)...)
		answer := struct {
			Args   []string `json:"args"`
			Stdout string   `json:"stdout"`
			Error  string   `json:"error,omitempty"`
		}{Args: args, Stdout: out}
		if err != nil {
			answer.Error = err.Error()
		}
		a, err := json.Marshal(answer)
		if err != nil {
			t.Fatal(err)
		}
		got.Write(append(a, '\n'))
	}
	checkSettleCorpus(t, "flags.answers.jsonl", got.Bytes())
}

// modalVerb writes the strict decoders' "json: unable to" as "json:
// cannot". The card games' decoders (github.com/go-json-experiment/json)
// pick one of the two phrasings at random once per process
// (errorModalVerb), so the same line is answered with either from one run
// to the next; the corpus compares everything else byte for byte.
func modalVerb(b []byte) []byte {
	return bytes.ReplaceAll(b, []byte("json: unable to "), []byte("json: cannot "))
}

// checkSettleCorpus compares got with the frozen answers file, line by
// line so that a difference names its line.
func checkSettleCorpus(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join(settleCorpusDir, name)
	if *updateSettleCorpus {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got, want = modalVerb(got), modalVerb(want)
	if bytes.Equal(got, want) {
		return
	}
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := range max(len(g), len(w)) {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			t.Errorf("%s line %d:\n got %s\nwant %s", name, i+1, gl, wl)
		}
	}
	if !t.Failed() {
		t.Errorf("%s: answers differ", name)
	}
}

// paytableFrozen are the paytables whose `wagerlog paytable ID` listings,
// text and --json, are frozen in testdata/paytable: the ones the command
// listed completely before every game published its canonical JSON.
var paytableFrozen = []string{
	"baccarat/punto-banco", "craps/peru-1999",
	"roulette/american", "roulette/french", "roulette/french-la-partage",
	"sicbo/clm-2016", "sicbo/live",
}

// TestPaytableCmd_Frozen compares the listings of paytableFrozen with
// the recorded ones byte for byte.
func TestPaytableCmd_Frozen(t *testing.T) {
	for _, id := range paytableFrozen {
		for _, form := range []string{"json", "txt"} {
			args := []string{"paytable", id}
			if form == "json" {
				args = append(args, "--json")
			}
			out, _, err := sicboRun(t, "", args...)
			if err != nil {
				t.Fatal(err)
			}
			name := filepath.Join("..", "paytable", strings.ReplaceAll(id, "/", "_")+"."+form)
			checkSettleCorpus(t, name, []byte(out))
		}
	}
}

// TestPaytableCmd_CanonicalEveryPaytable is the auditor's documented
// check over every paytable of the registry: `wagerlog paytable --json |
// jq -j .canonical | sha256sum` is the hash, and the rules, the largest
// multiple and the rounding are given.
func TestPaytableCmd_CanonicalEveryPaytable(t *testing.T) {
	out, _, err := sicboRun(t, "", "paytable", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var views []struct {
		ID          string          `json:"id"`
		Hash        string          `json:"hash"`
		Canonical   string          `json:"canonical"`
		Rules       json.RawMessage `json:"rules"`
		MaxMultiple string          `json:"max_multiple"`
		Rounding    string          `json:"rounding"`
	}
	if err := json.Unmarshal([]byte(out), &views); err != nil {
		t.Fatal(err)
	}
	ids := registry.New().IDs()
	if len(views) != len(ids) {
		t.Fatalf("%d paytables listed, the registry has %d", len(views), len(ids))
	}
	for i, v := range views {
		sum := sha256.Sum256([]byte(v.Canonical))
		switch {
		case v.ID != ids[i]:
			t.Errorf("paytable %d is %s, want %s", i, v.ID, ids[i])
		case hex.EncodeToString(sum[:]) != v.Hash:
			t.Errorf("%s: sha256 of the canonical JSON is not the hash %s", v.ID, v.Hash)
		case len(v.Rules) == 0 || string(v.Rules) == "null":
			t.Errorf("%s: no rules", v.ID)
		case v.MaxMultiple == "" || v.Rounding == "":
			t.Errorf("%s: max multiple %q, rounding %q", v.ID, v.MaxMultiple, v.Rounding)
		}
	}
}
