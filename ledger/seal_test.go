package ledger_test

import (
	"crypto/ed25519"
	"testing"

	"github.com/wagerlog/wagerlog/events"
)

// TestLedger_Seals checks that a signed seal is written every SealEvery
// events, covers the range since the previous seal, and records the chain
// head of its last event.
func TestLedger_Seals(t *testing.T) {
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t)
	h.l.Close()
	h.opts.SealEvery = 5
	h.opts.SealKey = priv
	h.open()
	for i := 0; i < 12; i++ {
		h.deposit("alice", "1")
	}
	evs := h.readAll()
	hashAt := map[uint64]events.Hash{}
	var seals []*events.LedgerSealed
	for i := range evs {
		e := &evs[i]
		hashAt[e.Seq] = e.Hash
		if e.Type == events.TypeLedgerSealed {
			p, err := events.Into[events.LedgerSealed](e)
			if err != nil {
				t.Fatal(err)
			}
			seals = append(seals, p)
		}
	}
	// A seal follows every 5 events since the previous seal: deposits at
	// seqs 1..5 are sealed at seq 6; the seal and deposits at 7..11 are
	// sealed at seq 12; the last two deposits (13, 14) are not sealed yet.
	if len(seals) != 2 {
		t.Fatalf("%d seals, want 2", len(seals))
	}
	wantRanges := [][2]uint64{{1, 5}, {6, 11}}
	for i, s := range seals {
		if s.FromSeq != wantRanges[i][0] || s.ToSeq != wantRanges[i][1] {
			t.Errorf("seal %d covers %d..%d, want %v", i, s.FromSeq, s.ToSeq, wantRanges[i])
		}
		if s.Head != hashAt[s.ToSeq] {
			t.Errorf("seal %d head %s, the hash at %d is %s", i, s.Head, s.ToSeq, hashAt[s.ToSeq])
		}
		if err := events.VerifySeal(pub, s); err != nil {
			t.Errorf("seal %d: %v", i, err)
		}
	}
}
