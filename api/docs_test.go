package api

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/wagerlog/wagerlog/games/craps"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/ledger"
)

var update = flag.Bool("update", false, "rewrite the generated sections of docs/API.md")

// TestDocs_ErrorCodes checks that docs/ERRORS.md lists every code the API
// can answer (its own, the ledger's, Sic Bo's and craps'), each with the status the
// code really gets.
func TestDocs_ErrorCodes(t *testing.T) {
	doc, err := os.ReadFile("../docs/ERRORS.md")
	if err != nil {
		t.Fatal(err)
	}
	all := map[string]bool{}
	for _, c := range Codes() {
		all[c] = true
	}
	for _, c := range ledger.Codes() {
		all[c] = true
	}
	// Not sicbo.CodeInvalidDice: a result the game refuses reaches the API
	// as the ledger's invalid_result.
	for _, c := range []string{sicbo.CodeInvalidBetCode, sicbo.CodeBetNotOffered, sicbo.CodeInvalidAmount, sicbo.CodeInvalidScale, sicbo.CodeUnknownPaytable} {
		all[c] = true
	}
	for _, c := range []string{craps.CodeBetNotAllowedNow, craps.CodeOddsWithoutLineBet, craps.CodeOddsAboveLimit, craps.CodeTakeDownNotAllowed,
		craps.CodeBetDecided, craps.CodeInvalidPoint, craps.CodeHandTooLong, craps.CodeTooManyBets, craps.CodeRoundFinished} {
		all[c] = true
	}
	for code := range all {
		if _, ok := statuses[code]; !ok {
			t.Errorf("code %s has no status in status.go", code)
			continue
		}
		row := regexp.MustCompile("(?m)^\\| `" + regexp.QuoteMeta(code) + "` \\| (\\d{3}) \\|")
		m := row.FindSubmatch(doc)
		if m == nil {
			t.Errorf("docs/ERRORS.md has no row | `%s` | status |", code)
			continue
		}
		if got, want := string(m[1]), fmt.Sprint(StatusOf(code)); got != want {
			t.Errorf("docs/ERRORS.md: %s is %s, the API answers %s", code, got, want)
		}
	}
}

// TestDocs_RoleMatrix checks that docs/API.md holds the role matrix as the
// route table makes it (go test -update rewrites it).
func TestDocs_RoleMatrix(t *testing.T) {
	const path = "../docs/API.md"
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	const begin, end = "<!-- roles:begin -->\n", "<!-- roles:end -->"
	i, j := bytes.Index(doc, []byte(begin)), bytes.Index(doc, []byte(end))
	if i < 0 || j < i {
		t.Fatalf("%s has no %q ... %q section", path, begin, end)
	}
	want := roleMatrix()
	got := string(doc[i+len(begin) : j])
	if got == want {
		return
	}
	if !*update {
		t.Fatalf("the role matrix in %s is stale; run go test ./api -run TestDocs_RoleMatrix -update\nwant:\n%s", path, want)
	}
	out := append(append(append([]byte(nil), doc[:i+len(begin)]...), want...), doc[j:]...)
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
}

// roleMatrix renders the routes × roles table in Markdown.
func roleMatrix() string {
	var b strings.Builder
	b.WriteString("| Route | ")
	b.WriteString(strings.Join(Roles(), " | "))
	b.WriteString(" |\n|---|")
	b.WriteString(strings.Repeat("---|", len(Roles())))
	b.WriteString("\n")
	for _, rt := range routes() {
		name := "`" + rt.pattern() + "`"
		switch {
		case rt.public:
			name += " (public)"
		case rt.publicBoard:
			name += " (public with `--public-board`)"
		}
		b.WriteString("| " + name + " |")
		allowed := rt.allowed()
		sort.Strings(allowed)
		for _, role := range Roles() {
			mark := " "
			if rt.public || contains(allowed, role) {
				mark = "✓"
			}
			b.WriteString(" " + mark + " |")
		}
		b.WriteString("\n")
	}
	return b.String()
}
