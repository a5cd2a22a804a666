package projections

import (
	"fmt"
	"testing"
)

// TestBoardRec_SettleRounds: a board of whole rounds (games.RoundBoarder)
// keeps the last size rounds with every result of each, the round in
// progress counted, and survives its encoding with more entries than
// BoardSizeMax.
func TestBoardRec_SettleRounds(t *testing.T) {
	var b boardRec
	const size, perRound, rounds = 50, 30, 60
	for r := range rounds {
		for i := range perRound {
			b.settleRounds(boardEntry{Round: fmt.Sprintf("r%02d", r), Number: int64(r + 1), Result: []byte(`{"cut_card":true}`),
				Index: i, Step: i < perRound-1}, size)
		}
	}
	if len(b.results) != size*perRound || b.results[0].Round != "r10" || b.results[0].Index != 0 || b.results[len(b.results)-1].Round != "r59" {
		t.Fatalf("board of %d entries from %s (index %d) to %s", len(b.results), b.results[0].Round, b.results[0].Index, b.results[len(b.results)-1].Round)
	}
	// The next round's first result pushes the oldest round off whole.
	b.settleRounds(boardEntry{Round: "r60", Number: 61, Result: []byte(`{"cut_card":true}`), Step: true}, size)
	if len(b.results) != (size-1)*perRound+1 || b.results[0].Round != "r11" {
		t.Fatalf("after a new round: %d entries from %s", len(b.results), b.results[0].Round)
	}
	var back boardRec
	if err := back.decode(b.encode()); err != nil || len(back.results) != len(b.results) {
		t.Fatalf("decode: %v, %d entries", err, len(back.results))
	}
}
