package kit

import (
	"errors"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

func TestSeatAnswer_Sum(t *testing.T) {
	d := decimal.RequireFromString
	won := games.Settlement{Outcome: games.OutcomeWon, Win: d("15.00"), Returned: d("25.00"), Residue: d("0.005"), Rule: "a"}
	lost := games.Settlement{Outcome: games.OutcomeLost, Win: d("0"), Returned: d("0"), Residue: d("0"), Rule: "b"}
	push := games.Settlement{Outcome: games.OutcomePush, Win: d("0"), Returned: d("20"), Residue: d("0"), Rule: "c"}
	for _, tt := range []struct {
		name                                    string
		parts                                   []SeatPart
		outcome, win, returned, residue, staked string
	}{
		{"OK/Won", []SeatPart{SeatPartOf(d("10"), won, 2), SeatPartOf(d("10"), lost, 2)}, "won", "15.00", "25.00", "0.005", "20.00"},
		{"OK/Lost", []SeatPart{SeatPartOf(d("10"), lost, 2), SeatPartOf(d("20"), lost, 2)}, "lost", "0.00", "0.00", "0", "30.00"},
		{"OK/Push", []SeatPart{SeatPartOf(d("20"), push, 2)}, "push", "0.00", "20.00", "0", "20.00"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var a SeatAnswer
			a.Sum(tt.parts, 2)
			if a.Outcome != tt.outcome || a.Win != tt.win || a.Returned != tt.returned || a.Residue != tt.residue || a.Staked != tt.staked {
				t.Errorf("Sum = %+v, want %s %s %s %s %s", a, tt.outcome, tt.win, tt.returned, tt.residue, tt.staked)
			}
		})
	}
}

// TestSeatAnswer_JSON checks that a game's answer embedding SeatAnswer and
// SeatPart writes their members where they stand, as a flat struct would:
// the answers' bytes are a frozen contract.
func TestSeatAnswer_JSON(t *testing.T) {
	type part struct {
		Bet string `json:"bet"`
		SeatPart
	}
	type answer struct {
		SeatAnswer
		Parts []part `json:"parts,omitempty"`
		Line  int    `json:"line,omitzero"`
	}
	a := answer{SeatAnswer: SeatAnswerOf(games.Settlement{Outcome: games.OutcomeWon, Win: decimal.RequireFromString("5"),
		Returned: decimal.RequireFromString("15"), Residue: decimal.Zero, Rule: "r"}, 0), Line: 3}
	a.Bet = "main"
	a.Parts = []part{{Bet: "main", SeatPart: SeatPart{Stake: "10", Outcome: "won", Win: "5", Returned: "15", Residue: "0", Rule: "r"}}}
	want := `{"outcome":"won","win":"5","returned":"15","residue":"0","rule":"r","bet":"main","parts":[{"bet":"main","stake":"10","outcome":"won","win":"5","returned":"15","residue":"0","rule":"r"}],"line":3}`
	if got := string(MarshalLine(a)); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	e := answer{SeatAnswer: SeatAnswerError(errors.New("boom"))}
	if got, want := string(MarshalLine(e)), `{"outcome":"error","code":"invalid_request","message":"boom"}`; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
