package ledger

import "testing"

// TestOwed_SettledLetsGoOfItsFlights: a flight's pendings point to the
// settlements they start or continue, so a settlement that still pointed
// to its flights once done kept, through them, the settlements and
// flights before it: with settlements always under way (the bench's four
// tables), every flight and its events, for as long as the ledger ran
// (the bench's heap grew to 400 MiB in 10 s). Once its last chunk is
// stored, or it is dropped, a settlement points to no flight.
func TestOwed_SettledLetsGoOfItsFlights(t *testing.T) {
	f1, f2, f3 := &flight{}, &flight{}, &flight{}
	a := &owedWork{round: "a", origFl: f1, finalFl: f2}
	b := &owedWork{round: "b", origFl: f2, finalFl: f3}
	// f2 holds a's last chunk and b's result: the chain f3 → b → f2 → a
	// → f1 that kept everything.
	f2.ps = []*pending{{cont: a, final: true, done: true}, {owed: b}}
	l := &Ledger{owed: []*owedWork{a, b}}
	l.owedLanded(f2)
	if len(l.owed) != 1 || l.owed[0] != b {
		t.Fatalf("owed after f2 landed: %v, want b only", l.owed)
	}
	if a.origFl != nil || a.finalFl != nil {
		t.Fatal("a, settled, still points to its flights")
	}
	if b.origFl != f2 || b.finalFl != f3 || !f2.landed {
		t.Fatal("b, still owed, lost its flights")
	}
	b.orig = &pending{done: true}
	l.dropOwed()
	if len(l.owed) != 0 || b.origFl != nil || b.finalFl != nil {
		t.Fatalf("after a drop: owed %v, b's flights %p %p", l.owed, b.origFl, b.finalFl)
	}
}
