package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/api"
	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/internal/syncbuf"
	"github.com/wagerlog/wagerlog/ledger"
)

// keygen runs `wagerlog keygen` into dir and returns the key file and the
// printed public key in hex.
func keygen(t *testing.T, dir string) (string, string) {
	t.Helper()
	key := filepath.Join(dir, "seal.key")
	out, stderr, err := runMain(t, "keygen", "--out", key)
	if err != nil {
		t.Fatalf("keygen: %v\n%s", err, stderr)
	}
	m := regexp.MustCompile(`public key \(hex\): ([0-9a-f]{64})`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("keygen printed %q", out)
	}
	if fi, err := os.Stat(key); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("key file %v, %v", fi, err)
	}
	if _, _, err := runMain(t, "keygen", "--out", key); err == nil {
		t.Fatal("keygen replaced an existing key")
	}
	return key, m[1]
}

// days returns the UTC days before and after today: a period around the
// events a test writes now, even across a midnight.
func days() (string, string) {
	now := time.Now().UTC()
	return now.AddDate(0, 0, -1).Format(time.DateOnly), now.AddDate(0, 0, 1).Format(time.DateOnly)
}

// playSealed plays two rounds with the real ledger into the embedded store
// of dir, sealing every 4 events with the key file, and returns a round id.
func playSealed(t *testing.T, dir, keyFile string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	key, err := loadPrivateKey(keyFile)
	if err != nil {
		t.Fatal(err)
	}
	st, err := jetstream.Open(ctx, jetstream.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	l, err := ledger.Open(ctx, st, ledger.Options{Games: registry.New(), SealEvery: 4, SealInterval: -1, SealKey: key})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	d := decimal.RequireFromString
	sup := ledger.Meta{Actor: events.Actor{ID: "sup", Role: ledger.RoleSupervisor}}
	dl := ledger.Meta{Actor: events.Actor{ID: "dl", Role: ledger.RoleDealer}}
	fe := ledger.Meta{Actor: events.Actor{ID: "fe", Role: ledger.RoleFrontend}}
	run := func(c ledger.Command) ledger.Result {
		t.Helper()
		r, err := l.Execute(ctx, c)
		if err != nil {
			t.Fatalf("%T: %v", c, err)
		}
		return r
	}
	run(&ledger.Deposit{Meta: ledger.Meta{Actor: events.Actor{ID: "cash", Role: ledger.RoleCashier}}, Player: "ana", Amount: d("100"), Currency: "EUR"})
	run(&ledger.OpenTable{Meta: sup, Table: "t1", Paytable: sicbo.IDLive, Currency: "EUR",
		Limits: map[string]ledger.Limit{"*": {Min: d("1"), Max: d("100")}}, Band: ledger.Limit{Min: d("1"), Max: d("100")}, Dealer: "dl"})
	var first string
	for _, dice := range [][]int{{2, 2, 5}, {6, 6, 6}} {
		round := run(&ledger.OpenRound{Meta: dl, Table: "t1"}).Round
		if first == "" {
			first = round
		}
		run(&ledger.PlaceSlip{Meta: fe, Table: "t1", Round: round, Player: "ana", Bets: []ledger.BetRequest{{Code: "small", Stake: d("10")}, {Code: "triple:6", Stake: d("1")}}})
		run(&ledger.CloseBetting{Meta: dl, Table: "t1", Round: round})
		run(&ledger.RecordResult{Meta: dl, Table: "t1", Round: round, Result: sicbo.ResultJSON(dice...)})
	}
	return first
}

func TestAuditCommands(t *testing.T) {
	dir := t.TempDir()
	key, pubHex := keygen(t, dir)
	data := filepath.Join(dir, "data")
	round := playSealed(t, data, key)
	from, to := days()

	t.Run("verify", func(t *testing.T) {
		out, stderr, err := runMain(t, "verify", "--data-dir", data, "--pubkey", key+".pub")
		if err != nil || !strings.Contains(out, "clean") || !strings.Contains(stderr, "verify: ") {
			t.Fatalf("verify: %v\n%s\n%s", err, out, stderr)
		}
		out, _, err = runMain(t, "verify", "--data-dir", data, "--pubkey", pubHex, "--json")
		var rep audit.VerifyReport
		if err != nil || json.Unmarshal([]byte(out), &rep) != nil || !rep.Clean || rep.Seals.Verified == 0 {
			t.Fatalf("verify --json: %v %+v", err, rep)
		}
	})
	t.Run("verify wrong key", func(t *testing.T) {
		other := strings.Repeat("ab", 32)
		out, _, err := runMain(t, "verify", "--data-dir", data, "--pubkey", other)
		var ee *ExitError
		if !errors.As(err, &ee) || ee.Code != exitViolations || !strings.Contains(out, "seal_signature") {
			t.Fatalf("verify with another key: %v\n%s", err, out)
		}
	})
	archive := filepath.Join(dir, "all.jsonl")
	t.Run("export and verify the archive", func(t *testing.T) {
		for _, f := range []string{archive, archive + ".gz"} {
			if _, stderr, err := runMain(t, "export", "--data-dir", data, f); err != nil {
				t.Fatalf("export %s: %v\n%s", f, err, stderr)
			}
			out, stderr, err := runMain(t, "verify", "--archive", f, "--pubkey", key+".pub")
			if err != nil || !strings.Contains(out, "clean") {
				t.Fatalf("verify --archive %s: %v\n%s\n%s", f, err, out, stderr)
			}
		}
		if _, _, err := runMain(t, "export", "--data-dir", data, archive); err == nil {
			t.Fatal("export replaced an existing archive")
		}
	})
	t.Run("archive verdicts", func(t *testing.T) {
		// Without --pubkey: consistent, not authenticated, never clean.
		out, _, err := runMain(t, "verify", "--archive", archive)
		var ee *ExitError
		if !errors.As(err, &ee) || ee.Code != exitNotAuthenticated || !strings.HasPrefix(out, "CONSISTENT, NOT AUTHENTICATED") || strings.Contains(out, "clean") {
			t.Fatalf("verify --archive without --pubkey: %v\n%s", err, out)
		}
		// One more deposit after the last seal: an export up to it ends
		// past the last seal, says so, and does not verify clean.
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		st, err := jetstream.Open(ctx, jetstream.Options{DataDir: data})
		if err != nil {
			t.Fatal(err)
		}
		l, err := ledger.Open(ctx, st, ledger.Options{Games: registry.New(), SealEvery: -1, SealInterval: -1})
		if err != nil {
			t.Fatal(err)
		}
		res, err := l.Execute(ctx, &ledger.Deposit{Meta: ledger.Meta{Actor: events.Actor{ID: "cash", Role: ledger.RoleCashier}}, Player: "bo", Amount: decimal.RequireFromString("5"), Currency: "EUR"})
		l.Close()
		st.Close()
		if err != nil {
			t.Fatal(err)
		}
		tail := filepath.Join(dir, "tail.jsonl")
		_, stderr, err := runMain(t, "export", "--data-dir", data, tail)
		if err != nil || !strings.Contains(stderr, "warning: the archive ends past the stream's last seal") {
			t.Fatalf("export past the last seal: %v\n%s", err, stderr)
		}
		out, _, err = runMain(t, "verify", "--archive", tail, "--pubkey", pubHex)
		want := fmt.Sprintf("NOT FULLY SEALED: events %d..%d of 1..%d", res.LastSeq, res.LastSeq, res.LastSeq)
		if !errors.As(err, &ee) || ee.Code != exitNotFullySealed || !strings.HasPrefix(out, want) {
			t.Fatalf("verify --archive of an export past the last seal: %v\n%s\nwant a first line %q", err, out, want)
		}
		// Signed by the exporter with the seal key: every event covered.
		signed := filepath.Join(dir, "signed.jsonl.gz")
		if _, stderr, err := runMain(t, "export", "--data-dir", data, "--seal-key", key, signed); err != nil || !strings.Contains(stderr, "signed the archive") {
			t.Fatalf("export --seal-key: %v\n%s", err, stderr)
		}
		if out, _, err := runMain(t, "verify", "--archive", signed, "--pubkey", key+".pub"); err != nil || !strings.HasPrefix(out, "CLEAN: every event of 1..") {
			t.Fatalf("verify --archive of a signed export: %v\n%s", err, out)
		}
	})
	t.Run("changed archive", func(t *testing.T) {
		b, err := os.ReadFile(archive)
		if err != nil {
			t.Fatal(err)
		}
		at := bytes.Index(b, []byte(`"amount":"100"`))
		b[at+len(`"amount":"10`)] = '9' // the deposit, event 1: 100 → 190
		bad := filepath.Join(dir, "bad.jsonl")
		if err := os.WriteFile(bad, b, 0o600); err != nil {
			t.Fatal(err)
		}
		out, _, err := runMain(t, "verify", "--archive", bad, "--pubkey", pubHex)
		var ee *ExitError
		if !errors.As(err, &ee) || ee.Code != exitViolations || !strings.Contains(out, "seq 1: hash_mismatch") {
			t.Fatalf("verify --archive of a changed archive: %v\n%s", err, out)
		}
	})
	t.Run("reports", func(t *testing.T) {
		html := filepath.Join(dir, "dispute.html")
		if _, stderr, err := runMain(t, "report", "dispute", round, "--data-dir", data, "--format", "html", "--out", html, "--pubkey", key+".pub"); err != nil {
			t.Fatalf("report dispute: %v\n%s", err, stderr)
		}
		if b, err := os.ReadFile(html); err != nil || !bytes.Contains(b, []byte("<svg")) || !bytes.Contains(b, []byte(round)) {
			t.Fatalf("dispute html: %v", err)
		}
		csvDir := filepath.Join(t.TempDir(), "reconcile") + "/"
		out, stderr, err := runMain(t, "report", "reconcile", "--data-dir", data, "--period", from+".."+to, "--format", "csv", "--out", csvDir)
		days, _ := os.ReadFile(filepath.Join(csvDir, "days.csv"))
		if _, serr := os.Stat(filepath.Join(csvDir, "discrepancies.csv")); err != nil || serr != nil || !strings.HasPrefix(string(days), "date,no_activity,") {
			t.Fatalf("report reconcile: %v\n%s\n%s", err, out, stderr)
		}
		pdfOut := filepath.Join(t.TempDir(), "regulator.pdf")
		if out, stderr, err := runMain(t, "report", "regulator", "--data-dir", data, "--from", from, "--to", to, "--format", "pdf", "--out", pdfOut); err != nil {
			t.Fatalf("report regulator --format pdf: %v\n%s\n%s", err, out, stderr)
		}
		if b, err := os.ReadFile(pdfOut); err != nil || !bytes.HasPrefix(b, []byte("%PDF-")) {
			t.Fatalf("regulator pdf: %v", err)
		}
		out, stderr, err = runMain(t, "report", "regulator", "--data-dir", data, "--from", from, "--to", to, "--large-win", "EUR=100")
		var reg audit.RegulatorReport
		if err != nil || json.Unmarshal([]byte(out), &reg) != nil || len(reg.LargeWins) != 1 || !reg.Verification.Clean {
			t.Fatalf("report regulator: %v\n%s\n%s", err, out, stderr)
		}
		if _, _, err := runMain(t, "report", "regulator", "--data-dir", data, "--period", "week:1"); err == nil {
			t.Fatal("a bad period was accepted")
		}
	})
	t.Run("changed stored event", func(t *testing.T) {
		blocks, _ := filepath.Glob(filepath.Join(data, "jetstream", "*", "streams", "*", "msgs", "*.blk"))
		if len(blocks) == 0 {
			t.Fatal("no message block files")
		}
		b, err := os.ReadFile(blocks[0])
		if err != nil {
			t.Fatal(err)
		}
		at := bytes.Index(b, []byte(`"amount":"100"`))
		if at < 0 {
			t.Fatal("deposit not found in the block")
		}
		b[at+len(`"amount":"10`)] = '9'
		if err := os.WriteFile(blocks[0], b, 0o600); err != nil {
			t.Fatal(err)
		}
		out, _, err := runMain(t, "verify", "--data-dir", data)
		var ee *ExitError
		if !errors.As(err, &ee) || ee.Code != exitViolations || !regexp.MustCompile(`seq 1: (hash_mismatch|sequence_gap)`).MatchString(out) {
			t.Fatalf("verify after a change on disk: %v\n%s", err, out)
		}
	})
}

// TestServe_AuditorAPI runs serve with a seal key and calls the auditor
// routes with the auditor's and finance's tokens.
func TestServe_AuditorAPI(t *testing.T) {
	dir := t.TempDir()
	key, _ := keygen(t, dir)
	s := &server{t: t, dir: dir, tokens: map[string]string{}, log: &syncbuf.Buffer{},
		extra: []string{"--seal-key", key, "--seal-every", "3"}}
	var lines []string
	for _, role := range []string{ledger.RoleSupervisor, ledger.RoleDealer, ledger.RoleAuditor, ledger.RoleFinance} {
		tok := fmt.Sprintf("%stest-%s-0123456789abcdef", api.TokenPrefix, role)
		s.tokens[role] = tok
		lines = append(lines, api.TokenLine(role, role+"-1", tok))
	}
	if err := os.WriteFile(filepath.Join(dir, "tokens"), []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	s.start("127.0.0.1:0")
	t.Cleanup(func() { s.stop() })
	s.openTable("t1")
	s.playRound("t1", [3]int{1, 2, 3})
	s.playRound("t1", [3]int{4, 5, 6})

	get := func(role, method, path, body string) (int, string, string) {
		t.Helper()
		req, _ := http.NewRequest(method, s.base+path, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+s.tokens[role])
		if body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, res.Header.Get("Content-Type"), string(b)
	}
	code, _, body := get(ledger.RoleAuditor, "POST", "/v1/audit/verify", `{}`)
	var rep audit.VerifyReport
	if code != 200 || json.Unmarshal([]byte(body), &rep) != nil || !rep.Clean || rep.Seals.Seals == 0 || rep.Seals.Verified != rep.Seals.Seals {
		t.Fatalf("verify: %d %s", code, body)
	}
	from, to := days()
	code, ctype, body := get(ledger.RoleFinance, "GET", "/v1/reports/reconcile?period="+from+".."+to+"&format=csv", "")
	// One CSV file per table, in a zip: accounts.csv starts with its header.
	if code != 200 || ctype != "application/zip" || !strings.HasPrefix(body, "PK") || !strings.Contains(body, "accounts.csv") ||
		!strings.Contains(body, "account,currency,opening,inflows,outflows,closing,expected,difference") {
		t.Fatalf("reconcile: %d %s %s", code, ctype, body)
	}
	code, ctype, body = get(ledger.RoleAuditor, "GET", "/v1/reports/regulator?from="+from+"&to="+to+"&format=html", "")
	if code != 200 || !strings.HasPrefix(ctype, "text/html") || !strings.Contains(body, "<svg") {
		t.Fatalf("regulator: %d %s", code, ctype)
	}
	if code, _, body = get(ledger.RoleFinance, "GET", "/v1/reports/regulator?period=nonsense", ""); code != 400 || !strings.Contains(body, "invalid_query") {
		t.Fatalf("bad period: %d %s", code, body)
	}
	if code, _, body = get(ledger.RoleAuditor, "GET", "/v1/reports/dispute?round=nope", ""); code != 404 {
		t.Fatalf("unknown round: %d %s", code, body)
	}
	if code, _, _ = get(ledger.RoleDealer, "GET", "/v1/reports/regulator?period=day:"+from, ""); code != 403 {
		t.Fatalf("a dealer read a regulator report: %d", code)
	}
}
