package round_test

import (
	"errors"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/round"
)

// fold applies one event to r, as the ledger and the readers do.
func fold(r *round.Round, seq uint64, p events.Payload, funds round.Funds) error {
	e := &events.Envelope{Seq: seq, Type: events.TypeOf(p), Round: "r1", Table: "t1"}
	return r.Apply(e, p, funds)
}

type bank string

func (b bank) AtResult(*round.Round) round.AtResult {
	return round.AtResult{Bank: decimal.RequireFromString(string(b))}
}

// TestRound_Apply walks a round through a reshake, a pause, a result, a
// settlement and a correction, and checks what the model holds after each.
func TestRound_Apply(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		r := &round.Round{}
		stake := decimal.RequireFromString("5")
		must := func(seq uint64, p events.Payload, funds round.Funds) {
			t.Helper()
			if err := fold(r, seq, p, funds); err != nil {
				t.Fatalf("event %d: %v", seq, err)
			}
		}
		must(1, &events.RoundOpened{Table: "t1", Round: "r1", Number: 3, Paytable: "sicbo/live", PaytableHash: "h"}, nil)
		must(2, &events.BetPlaced{Slip: "s1", Player: "p1", Table: "t1", Round: "r1", Bets: []events.PlacedBet{{Bet: "b1", Code: "small", Stake: stake}, {Bet: "b2", Code: "big", Stake: stake}}}, nil)
		must(3, &events.RoundBettingClosed{Table: "t1", Round: "r1", Transfers: []events.Transfer{{To: "prizes", Amount: stake, Rule: "r"}}}, nil)
		must(4, &events.RoundPaused{Table: "t1", Round: "r1"}, nil)
		if r.Status != round.Paused || r.Prior != round.Closed {
			t.Fatalf("paused: %s from %s", r.Status, r.Prior)
		}
		must(5, &events.RoundResumed{Table: "t1", Round: "r1"}, nil)
		must(6, &events.RoundReshake{Table: "t1", Round: "r1"}, nil)
		must(7, &events.RoundResult{Table: "t1", Round: "r1", Dice: [3]int{1, 2, 3}}, bank("100.00"))
		must(8, &events.BetSettled{Table: "t1", Round: "r1", Bet: "b1", Outcome: string(games.OutcomeWon), Win: stake}, nil)
		must(9, &events.BetSettled{Table: "t1", Round: "r1", Bet: "b2", Outcome: string(games.OutcomeLost)}, nil)
		must(10, &events.RoundSettled{Table: "t1", Round: "r1"}, nil)
		must(11, &events.RoundResultCorrected{Table: "t1", Round: "r1", Before: [3]int{1, 2, 3}, After: [3]int{4, 5, 6}, Correction: 1}, nil)
		must(12, &events.BetSettlementReversed{Table: "t1", Round: "r1", Bet: "b1", Correction: 1}, nil)
		if r.Status != round.Settling || r.Open != 1 || r.Bet("b1").Status != round.BetOpen || r.Bet("b1").Reversed != 1 {
			t.Fatalf("after the reversal: %s, %d open, b1 %s", r.Status, r.Open, r.Bet("b1").Status)
		}
		if r.ID != "r1" || r.Number != 3 || r.Reshakes != 1 || r.Correction != 1 || len(r.Results) != 1 || string(r.Last()) != `{"dice":[4,5,6]}` {
			t.Fatalf("round %+v", r)
		}
		if !r.Staked.Equal(decimal.RequireFromString("10")) || !r.AtResult.Bank.Equal(decimal.RequireFromString("100")) || len(r.SalesClose) != 1 {
			t.Fatalf("staked %s, bank at result %s, sales close %v", r.Staked, r.AtResult.Bank, r.SalesClose)
		}
		if b := r.Bet("b2"); b.Status != round.BetSettled || b.Settlement.Outcome != games.OutcomeLost || b.Step != 1 {
			t.Fatalf("b2 %+v", b)
		}
	})
	t.Run("ErrTransition", func(t *testing.T) {
		r := &round.Round{}
		_ = fold(r, 1, &events.RoundOpened{Table: "t1", Round: "r1"}, nil)
		err := fold(r, 2, &events.RoundResult{Table: "t1", Round: "r1", Dice: [3]int{1, 1, 1}}, nil)
		if !errors.Is(err, round.ErrTransition) || r.Status != round.Betting {
			t.Fatalf("result while betting: %v, status %s", err, r.Status)
		}
		// The fact is applied all the same: a reader describes it.
		if len(r.Results) != 1 {
			t.Fatalf("results %d, want 1", len(r.Results))
		}
	})
	t.Run("ErrBet", func(t *testing.T) {
		r := &round.Round{}
		_ = fold(r, 1, &events.RoundOpened{Table: "t1", Round: "r1"}, nil)
		_ = fold(r, 2, &events.BetPlaced{Round: "r1", Bets: []events.PlacedBet{{Bet: "b1"}}}, nil)
		if err := fold(r, 3, &events.BetPlaced{Round: "r1", Bets: []events.PlacedBet{{Bet: "b1"}}}, nil); !errors.Is(err, round.ErrBetPlacedTwice) || len(r.Bets) != 1 {
			t.Fatalf("placed twice: %v, %d bets", err, len(r.Bets))
		}
		_ = fold(r, 4, &events.RoundCancelled{Round: "r1"}, nil)
		if err := fold(r, 5, &events.BetRefunded{Round: "r1", Bet: "b9"}, nil); !errors.Is(err, round.ErrUnknownBet) {
			t.Fatalf("unknown bet: %v", err)
		}
		if err := fold(r, 6, &events.BetRefunded{Round: "r1", Bet: "b1"}, nil); err != nil || r.Open != 0 {
			t.Fatalf("refund: %v, %d open", err, r.Open)
		}
		if err := fold(r, 7, &events.BetRefunded{Round: "r1", Bet: "b1"}, nil); !errors.Is(err, round.ErrBetStatus) || r.Open != 0 {
			t.Fatalf("refunded twice: %v, %d open", err, r.Open)
		}
	})
}

// TestStatus_Finished checks which statuses end a round.
func TestStatus_Finished(t *testing.T) {
	for _, s := range []round.Status{round.Betting, round.Closed, round.Paused, round.Settling, round.Settled, round.Cancelled} {
		want := s == round.Settled || s == round.Cancelled
		if s.Finished() != want {
			t.Errorf("%s finished %v, want %v", s, s.Finished(), want)
		}
	}
}
