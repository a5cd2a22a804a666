package kit

import (
	"errors"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

func TestPassBets_Settle(t *testing.T) {
	t.Run("OK/NoBet", func(t *testing.T) {
		var p PassBets
		out := games.RoundSettlement{Bets: make([]games.Settlement, 2)}
		if err := p.Settle(nil, &out); err != nil || out.Transfers != nil {
			t.Errorf("Settle = %v, %v", err, out.Transfers)
		}
	})
	t.Run("ErrNoPools", func(t *testing.T) {
		var p PassBets
		p.Add(1, games.Bet{Code: "progressive:1", Stake: decimal.NewFromInt(1)}, games.PoolHand{Seat: 1, Bet: decimal.NewFromInt(1)})
		out := games.RoundSettlement{Bets: make([]games.Settlement, 2)}
		if err := p.Settle(nil, &out); !errors.Is(err, games.ErrNoPools) {
			t.Errorf("Settle without a pool = %v, want ErrNoPools", err)
		}
	})
}
