package ledger_test

import (
	"reflect"
	"sync"
	"testing"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// TestLedger_Idempotency checks the idempotency rules: the same key and body
// get the same Result and write nothing; another body under the key is a
// conflict; keys belong to their actor; refusals are not remembered; a
// retried key gets the identical Result after a restart.
func TestLedger_Idempotency(t *testing.T) {
	h := newHarness(t)
	h.openTable("t1", sicbo.IDLive)
	dep := func(actor events.Actor, key, amount string) *ledger.Deposit {
		c := deposit(actor, "ana", amount, "EUR")
		c.IdempotencyKey = key
		return c
	}
	first := h.must(dep(cashier, "dep-1", "100.50"))

	t.Run("SameBody", func(t *testing.T) {
		seq := h.lastSeq()
		for _, amount := range []string{"100.50", "100.5", "100.500"} {
			r := h.must(dep(cashier, "dep-1", amount))
			if !reflect.DeepEqual(r, first) {
				t.Fatalf("retry with %s: %+v, want %+v", amount, r, first)
			}
		}
		if h.lastSeq() != seq {
			t.Fatalf("a retry wrote events: %d → %d", seq, h.lastSeq())
		}
		h.wantBalances(map[string]string{posting.WalletAccount("ana"): "100.5"})
	})

	t.Run("DifferentBody", func(t *testing.T) {
		h.refuse(dep(cashier, "dep-1", "100.51"), "idempotency_conflict")
		other := dep(cashier, "dep-1", "100.50")
		other.Player = "bob"
		h.refuse(other, "idempotency_conflict")
		ref := dep(cashier, "dep-1", "100.50")
		ref.Reference = "slip 42"
		h.refuse(ref, "idempotency_conflict")
		// The same members under another command are another request.
		w := withdraw(cashier, "ana", "100.50", "EUR")
		w.IdempotencyKey = "dep-1"
		h.refuse(w, "idempotency_conflict")
	})

	t.Run("PerActor", func(t *testing.T) {
		r := h.must(dep(cashier2, "dep-1", "100.50"))
		if r.FirstSeq == first.FirstSeq || !r.Balance.Equal(dec("201")) {
			t.Fatalf("another actor's key was taken for the first one's: %+v", r)
		}
		h.wantBalances(map[string]string{posting.WalletAccount("ana"): "201"})
	})

	t.Run("RefusalsAreNotRemembered", func(t *testing.T) {
		w := withdraw(cashier, "cid", "10", "EUR")
		w.IdempotencyKey = "wd-cid"
		h.refuse(w, "insufficient_funds")
		h.deposit("cid", "10")
		if r := h.must(w); !r.Balance.IsZero() {
			t.Fatalf("withdrawal after the deposit: %+v", r)
		}
	})

	t.Run("OneGroup", func(t *testing.T) {
		// Identical keyed commands sent at once (so most likely decided
		// in one group commit) write once and share the answer.
		const n = 8
		seq := h.lastSeq()
		results := make([]ledger.Result, n)
		errs := make([]error, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				results[i], errs[i] = h.exec(dep(supervisor, "dep-burst", "3"))
			}()
		}
		wg.Wait()
		for i := range n {
			if errs[i] != nil || !reflect.DeepEqual(results[i], results[0]) {
				t.Fatalf("burst %d: %+v %v, want %+v", i, results[i], errs[i], results[0])
			}
		}
		if h.lastSeq() != seq+1 {
			t.Fatalf("%d events for %d identical commands, want 1", h.lastSeq()-seq, n)
		}
	})

	t.Run("AfterRestart", func(t *testing.T) {
		type sent struct {
			c   ledger.Command
			res ledger.Result
		}
		var log []sent
		send := func(c ledger.Command, key string) ledger.Result {
			t.Helper()
			switch c := c.(type) {
			case *ledger.Deposit:
				c.IdempotencyKey = key
			case *ledger.Withdraw:
				c.IdempotencyKey = key
			case *ledger.Adjust:
				c.IdempotencyKey = key
			case *ledger.OpenTable:
				c.IdempotencyKey = key
			case *ledger.ChangeLimits:
				c.IdempotencyKey = key
			case *ledger.OpenRound:
				c.IdempotencyKey = key
			case *ledger.PlaceSlip:
				c.IdempotencyKey = key
			case *ledger.CloseBetting:
				c.IdempotencyKey = key
			case *ledger.RecordResult:
				c.IdempotencyKey = key
			case *ledger.Cancel:
				c.IdempotencyKey = key
			case *ledger.CorrectResult:
				c.IdempotencyKey = key
			default:
				t.Fatalf("no key for %T", c)
			}
			r := h.must(c)
			log = append(log, sent{c, r})
			return r
		}
		send(deposit(cashier, "eva", "100.50", "EUR"), "r-dep")
		// 100.50 − 0.50 leaves 100.00 in memory and "100" in the log.
		send(withdraw(cashier, "eva", "0.50", "EUR"), "r-wd")
		send(adjust(supervisor, "eva", "-0.10", "fee"), "r-adj")
		send(openTableCmd("t2", sicbo.IDLive, map[string]ledger.Limit{"*": lim("1", "100")}, lim("1", "100")), "r-ot")
		send(&ledger.ChangeLimits{Meta: ledger.Meta{Actor: supervisor}, Table: "t2", Limits: map[string]ledger.Limit{"*": lim("1", "50")}}, "r-cl")
		r1 := send(&ledger.OpenRound{Meta: ledger.Meta{Actor: dealer}, Table: "t2"}, "r-or1").Round
		send(placeSlip("t2", r1, "eva", b("small", "10.10"), b("two_odd_one_even", "1.01")), "r-slip1")
		send(closeBetting("t2", r1), "r-cb1")
		send(recordResult("t2", r1, 1, 3, 4), "r-res1")
		send(correctResult("t2", r1, 6, 6, 6), "r-cor1")
		r2 := send(&ledger.OpenRound{Meta: ledger.Meta{Actor: dealer}, Table: "t2"}, "r-or2").Round
		send(placeSlip("t2", r2, "eva", b("big", "5")), "r-slip2")
		send(cancelRound("t2", r2), "r-can2")

		// A retried slip after its round closed still gets its answer,
		// not round_not_open: the key is looked up first.
		if r := h.must(log[6].c); !reflect.DeepEqual(r, log[6].res) {
			t.Fatalf("retried slip: %+v, want %+v", r, log[6].res)
		}
		// The result, the correction and the cancellation answer their
		// settlement, which the retries below must get again.
		for _, i := range []int{8, 9, 12} {
			if st := log[i].res.Settlement; st == nil || len(st.Bets) == 0 {
				t.Fatalf("%T answered no settlement: %+v", log[i].c, log[i].res)
			}
		}
		seq := h.lastSeq()
		h.restart()
		for _, s := range log {
			r, err := h.exec(s.c)
			if err != nil {
				t.Fatalf("%T retried after a restart: %v", s.c, err)
			}
			if !reflect.DeepEqual(r, s.res) {
				t.Errorf("%T retried after a restart:\n got %+v\nwant %+v", s.c, r, s.res)
			}
		}
		if h.lastSeq() != seq {
			t.Fatalf("retries after the restart wrote events: %d → %d", seq, h.lastSeq())
		}
		if r := h.must(dep(cashier, "dep-1", "100.50")); !reflect.DeepEqual(r, first) {
			t.Fatalf("first deposit retried after a restart: %+v, want %+v", r, first)
		}
	})
	checkBooksBalance(t, h)
}
