//go:build crash

package crash

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/posting"
	"github.com/wagerlog/wagerlog/projections"
)

// Limits of the comparison.
const (
	// pagesMax bounds the pages of one list the comparison walks.
	pagesMax = 1000
	// lagRetries is how often a read answered projection_lag is sent
	// again (each waits up to api.MinSeqWaitMax).
	lagRetries = 6
	// diffContext is how much of two differing answers a mismatch shows.
	diffContext = 160
)

// canonical re-encodes a JSON document with sorted object keys and numbers
// as written, so that two encodings of the same answer compare equal.
//
// Amounts are compared by value: the API writes them with their currency's
// decimals ("1000.00", api/amounts.go, tested on its own) and the
// projections file answers them as stored ("1000"), so every string that
// is a plain decimal is normalised on both sides before the comparison.
func canonical(b []byte) ([]byte, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	return json.Marshal(normaliseDecimals(v))
}

// plainDecimal matches a decimal written without exponent or sign but -.
var plainDecimal = regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?$`)

func normaliseDecimals(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = normaliseDecimals(e)
		}
	case []any:
		for i, e := range x {
			x[i] = normaliseDecimals(e)
		}
	case string:
		if plainDecimal.MatchString(x) {
			if d, err := decimal.NewFromString(x); err == nil {
				return d.String()
			}
		}
	}
	return v
}

// firstDiff shows where two documents start to differ.
func firstDiff(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo := max(0, i-diffContext/2)
	cut := func(x []byte) string { return string(x[lo:min(len(x), i+diffContext/2)]) }
	return fmt.Sprintf("at byte %d:\n  api:     …%s…\n  rebuilt: …%s…", i, cut(a), cut(b))
}

// comparer sends every query to the API of the restarted server (its live
// projections, caught up to seq with min_seq) and runs the same query on
// the rebuilt projections file, and collects every difference.
type comparer struct {
	tb      testing.TB
	c       *client
	views   *projections.Store
	seq     uint64
	dumpDir string
	// answers counts the answers compared.
	answers    int
	mismatches []string
}

func (k *comparer) mismatch(format string, args ...any) {
	k.mismatches = append(k.mismatches, fmt.Sprintf(format, args...))
}

// same compares the API's answer to GET path with want, the rebuilt
// file's answer (werr its error).
func (k *comparer) same(a *actor, path string, want any, werr error) {
	if werr != nil {
		k.mismatch("GET %s: the rebuilt file answers an error: %v", path, werr)
		return
	}
	var (
		status int
		body   []byte
		err    error
	)
	for range lagRetries {
		status, body, err = k.c.send(context.Background(), a, "GET", withMinSeq(path, k.seq), "", nil)
		if err != nil || status != http.StatusGatewayTimeout {
			break
		}
	}
	if err != nil || status != http.StatusOK {
		k.mismatch("GET %s as %s: %d %v %s", path, a.id, status, err, body)
		return
	}
	wantJSON, err := json.Marshal(want)
	if err != nil {
		k.tb.Fatal(err)
	}
	got, err1 := canonical(body)
	exp, err2 := canonical(wantJSON)
	if err1 != nil || err2 != nil {
		k.mismatch("GET %s: not JSON: %v %v", path, err1, err2)
		return
	}
	k.answers++
	if bytes.Equal(got, exp) {
		return
	}
	name := fmt.Sprintf("mismatch-%d", len(k.mismatches)+1)
	_ = os.WriteFile(filepath.Join(k.dumpDir, name+"-api.json"), got, 0o600)
	_ = os.WriteFile(filepath.Join(k.dumpDir, name+"-rebuilt.json"), exp, 0o600)
	k.mismatch("GET %s: the live projections and the rebuild differ (%s in %s) %s", path, name, k.dumpDir, firstDiff(got, exp))
}

// pageQuery adds limit and cursor to a path.
func pageQuery(path, cursor string) string {
	q := path + "?limit=" + fmt.Sprint(projections.PageLimitMax)
	if cursor != "" {
		q += "&cursor=" + url.QueryEscape(cursor)
	}
	return q
}

// compareAll compares every query answer of the live projections with the
// rebuilt file at path, both at the stream's last sequence st.last, and
// the balances with the ones folded from the stream. It returns the
// differences and how many answers were compared.
func compareAll(tb testing.TB, c *client, w *world, path string, st *streamState, dumpDir string) ([]string, int) {
	tb.Helper()
	views, err := projections.Open(path, projections.Options{ReadOnly: true, Games: registry.New()})
	if err != nil {
		tb.Fatalf("open the rebuilt projections: %v", err)
	}
	defer views.Close()
	k := &comparer{tb: tb, c: c, views: views, seq: st.last, dumpDir: dumpDir}
	if views.LastSeq() != st.last {
		k.mismatch("the rebuilt file holds 1..%d, the stream 1..%d", views.LastSeq(), st.last)
	}

	balances, err := views.Balances("")
	k.same(w.finance, "/v1/balances?zero=true", balances, err)
	k.money(st, balances)

	tables, err := views.Tables()
	k.same(w.auditor, "/v1/tables", tables, err)
	var rounds []string
	for _, t := range tables.Tables {
		tv, err := views.Table(t.ID)
		k.same(w.auditor, "/v1/tables/"+t.ID, tv, err)
		board, err := views.Board(t.ID)
		k.same(w.auditor, "/v1/tables/"+t.ID+"/board", board, err)
		cursor := ""
		for range pagesMax {
			page, err := views.Rounds(t.ID, projections.Page{Limit: projections.PageLimitMax, Cursor: cursor})
			k.same(w.auditor, pageQuery("/v1/tables/"+t.ID+"/rounds", cursor), page, err)
			for _, r := range page.Rounds {
				rounds = append(rounds, r.ID)
			}
			if cursor = page.Next; cursor == "" {
				break
			}
		}
		k.inPlay(st, t)
	}
	for _, id := range rounds {
		rv, err := views.Round(id)
		k.same(w.auditor, "/v1/rounds/"+id, rv, err)
	}
	for _, b := range balances.Balances {
		player, ok := posting.IsWallet(b.Account)
		if !ok {
			continue
		}
		cursor := ""
		for range pagesMax {
			page, err := views.PlayerBets(player, projections.Page{Limit: projections.PageLimitMax, Cursor: cursor})
			k.same(w.auditor, pageQuery("/v1/wallets/"+player+"/bets", cursor), page, err)
			if cursor = page.Next; cursor == "" {
				break
			}
		}
		cursor = ""
		for range pagesMax {
			page, err := views.WalletHistory(player, projections.Page{Limit: projections.PageLimitMax, Cursor: cursor})
			k.same(w.auditor, pageQuery("/v1/wallets/"+player+"/history", cursor), page, err)
			if cursor = page.Next; cursor == "" {
				break
			}
		}
	}
	today := time.Now().UTC()
	from, to := today.AddDate(0, 0, -1).Format(time.DateOnly), today.AddDate(0, 0, 1).Format(time.DateOnly)
	daily, err := views.Daily(from, to, "")
	k.same(w.finance, "/v1/reports/daily?from="+from+"&to="+to, daily, err)
	return k.mismatches, k.answers
}

// money compares the projected balances with the ones folded from the
// stream's postings: the same accounts and amounts, no wallet below zero.
func (k *comparer) money(st *streamState, list projections.BalanceList) {
	if list.Truncated {
		k.mismatch("the balance list is truncated")
	}
	seen := map[account]bool{}
	for _, b := range list.Balances {
		a := account{b.Account, b.Currency}
		seen[a] = true
		if want := st.balances[a]; !want.Equal(b.Balance) {
			k.mismatch("balance of %s %s: the projections hold %s, the stream's postings make %s", b.Account, b.Currency, b.Balance, want)
		}
		if _, wallet := posting.IsWallet(b.Account); wallet && b.Balance.IsNegative() {
			k.mismatch("wallet %s is negative: %s %s", b.Account, b.Balance, b.Currency)
		}
	}
	for a, v := range st.balances {
		if !seen[a] && !v.IsZero() {
			k.mismatch("balance of %s %s: %s in the stream's postings, absent from the projections", a.name, a.currency, v)
		}
	}
}

// inPlay checks that a table's in-play account holds exactly the stakes
// of the open bets of its round in progress: nothing once it is settled
// or cancelled.
func (k *comparer) inPlay(st *streamState, t projections.TableInfo) {
	held := st.balances[account{posting.InPlayAccount(t.ID), t.Currency}]
	want := decimal.Zero
	if t.ActiveRound != "" {
		rv, err := k.views.Round(t.ActiveRound)
		if err != nil {
			k.mismatch("round %s in progress on %s: %v", t.ActiveRound, t.ID, err)
			return
		}
		for _, b := range rv.Bets {
			if b.Status == projections.BetOpen {
				want = want.Add(b.Stake)
			}
		}
	}
	if !held.Equal(want) {
		k.mismatch("in play on %s: %s, the open bets of its round in progress (%q) stake %s", t.ID, held, t.ActiveRound, want)
	}
}

// reportMismatches fails the test with each difference.
func reportMismatches(tb testing.TB, cycle int, ms []string) {
	tb.Helper()
	if len(ms) == 0 {
		return
	}
	const shown = 30
	if len(ms) > shown {
		ms = append(ms[:shown], fmt.Sprintf("… and %d more", len(ms)-shown))
	}
	tb.Errorf("cycle %d: the projections differ from a rebuild:\n%s", cycle, strings.Join(ms, "\n"))
}
