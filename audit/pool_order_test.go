package audit_test

import (
	"context"
	"testing"

	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/internal/ledgertest"
	"github.com/wagerlog/wagerlog/internal/testgames"
	"github.com/wagerlog/wagerlog/ledger"
)

// TestVerify_PoolNegativeInPass plays a pass whose four of a kind (2,500)
// needs a shortfall funding, then copies the stream twice, chained
// afresh: as written, and with the jackpot.pass_funded moved after the
// prize it covers, which takes the main pool below zero inside a pass
// that declares itself written funding first. verify reports
// pool_negative in the second copy only. A third copy is the pass as the
// ledger wrote it before funding first (no jackpot.pass_funded, every
// transfer posted with round.settled after the prize, no order declared):
// its main pool was below zero between the prize and round.settled, and
// it verifies clean of pool_negative, checked at the pass's end.
func TestVerify_PoolNegativeInPass(t *testing.T) {
	h := ledgertest.NewWith(t, poolCatalog())
	fin := events.Actor{ID: "fin-1", Role: ledger.RoleFinance}
	h.Deposit("cid", "100")
	h.OpenGameTable("t2", "prog/test")
	h.Must(&ledger.ConfigurePool{Meta: ledger.Meta{Actor: fin}, Pool: "jp-1", Currency: "EUR", Params: poolJSON(t, "jp-1")})
	h.Must(&ledger.LinkPool{Meta: ledger.Meta{Actor: ledgertest.Supervisor}, Pool: "jp-1", Table: "t2"})
	r := h.OpenRound("t2")
	h.Must(&ledger.PlaceSlip{Meta: ledger.Meta{Actor: ledgertest.Frontend}, Table: "t2", Round: r, Player: "cid",
		Bets: []ledger.BetRequest{ledgertest.BetOf("progressive:4", "5")}})
	h.CloseBetting("t2", r)
	h.Must(&ledger.RecordResult{Meta: ledger.Meta{Actor: ledgertest.Dealer}, Table: "t2", Round: r,
		Result: testgames.PassJSON([]testgames.PassSeat{{Seat: 4, Cards: []string{"2H", "2D", "2C", "2S", "9H"}}})})

	var envs []events.Envelope
	if err := h.Stream.Read(context.Background(), 1, h.LastSeq(), func(raw events.Raw) error {
		e, err := events.Decode(raw.Data)
		if err == nil && e.Type != events.TypeLedgerSealed {
			envs = append(envs, e)
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	funding, prize := -1, -1
	for i, e := range envs {
		switch {
		case e.Type == events.TypeJackpotPassFunded:
			funding = i
		case e.Type == events.TypeBetSettled && funding >= 0 && prize < 0:
			prize = i
		}
	}
	if funding < 0 || prize != funding+1 {
		t.Fatalf("the pass is not written funding first: funding at %d, prize at %d", funding, prize)
	}
	type doctor func(e events.Envelope, payload events.Payload) events.Payload
	copyVerify := func(envs []events.Envelope, fix ...doctor) *audit.VerifyReport {
		store := openStore(t, t.TempDir())
		t.Cleanup(func() { store.Close() })
		b := newBuilder(t, store)
		for _, e := range envs {
			payload, err := events.DecodePayload(&e)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range fix {
				payload = f(e, payload)
			}
			b.add(e.Type, e.Actor, e.Table, e.Round, payload, e.Postings...)
		}
		rep, err := audit.Verify(context.Background(), store, 0, 0, audit.Options{Games: poolCatalog(), SubjectPrefix: jetstream.DefaultSubjectPrefix})
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	count := func(rep *audit.VerifyReport) int {
		n := 0
		for _, v := range rep.Violations {
			if v.Kind == audit.KindPoolNegative {
				n++
			}
		}
		return n
	}
	if rep := copyVerify(envs); count(rep) != 0 {
		t.Fatalf("the pass as written: %+v", rep.Violations)
	}
	doctored := append([]events.Envelope(nil), envs...)
	doctored[funding], doctored[prize] = doctored[prize], doctored[funding]
	rep := copyVerify(doctored)
	if count(rep) != 1 {
		t.Fatalf("the prize before its funding: %d pool_negative in %+v", count(rep), rep.Violations)
	}

	// The old order: the funding's postings move to round.settled.
	var old []events.Envelope
	for i, e := range envs {
		if i == funding {
			continue
		}
		if e.Type == events.TypeRoundSettled {
			e.Postings = append(append([]events.Posting(nil), envs[funding].Postings...), e.Postings...)
		}
		old = append(old, e)
	}
	rep = copyVerify(old, func(e events.Envelope, payload events.Payload) events.Payload {
		if p, ok := payload.(*events.RoundSettled); ok && p.Funds != nil && p.Funds.Pool != nil {
			p.Funds.Pool.Order, p.Funds.Pool.Funded = "", 0
		}
		return payload
	})
	if count(rep) != 0 {
		t.Fatalf("a pass of the old order: %+v", rep.Violations)
	}
	for _, v := range rep.Violations {
		if v.Kind == audit.KindPostingsMismatch || v.Kind == audit.KindPayoutMismatch {
			t.Fatalf("the old order does not verify: %+v", rep.Violations)
		}
	}
}
