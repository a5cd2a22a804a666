package projections

import (
	"errors"
	"path/filepath"
	"testing"
	"time"
	_ "time/tzdata" // Europe/Madrid on machines without a zone database

	"github.com/wagerlog/wagerlog/games/sicbo"
)

// TestStore_Daily_TimeZone places a bet just before midnight in Madrid and
// settles it just after, and checks that the days are cut at Madrid's
// midnight (22:00 or 23:00 UTC), not UTC's.
func TestStore_Daily_TimeZone(t *testing.T) {
	madrid, err := time.LoadLocation("Europe/Madrid")
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t)
	h.Clock.Set(time.Date(2026, 11, 29, 22, 58, 0, 0, time.UTC)) // 23:58 in Madrid (CET)
	h.Deposit("ana", "100")
	h.OpenTable("t1", sicbo.IDLive)
	r1 := h.OpenRound("t1")
	h.Bet("t1", r1, "ana", bet("big", "10"))
	h.CloseBetting("t1", r1)
	h.Clock.Set(time.Date(2026, 11, 29, 23, 0, 30, 0, time.UTC)) // 00:00:30 on the 30th in Madrid
	h.Result("t1", r1, [3]int{6, 5, 1})                          // big wins 10
	r2 := h.OpenRound("t1")
	h.Bet("t1", r2, "ana", bet("big", "4"))
	h.CloseBetting("t1", r2)
	h.Result("t1", r2, [3]int{1, 2, 3}) // big loses
	raws := readRaw(t, h.Stream)

	dir := t.TempDir()
	inMadrid := openProj(t, filepath.Join(dir, "madrid.db"), Options{Location: madrid})
	applyAll(t, inMadrid, raws, 100)
	inUTC := openProj(t, filepath.Join(dir, "utc.db"), Options{})
	applyAll(t, inUTC, raws, 100)

	type row struct {
		day                 string
		bets, settled, wins int
		staked, won, paid   string
	}
	check := func(t *testing.T, s *Store, want []row) {
		t.Helper()
		rep, err := s.Daily("2026-11-28", "2026-12-01", "t1")
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Rows) != len(want) {
			t.Fatalf("%d rows, want %d: %+v", len(rep.Rows), len(want), rep.Rows)
		}
		for i, w := range want {
			g := rep.Rows[i]
			if g.Day != w.day || g.Code != "big" || g.Currency != "EUR" || g.Bets != w.bets || g.Settled != w.settled || g.Wins != w.wins ||
				!g.Staked.Equal(dec(w.staked)) || !g.Won.Equal(dec(w.won)) || !g.Paid.Equal(dec(w.paid)) {
				t.Errorf("row %d: %+v, want %+v", i, g, w)
			}
		}
	}
	t.Run("Madrid", func(t *testing.T) {
		check(t, inMadrid, []row{
			{"2026-11-29", 1, 0, 0, "10", "0", "0"},
			{"2026-11-30", 1, 2, 1, "4", "10", "20"},
		})
		if rep, _ := inMadrid.Daily("2026-11-29", "2026-11-29", "t2"); len(rep.Rows) != 0 {
			t.Errorf("table filter: %+v", rep.Rows)
		}
	})
	t.Run("UTC", func(t *testing.T) {
		check(t, inUTC, []row{{"2026-11-29", 2, 2, 1, "14", "10", "20"}})
	})
	t.Run("ErrIncompatible", func(t *testing.T) {
		_ = inMadrid.Close()
		if _, err := Open(filepath.Join(dir, "madrid.db"), Options{}); !errors.Is(err, ErrIncompatible) {
			t.Fatalf("opening a Madrid file in UTC: %v, want ErrIncompatible", err)
		}
	})
	t.Run("ErrBadQuery", func(t *testing.T) {
		for _, q := range [][2]string{{"2026-11-30", "2026-11-29"}, {"29/11/2026", "2026-11-30"}, {"2020-01-01", "2026-01-01"}} {
			if _, err := inUTC.Daily(q[0], q[1], ""); !errors.Is(err, ErrBadQuery) {
				t.Errorf("Daily(%s, %s): %v, want ErrBadQuery", q[0], q[1], err)
			}
		}
	})
}
