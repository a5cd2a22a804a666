//go:build browser

package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/wagerlog/wagerlog/games/baccarat"
	"github.com/wagerlog/wagerlog/ledger"
)

// deuxState is what the test reads from a deux tableaux board.
type deuxState struct {
	Conn         string   `json:"conn"`
	Latest       string   `json:"latest"`
	Beads        []string `json:"beads"`
	Halves       int      `json:"halves"`
	TableauxShow bool     `json:"tableaux_shown"`
	Tableaux     string   `json:"tableaux"`
	Cagnotte     string   `json:"cagnotte"`
	Hands        string   `json:"hands"`
	Punters      string   `json:"punters"`
	Bank         string   `json:"bank"`
}

const readDeux = `(() => { try { return ({
	conn: document.getElementById('conn').dataset.state,
	latest: document.querySelector('#b-latest .sr-only')?.textContent ?? '',
	beads: [...document.querySelectorAll('#b-plate li .sr-only')].map((e) => e.textContent),
	halves: document.querySelectorAll('#b-plate .bead-deux .half').length,
	tableaux_shown: !document.getElementById('b-tableaux-dl').hidden,
	tableaux: document.getElementById('b-tableaux').textContent,
	cagnotte: document.getElementById('b-cagnotte').textContent,
	hands: document.getElementById('b-natural-hands').textContent,
	punters: document.querySelector('#b-split .split-player .split-name')?.textContent ?? '',
	bank: document.getElementById('meta-bank-row').hidden ? '' : document.getElementById('meta-bank').textContent,
}); } catch (e) { return {}; } })()`

// TestBrowser_DeuxTableauxBoard opens a baccarat à deux tableaux table
// played against ann's bank: the page draws each coup as a bead of two
// halves (each tableau against the bank) with the banker's point, the
// last coup per tableau, the per-tableau shares, naturals by hand and the
// cagnotte the bank paid, and follows a coup void on tableau 1 live.
func TestBrowser_DeuxTableauxBoard(t *testing.T) {
	chromiumPath(t)
	s := startServer(t, "--public-board")
	const table = "browser-deux"
	for _, p := range []string{"ann", "bob"} {
		s.call(ledger.RoleSupervisor, "POST", "/v1/wallets/"+p+"/deposit", map[string]string{"amount": "500", "currency": "EUR"})
	}
	s.call(ledger.RoleSupervisor, "POST", "/v1/tables", map[string]any{
		"table": table, "paytable": baccarat.IDDeuxTableaux1979, "currency": "EUR",
		"limits": map[string]any{"*": map[string]string{"min": "1", "max": "100"}},
		"band":   map[string]string{"min": "1", "max": "100"},
		"dealer": "dealer-1",
	})
	s.call(ledger.RoleDealer, "POST", "/v1/tables/"+table+"/shoes", map[string]int{"cut_cards": baccarat.CutCardsBehind})
	s.call(ledger.RoleDealer, "POST", "/v1/tables/"+table+"/bank", map[string]string{"player": "ann", "amount": "200"})
	coup := func(role, result string) int64 {
		t.Helper()
		r := s.call(ledger.RoleDealer, "POST", "/v1/tables/"+table+"/rounds", map[string]any{})
		s.call(ledger.RoleFrontend, "POST", "/v1/tables/"+table+"/slips", map[string]any{
			"player": "bob", "round": r.Round, "bets": []map[string]string{{"code": "a_caballo", "stake": "20"}, {"code": "tableau:2", "stake": "6"}},
		})
		s.call(ledger.RoleDealer, "POST", "/v1/tables/"+table+"/rounds/"+r.Round+"/close-betting", map[string]any{})
		s.call(role, "POST", "/v1/tables/"+table+"/rounds/"+r.Round+"/result", json.RawMessage(result))
		return r.RoundNumber
	}
	// The banker's natural 9 beats 7 and 6: the bank takes 26 and pays a
	// 1.30 cagnotte.
	first := coup(ledger.RoleDealer, `{"tableaux":[["4S","3H"],["6C","KD"]],"banker":["9H","KC"]}`)

	ctx := browser(t)
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/?table="+table)); err != nil {
		t.Fatal(err)
	}
	wait := func(within time.Duration, what string, ok func(deuxState) bool) deuxState {
		t.Helper()
		deadline := time.Now().Add(within)
		for {
			p, err := chromedp.Run(ctx, chromedp.Evaluate[deuxState](readDeux))
			if err != nil {
				t.Fatalf("read the page: %v", err)
			}
			if ok(p) {
				return p
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: not on the page within %s; the page shows %+v", what, within, p)
			}
			time.Sleep(25 * time.Millisecond)
		}
	}
	p := wait(20*time.Second, "the first coup", func(p deuxState) bool {
		return p.Conn == "live" && len(p.Beads) == 1 &&
			p.Beads[0] == fmt.Sprintf("Round %d, tableau 1 bank wins with 7, tableau 2 bank wins with 6, banker 9, cagnotte 1.3, natural.", first)
	})
	if p.Halves != 2 || !p.TableauxShow || !strings.HasPrefix(p.Cagnotte, "1.3 · 1 coups") || p.Hands != "tableau 1 0 · tableau 2 0 · banker 1" ||
		!strings.Contains(p.Tableaux, "1: P 0% · B 100%") {
		t.Fatalf("after the banker's natural the page shows %+v", p)
	}

	// Tableau 1's cards fell unseen (a supervisor's void); tableau 2's 6
	// loses to the banker's 7: the bank takes 10 + 6 and pays 0.80.
	second := coup(ledger.RoleSupervisor, `{"tableaux":[[],["6C","KD"]],"banker":["7H","JC"],"void":{"tableaux":[1],"reason":"cards_lost_unseen"}}`)
	p = wait(liveDeadline, "the void coup", func(p deuxState) bool {
		return len(p.Beads) == 2 && p.Beads[1] == fmt.Sprintf("Round %d, tableau 1 void, tableau 2 bank wins with 6, banker 7, cagnotte 0.8.", second)
	})
	if p.Punters != "Punters" {
		t.Errorf("the split names %q, want the punters", p.Punters)
	}
	if p.Halves != 4 || !strings.HasPrefix(p.Cagnotte, "2.1 · 2 coups") || !strings.Contains(p.Tableaux, "1 void") || !strings.HasPrefix(p.Latest, fmt.Sprintf("Round %d, tableau 1 void", second)) {
		t.Fatalf("after the void coup the page shows %+v", p)
	}
	// The header shows who holds the bank and its balance (200 + 26 −
	// 1.30 + 16 − 0.80), refreshed with the table's information.
	if err := chromedp.Do(ctx, chromedp.Navigate(s.base+"/?table="+table)); err != nil {
		t.Fatal(err)
	}
	wait(20*time.Second, "the bank in the header", func(p deuxState) bool { return p.Bank == "ann · 239.90 EUR" })
	shoot(t, ctx, artifactsDir(t), "deux-tableaux-phone-360.png", 360, 740, true)
	if x, _ := overflow(t, ctx); x > 0 {
		t.Errorf("at 360 px the page is %d px wider than the screen", x)
	}
}
