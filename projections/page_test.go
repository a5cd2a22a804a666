package projections

import (
	"errors"
	"testing"

	"github.com/wagerlog/wagerlog/games/sicbo"
)

// TestStore_PlayerBets_Pages places bets in three rounds and pages through
// the player's history: every bet exactly once, newest first, with its
// outcome.
func TestStore_PlayerBets_Pages(t *testing.T) {
	h := newHarness(t)
	s := openProj(t, "", Options{})
	runProjector(t, s, h.Stream)
	h.Deposit("ana", "1000")
	h.Deposit("ben", "1000")
	h.OpenTable("t1", sicbo.IDLive)
	var placed []string // bet ids in placement order
	for i := range 3 {
		r := h.OpenRound("t1")
		for _, b := range h.Bet("t1", r, "ana", bet("big", "2"), bet("small", "3")).Bets {
			placed = append(placed, b.Bet)
		}
		h.Bet("t1", r, "ben", bet("odd", "1"))
		for _, b := range h.Bet("t1", r, "ana", bet("total:9", "1")).Bets {
			placed = append(placed, b.Bet)
		}
		h.CloseBetting("t1", r)
		if i == 1 {
			h.Cancel("t1", r)
			continue
		}
		h.Result("t1", r, [3]int{1, 2, 6}) // 9: small and total:9 win, big loses
	}
	waitFor(t, s, h.LastSeq())

	var got []BetView
	pg := Page{Limit: 4}
	for range 10 {
		bp, err := s.PlayerBets("ana", pg)
		if err != nil {
			t.Fatal(err)
		}
		if len(bp.Bets) > 4 {
			t.Fatalf("page of %d bets, limit 4", len(bp.Bets))
		}
		got = append(got, bp.Bets...)
		if bp.Next == "" {
			break
		}
		pg.Cursor = bp.Next
	}
	if len(got) != len(placed) {
		t.Fatalf("%d bets in the history, %d placed", len(got), len(placed))
	}
	for i, b := range got {
		if want := placed[len(placed)-1-i]; b.Bet != want {
			t.Fatalf("bet %d is %s, want %s (newest first)", i, b.Bet, want)
		}
		round := 2 - i/3 // three bets of ana per round
		want := map[string]string{"big": BetLost, "small": BetWon, "total:9": BetWon}[b.Code]
		if round == 1 {
			want = BetRefunded
		}
		if b.Status != want || b.Player != "ana" || b.RoundNumber != int64(round+1) {
			t.Errorf("bet %d (%s, round %d): %s, want %s", i, b.Code, b.RoundNumber, b.Status, want)
		}
	}

	t.Run("ErrBadCursor", func(t *testing.T) {
		for _, c := range []string{"!!!", "AAAA", "AAAAAAAAAAAAAA", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"} {
			_, err := s.PlayerBets("ana", Page{Cursor: c})
			var ce *CursorError
			if !errors.Is(err, ErrBadCursor) || !errors.As(err, &ce) {
				t.Errorf("cursor %q: %v, want a *CursorError", c, err)
			}
		}
	})
	t.Run("ErrBadQuery", func(t *testing.T) {
		for _, l := range []int{-1, PageLimitMax + 1} {
			if _, err := s.WalletHistory("ana", Page{Limit: l}); !errors.Is(err, ErrBadQuery) {
				t.Errorf("limit %d: %v, want ErrBadQuery", l, err)
			}
		}
	})
	t.Run("ErrNotFound", func(t *testing.T) {
		if _, err := s.Round("nope"); !errors.Is(err, ErrNotFound) {
			t.Errorf("Round: %v", err)
		}
		if _, err := s.Board("nope"); !errors.Is(err, ErrNotFound) {
			t.Errorf("Board: %v", err)
		}
		if _, err := s.Rounds("nope", Page{}); !errors.Is(err, ErrNotFound) {
			t.Errorf("Rounds: %v", err)
		}
	})
}
