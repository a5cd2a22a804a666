package replay_test

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/internal/ledgertest"
	"github.com/wagerlog/wagerlog/internal/testgames"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/replay"
)

// FuzzReplay walks doctored copies of real rounds: a race round of three
// throws (a working bet, a take-down, a bet left open over a throw) and a
// Sic Bo round with a reshake. The input drops, repeats and swaps events,
// pays a settlement a cent more, and changes a throw. A damaged round is
// described, never refused: the walk must not panic, and its answer must
// encode. A round whose only change is a settlement paid a cent more must
// not match.
func FuzzReplay(f *testing.F) {
	h := ledgertest.NewWith(f, testCatalog())
	h.Deposit("ann", "100")
	h.Deposit("bob", "100")
	h.OpenGameTable("r1", "race/test")
	race := h.OpenRound("r1")
	h.Bet("r1", race, "ann", bet("next:3", "10"))
	h.CloseBetting("r1", race)
	face(h, "r1", race, 3)
	h.Bet("r1", race, "ann", ledger.BetRequest{Code: "hold", Stake: dec("10"), Working: true})
	slip := h.Bet("r1", race, "bob", bet("hold", "15"), bet("next:4", "5"))
	h.Must(&ledger.TakeDown{Meta: ledger.Meta{Actor: ledgertest.Frontend}, Table: "r1", Round: race, Player: "bob", Bet: slip.Bets[0].Bet})
	h.CloseBetting("r1", race)
	face(h, "r1", race, 5)
	h.CloseBetting("r1", race)
	face(h, "r1", race, 6)

	h.OpenTable("t1", "sicbo/live")
	dice := h.OpenRound("t1")
	h.Bet("t1", dice, "ann", bet("small", "10"), bet("triple:2", "1"))
	h.Bet("t1", dice, "bob", bet("total:9", "2"), bet("big", "5"))
	h.CloseBetting("t1", dice)
	h.Must(&ledger.Reshake{Meta: ledger.Meta{Actor: ledgertest.Dealer}, Table: "t1", Round: dice, Reason: "dice_not_flat"})
	h.Result("t1", dice, [3]int{2, 2, 5})

	rounds := []struct {
		meta replay.RoundMeta
		evs  []replay.RoundEvent
	}{
		{replay.RoundMeta{Round: race, Table: "r1", Currency: "EUR", Scale: 2}, roundEvents(f, h, race)},
		{replay.RoundMeta{Round: dice, Table: "t1", Currency: "EUR", Scale: 2}, roundEvents(f, h, dice)},
	}
	for i, r := range rounds {
		if rr := replay.Replay(r.meta, r.evs, testCatalog()); !rr.Match || !rr.ChainOK {
			f.Fatalf("round %d as played: match %v, chain %v, problems %v", i, rr.Match, rr.ChainOK, rr.Problems)
		}
	}
	f.Add(byte(0), []byte{})
	f.Add(byte(1), []byte{3, 7, 0})
	f.Add(byte(0), []byte{0, 2, 0, 1, 4, 0, 2, 1, 5})
	f.Add(byte(1), []byte{4, 5, 3})

	cent := decimal.New(1, -2)
	f.Fuzz(func(t *testing.T, which byte, ops []byte) {
		r := rounds[int(which)%len(rounds)]
		evs := slices.Clone(r.evs)
		paidMore, otherwise := false, false
		for i := 0; i+2 < len(ops) && len(evs) > 0; i += 3 {
			a, b := int(ops[i+1])%len(evs), int(ops[i+2])%len(evs)
			switch ops[i] % 5 {
			case 0:
				evs = slices.Delete(evs, a, a+1)
				otherwise = true
			case 1:
				evs = slices.Insert(evs, a, evs[a])
				otherwise = true
			case 2:
				evs[a], evs[b] = evs[b], evs[a]
				otherwise = otherwise || a != b
			case 3:
				if p, ok := evs[a].Payload.(*events.BetSettled); ok {
					d := *p
					d.Win, d.Returned = d.Win.Add(cent), d.Returned.Add(cent)
					evs[a].Payload = &d
					paidMore = true
				}
			case 4:
				if p, ok := evs[a].Payload.(*events.RoundResult); ok {
					d := *p
					d.Result = testgames.FaceJSON(1 + int(ops[i+2])%6)
					evs[a].Payload = &d
					otherwise = true
				}
			}
		}
		rr := replay.Replay(r.meta, evs, testCatalog())
		if _, err := json.Marshal(rr); err != nil {
			t.Fatalf("the answer does not encode: %v", err)
		}
		if paidMore && !otherwise && rr.Match {
			t.Fatalf("a settlement paid a cent more matches; problems %v", rr.Problems)
		}
	})
}
