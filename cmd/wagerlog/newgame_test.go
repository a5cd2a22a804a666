package main

// A game added through the registry reaches every edge with no edge
// changed: the test game of internal/testgames (HighCard: one card per
// round, high and low pay 1:1, seven loses both and pays 21:2 on its
// own), added to the registry's games with registry.With, runs through
// `paytable`, `settle --jsonl`, `serve --demo`, the HTTP API, the board,
// the dashboard's board module, `replay`, `verify` and a report. Every
// figure checked is worked out by hand from those rules.

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/internal/testgames"
	"github.com/wagerlog/wagerlog/ledger"
)

// newGameCatalog is the registry's games and the test game.
func newGameCatalog() *games.Catalog { return registry.With(testgames.HighCard{}) }

// runWith runs a command line through Main with catalog c (nil: the
// registry's) and stdin.
func runWith(t *testing.T, c *games.Catalog, stdin string, args ...string) (string, string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	m := &Main{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb, Games: c}
	err := m.Run(context.Background(), args)
	return out.String(), errb.String(), err
}

// rankSide is the side of a rank by the rules: ace (1) to 6 low, 7
// seven, 8 to king (13) high.
func rankSide(rank int) string {
	switch {
	case rank < 7:
		return "low"
	case rank == 7:
		return "seven"
	}
	return "high"
}

// rankOf reads a card's rank as a board row writes it (A, 2..10, J, Q, K).
func rankOf(t *testing.T, s string) int {
	t.Helper()
	if n, ok := map[string]int{"A": 1, "J": 11, "Q": 12, "K": 13}[s]; ok {
		return n
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 2 || n > 10 {
		t.Fatalf("rank %q on the board", s)
	}
	return n
}

func TestNewGame_Paytable(t *testing.T) {
	c := newGameCatalog()
	out, stderr, err := runWith(t, c, "", "paytable", "--json")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	type view struct {
		ID          string          `json:"id"`
		Game        string          `json:"game"`
		Hash        string          `json:"hash"`
		Rounding    string          `json:"rounding"`
		MaxMultiple string          `json:"max_multiple"`
		Rules       json.RawMessage `json:"rules"`
		Canonical   string          `json:"canonical"`
		Bets        []struct {
			Code     string `json:"code"`
			Pays     string `json:"pays"`
			Wins     int    `json:"wins"`
			Outcomes int    `json:"outcomes"`
			RTP      string `json:"rtp"`
		} `json:"bets"`
	}
	var views []view
	if err := json.Unmarshal([]byte(out), &views); err != nil {
		t.Fatal(err)
	}
	if len(views) != len(registry.New().Paytables())+1 {
		t.Fatalf("%d paytables listed, want the registry's and the test game's", len(views))
	}
	i := slices.IndexFunc(views, func(v view) bool { return v.ID == testgames.HighCardID })
	if i < 0 {
		t.Fatalf("no %s in the listing", testgames.HighCardID)
	}
	v := views[i]
	sum := sha256.Sum256([]byte(v.Canonical))
	if v.Canonical == "" || hex.EncodeToString(sum[:]) != v.Hash {
		t.Errorf("sha256(canonical) = %x, hash %s", sum, v.Hash)
	}
	var rules []struct{ Line, Odds, Name string }
	if err := json.Unmarshal(v.Rules, &rules); err != nil || len(rules) != 3 {
		t.Errorf("rules %s: %v", v.Rules, err)
	}
	// 21:2 is the largest multiple; wins are rounded down.
	if v.Game != "highcard" || v.MaxMultiple != "21/2" || v.Rounding != "round_down" {
		t.Errorf("game %s, max multiple %s, rounding %s", v.Game, v.MaxMultiple, v.Rounding)
	}
	// By hand over the 13 ranks: high and low win on 6 and return 2
	// (12/13), seven on 1 and returns 1 + 21/2 (23/26).
	want := map[string]string{"high": "6 1:1 12/13", "low": "6 1:1 12/13", "seven": "1 21:2 23/26"}
	for _, b := range v.Bets {
		if got := fmt.Sprintf("%d %s %s", b.Wins, b.Pays, b.RTP); got != want[b.Code] || b.Outcomes != 13 {
			t.Errorf("%s: wins, pays, RTP %s of %d outcomes, want %s of 13", b.Code, got, b.Outcomes, want[b.Code])
		}
		delete(want, b.Code)
	}
	if len(want) > 0 {
		t.Errorf("bets not listed: %v", want)
	}
	// The same command with the registry alone does not know the game:
	// the catalog given is what serves it.
	if _, _, err := runWith(t, nil, "", "paytable", testgames.HighCardID); err == nil || games.ErrorCode(err) != "unknown_paytable" {
		t.Errorf("the registry's paytable command knows %s: %v", testgames.HighCardID, err)
	}
}

func TestNewGame_Settle(t *testing.T) {
	c := newGameCatalog()
	lines := []string{
		// 0.01 × 21/2 = 0.105: 0.10 paid, 0.005 residue.
		`{"paytable":"highcard/test","bet":"seven","stake":"0.01","rank":7}`,
		`{"paytable":"highcard/test","bet":"high","stake":"10","rank":7}`,
		`{"paytable":"highcard/test","bet":"low","stake":"2.50","rank":1}`,
		`{"paytable":"highcard/test","bet":"high","stake":"1","rank":0}`,
		`{"paytable":"sicbo/live","bet":"small","stake":"10","dice":[1,2,4]}`,
		`{"paytable":"nope/none","bet":"small","stake":"10","dice":[1,2,4]}`,
	}
	out, stderr, err := runWith(t, c, strings.Join(lines, "\n")+"\n", "settle", "--jsonl")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	answers := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(answers) != len(lines) {
		t.Fatalf("%d answers to %d lines:\n%s", len(answers), len(lines), out)
	}
	for i, want := range []map[string]any{
		{"outcome": "won", "win": "0.10", "returned": "0.11", "residue": "0.005"},
		{"outcome": "lost", "win": "0.00", "returned": "0.00"},
		{"outcome": "won", "win": "2.50", "returned": "5.00", "residue": "0"},
		{"outcome": "error", "code": "invalid_result"},
	} {
		var got map[string]any
		if err := json.Unmarshal([]byte(answers[i]), &got); err != nil {
			t.Fatalf("line %d: %v in %s", i+1, err, answers[i])
		}
		if got["line"] != float64(i+1) {
			t.Errorf("line %d answered as line %v", i+1, got["line"])
		}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("line %d: %s = %v, want %v in %s", i+1, k, got[k], v, answers[i])
			}
		}
	}
	// The one answer that moves: an unknown paytable's lists the known
	// ones (frozen in testdata/settle, so a game added to the registry
	// refreshes those answers with -update).
	if !strings.Contains(answers[5], `"code":"unknown_paytable"`) || !strings.Contains(answers[5], testgames.HighCardID) {
		t.Errorf("an unknown paytable's answer: %s", answers[5])
	}
	// A registry game's line is answered byte for byte as by the
	// registry alone: adding a game changes no other game's answer.
	reg, _, err := runWith(t, nil, lines[4]+"\n", "settle", "--jsonl")
	if err != nil || strings.TrimSuffix(reg, "\n") != strings.Replace(answers[4], `"line":5`, `"line":1`, 1) {
		t.Errorf("the Sic Bo line: %s with the test game, %s without (%v)", answers[4], reg, err)
	}
}

// TestNewGame_Edges runs `serve --demo` with the test game: the demo
// plays its table beside the registry's; the API opens a table of it,
// takes a slip, refuses bad input with stable codes, records results and
// settles; its board and board module are served; then `replay`,
// `verify` and the regulator report read the stream.
func TestNewGame_Edges(t *testing.T) {
	c := newGameCatalog()
	s := startServerWith(t, c, "--demo", "--demo-interval", "100ms", "--demo-seed", "11")
	sup := s.tokens[ledger.RoleSupervisor]
	get := func(path string, v any) {
		t.Helper()
		status, body := call(t, "GET", s.base+path, sup, "")
		if status != http.StatusOK {
			t.Fatalf("GET %s: %d %s", path, status, body)
		}
		if err := json.Unmarshal(body, v); err != nil {
			t.Fatalf("GET %s: %v in %s", path, err, body)
		}
	}
	type boardRow struct {
		Rank string `json:"rank"`
		Side string `json:"side"`
	}
	type board struct {
		Results []boardRow              `json:"results"`
		Stats   testgames.HighCardStats `json:"stats"`
	}

	t.Run("Demo", func(t *testing.T) {
		waitBoard(t, s, testgames.HighCardDemoTable, 3)
		var b board
		get("/v1/tables/"+testgames.HighCardDemoTable+"/board", &b)
		sides := map[string]int{}
		for _, r := range b.Results {
			if want := rankSide(rankOf(t, r.Rank)); r.Side != want {
				t.Errorf("row %+v, want side %s", r, want)
			}
			sides[r.Side]++
		}
		// The demo plays on while the board is read: the statistics may
		// count a card more than the rows read.
		if st := b.Stats; st.Results < len(b.Results) || st.High+st.Low+st.Seven != st.Results || st.High < sides["high"] || st.Low < sides["low"] || st.Seven < sides["seven"] {
			t.Errorf("stats %+v for rows %v", st, sides)
		}
		// The table says its game: the dashboard loads its board by it.
		type tableInfo struct {
			ID       string `json:"id"`
			Game     string `json:"game"`
			Paytable string `json:"paytable"`
		}
		var list struct {
			Tables []tableInfo `json:"tables"`
		}
		get("/v1/tables", &list)
		if !slices.Contains(list.Tables, tableInfo{testgames.HighCardDemoTable, testgames.HighCardName, testgames.HighCardID}) {
			t.Errorf("GET /v1/tables lists no %s of game %s: %+v", testgames.HighCardDemoTable, testgames.HighCardName, list.Tables)
		}
		// The dashboard serves the game's board module and stylesheet as
		// the game ships them.
		for ext, want := range map[string][]byte{".js": testgames.HighCard{}.BoardModule(), ".css": testgames.HighCard{}.BoardStyle()} {
			res, err := http.Get(s.base + "/boards/" + testgames.HighCardName + ext)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := io.ReadAll(res.Body)
			res.Body.Close()
			if res.StatusCode != http.StatusOK || len(want) == 0 || !bytes.Equal(got, want) {
				t.Errorf("boards/highcard%s: %d, %d bytes, want %d", ext, res.StatusCode, len(got), len(want))
			}
		}
	})

	const table = "hc1"
	var first string
	t.Run("API", func(t *testing.T) {
		s.call(ledger.RoleSupervisor, "POST", "/v1/tables", map[string]any{
			"table": table, "paytable": testgames.HighCardID, "currency": "EUR",
			"limits": map[string]any{"*": map[string]string{"min": "0.01", "max": "100"}},
			"band":   map[string]string{"min": "0.01", "max": "100"},
			"dealer": "dealer-1",
		})
		s.call(ledger.RoleSupervisor, "POST", "/v1/wallets/ann/deposit", map[string]string{"amount": "100", "currency": "EUR"})
		var lastSeq uint64
		play := func(rank int, bets ...[2]string) *ledger.Settlement {
			t.Helper()
			r := s.call(ledger.RoleDealer, "POST", "/v1/tables/"+table+"/rounds", map[string]any{})
			var slip []map[string]string
			for _, b := range bets {
				slip = append(slip, map[string]string{"code": b[0], "stake": b[1]})
			}
			s.call(ledger.RoleFrontend, "POST", "/v1/tables/"+table+"/slips", map[string]any{"player": "ann", "round": r.Round, "bets": slip})
			if first == "" {
				first = r.Round
				// Bad input: a bet the game does not know, a card it has
				// not. Each gets its stable code and writes nothing.
				status, body := call(t, "POST", s.base+"/v1/tables/"+table+"/slips", s.tokens[ledger.RoleFrontend],
					`{"player":"ann","round":"`+r.Round+`","bets":[{"code":"middle","stake":"1"}]}`)
				if status/100 != 4 || !strings.Contains(string(body), `"invalid_bet_code"`) {
					t.Errorf("a slip of an unknown bet: %d %s", status, body)
				}
			}
			s.call(ledger.RoleDealer, "POST", "/v1/tables/"+table+"/rounds/"+r.Round+"/close-betting", map[string]any{})
			if rank == 7 {
				status, body := call(t, "POST", s.base+"/v1/tables/"+table+"/rounds/"+r.Round+"/result", s.tokens[ledger.RoleDealer], `{"rank":14}`)
				if status/100 != 4 || !strings.Contains(string(body), `"invalid_result"`) {
					t.Errorf("a rank of 14: %d %s", status, body)
				}
			}
			res := s.call(ledger.RoleDealer, "POST", "/v1/tables/"+table+"/rounds/"+r.Round+"/result", map[string]int{"rank": rank})
			lastSeq = res.LastSeq
			if res.Settlement == nil || len(res.Settlement.Bets) != len(bets) {
				t.Fatalf("the result settled %+v", res.Settlement)
			}
			return res.Settlement
		}
		d := decimal.RequireFromString
		// A seven: high and low lose, seven wins 0.01 × 21/2 = 0.105,
		// 0.10 paid.
		st := play(7, [2]string{"high", "10"}, [2]string{"low", "5"}, [2]string{"seven", "0.01"})
		want := map[string][3]string{"high": {"lost", "0", "0"}, "low": {"lost", "0", "0"}, "seven": {"won", "0.10", "0.11"}}
		for _, b := range st.Bets {
			w := want[b.Code]
			if b.Outcome != w[0] || !b.Win.Equal(d(w[1])) || !b.Returned.Equal(d(w[2])) {
				t.Errorf("%s: %s win %s returned %s, want %v", b.Code, b.Outcome, b.Win, b.Returned, w)
			}
		}
		// A nine: high wins 10.
		st = play(9, [2]string{"high", "10"})
		if b := st.Bets[0]; b.Outcome != "won" || !b.Win.Equal(d("10")) || !b.Returned.Equal(d("20")) {
			t.Errorf("high on a nine: %+v", b)
		}
		// 100 − 15.01 + 0.11 − 10 + 20.
		var w struct {
			Balances []struct {
				Currency string `json:"currency"`
				Balance  string `json:"balance"`
			} `json:"balances"`
		}
		get(fmt.Sprintf("/v1/wallets/ann?min_seq=%d", lastSeq), &w)
		if len(w.Balances) != 1 || w.Balances[0].Balance != "95.10" {
			t.Errorf("ann's wallet %+v, want 95.10", w)
		}
		var b board
		get(fmt.Sprintf("/v1/tables/%s/board?min_seq=%d", table, lastSeq), &b)
		if len(b.Results) != 2 || b.Results[0] != (boardRow{"9", "high"}) || b.Results[1] != (boardRow{"7", "seven"}) ||
			b.Stats != (testgames.HighCardStats{Results: 2, High: 1, Seven: 1}) {
			t.Errorf("board %+v", b)
		}
	})
	s.stop()
	if first == "" {
		t.Fatal("no round played through the API")
	}
	data := filepath.Join(s.dir, "data")

	t.Run("Replay", func(t *testing.T) {
		out, stderr, err := runWith(t, c, "", "replay", "round", first, "--json", "--data-dir", data)
		if err != nil {
			t.Fatalf("%v\n%s", err, stderr)
		}
		var r struct {
			ChainOK bool `json:"chain_ok"`
			Match   bool `json:"match"`
			Bets    []struct {
				Code       string `json:"code"`
				Recomputed struct {
					Win string `json:"win"`
				} `json:"recomputed"`
			} `json:"bets"`
		}
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("%v in %s", err, out)
		}
		wins := map[string]string{}
		for _, b := range r.Bets {
			wins[b.Code] = b.Recomputed.Win
		}
		if !r.ChainOK || !r.Match || len(r.Bets) != 3 || !decimal.RequireFromString(wins["seven"]).Equal(decimal.RequireFromString("0.10")) {
			t.Errorf("replay: chain %v, match %v, recomputed wins %v", r.ChainOK, r.Match, wins)
		}
	})
	t.Run("Verify", func(t *testing.T) {
		out, stderr, err := runWith(t, c, "", "verify", "--json", "--data-dir", data)
		if err != nil {
			t.Fatalf("%v\n%s\n%.2000s", err, stderr, out)
		}
		var rep struct {
			Verdict string `json:"verdict"`
			Events  uint64 `json:"events"`
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil || rep.Verdict != "clean" || rep.Events == 0 {
			t.Errorf("verify: %v %+v", err, rep)
		}
		// The registry alone cannot verify the stream: its catalog lacks
		// the test game's paytable.
		if _, _, err := runWith(t, nil, "", "verify", "--json", "--data-dir", data); err == nil {
			t.Error("the registry alone verified a stream of the test game clean")
		}
	})
	t.Run("Report", func(t *testing.T) {
		day := time.Now().UTC().Format(time.DateOnly)
		out, stderr, err := runWith(t, c, "", "report", "regulator", "--period", "day:"+day, "--data-dir", data)
		if err != nil {
			t.Fatalf("%v\n%s", err, stderr)
		}
		var rep struct {
			Games []struct {
				Game     string `json:"game"`
				Paytable string `json:"paytable"`
				Table    string `json:"table"`
				Rounds   int    `json:"rounds_played"`
				Bets     int    `json:"bets_placed"`
				Staked   string `json:"staked"`
				Returned string `json:"returned"`
				GGR      string `json:"ggr"`
			} `json:"games"`
			RTPByKind []struct {
				Table       string `json:"table"`
				Kind        string `json:"kind"`
				Theoretical struct {
					Exact string `json:"exact"`
				} `json:"theoretical_rtp"`
			} `json:"rtp_by_kind"`
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatal(err)
		}
		found := false
		for _, g := range rep.Games {
			if g.Table != table {
				continue
			}
			found = true
			// Staked 10 + 5 + 0.01 + 10, returned 0.11 + 20.
			if g.Game != "highcard" || g.Paytable != testgames.HighCardID || g.Rounds != 2 || g.Bets != 4 || g.Staked != "25.01" || g.Returned != "20.11" || g.GGR != "4.90" {
				t.Errorf("the report's row of %s: %+v", table, g)
			}
		}
		if !found {
			t.Errorf("the regulator report has no row of %s", table)
		}
		theo := map[string]string{}
		for _, k := range rep.RTPByKind {
			if k.Table == table {
				theo[k.Kind] = k.Theoretical.Exact
			}
		}
		if theo["high"] != "12/13" || theo["low"] != "12/13" || theo["seven"] != "23/26" {
			t.Errorf("theoretical RTP by kind at %s: %v", table, theo)
		}
	})
}

// TestNewGame_FilesOutsideGames counts the files outside games/ and
// internal/testgames that had to change for the test game: those that
// name it. The answer is this test's files alone
// (and the dashboard's test of every board, which draws it too): no
// command, no API code, no dashboard file knows it. docs/GAMES.md
// ("Adding a game") gives the count.
func TestNewGame_FilesOutsideGames(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	// A file names the game by its name (HighCard, highcard/test,
	// demo-highcard): the packages that test the generic layers with the
	// older tiny games import internal/testgames for those, not this one.
	names := regexp.MustCompile(`(?i)highcard`)
	var named []string
	checked := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			// docs/ describes the games, the test game in "Adding a
			// game" among them: code is what is counted.
			if rel == "games" || rel == "internal/testgames" || rel == "docs" || (rel != "." && strings.HasPrefix(d.Name(), ".")) || d.Name() == "testdata" || d.Name() == "node_modules" {
				return filepath.SkipDir
			}
			return nil
		}
		switch filepath.Ext(path) {
		case ".go", ".js", ".css", ".html":
		default:
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		checked++
		if names.Match(src) {
			named = append(named, rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 200 {
		t.Fatalf("checked %d files, want the whole module", checked)
	}
	t.Logf("files outside games/ and internal/testgames naming the test game: %v", named)
	want := []string{"cmd/wagerlog/browser_boards_test.go", "cmd/wagerlog/newgame_test.go"}
	if !slices.Equal(named, want) {
		t.Errorf("files naming the test game: %v, want %v", named, want)
	}
}
