package projections

import (
	"bytes"
	"errors"
	"path/filepath"
	"testing"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/posting"
)

// TestStore_LiveEqualsRebuild plays a random run of commands while a
// projector keeps a store up to date, then builds a second store from
// sequence 1 and checks that both give identical answers to every query,
// and that the balances agree with the ledger's own state.
func TestStore_LiveEqualsRebuild(t *testing.T) {
	h := newHarness(t)
	live := openProj(t, "", Options{})
	runProjector(t, live, h.Stream)
	sc := playScenario(h, 1, 60)
	last := h.LastSeq()
	waitFor(t, live, last)

	rebuilt := openProj(t, "", Options{})
	applyAll(t, rebuilt, readRaw(t, h.Stream), 37)
	if rebuilt.LastSeq() != last {
		t.Fatalf("rebuilt at %d, stream at %d", rebuilt.LastSeq(), last)
	}
	a, b := answers(t, live, sc), answers(t, rebuilt, sc)
	sameAnswers(t, a, b)

	// The balances are the ledger's, account by account.
	want := h.LedgerBalances()
	got, err := live.Balances("")
	if err != nil {
		t.Fatal(err)
	}
	nonZero := 0
	for _, g := range got.Balances {
		if !g.Balance.IsZero() {
			nonZero++
		}
	}
	if nonZero != len(want) {
		t.Errorf("%d non-zero balances, ledger has %d", nonZero, len(want))
	}
	for _, w := range want {
		v, err := live.Balance(w.Account, w.Currency)
		if err != nil || !v.Balance.Equal(w.Balance) {
			t.Errorf("%s %s: projection %s (%v), ledger %s", w.Account, w.Currency, v.Balance, err, w.Balance)
		}
	}
	// Every round the scenario opened is there, with the events the
	// stream holds for it.
	raws := readRaw(t, h.Stream)
	perRound := map[string][]uint64{}
	for _, r := range raws {
		e, err := events.Decode(r.Data)
		if err != nil {
			t.Fatal(err)
		}
		if e.Round != "" {
			perRound[e.Round] = append(perRound[e.Round], r.Seq)
		}
	}
	for _, id := range sc.Rounds {
		ix, err := live.RoundIndex(id)
		if err != nil {
			t.Fatalf("round %s: %v", id, err)
		}
		if len(ix.Events) != len(perRound[id]) {
			t.Fatalf("round %s indexes %d events, stream has %d", id, len(ix.Events), len(perRound[id]))
		}
		for i := range ix.Events {
			if ix.Events[i] != perRound[id][i] {
				t.Fatalf("round %s event %d: %d, stream %d", id, i, ix.Events[i], perRound[id][i])
			}
		}
	}
}

// TestStore_Apply_SkipsAndRefusesGaps checks that a batch delivered twice
// changes nothing, and that a batch with a gap or a bad event is refused
// whole.
func TestStore_Apply_SkipsAndRefusesGaps(t *testing.T) {
	h := newHarness(t)
	h.Deposit("ana", "100")
	h.Deposit("ana", "50")
	h.Deposit("ben", "10")
	h.Deposit("ana", "1")
	raws := readRaw(t, h.Stream)
	s := openProj(t, "", Options{})

	t.Run("OK", func(t *testing.T) {
		if err := s.Apply(raws[:2]); err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(raws[:3]); err != nil { // 1 and 2 again, then 3
			t.Fatal(err)
		}
		b, _ := s.Balance(posting.WalletAccount("ana"), "EUR")
		if !b.Balance.Equal(dec("150")) || b.Seq != 3 {
			t.Fatalf("ana %s at %d, want 150 at 3", b.Balance, b.Seq)
		}
	})
	t.Run("ErrGap", func(t *testing.T) {
		err := s.Apply(raws[3:]) // nothing missing: 4
		if err != nil {
			t.Fatal(err)
		}
		h.Deposit("ben", "5")
		h.Deposit("ben", "6")
		more := readRaw(t, h.Stream)
		err = s.Apply(more[5:]) // 6 without 5
		var gap *GapError
		if !errors.As(err, &gap) || !errors.Is(err, events.ErrSequenceGap) || gap.Applied != 4 || gap.Got != 6 {
			t.Fatalf("err %v, want a gap after 4 at 6", err)
		}
		if s.LastSeq() != 4 {
			t.Fatalf("applied %d after a refused batch", s.LastSeq())
		}
	})
	t.Run("ErrMalformed", func(t *testing.T) {
		more := readRaw(t, h.Stream)
		bad := append([]events.Raw(nil), more[4:]...)
		bad[1].Data = append([]byte(nil), bad[1].Data[:len(bad[1].Data)/2]...)
		if err := s.Apply(bad); !errors.Is(err, events.ErrMalformed) {
			t.Fatalf("err %v, want ErrMalformed", err)
		}
		b, _ := s.Balance(posting.WalletAccount("ben"), "EUR")
		if s.LastSeq() != 4 || !b.Balance.Equal(dec("10")) {
			t.Fatalf("a failed batch left seq %d, ben %s", s.LastSeq(), b.Balance)
		}
		if err := s.Apply(more[4:]); err != nil {
			t.Fatal(err)
		}
		b, _ = s.Balance(posting.WalletAccount("ben"), "EUR")
		if s.LastSeq() != 6 || !b.Balance.Equal(dec("21")) {
			t.Fatalf("seq %d, ben %s, want 6 and 21", s.LastSeq(), b.Balance)
		}
	})
}

// TestStore_Position records, with every applied batch, the chain hash of
// its last event, in the transaction that stores the sequence: a batch
// delivered again keeps it, a refused batch leaves it, and it survives a
// reopen.
func TestStore_Position(t *testing.T) {
	h := newHarness(t)
	for _, amount := range []string{"100", "50", "10"} {
		h.Deposit("ana", amount)
	}
	raws := readRaw(t, h.Stream)
	path := filepath.Join(t.TempDir(), "projections.db")
	s := openProj(t, path, Options{})
	stated := func(r events.Raw) events.Hash {
		hash, err := events.StatedHash(r.Data)
		if err != nil {
			t.Fatal(err)
		}
		return hash
	}
	want := func(seq uint64, hash events.Hash) {
		t.Helper()
		pos, err := s.Position()
		if err != nil || pos.Seq != seq || pos.Hash != hash {
			t.Fatalf("position %d %s (%v), want %d %s", pos.Seq, pos.Hash, err, seq, hash)
		}
	}
	want(0, events.Hash{})
	if err := s.Apply(raws[:2]); err != nil {
		t.Fatal(err)
	}
	want(2, stated(raws[1]))
	if err := s.Apply(raws[:2]); err != nil { // delivered again: nothing new
		t.Fatal(err)
	}
	want(2, stated(raws[1]))
	bad := append([]events.Raw(nil), raws[2:]...)
	bad[0].Data = append(bytes.Clone(bad[0].Data[:len(bad[0].Data)-3]), '"', '}')
	if err := s.Apply(bad); err == nil {
		t.Fatal("a batch whose last event states no hash was applied")
	}
	want(2, stated(raws[1]))
	if err := s.Apply(raws); err != nil {
		t.Fatal(err)
	}
	want(3, stated(raws[2]))
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = openProj(t, path, Options{})
	want(3, stated(raws[2]))
}
