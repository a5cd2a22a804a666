package poker

import (
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

func TestBoard(t *testing.T) {
	entries := []games.BoardEntry{
		{Result: round(t, `{"player":["AS","AH","KD","QC","JS"],"dealer":["2H","3D","5C","7S","9H"]}`)},
		{Result: round(t, `{"player":["2S","2D","QC","JS","9S"],"dealer":["AC","AH","QD","JH","9C"]}`)},
	}
	s := Game{}.Board(nil, entries).(BoardStats)
	if s.Rounds != 2 || s.DealerQualified.Count != 1 || !s.DealerQualified.Percent.Equal(decimal.NewFromInt(50)) || s.PlayerHands["pair"].Count != 2 {
		t.Errorf("%+v", s)
	}
}
