package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// playRound writes one settled round into the embedded store of dir with
// the real ledger, then stops both, and returns the round id and the
// stream's last sequence.
func playRound(t *testing.T, dir string) (string, uint64) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	st, err := jetstream.Open(ctx, jetstream.Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	l, err := ledger.Open(ctx, st, ledger.Options{Games: registry.New()})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	d := decimal.RequireFromString
	sup := ledger.Meta{Actor: events.Actor{ID: "sup", Role: ledger.RoleSupervisor}}
	dl := ledger.Meta{Actor: events.Actor{ID: "dl", Role: ledger.RoleDealer}}
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
	round := run(&ledger.OpenRound{Meta: dl, Table: "t1"}).Round
	run(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: events.Actor{ID: "fe", Role: ledger.RoleFrontend}}, Table: "t1", Round: round, Player: "ana",
		Bets: []ledger.BetRequest{{Code: "small", Stake: d("10")}, {Code: "double:2", Stake: d("5")}}})
	run(&ledger.CloseBetting{Meta: dl, Table: "t1", Round: round})
	res := run(&ledger.RecordResult{Meta: dl, Table: "t1", Round: round, Result: sicbo.ResultJSON(2, 2, 5)})
	return round, res.LastSeq
}

func runMain(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	m := &Main{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}
	err := m.Run(context.Background(), args)
	return out.String(), errb.String(), err
}

func TestRebuildAndReplayCmd(t *testing.T) {
	dir := t.TempDir()
	round, last := playRound(t, dir)

	out, stderr, err := runMain(t, "rebuild", "--data-dir", dir)
	if err != nil {
		t.Fatalf("rebuild: %v\n%s", err, stderr)
	}
	if !strings.Contains(out, "rebuilt") || !strings.Contains(stderr, "rebuild: ") {
		t.Fatalf("rebuild printed %q, progress %q", out, stderr)
	}

	t.Run("Text", func(t *testing.T) {
		out, _, err := runMain(t, "replay", "round", round, "--data-dir", dir)
		if err != nil {
			t.Fatalf("replay: %v\n%s", err, out)
		}
		flat := strings.Join(strings.Fields(out), " ")
		for _, want := range []string{"Result 2-2-5", "round.result dl (dealer) ok ok", "bet.settled", "Chain ok", "Settlements ok", "double:2 5 won 50/55 won 50/55 0 ok double:2 pays 10:1"} {
			if !strings.Contains(flat, want) {
				t.Errorf("no %q in:\n%s", want, out)
			}
		}
	})
	t.Run("JSON", func(t *testing.T) {
		out, _, err := runMain(t, "replay", "round", round, "--json", "--data-dir", dir)
		if err != nil {
			t.Fatal(err)
		}
		var r struct {
			ChainOK bool `json:"chain_ok"`
			Match   bool `json:"match"`
			Events  []struct {
				Seq uint64 `json:"seq"`
			} `json:"events"`
			Bets []struct {
				Recomputed struct {
					Win string `json:"win"`
				} `json:"recomputed"`
			} `json:"bets"`
		}
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("%v in %s", err, out)
		}
		if !r.ChainOK || !r.Match || len(r.Events) != 7 || len(r.Bets) != 2 || r.Bets[1].Recomputed.Win != "50" {
			t.Fatalf("%+v", r)
		}
	})
	t.Run("Balances", func(t *testing.T) {
		out, _, err := runMain(t, "replay", "balances", "--seq", "1", "--data-dir", dir)
		if err != nil || !strings.Contains(out, "wallet:ana") || !strings.Contains(out, "100") {
			t.Fatalf("%v: %s", err, out)
		}
		out, _, err = runMain(t, "replay", "balances", "--at", time.Now().Add(time.Hour).Format(time.RFC3339), "--data-dir", dir, "--json")
		var b struct {
			Seq uint64 `json:"seq"`
		}
		if err != nil || json.Unmarshal([]byte(out), &b) != nil || b.Seq != last {
			t.Fatalf("%v: %s", err, out)
		}
	})
	t.Run("BalancesZero", func(t *testing.T) {
		// After the settlement the table's in-play account is at zero: left
		// out unless --zero, as GET /v1/balances leaves it out unless
		// zero=true.
		seq := fmt.Sprint(last)
		out, _, err := runMain(t, "replay", "balances", "--seq", seq, "--data-dir", dir)
		if err != nil || strings.Contains(out, posting.InPlayAccount("t1")) || !strings.Contains(out, "wallet:ana") {
			t.Fatalf("without --zero: %v: %s", err, out)
		}
		out, _, err = runMain(t, "replay", "balances", "--seq", seq, "--zero", "--data-dir", dir)
		if err != nil || !strings.Contains(out, posting.InPlayAccount("t1")) {
			t.Fatalf("with --zero: %v: %s", err, out)
		}
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		if _, _, err := runMain(t, "replay", "round", "01900000-0000-7000-8000-000000000000", "--data-dir", dir); err == nil {
			t.Fatal("an unknown round replayed")
		}
	})
	t.Run("ErrFindings", func(t *testing.T) {
		// A projections file in another zone is refused, not misread.
		_, _, err := runMain(t, "replay", "round", round, "--data-dir", dir, "--time-zone", "Europe/Madrid")
		if err == nil || !strings.Contains(err.Error(), "rebuild") {
			t.Fatalf("err %v", err)
		}
		var ee *ExitError
		if errors.As(err, &ee) {
			t.Fatalf("a refused file is not a finding: %v", err)
		}
	})
}

// gcPercent reads the collector's GOGC without changing it.
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

// TestGCForRebuild checks that rebuild's heap limit is set for the rebuild
// and restored after, that it leaves an operator's GOGC alone unless the
// flag is given, and that a negative limit is refused.
func TestGCForRebuild(t *testing.T) {
	percent, limit := gcPercent(), debug.SetMemoryLimit(-1)
	restore, err := gcForRebuild(rebuildConfig{heapMiB: 512, heapSet: true})
	if err != nil {
		t.Fatal(err)
	}
	if p, l := gcPercent(), debug.SetMemoryLimit(-1); p != -1 || l != 512<<20 {
		t.Errorf("during the rebuild: GOGC %d, limit %d; want off and %d", p, l, 512<<20)
	}
	restore()
	if p, l := gcPercent(), debug.SetMemoryLimit(-1); p != percent || l != limit {
		t.Errorf("after: GOGC %d, limit %d; want %d, %d", p, l, percent, limit)
	}

	t.Setenv("GOGC", "200")
	restore, err = gcForRebuild(rebuildConfig{heapMiB: rebuildHeapMiB})
	if err != nil {
		t.Fatal(err)
	}
	if p := gcPercent(); p != percent {
		t.Errorf("with GOGC in the environment the default changed GOGC to %d", p)
	}
	restore()

	if _, err := gcForRebuild(rebuildConfig{heapMiB: -1, heapSet: true}); err == nil {
		t.Error("a negative limit was accepted")
	}
}
