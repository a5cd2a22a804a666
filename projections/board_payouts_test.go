package projections

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/bingo"
	"github.com/wagerlog/wagerlog/games/registry"
)

// TestBoardRec_Payouts: an entry's payouts (games.BoardPayer) survive an
// encode and a decode; an entry without them is stored byte for byte as
// before (no flag 16), and a damaged payouts section is refused.
func TestBoardRec_Payouts(t *testing.T) {
	at := time.Date(2026, 12, 1, 18, 0, 0, 0, time.UTC)
	d := decimal.RequireFromString
	var plain boardRec
	plain.settle(boardEntry{Round: "g1", Number: 1, Result: []byte(`{"ball":59}`), Seq: 9, At: at, Index: 15}, 50)
	enc := plain.encode()
	if enc[len(enc)-2] != flagIndex || enc[len(enc)-1] != 15 {
		t.Fatalf("a board without payouts: %x", enc)
	}

	paid := plain
	paid.results = slices.Clone(plain.results)
	paid.results[0].Payouts = []games.BoardPayout{{Code: "card:A-1:1,2", Paid: d("3.38")}, {Code: "card:A-2:1,2", Paid: d("1.12")}}
	paid.results[0].Payees = 3
	paid.results[0].Funded = []decimal.Decimal{d("0.90"), d("3.60")}
	withP := paid.encode()
	if !slices.Equal(withP[:len(enc)-2], enc[:len(enc)-2]) || withP[len(enc)-2] != flagIndex|flagPayouts {
		t.Fatalf("payouts' encoding: %x then %x", enc, withP)
	}
	var back boardRec
	if err := back.decode(withP); err != nil {
		t.Fatal(err)
	}
	got := back.results[0]
	if got.Payees != 3 || len(got.Payouts) != 2 || len(got.Funded) != 2 || got.Index != 15 ||
		got.Payouts[0].Code != "card:A-1:1,2" || !got.Payouts[0].Paid.Equal(d("3.38")) ||
		got.Payouts[1].Code != "card:A-2:1,2" || !got.Payouts[1].Paid.Equal(d("1.12")) ||
		!got.Funded[0].Equal(d("0.90")) || !got.Funded[1].Equal(d("3.60")) {
		t.Fatalf("decoded %+v", got)
	}
	// The section: payees 3, two payouts, two amounts funded.
	head := slices.Clip(slices.Clone(withP[:len(enc)-1]))
	for _, bad := range [][]byte{
		withP[:len(withP)-1],                                     // cut short
		append(withP, 0),                                         // trailing byte
		append(head, 15, 1, 2, 0),                                // more payouts (2) than payees (1)
		append(head, 15, 0, 0, 17),                               // too many transfers
		append(head, 15, 1, 1, 0, 1, '1', 0),                     // empty code
		append(head, 15, 1, 1, 1, 'x', 3, 'a', 'b', 'c', 0),      // not a decimal
		append(head, 15, 0, byte(games.BoardPayoutsMax+1), 0, 0), // over the cap
	} {
		if err := new(boardRec).decode(bad); err == nil {
			t.Errorf("decode(%x) accepted", bad)
		}
	}
}

// BenchmarkBoard_Bingo50Games: a bingo room's full board (50 whole games
// of 70 balls, 3,500 entries, the last entry of each with two payouts):
// what a ball costs the projector (a decode, the ball, an encode) and a
// board read (a decode and the game's view).
func BenchmarkBoard_Bingo50Games(b *testing.B) {
	var rec boardRec
	at := time.Date(2026, 12, 1, 18, 0, 0, 0, time.UTC)
	for g := range 51 {
		for i := range 70 {
			e := boardEntry{Round: fmt.Sprintf("0198d3c2-7a1b-7c3e-9f00-%012d", g), Number: int64(g + 1), Seq: uint64(g*100 + i), At: at,
				Result: bingo.Ball(i + 1).JSON(), Index: i, Step: i < 69}
			if i == 69 {
				e.Payouts = []games.BoardPayout{{Code: "card:A-1:1,12,23,34,45,5,56,67,78,89,15,26,37,48,59", Paid: decimal.RequireFromString("3.38")},
					{Code: "card:A-2:1,12,23,34,45,5,56,67,78,89,15,26,37,48,59", Paid: decimal.RequireFromString("1.12")}}
				e.Payees, e.Funded = 2, []decimal.Decimal{decimal.RequireFromString("0.90"), decimal.RequireFromString("3.60")}
			}
			rec.settleRounds(e, DefaultBoardSize)
		}
	}
	enc := rec.encode()
	b.ReportMetric(float64(len(enc)), "board-bytes")
	cat := registry.New()
	pt, err := cat.Paytable(bingo.IDEs1979)
	if err != nil {
		b.Fatal(err)
	}
	g, _ := cat.Game(bingo.GameName)
	b.Run("ball", func(b *testing.B) {
		for i := range b.N {
			var c boardRec
			if err := c.decode(enc); err != nil {
				b.Fatal(err)
			}
			c.settleRounds(boardEntry{Round: "next", Number: 99, Seq: uint64(10000 + i), At: at, Result: bingo.Ball(7).JSON(), Step: true}, DefaultBoardSize)
			_ = c.encode()
		}
	})
	b.Run("read", func(b *testing.B) {
		for range b.N {
			var c boardRec
			if err := c.decode(enc); err != nil {
				b.Fatal(err)
			}
			c.view("t", DefaultBoardSize, 1, g, pt, nil)
		}
	})
}
