package projections

import (
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/games/sicbo"
)

// historyFixture plays two players' deposits and bets over three rounds
// into a projections file at path and returns its store, open.
func historyFixture(t *testing.T, path string) *Store {
	t.Helper()
	h := newHarness(t)
	s := openProj(t, path, Options{})
	h.Deposit("ana", "1000")
	h.Deposit("ben", "1000")
	h.OpenTable("t1", sicbo.IDLive)
	for range 3 {
		r := h.OpenRound("t1")
		h.Bet("t1", r, "ana", bet("big", "2"), bet("small", "3"))
		h.Bet("t1", r, "ben", bet("odd", "1"))
		h.Bet("t1", r, "ana", bet("total:9", "1"))
		h.CloseBetting("t1", r)
		h.Result("t1", r, [3]int{1, 2, 6})
	}
	h.Deposit("ana", "5")
	applyAll(t, s, readRaw(t, h.Stream), 7)
	return s
}

// walletPages pages through player's wallet history limit entries at a
// time and returns every entry and every page's cursor.
func walletPages(t *testing.T, s *Store, player string, limit int) ([]WalletEntry, []string) {
	t.Helper()
	var all []WalletEntry
	var cursors []string
	pg := Page{Limit: limit}
	for range 100 {
		wp, err := s.WalletHistory(player, pg)
		if err != nil {
			t.Fatal(err)
		}
		if len(wp.Entries) > limit {
			t.Fatalf("page of %d entries, limit %d", len(wp.Entries), limit)
		}
		all = append(all, wp.Entries...)
		if wp.Next == "" {
			return all, cursors
		}
		cursors = append(cursors, wp.Next)
		pg.Cursor = wp.Next
	}
	t.Fatal("no last page after 100")
	return nil, nil
}

// TestHistory_Links pages through the linked histories: a player's
// entries come newest first, each once, whatever the page size, and only
// that player's; a cursor that names no entry of the player is refused.
func TestHistory_Links(t *testing.T) {
	s := historyFixture(t, "")

	whole, _ := walletPages(t, s, "ana", PageLimitMax)
	// ana: a deposit; in each of 3 rounds two slips placed and two bets
	// paid (small and total:9 win on 1-2-6, big loses and moves no
	// wallet); a deposit.
	if len(whole) != 14 {
		t.Fatalf("%d wallet entries of ana, want 14", len(whole))
	}
	for i, e := range whole {
		if i > 0 && e.Seq >= whole[i-1].Seq {
			t.Fatalf("entry %d at %d after %d: not newest first", i, e.Seq, whole[i-1].Seq)
		}
	}
	if whole[0].Amount.String() != "5" {
		t.Fatalf("newest entry %s of %s, want the deposit of 5", whole[0].Type, whole[0].Amount)
	}
	for _, limit := range []int{1, 2, 3, len(whole)} {
		paged, cursors := walletPages(t, s, "ana", limit)
		if len(paged) != len(whole) {
			t.Fatalf("limit %d: %d entries, want %d", limit, len(paged), len(whole))
		}
		for i := range paged {
			if paged[i].Seq != whole[i].Seq || !paged[i].BalanceAfter.Equal(whole[i].BalanceAfter) {
				t.Fatalf("limit %d: entry %d is %d, want %d", limit, i, paged[i].Seq, whole[i].Seq)
			}
		}
		if want := (len(whole) - 1) / limit; len(cursors) != want {
			t.Fatalf("limit %d: %d cursors, want %d", limit, len(cursors), want)
		}
	}
	bens, _ := walletPages(t, s, "ben", PageLimitMax)
	if len(bens) != 7 { // a deposit, three stakes on odd and three payouts (9 is odd)
		t.Fatalf("%d wallet entries of ben, want 7", len(bens))
	}

	bets, err := s.PlayerBets("ana", Page{Limit: PageLimitMax})
	if err != nil {
		t.Fatal(err)
	}
	if len(bets.Bets) != 9 {
		t.Fatalf("%d bets of ana, want 9", len(bets.Bets))
	}
	for _, b := range bets.Bets {
		if b.Player != "ana" {
			t.Fatalf("bet %s of %s in ana's history", b.Bet, b.Player)
		}
	}

	t.Run("a cursor of another player", func(t *testing.T) {
		_, cursors := walletPages(t, s, "ben", 1)
		_, err := s.WalletHistory("ana", Page{Cursor: cursors[0]})
		var ce *CursorError
		if !errors.Is(err, ErrBadCursor) || !errors.As(err, &ce) {
			t.Fatalf("ben's cursor for ana: %v, want a *CursorError", err)
		}
		bp, err := s.PlayerBets("ben", Page{Limit: 1})
		if err != nil || bp.Next == "" {
			t.Fatalf("ben's first bet page: %v, next %q", err, bp.Next)
		}
		if _, err := s.PlayerBets("ana", Page{Cursor: bp.Next}); !errors.As(err, &ce) {
			t.Fatalf("ben's bet cursor for ana: %v, want a *CursorError", err)
		}
	})
	t.Run("a cursor of no entry", func(t *testing.T) {
		c := encodeCursor(u64(whole[0].Seq + 1000))
		var ce *CursorError
		if _, err := s.WalletHistory("ana", Page{Cursor: c}); !errors.As(err, &ce) {
			t.Fatalf("cursor past the end: %v, want a *CursorError", err)
		}
	})
	t.Run("no history", func(t *testing.T) {
		wp, err := s.WalletHistory("zoe", Page{})
		if err != nil || len(wp.Entries) != 0 || wp.Next != "" {
			t.Fatalf("zoe: %+v, %v", wp, err)
		}
	})
}

// TestHistory_Damaged breaks the links of a real file: a link to an entry
// that is not stored, a link forward, a head record of the wrong size.
// Each read answers ErrDamaged naming the record, never a loop or another
// player's entries.
func TestHistory_Damaged(t *testing.T) {
	path := filepath.Join(t.TempDir(), "projections.db")
	s := historyFixture(t, path)
	whole, _ := walletPages(t, s, "ana", PageLimitMax)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	second := walletKey(whole[1].Seq, "ana")
	newest := walletKey(whole[0].Seq, "ana")
	cases := []struct {
		name   string
		bucket string
		key    []byte
		value  []byte
	}{
		{"an entry linked to but not stored", "wallet", second, nil},
		{"a link forward", "wallet", second, append(u64(whole[0].Seq), 0)},
		{"a head of the wrong size", "player_heads", []byte("ana"), []byte{1, 2, 3}},
		{"an entry shorter than its link", "wallet", newest, []byte{1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "copy.db")
			copyFile(t, path, p)
			damage(t, p, map[string]map[string][]byte{c.bucket: {string(c.key): c.value}})
			s := openProj(t, p, Options{})
			_, err := s.WalletHistory("ana", Page{Limit: PageLimitMax})
			var de *DamagedError
			if !errors.As(err, &de) || !errors.Is(err, ErrDamaged) {
				t.Fatalf("wallet history: %v, want a *DamagedError", err)
			}
			if de.Bucket != c.bucket {
				t.Fatalf("damage reported in %s, want %s", de.Bucket, c.bucket)
			}
		})
	}
}

// TestFold_WalletTwiceInOneEvent: an event that moves one player's wallet
// twice (two currencies) keeps one entry, the second, linked to the
// player's entry before the event, as the key it shares with the first
// would in bbolt.
func TestFold_WalletTwiceInOneEvent(t *testing.T) {
	m := memKV{}
	f := newFold(m, time.UTC, DefaultBoardSize, 4)
	f.appendWallet("ana", &WalletEntry{Seq: 5, Reference: "first"})
	f.appendWallet("ana", &WalletEntry{Seq: 9, Reference: "a"})
	f.appendWallet("ana", &WalletEntry{Seq: 9, Reference: "b"})
	if err := f.write(m.put); err != nil {
		t.Fatal(err)
	}
	v := m["wallet/"+string(walletKey(9, "ana"))]
	w, err := decodeWalletEntry(v[8:])
	if got := binary.BigEndian.Uint64(v); got != 5 || err != nil || w.Reference != "b" {
		t.Fatalf("entry of event 9: link %d, record %+v (%v); want 5, the second", got, w, err)
	}
	h, err := decodeHead(m["player_heads/ana"])
	if err != nil || h.wallet != 9 {
		t.Fatalf("head %+v, %v; want the wallet at 9", h, err)
	}

	// The next batch reads the head back and links to event 9.
	f = newFold(m, time.UTC, DefaultBoardSize, 4)
	f.appendWallet("ana", &WalletEntry{Seq: 12, Reference: "c"})
	if err := f.write(m.put); err != nil {
		t.Fatal(err)
	}
	if got := binary.BigEndian.Uint64(m["wallet/"+string(walletKey(12, "ana"))]); got != 9 {
		t.Fatalf("entry of event 12 links to %d, want 9", got)
	}
}

func copyFile(tb testing.TB, from, to string) {
	tb.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o600); err != nil {
		tb.Fatal(err)
	}
}
