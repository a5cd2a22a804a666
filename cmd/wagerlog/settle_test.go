package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
	"github.com/wagerlog/wagerlog/games/sicbo"
)

func TestSettleCmd_Text(t *testing.T) {
	out, _, err := sicboRun(t, "", "settle", "--paytable", "sicbo/live", "--dice", "2,2,5", "--bet", "double:2", "--stake", "10")
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range [][]string{
		{"paytable", "sicbo/live"}, {"bet", "double:2"}, {"stake", "10.00"}, {"dice", "2-2-5"},
		{"outcome", "won"}, {"win", "100.00"}, {"returned", "110.00"}, {"residue", "0", "(round_down)"},
		{"rule", "double:2", "pays", "10:1", "(two", "dice", "show", "2)"},
	} {
		if !hasRow(out, row) {
			t.Errorf("no row %q in:\n%s", strings.Join(row, " "), out)
		}
	}
}

// settleJSON is a result line as a client reads it.
type settleJSON struct {
	Outcome      string `json:"outcome"`
	Win          string `json:"win"`
	Returned     string `json:"returned"`
	Residue      string `json:"residue"`
	Rule         string `json:"rule"`
	Code         string `json:"code"`
	Message      string `json:"message"`
	Paytable     string `json:"paytable"`
	PaytableHash string `json:"paytable_hash"`
	Bet          string `json:"bet"`
	Stake        string `json:"stake"`
	Dice         []int  `json:"dice"`
	Scale        *int   `json:"scale"`
	Line         int    `json:"line"`
}

func decodeSettle(t testing.TB, line string) settleJSON {
	t.Helper()
	var r settleJSON
	if err := json.Unmarshal([]byte(line), &r); err != nil {
		t.Fatalf("%v in %q", err, line)
	}
	return r
}

func TestSettleCmd_JSON(t *testing.T) {
	tests := []struct {
		args                       []string
		outcome, win, ret, residue string
	}{
		{[]string{"--paytable", "sicbo/live", "--dice", "2,2,5", "--bet", "double:2", "--stake", "10"}, "won", "100.00", "110.00", "0"},
		{[]string{"--paytable", "sicbo/clm-2016", "--dice", "2,2,5", "--bet", "double:2", "--stake", "10.00"}, "won", "80.00", "90.00", "0"},
		{[]string{"--paytable", "sicbo/live", "--dice", "1,3,2", "--bet", "two_odd_one_even", "--stake", "0.01"}, "won", "0.01", "0.02", "0.005"},
		{[]string{"--paytable", "sicbo/live", "--dice", "2, 4, 1", "--bet", "two_even_one_odd", "--stake", "7", "--scale", "0"}, "won", "10", "17", "0.5"},
		{[]string{"--paytable", "sicbo/live", "--dice", "3,3,3", "--bet", "small", "--stake", "5"}, "lost", "0.00", "0.00", "0"},
	}
	for _, tt := range tests {
		out, _, err := sicboRun(t, "", append([]string{"settle", "--json"}, tt.args...)...)
		if err != nil {
			t.Fatalf("%v: %v", tt.args, err)
		}
		r := decodeSettle(t, out)
		if r.Outcome != tt.outcome || r.Win != tt.win || r.Returned != tt.ret || r.Residue != tt.residue {
			t.Errorf("%v: %+v, want %s %s %s %s", tt.args, r, tt.outcome, tt.win, tt.ret, tt.residue)
		}
	}
}

// TestSettleCmd_Err checks that a bad single request exits non-zero with
// the package's typed error, and with --json also writes the error object.
func TestSettleCmd_Err(t *testing.T) {
	base := map[string]string{"--paytable": "sicbo/live", "--dice": "2,2,5", "--bet": "double:2", "--stake": "10"}
	tests := []struct {
		flag, value string
		want        error
		code        string
	}{
		{"--bet", "double:7", sicbo.ErrBadBetCode, "invalid_bet_code"},
		{"--bet", "combo:5-2", sicbo.ErrBadBetCode, "invalid_bet_code"},
		{"--dice", "2,2", sicbo.ErrBadDice, "invalid_dice"},
		{"--dice", "2,2,9", sicbo.ErrBadDice, "invalid_dice"},
		{"--dice", "2,x,5", sicbo.ErrBadDice, "invalid_dice"},
		{"--stake", "ten", sicbo.ErrBadStake, "invalid_amount"},
		{"--stake", "0.001", sicbo.ErrBadStake, "invalid_amount"},
		{"--stake", "-1", sicbo.ErrBadStake, "invalid_amount"},
		{"--paytable", "sicbo/macau", games.ErrUnknownPaytable, "unknown_paytable"},
		{"--paytable", "sicbo/clm-2016:odd", games.ErrUnknownPaytable, "unknown_paytable"},
		{"--scale", "9", sicbo.ErrBadScale, "invalid_scale"},
		{"--stake", "", kit.ErrRequest, "invalid_request"},
	}
	for _, tt := range tests {
		t.Run(tt.flag+"="+tt.value, func(t *testing.T) {
			args := []string{"settle"}
			for k, v := range base {
				if k != tt.flag {
					args = append(args, k, v)
				}
			}
			args = append(args, tt.flag, tt.value)
			if _, _, err := sicboRun(t, "", args...); !errors.Is(err, tt.want) {
				t.Errorf("err %v, want %v", err, tt.want)
			}
			out, _, err := sicboRun(t, "", append(args, "--json")...)
			if !errors.Is(err, tt.want) {
				t.Errorf("--json: err %v, want %v", err, tt.want)
			}
			if r := decodeSettle(t, out); r.Outcome != "error" || r.Code != tt.code || r.Message == "" {
				t.Errorf("--json: %+v, want code %s", r, tt.code)
			}
		})
	}
	clm := []string{"settle", "--paytable", "sicbo/clm-2016", "--dice", "1,2,4", "--bet", "odd", "--stake", "1"}
	if _, _, err := sicboRun(t, "", clm...); !errors.Is(err, sicbo.ErrBetNotOffered) {
		t.Errorf("odd under clm-2016: %v", err)
	}
	if _, _, err := sicboRun(t, "", "settle", "--jsonl", "--bet", "small"); err == nil {
		t.Error("--jsonl with --bet accepted")
	}
}

func TestSettleCmd_JSONL(t *testing.T) {
	long := `{"paytable":"sicbo/live","bet":"small","stake":"1","dice":[1,2,3],"x":"` + strings.Repeat("a", SettleLineBytesMax) + `"}`
	lines := []struct {
		in      string
		outcome string // or the error code
	}{
		{`{"paytable":"sicbo/live","bet":"double:2","stake":"10.00","dice":[2,2,5]}`, "won"},
		{`{"bet":"big","stake":"10.00","dice":[2,2,5]}`, "lost"}, // default paytable from --paytable
		{``, "invalid_request"},
		{`not json`, "invalid_request"},
		{`{"paytable":"sicbo/live","bet":"small","stake":"1","dice":[1,2,3],"extra":1}`, "invalid_request"},
		{`{"paytable":"sicbo/live","bet":"small","stake":"1","dice":[1,2,3]} {}`, "invalid_request"},
		{long, "line_too_long"},
		{`{"paytable":"sicbo/live","bet":"combo:2-1","stake":"1","dice":[1,2,3]}`, "invalid_bet_code"},
		{`{"paytable":"sicbo/clm-2016","bet":"even","stake":"1","dice":[1,2,3]}`, "bet_not_offered"},
		{`{"paytable":"sicbo/live","bet":"small","stake":"1","dice":[1,2]}`, "invalid_dice"},
		{`{"paytable":"sicbo/live","bet":"small","stake":"1","dice":[1,2,0]}`, "invalid_dice"},
		{`{"paytable":"sicbo/live","bet":"small","dice":[1,2,3]}`, "invalid_amount"},
		{`{"paytable":"sicbo/live","bet":"small","stake":"1.5","dice":[1,2,3],"scale":0}`, "invalid_amount"},
		{`{"paytable":"sicbo/atlantic","bet":"small","stake":"1","dice":[1,2,3]}`, "unknown_paytable"},
		{"{\"paytable\":\"sicbo/live\",\"bet\":\"two_odd_one_even\",\"stake\":0.01,\"dice\":[1,3,2]}\r", "won"},
		{`{"paytable":"sicbo/live","bet":"two_even_one_odd","stake":"7","dice":[2,4,1],"scale":0}`, "won"},
	}
	var in strings.Builder
	for i, l := range lines {
		in.WriteString(l.in)
		if i < len(lines)-1 { // the last line has no newline
			in.WriteByte('\n')
		}
	}
	out, _, err := sicboRun(t, in.String(), "settle", "--jsonl", "--paytable", "sicbo/live")
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(got) != len(lines) {
		t.Fatalf("%d results for %d lines:\n%s", len(got), len(lines), out)
	}
	for i, l := range lines {
		r := decodeSettle(t, got[i])
		what := r.Outcome
		if what == "error" {
			what = r.Code
			if r.Message == "" {
				t.Errorf("line %d: no message", i+1)
			}
		}
		if what != l.outcome || r.Line != i+1 {
			t.Errorf("line %d: %s, want %s (line %d)", i+1, got[i], l.outcome, r.Line)
		}
	}
	first := decodeSettle(t, got[0])
	if first.Win != "100.00" || first.Returned != "110.00" || first.Stake != "10.00" || first.PaytableHash == "" {
		t.Errorf("line 1: %+v", first)
	}
	if r := decodeSettle(t, got[len(got)-2]); r.Win != "0.01" || r.Returned != "0.02" || r.Residue != "0.005" {
		t.Errorf("3:2 on 0.01: %+v", r)
	}
	if r := decodeSettle(t, got[len(got)-1]); r.Win != "10" || r.Returned != "17" || r.Residue != "0.5" || r.Scale == nil || *r.Scale != 0 {
		t.Errorf("3:2 on 7 CLP: %+v", r)
	}
}

func TestSettleCmd_JSONLCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	m := &Main{Stdin: strings.NewReader("{}\n"), Stdout: &strings.Builder{}, Stderr: &strings.Builder{}}
	if err := m.Run(ctx, []string{"settle", "--jsonl"}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled run: %v", err)
	}
}

// TestSettleReadLine drives the line reader through a buffer smaller than
// the lines, so long lines arrive in pieces.
func TestSettleReadLine(t *testing.T) {
	in := strings.Repeat("a", 40) + "\n" + strings.Repeat("b", 70) + "\r\n\nlast"
	r := bufio.NewReaderSize(strings.NewReader(in), 16)
	want := []struct {
		line    string
		tooLong bool
	}{{strings.Repeat("a", 40), false}, {"", true}, {"", false}, {"last", false}}
	for i, w := range want {
		line, tooLong, err := settleReadLine(r, 50)
		if err != nil || string(line) != w.line || tooLong != w.tooLong {
			t.Errorf("line %d: %q %v %v, want %q %v", i+1, line, tooLong, err, w.line, w.tooLong)
		}
	}
	if _, _, err := settleReadLine(r, 50); !errors.Is(err, io.EOF) {
		t.Errorf("after the last line: %v", err)
	}
}

// TestSettleCmd_Roulette settles roulette bets: the --jsonl line of
// docs/games/roulette.md answers exactly as games/roulette's example says (Sic Bo's line with
// "pocket" for "dice"), flags take --pocket, and a result of the wrong
// game is the game's own error.
func TestSettleCmd_Roulette(t *testing.T) {
	in := `{"paytable":"roulette/american","bet":"split:0-00","stake":"10","pocket":"00"}
{"paytable":"roulette/french-la-partage","bet":"red","stake":"0.03","pocket":"0"}
{"paytable":"roulette/french","bet":"straight:17","stake":"1","pocket":"00"}
{"paytable":"roulette/french","bet":"red","stake":"1","dice":[1,2,3]}
{"paytable":"sicbo/live","bet":"big","stake":"1","pocket":"17"}
{"paytable":"roulette/french","bet":"red","stake":"1"}
`
	out, _, err := sicboRun(t, in, "settle", "--jsonl")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 6 {
		t.Fatalf("%d answers:\n%s", len(lines), out)
	}
	want := `{"outcome":"won","win":"170.00","returned":"180.00","residue":"0","rule":"split:0-00 pays 17:1 (the ball landed in 00, green)","paytable":"roulette/american","paytable_hash":"96188c1452f1bb4cd5971d393ffcccd870475b7988f8739ec5a576f4902f0e53","bet":"split:0-00","stake":"10.00","pocket":"00","scale":2,"line":1}`
	if lines[0] != want {
		t.Errorf("line 1:\n got %s\nwant %s", lines[0], want)
	}
	var la kit.Answer
	if err := json.Unmarshal([]byte(lines[1]), &la); err != nil || la.Outcome != "lost" || la.Returned != "0.01" || la.Residue != "0.005" {
		t.Errorf("la partage: %s", lines[1])
	}
	for i, code := range map[int]string{2: "invalid_result", 3: "invalid_result", 4: "invalid_dice", 5: "invalid_request"} {
		var r kit.Answer
		if err := json.Unmarshal([]byte(lines[i]), &r); err != nil || r.Outcome != "error" || r.Code != code {
			t.Errorf("line %d: %s, want code %s", i+1, lines[i], code)
		}
	}

	out, _, err = sicboRun(t, "", "settle", "--paytable", "roulette/french", "--pocket", "17", "--bet", "black", "--stake", "5")
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range [][]string{{"pocket", "17"}, {"outcome", "won"}, {"returned", "10.00"}, {"residue", "0", "(round_down)"}} {
		if !hasRow(out, row) {
			t.Errorf("no row %q in:\n%s", strings.Join(row, " "), out)
		}
	}
	if _, _, err := sicboRun(t, "", "settle", "--paytable", "roulette/french", "--pocket", "17", "--dice", "1,2,3", "--bet", "black", "--stake", "5"); !errors.Is(err, kit.ErrRequest) {
		t.Errorf("dice and pocket: %v", err)
	}
}

// TestSettleCmd_Baccarat settles baccarat lines of both forms exactly as
// docs/games/baccarat.md words them (the banker's win before the commission, the
// commission apart, returned net of it; a bet on both tableaux), a deal
// that breaks the drawing rules answered with the rule, beside a Sic Bo
// line whose answer is unchanged.
func TestSettleCmd_Baccarat(t *testing.T) {
	in := `{"paytable":"baccarat/punto-banco","bet":"banker","stake":"10","player":["4S","9H","7D"],"banker":["KC","5H","3S"]}
{"paytable":"baccarat/deux-tableaux-1979","bet":"tableau:1","stake":"10","tableaux":[["4S","3H"],["6C","KD"]],"banker":["3H","KC","8D"]}
{"paytable":"baccarat/deux-tableaux-1979","bet":"a_caballo","stake":"10","tableaux":[["4S","3H"],["6C","KD"]],"banker":["3H","KC","8D"]}
{"paytable":"baccarat/punto-banco","bet":"banker","stake":"10","player":["4S","9H","7D"],"banker":["KC","5H"]}
{"paytable":"sicbo/live","bet":"double:2","stake":"10.00","dice":[2,2,5]}
{"bet":"tie","stake":"0.10","player":["4S","3H"],"banker":["KC","7H"]}
`
	out, _, err := sicboRun(t, in, "settle", "--jsonl", "--paytable", "baccarat/punto-banco")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 6 {
		t.Fatalf("%d answers:\n%s", len(lines), out)
	}
	want := []string{
		`{"outcome":"won","win":"10.00","commission":"0.50","returned":"19.50","residue":"0","rule":"banker pays 1:1 less 5% commission 0.50 rounded up (player 0, banker 8)","paytable":"baccarat/punto-banco","paytable_hash":"111e1046ece200101ae0ebfd93d5ba323ad9a48c2aa207a75da962ebf9e8a7e1","bet":"banker","stake":"10.00","player":["4S","9H","7D"],"banker":["KC","5H","3S"],"scale":2,"line":1}`,
		`{"outcome":"won","win":"10.00","returned":"20.00","residue":"0","rule":"tableau:1: 10.00 on tableau 1 wins 1:1 (7 against the banker's 1)","paytable":"baccarat/deux-tableaux-1979","paytable_hash":"82f8c64964aaa62445406ff916e99c41984e5a43eddf5b2f4dd4cf1bcc75399d","bet":"tableau:1","stake":"10.00","banker":["3H","KC","8D"],"tableaux":[["4S","3H"],["6C","KD"]],"scale":2,"line":2}`,
		`{"outcome":"won","win":"10.00","returned":"20.00","residue":"0","rule":"a_caballo: 5.00 on tableau 1 wins 1:1 (7 against the banker's 1); 5.00 on tableau 2 wins 1:1 (6 against the banker's 1)","paytable":"baccarat/deux-tableaux-1979","paytable_hash":"82f8c64964aaa62445406ff916e99c41984e5a43eddf5b2f4dd4cf1bcc75399d","bet":"a_caballo","stake":"10.00","banker":["3H","KC","8D"],"tableaux":[["4S","3H"],["6C","KD"]],"scale":2,"line":3}`,
		`{"outcome":"error","rule":"banker_drawing_table","code":"invalid_result","message":"invalid result: banker_drawing_table: the banker with 5 against the player's third card 7 must draw","line":4}`,
		`{"outcome":"won","win":"100.00","returned":"110.00","residue":"0","rule":"double:2 pays 10:1 (two dice show 2)","paytable":"sicbo/live","paytable_hash":"8a65593b29d787faeddeda53842aa1cd3984711bb52ad2db98bbb2cbe6e898c3","bet":"double:2","stake":"10.00","dice":[2,2,5],"scale":2,"line":5}`,
	}
	for i, w := range want {
		if lines[i] != w {
			t.Errorf("line %d:\n got %s\nwant %s", i+1, lines[i], w)
		}
	}
	// The default paytable is punto banco: a tie pays 8:1.
	if !strings.Contains(lines[5], `"outcome":"won","win":"0.80","returned":"0.90"`) {
		t.Errorf("line 6: %s", lines[5])
	}
	if _, _, err := sicboRun(t, "", "settle", "--paytable", "baccarat/punto-banco", "--dice", "1,2,3", "--bet", "banker", "--stake", "5"); !errors.Is(err, kit.ErrRequest) {
		t.Errorf("baccarat with flags: %v", err)
	}
}

// TestSettleCmd_EveryGame sends one line of each game's contract to one
// run: each is answered by its game's decoder, numbered, in order, and a
// bingo line longer than the dice's limit is still read.
func TestSettleCmd_EveryGame(t *testing.T) {
	in := `{"paytable":"war/chile-2010","bet":"main","stake":"10","player":["9S"],"dealer":["9H"],"war":{"player":"KD","dealer":"4C"}}
{"paytable":"war/chile-2010","bet":"main","stake":"10","player":["9S"],"dealer":["9H"]}
{"paytable":"blackjack/chile-2010","bet":"main","stake":"10","hands":[{"cards":["8S","3D","KH"],"doubled":true}],"dealer":["9H","7C","2D"],"surrendered":false}
{"paytable":"blackjack/chile-2010","bet":"perfect_pairs","stake":"5","cards":["8S","8S"]}
{"pool":"jp-1","main":"10000.00","reserve":"500.00","stake":"1","hands":[{"seat":1,"cards":["AS","KS","QS","JS","TS"]},{"seat":3,"cards":["2H","2D","2C","2S","9H"]}]}
{"paytable":"sicbo/live","bet":"small","stake":"10.00","dice":[1,2,3]}
`
	// A bingo game of 60 cards: one line of about 6 KB.
	var cards []string
	for i := 1; i <= 60; i++ {
		cards = append(cards, fmt.Sprintf(`{"id":"A-%d","price":"1.00","rows":[[1,12,23,34,45],[2,13,24,56,67],[3,14,58,78,88]]}`, i))
	}
	in += `{"paytable":"bingo/es-1979","cards":[` + strings.Join(cards, ",") + `],"line_prize":"6.00","bingo_prize":"30.00","balls":[1,12,23,34,45,2,13,24,56,67,3,14,58,78,88]}` + "\n"
	out, _, err := sicboRun(t, in, "settle", "--jsonl")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 7 {
		t.Fatalf("%d answers:\n%s", len(lines), out)
	}
	want := []string{
		`"outcome":"won","win":"10.00","returned":"30.00"`,
		`"outcome":"error","rule":"tie_needs_decision","code":"invalid_result"`,
		`"outcome":"won","win":"20.00","returned":"40.00"`,
		`"outcome":"won","win":"125.00","returned":"130.00"`,
		`"seats":[{"seat":1,"hand":"royal_flush","prize":"9500.00"`,
		`"outcome":"won","win":"10.00","returned":"20.00"`,
		`"line":{"index":5,"ball":45,"prize":"6.00","winners":[{"card":"A-1","prize":"0.10"}`,
	}
	for i, w := range want {
		if !strings.Contains(lines[i], w) {
			t.Errorf("line %d: want %s in\n%s", i+1, w, lines[i])
		}
		num := fmt.Sprintf(`"line":%d}`, i+1)
		if i == 6 {
			num = `"line_number":7}`
		}
		if !strings.HasSuffix(lines[i], num) {
			t.Errorf("line %d does not end with %s: %s", i+1, num, lines[i])
		}
	}
}
