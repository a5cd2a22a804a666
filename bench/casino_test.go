package bench

import (
	"context"
	"testing"
)

// TestPlacer_PassesClosedTables checks that a client asks only the tables
// whose dealer has betting open, moves on when the ledger refuses a slip
// that raced the close, and counts only the refusals as refused.
func TestPlacer_PassesClosedTables(t *testing.T) {
	c := newCasinoOn(nil, []string{"t1", "t2", "t3", "t4"}, 10, 1)
	c.tables[2].open.Store(true) // t3 open
	c.tables[3].open.Store(true) // t4 open, but the close is on its way
	p := &placer{c: c, at: 0}
	var asked []string
	lat, ok, err := p.place(context.Background(), func() bool { return false }, func(table string) (outcome, error) {
		asked = append(asked, table)
		if table == "t4" {
			c.tables[3].open.Store(false)
			return notOpen, nil
		}
		return placed, nil
	})
	if err != nil || !ok || lat < 0 {
		t.Fatalf("place = %v, %v, %v; want placed", lat, ok, err)
	}
	// From t1: t1 and t2 closed (not asked), t3 open: placed there.
	if len(asked) != 1 || asked[0] != "t3" || p.at != 2 {
		t.Fatalf("asked %v, at %d; want [t3] at 2", asked, p.at)
	}
	if got := c.tables[2].slips.Load(); got != 1 {
		t.Fatalf("t3 counted %d slips, want 1", got)
	}

	asked = nil
	p.at = 3
	if _, ok, err := p.place(context.Background(), func() bool { return false }, func(table string) (outcome, error) {
		asked = append(asked, table)
		if table == "t4" {
			c.tables[3].open.Store(false)
			return notOpen, nil
		}
		return placed, nil
	}); err != nil || !ok {
		t.Fatalf("place = %v, %v; want placed", ok, err)
	}
	// t4 refused the slip that raced its close; t1 and t2 passed over; t3.
	if len(asked) != 2 || asked[0] != "t4" || asked[1] != "t3" || p.refused != 1 {
		t.Fatalf("asked %v, refused %d; want [t4 t3] and 1", asked, p.refused)
	}

	// Every table closed: the client waits, asking none, until stopped.
	c.tables[2].open.Store(false)
	asked = nil
	rounds := 0
	_, ok, err = p.place(context.Background(), func() bool { rounds++; return rounds > 50 }, func(table string) (outcome, error) {
		asked = append(asked, table)
		return placed, nil
	})
	if err != nil || ok || len(asked) != 0 {
		t.Fatalf("place with every table closed = %v, %v, asked %v; want nothing placed or asked", ok, err, asked)
	}
}
