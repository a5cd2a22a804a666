package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/registry"
)

// sicboRun runs the real command line in-process with stdin and returns
// what it wrote.
func sicboRun(t testing.TB, stdin string, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	var out, errb bytes.Buffer
	m := &Main{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb}
	err = m.Run(context.Background(), args)
	return out.String(), errb.String(), err
}

func TestPaytableCmd_Text(t *testing.T) {
	t.Parallel()
	out, _, err := sicboRun(t, "", "paytable")
	if err != nil {
		t.Fatal(err)
	}
	// Rows as the seeds and research/casino.md §1.2 give them.
	for _, row := range [][]string{
		{"sicbo/clm-2016", "version", "1,", "game", "sicbo"},
		{"sicbo/live", "version", "1,", "game", "sicbo"},
		{"combo:*", "(15", "bets)", "Par", "igual", "5:1", "30", "5/6", "83.3333", "16.6667"},
		{"total:5", "Total", "específico", "18:1", "6", "19/36", "52.7778", "47.2222"},
		{"total:10,", "total:11", "Total", "Específico", "6:1", "27", "7/8", "87.5000", "12.5000"},
		{"odd", "Impar", "1:1", "105", "35/36", "97.2222", "2.7778"},
		{"four_numbers:*", "(4", "bets)", "4", "Números", "7:1", "24", "8/9", "88.8889", "11.1111"},
		{"single:*", "(6", "bets)", "Números", "1", "die", "1:1", "/", "2", "dice", "2:1", "/", "3", "dice", "3:1", "91", "199/216", "92.1296", "7.8704"},
	} {
		if !hasRow(out, row) {
			t.Errorf("no row %q in:\n%s", strings.Join(row, " "), out)
		}
	}
	// Every game's paytables, in id order: roulette's before Sic Bo's.
	roulettes, sicbos, ok := strings.Cut(out, "\nsicbo/clm-2016 ")
	if !ok || !strings.Contains(roulettes, "roulette/american ") || !strings.Contains(roulettes, "roulette/french-la-partage ") {
		t.Fatalf("the roulette paytables are not listed first:\n%s", out)
	}
	for _, row := range [][]string{
		{"straight:*", "(38", "bets)", "Pleno", "35:1", "1", "18/19", "94.7368", "5.2632"},
		{"top_line:0-00-1-2-3", "Línea", "Especial", "(0-00-1-2-3)", "6:1", "5", "35/38", "92.1053", "7.8947"},
		{"red", "Rojo", "1:1,", "la", "partage", "18", "73/74", "98.6486", "1.3514"},
	} {
		if !hasRow(roulettes, row) {
			t.Errorf("no row %q in:\n%s", strings.Join(row, " "), roulettes)
		}
	}
	clm, live, ok := strings.Cut(sicbos, "\nsicbo/live ")
	if !ok || !strings.Contains(live, "\nodd ") || strings.Contains(clm, "\nodd ") {
		t.Error("odd must be listed under sicbo/live only")
	}
}

// hasRow reports whether a line of out has exactly these fields.
func hasRow(out string, fields []string) bool {
	for _, line := range strings.Split(out, "\n") {
		if strings.Join(strings.Fields(line), " ") == strings.Join(fields, " ") {
			return true
		}
	}
	return false
}

func TestPaytableCmd_JSON(t *testing.T) {
	t.Parallel()
	out, _, err := sicboRun(t, "", "paytable", "sicbo/live", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		ID          string `json:"id"`
		Hash        string `json:"hash"`
		Rounding    string `json:"rounding"`
		MaxMultiple string `json:"max_multiple"`
		Canonical   string `json:"canonical"`
		Rules       []struct {
			Bet  string `json:"bet"`
			Odds string `json:"odds"`
		} `json:"rules"`
		Bets []struct {
			Code       string `json:"code"`
			Pays       string `json:"pays"`
			RTP        string `json:"rtp"`
			RTPPercent string `json:"rtp_percent"`
			Outcomes   int    `json:"outcomes"`
		} `json:"bets"`
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	sum := sha256.Sum256([]byte(v.Canonical))
	if v.ID != "sicbo/live" || v.Rounding != "round_down" || v.MaxMultiple != "180" || hex.EncodeToString(sum[:]) != v.Hash {
		t.Errorf("id %s rounding %s max %s hash %s (sha256 of canonical %x)", v.ID, v.Rounding, v.MaxMultiple, v.Hash, sum)
	}
	if len(v.Bets) != 110 || len(v.Rules) == 0 {
		t.Fatalf("%d bets, %d rules", len(v.Bets), len(v.Rules))
	}
	want := map[string][3]string{ // code -> pays, rtp, rtp %
		"small":                {"1:1", "35/36", "97.2222"},
		"two_odd_one_even":     {"3:2", "15/16", "93.7500"},
		"double_single:6-1":    {"60:1", "61/72", "84.7222"},
		"triple:3":             {"180:1", "181/216", "83.7963"},
		"four_numbers:2-3-5-6": {"7:1", "8/9", "88.8889"},
	}
	for _, b := range v.Bets {
		if w, ok := want[b.Code]; ok {
			if b.Pays != w[0] || b.RTP != w[1] || b.RTPPercent != w[2] || b.Outcomes != 216 {
				t.Errorf("%s: %+v, want %v", b.Code, b, w)
			}
			delete(want, b.Code)
		}
	}
	if len(want) > 0 {
		t.Errorf("missing bets %v", want)
	}

	out, _, err = sicboRun(t, "", "paytable", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var all []struct{ ID string }
	ids := registry.New().IDs()
	if err := json.Unmarshal([]byte(out), &all); err != nil || len(all) != len(ids) {
		t.Fatalf("all paytables: %v %v, want %v", all, err, ids)
	}
	for i, p := range all {
		if p.ID != ids[i] {
			t.Errorf("paytable %d is %s, want %s (every paytable of the registry, in id order)", i, p.ID, ids[i])
		}
	}
}

func TestPaytableCmd_Err(t *testing.T) {
	if _, _, err := sicboRun(t, "", "paytable", "sicbo/macau"); !errors.Is(err, games.ErrUnknownPaytable) {
		t.Errorf("unknown id: %v", err)
	}
	if _, _, err := sicboRun(t, "", "paytable", "sicbo/live", "sicbo/clm-2016"); err == nil {
		t.Error("two ids accepted")
	}
}

// TestPaytableCmd_PuntoBanco lists punto banco with its exact figures
// (docs/games/baccarat.md, games/baccarat's rtp_test.go), and deux tableaux with
// its bets.
func TestPaytableCmd_PuntoBanco(t *testing.T) {
	t.Parallel()
	out, _, err := sicboRun(t, "", "paytable", "baccarat/punto-banco")
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range [][]string{
		{"BET", "NAME", "PAYS", "P(WIN)", "RTP", "RTP", "%", "EDGE", "%"},
		{"player", "punto", "1:1", "8712962041376/19524993263685", "19283843717413/19524993263685", "98.7649", "1.2351"},
		{"banker", "banca", "1:1", "less", "5%", "commission", "8954111587648/19524993263685", "10732465128097/10847218479825", "98.9421", "1.0579"},
		{"tie", "empate", "8:1", "619306544887/6508331087895", "619306544887/723147898655", "85.6404", "14.3596"},
	} {
		if !hasRow(out, row) {
			t.Errorf("no row %q in:\n%s", strings.Join(row, " "), out)
		}
	}
	// Deux tableaux is in the registry too, with its bets.
	out, _, err = sicboRun(t, "", "paytable", "baccarat/deux-tableaux-1979")
	if err != nil {
		t.Fatalf("deux tableaux: %v", err)
	}
	for _, row := range [][]string{
		{"tableau:*", "(2", "bets)", "postura", "a", "un", "paño", "1:1", "132008666084829419/300631249712944150", "88254688433810533/90189374913883245", "97.8549", "2.1451"},
		{"a_caballo", "apuesta", "a", "caballo", "1:1", "88254688433810533/90189374913883245", "97.8549", "2.1451"},
		{"line:*", "(2", "bets)", "apuesta", "sobre", "la", "raya", "(juega", "la", "mitad)", "1:1", "132008666084829419/300631249712944150", "89222031673846889/90189374913883245", "98.9274", "1.0726"},
	} {
		if !hasRow(out, row) {
			t.Errorf("no row %q in:\n%s", strings.Join(row, " "), out)
		}
	}
}
