package audit_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// builder appends hand-made events to a real store, chained correctly, so
// that a test can write what the ledger never would and see each lie
// reported where it is.
type builder struct {
	t     testing.TB
	store *jetstream.Store
	ids   idGen
	head  events.Hash
	seq   uint64
	at    time.Time
}

func newBuilder(t testing.TB, store *jetstream.Store) *builder {
	t.Helper()
	b := &builder{t: t, store: store, at: time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)}
	ctx := context.Background()
	last, err := store.LastSeq(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if last > 0 {
		raw, err := store.Get(ctx, last)
		if err != nil {
			t.Fatal(err)
		}
		e, err := events.Decode(raw.Data)
		if err != nil {
			t.Fatal(err)
		}
		b.head, b.seq, b.at = e.Hash, last, e.OccurredAt
		b.ids.n.Store(1 << 20) // ids after the ledger's
	}
	return b
}

// add appends one event and returns its sequence.
func (b *builder) add(typ events.Type, actor events.Actor, table, round string, payload events.Payload, postings ...events.Posting) uint64 {
	b.t.Helper()
	b.at = b.at.Add(time.Second)
	e, err := events.New(typ, b.at, payload)
	if err != nil {
		b.t.Fatal(err)
	}
	e.ID, e.Actor, e.Table, e.Round, e.Postings = b.ids.next(), actor, table, round, postings
	data, err := events.Encode(&e, b.head)
	if err != nil {
		b.t.Fatal(err)
	}
	subject, err := events.SubjectFor(jetstream.DefaultSubjectPrefix, &e)
	if err != nil {
		b.t.Fatal(err)
	}
	seq, err := b.store.Append(context.Background(), b.seq, []events.Raw{{Subject: subject, MsgID: e.ID.String(), Data: data}})
	if err != nil {
		b.t.Fatalf("append %s: %v", typ, err)
	}
	b.head, b.seq = e.Hash, seq
	return seq
}

func post(from, to, amount, currency string) events.Posting {
	return events.Posting{From: from, To: to, Amount: dec(amount), Currency: currency}
}

// kindsAt returns the kinds reported at seq.
func kindsAt(rep *audit.VerifyReport, seq uint64) map[audit.Kind]bool {
	out := map[audit.Kind]bool{}
	for _, v := range rep.Violations {
		if v.Seq == seq {
			out[v.Kind] = true
		}
	}
	return out
}

// TestVerify_DoctoredEvents writes a stream that lies in every way the
// verifier knows, each lie in its own event, and checks that every one is
// reported at its sequence, and nothing else is.
func TestVerify_DoctoredEvents(t *testing.T) {
	store := openStore(t, t.TempDir())
	t.Cleanup(func() { store.Close() })
	b := newBuilder(t, store)
	pt, err := sicbo.Lookup(sicbo.IDLive)
	if err != nil {
		t.Fatal(err)
	}
	w := posting.WalletAccount
	zero := decimal.Zero
	want := map[uint64][]audit.Kind{}

	b.add(events.TypeWalletDeposited, cashier, "", "", &events.WalletDeposited{Player: "p1", Amount: dec("100"), Currency: "EUR", BalanceBefore: zero, BalanceAfter: dec("100")},
		post(posting.AccountCashier, w("p1"), "100", "EUR"))
	// The payload says 50, the posting moves 60.
	s := b.add(events.TypeWalletDeposited, cashier, "", "", &events.WalletDeposited{Player: "p2", Amount: dec("50"), Currency: "EUR", BalanceBefore: zero, BalanceAfter: dec("50")},
		post(posting.AccountCashier, w("p2"), "60", "EUR"))
	want[s] = []audit.Kind{audit.KindPostingsMismatch, audit.KindBalanceMismatch}
	// A withdrawal of more than the wallet holds.
	s = b.add(events.TypeWalletWithdrawn, cashier, "", "", &events.WalletWithdrawn{Player: "p1", Amount: dec("150"), Currency: "EUR", BalanceBefore: dec("100"), BalanceAfter: dec("-50")},
		post(w("p1"), posting.AccountCashier, "150", "EUR"))
	want[s] = []audit.Kind{audit.KindWalletNegative}
	// A posting that moves nothing and a currency with three decimals.
	s = b.add(events.TypeWalletDeposited, cashier, "", "", &events.WalletDeposited{Player: "p3", Amount: dec("1.005"), Currency: "EUR", BalanceBefore: zero, BalanceAfter: dec("1.005")},
		post(posting.AccountCashier, w("p3"), "1.005", "EUR"))
	want[s] = []audit.Kind{audit.KindPostingInvalid}
	s = b.add(events.TypeWalletAdjusted, supervisor, "", "", &events.WalletAdjusted{Player: "p3", Amount: dec("0"), Currency: "EUR", Reason: "x", BalanceBefore: dec("1.005"), BalanceAfter: dec("1.005")},
		post(posting.AccountAdjustment, w("p3"), "0", "EUR"))
	want[s] = []audit.Kind{audit.KindPostingInvalid, audit.KindEventInvalid}

	// A table and a round played by hand.
	limits := map[string]events.Limit{"*": {Min: dec("1"), Max: dec("100")}}
	b.add(events.TypeTableOpened, supervisor, "t1", "", &events.TableOpened{Table: "t1", Game: sicbo.GameName, Paytable: pt.ID(), PaytableHash: pt.Hash(),
		Currency: "EUR", Scale: 2, Limits: limits, Band: events.Limit{Min: dec("1"), Max: dec("100")}, Dealer: "d1"})
	b.add(events.TypeRoundOpened, dealer, "t1", "r1", &events.RoundOpened{Table: "t1", Round: "r1", Number: 1, Paytable: pt.ID(), PaytableHash: pt.Hash()})
	// The slip's total is not the sum of its stakes, and one stake is over
	// the limit.
	s = b.add(events.TypeBetPlaced, frontend, "t1", "r1", &events.BetPlaced{Slip: "s1", Player: "p2", Table: "t1", Round: "r1", Currency: "EUR",
		Bets:  []events.PlacedBet{{Bet: "b1", Code: "small", Stake: dec("10")}, {Bet: "b2", Code: "total:4", Stake: dec("20")}, {Bet: "b3", Code: "big", Stake: dec("200")}},
		Total: dec("31"), BalanceBefore: dec("60"), BalanceAfter: dec("-170")},
		post(w("p2"), posting.InPlayAccount("t1"), "10", "EUR"), post(w("p2"), posting.InPlayAccount("t1"), "20", "EUR"), post(w("p2"), posting.InPlayAccount("t1"), "200", "EUR"))
	want[s] = []audit.Kind{audit.KindTotalsMismatch, audit.KindEventInvalid, audit.KindWalletNegative}
	b.add(events.TypeRoundBettingClosed, dealer, "t1", "r1", &events.RoundBettingClosed{Table: "t1", Round: "r1", Bets: 3, Staked: dec("230")})
	b.add(events.TypeRoundResult, dealer, "t1", "r1", &events.RoundResult{Table: "t1", Round: "r1", Dice: [3]int{1, 1, 2}})
	settled := func(bet, code, stake, outcome, win, returned string, postings ...events.Posting) uint64 {
		return b.add(events.TypeBetSettled, dealer, "t1", "r1", &events.BetSettled{Table: "t1", Round: "r1", Slip: "s1", Bet: bet, Player: "p2", Code: code,
			Stake: dec(stake), Currency: "EUR", Dice: [3]int{1, 1, 2}, Outcome: outcome, Win: dec(win), Returned: dec(returned), Residue: zero,
			Rule: "by hand", Paytable: pt.ID(), PaytableHash: pt.Hash()}, postings...)
	}
	// small on 1-1-2 wins 10: recorded right.
	settled("b1", "small", "10", "won", "10", "20",
		post(posting.InPlayAccount("t1"), w("p2"), "10", "EUR"), post(posting.HouseAccount("t1"), w("p2"), "10", "EUR"))
	// total:4 on 1-1-2 pays 60:1 = 1200: recorded as 1000, and consistently
	// posted so (the payout is wrong, the postings follow the payload).
	s = settled("b2", "total:4", "20", "won", "1000", "1020",
		post(posting.InPlayAccount("t1"), w("p2"), "20", "EUR"), post(posting.HouseAccount("t1"), w("p2"), "1000", "EUR"))
	want[s] = []audit.Kind{audit.KindPayoutMismatch}
	// The same bet settled twice.
	s = settled("b1", "small", "10", "won", "10", "20",
		post(posting.InPlayAccount("t1"), w("p2"), "10", "EUR"), post(posting.HouseAccount("t1"), w("p2"), "10", "EUR"))
	want[s] = []audit.Kind{audit.KindBetUnresolved}
	// The round is settled with b3 never settled, and wrong totals.
	s = b.add(events.TypeRoundSettled, dealer, "t1", "r1", &events.RoundSettled{Table: "t1", Round: "r1", Dice: [3]int{1, 1, 2}, Bets: 3,
		Staked: dec("230"), Won: dec("1210"), Returned: dec("1040"), Residue: zero})
	want[s] = []audit.Kind{audit.KindBetUnresolved, audit.KindTotalsMismatch}

	// A seal with the wrong head, one covering the wrong range, and one
	// signed by another key.
	s = b.add(events.TypeLedgerSealed, events.Actor{ID: "wagerlog", Role: ledger.RoleSystem}, "", "", &events.LedgerSealed{FromSeq: 1, ToSeq: b.seq, Count: b.seq, Head: events.Hash{1}})
	want[s] = []audit.Kind{audit.KindSealMismatch, audit.KindSealSignature} // unsigned
	seal := &events.LedgerSealed{FromSeq: s + 1, ToSeq: b.seq, Count: 0, Head: b.head}
	events.SignSeal(sealKey(), seal)
	s = b.add(events.TypeLedgerSealed, events.Actor{ID: "wagerlog", Role: ledger.RoleSystem}, "", "", seal)
	want[s] = []audit.Kind{audit.KindSealMismatch, audit.KindSealSignature}
	// An event for a round that was never opened.
	s = b.add(events.TypeRoundReshake, dealer, "t1", "r9", &events.RoundReshake{Table: "t1", Round: "r9", Reason: events.ReshakeOther})
	want[s] = []audit.Kind{audit.KindEventInvalid}

	opts := options()
	opts.PublicKey = otherKey()
	rep := verify(t, store, 0, 0, opts)
	for seq := uint64(1); seq <= b.seq; seq++ {
		got := kindsAt(rep, seq)
		for _, k := range want[seq] {
			if !got[k] {
				t.Errorf("seq %d: %s not reported (got %v)", seq, k, got)
			}
			delete(got, k)
		}
		for k := range got {
			t.Errorf("seq %d: unexpected %s", seq, k)
		}
	}
	// At the end: the books of EUR still balance (every posting is a
	// movement between two accounts), and no seal verifies with the key.
	for _, v := range rep.Violations {
		if v.Seq == 0 && v.Kind != audit.KindSealMissing {
			t.Errorf("unexpected end-of-walk violation %v", v)
		}
	}
	if got := kindsAt(rep, 0); !got[audit.KindSealMissing] {
		t.Errorf("seal_missing not reported")
	}
	if rep.Clean {
		t.Fatal("a doctored stream reported clean")
	}
	if t.Failed() {
		for _, v := range rep.Violations {
			t.Log(v)
		}
	}
}

// TestDispute_Mismatch builds the dispute report of the hand-made round:
// the payout that differs from the paytable is marked, and the round is
// not intact (its events carry violations).
func TestDispute_Mismatch(t *testing.T) {
	store := openStore(t, t.TempDir())
	t.Cleanup(func() { store.Close() })
	b := newBuilder(t, store)
	pt, _ := sicbo.Lookup(sicbo.IDLive)
	w := posting.WalletAccount
	b.add(events.TypeWalletDeposited, cashier, "", "", &events.WalletDeposited{Player: "p1", Amount: dec("100"), Currency: "EUR", BalanceBefore: decimal.Zero, BalanceAfter: dec("100")},
		post(posting.AccountCashier, w("p1"), "100", "EUR"))
	b.add(events.TypeTableOpened, supervisor, "t1", "", &events.TableOpened{Table: "t1", Game: sicbo.GameName, Paytable: pt.ID(), PaytableHash: pt.Hash(),
		Currency: "EUR", Scale: 2, Limits: map[string]events.Limit{"*": {Min: dec("1"), Max: dec("100")}}, Band: events.Limit{Min: dec("1"), Max: dec("100")}, Dealer: "d1"})
	b.add(events.TypeRoundOpened, dealer, "t1", "r1", &events.RoundOpened{Table: "t1", Round: "r1", Number: 1, Paytable: pt.ID(), PaytableHash: pt.Hash()})
	b.add(events.TypeBetPlaced, frontend, "t1", "r1", &events.BetPlaced{Slip: "s1", Player: "p1", Table: "t1", Round: "r1", Currency: "EUR",
		Bets: []events.PlacedBet{{Bet: "b1", Code: "total:4", Stake: dec("1")}}, Total: dec("1"), BalanceBefore: dec("100"), BalanceAfter: dec("99")},
		post(w("p1"), posting.InPlayAccount("t1"), "1", "EUR"))
	b.add(events.TypeRoundBettingClosed, dealer, "t1", "r1", &events.RoundBettingClosed{Table: "t1", Round: "r1", Bets: 1, Staked: dec("1")})
	b.add(events.TypeRoundResult, dealer, "t1", "r1", &events.RoundResult{Table: "t1", Round: "r1", Dice: [3]int{1, 1, 2}})
	bad := b.add(events.TypeBetSettled, dealer, "t1", "r1", &events.BetSettled{Table: "t1", Round: "r1", Slip: "s1", Bet: "b1", Player: "p1", Code: "total:4",
		Stake: dec("1"), Currency: "EUR", Dice: [3]int{1, 1, 2}, Outcome: "won", Win: dec("50"), Returned: dec("51"), Residue: decimal.Zero,
		Rule: "by hand", Paytable: pt.ID(), PaytableHash: pt.Hash()},
		post(posting.InPlayAccount("t1"), w("p1"), "1", "EUR"), post(posting.HouseAccount("t1"), w("p1"), "50", "EUR"))
	b.add(events.TypeRoundSettled, dealer, "t1", "r1", &events.RoundSettled{Table: "t1", Round: "r1", Dice: [3]int{1, 1, 2}, Bets: 1,
		Staked: dec("1"), Won: dec("50"), Returned: dec("51"), Residue: decimal.Zero})

	rep, err := audit.Dispute(context.Background(), store, "r1", options())
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Bets) != 1 || rep.Bets[0].Match || !rep.Bets[0].RecomputedWin.Equal(dec("60")) || !rep.Bets[0].RecordedWin.Equal(dec("50")) {
		t.Fatalf("bets %+v", rep.Bets)
	}
	if rep.Totals.Mismatches != 1 || rep.Chain.RoundIntact || rep.Chain.Clean {
		t.Fatalf("totals %+v chain %+v", rep.Totals, rep.Chain)
	}
	p := rep.Players[0]
	if !p.Before.Equal(dec("100")) || !p.After.Equal(dec("150")) || !p.Staked.Equal(dec("1")) || !p.Returned.Equal(dec("51")) || !p.Other.IsZero() {
		t.Fatalf("player %+v", p)
	}
	if !hasViolationIn(rep.Chain.Violations, bad, audit.KindPayoutMismatch) {
		t.Fatalf("violations %v", rep.Chain.Violations)
	}
	if _, err := audit.Dispute(context.Background(), store, "nope", options()); !errors.Is(err, audit.ErrRoundNotFound) {
		t.Fatalf("unknown round: %v", err)
	}
}

func hasViolationIn(vs []audit.Violation, seq uint64, k audit.Kind) bool {
	for _, v := range vs {
		if v.Seq == seq && v.Kind == k {
			return true
		}
	}
	return false
}
