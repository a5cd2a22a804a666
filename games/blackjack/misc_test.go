package blackjack

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/wagerlog/wagerlog/games"
)

func TestErrorCode(t *testing.T) {
	for err, code := range map[error]string{
		ErrBadResult:        CodeInvalidResult,
		ErrBadBetCode:       CodeInvalidBetCode,
		ErrBetRefused:       CodeBetRefused,
		ErrBadStake:         CodeInvalidAmount,
		ErrBadScale:         CodeInvalidScale,
		ErrUnknownPaytable:  CodeUnknownPaytable,
		ErrBadPaytable:      "",
		errors.New("other"): "",
	} {
		wrapped := fmt.Errorf("context: %w", err)
		if got := ErrorCode(wrapped); got != code {
			t.Errorf("%v: code %q, want %q", err, got, code)
		}
		var ce games.CodedError
		if errors.As(wrapped, &ce) != (code != "") {
			t.Errorf("%v: errors.As(games.CodedError) disagrees with code %q", err, code)
		}
	}
	re := resultError(RuleSplitPair, "x")
	if !errors.Is(re, ErrBadResult) || BrokenRule(fmt.Errorf("w: %w", re)) != RuleSplitPair {
		t.Errorf("%v", re)
	}
	pe := refused("main:1", RuleBetNotNow, "x")
	if !errors.Is(pe, ErrBetRefused) || pe.ErrorCode() != CodeBetRefused || BrokenRule(pe) != RuleBetNotNow {
		t.Errorf("%v", pe)
	}
	if BrokenRule(ErrBadStake) != "" {
		t.Error("a stake error breaks no rule")
	}
}

func TestPaytable_CheckShuffle(t *testing.T) {
	p := chile(t)
	for behind, ok := range map[int]bool{51: false, 52: true, 78: true, 104: true, 105: false} {
		if err := p.CheckShuffle(Shuffle{CutBehind: behind}); (err == nil) != ok || (err != nil && BrokenRule(err) != RuleShuffle) {
			t.Errorf("%d: %v", behind, err)
		}
	}
}

func TestBoard(t *testing.T) {
	p := chile(t)
	rounds := []string{
		"9S>1 TC>2 9H>D TD>1 7C>2 stand:1/0 stand:2/0 7C>D 2D>D",             // dealer 18: seat 1 wins, seat 2 loses
		"AS>1 9H>D KD>1 cut 8C>D",                                            // seat 1 blackjack, dealer 17, last round of the shoe
		"8S>1 TH>D 8D>1 split:1/0 3C>1 stand:1/0 9C>1/1 stand:1/1 6C>D 9D>D", // dealer busts
		"TS>1 AH>D 6D>1 surrender:1/0 KC>D",                                  // dealer blackjack
	}
	var entries []games.BoardEntry
	for i, r := range rounds {
		for _, res := range script(t, r) {
			entries = append(entries, games.BoardEntry{Round: fmt.Sprint("r", i), Number: int64(i + 1), Result: res})
		}
	}
	// A round given only its last result cannot be folded.
	entries = append(entries, games.BoardEntry{Round: "last-only", Number: 9, Result: DealerCard(script(t, "9D>D")[0].(Result).Card())})
	st := Game{}.Board(p, entries).(BoardStats)
	b, _ := json.Marshal(st)
	if st.Rounds != 4 || st.Incomplete != 1 || st.Dealer.Bust.Count != 1 || st.Dealer.Blackjack.Count != 1 || st.Dealer.T17.Count != 1 ||
		st.Dealer.T18.Count != 1 || st.PlayerBlackjacks != 1 || st.DealerBlackjacks != 1 || st.DealerBustRate.String() != "25" {
		t.Fatalf("%s", b)
	}
	if len(st.Seats) != 2 || st.Seats[0].Hands != 5 || st.Seats[0].Won.Count != 4 || st.Seats[0].Surrendered.Count != 1 || st.Seats[1].Lost.Count != 1 {
		t.Fatalf("%s", b)
	}
	if len(st.Beads) != 4 || st.Beads[3].Result != "blackjack" || st.Beads[2].Result != "bust" || !st.Beads[1].CutCard || st.BoardGame() != "blackjack" {
		t.Fatalf("%s", b)
	}
}
