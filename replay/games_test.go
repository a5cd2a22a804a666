package replay_test

// The round replay on rounds Sic Bo never plays: the test games of
// internal/testgames (several results, open bets, take-down, commission at
// placement, a jackpot pool), and a round paused while it takes bets.

import (
	"reflect"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/internal/ledgertest"
	"github.com/wagerlog/wagerlog/internal/testgames"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/projections"
	"github.com/wagerlog/wagerlog/replay"
)

func testCatalog() *games.Catalog {
	return games.NewCatalog(sicbo.Game{}, testgames.Game{PT: testgames.Coin{}}, testgames.Game{PT: testgames.Race{}})
}

// TestRound_PausedDuringBetting pauses a round while it takes bets and
// resumes it: the replay says betting (the status it had), not closed, and
// the bet placed after the resume is no problem; once the round is played,
// it is settled and every bet matches.
func TestRound_PausedDuringBetting(t *testing.T) {
	h := newHarness(t)
	s := openProj(t, "", projections.Options{})
	runProjector(t, s, h.Stream)
	ctx := testCtx(t)
	h.Deposit("ana", "100")
	h.OpenTable("t1", sicbo.IDLive)
	round := h.OpenRound("t1")
	h.Bet("t1", round, "ana", bet("small", "10"))
	h.Must(&ledger.Pause{Meta: ledger.Meta{Actor: ledgertest.Dealer}, Table: "t1", Round: round, Reason: "shaker jammed"})
	h.Must(&ledger.Resume{Meta: ledger.Meta{Actor: ledgertest.Supervisor}, Table: "t1", Round: round})
	h.Bet("t1", round, "ana", bet("big", "5"))
	waitFor(t, s, h.LastSeq())
	r, err := replay.Round(ctx, h.Stream, s, round, lookup)
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != string(ledger.RoundBetting) || !r.Match || len(r.Problems) != 0 {
		t.Fatalf("status %s, match %v, problems %v; want betting and no problem", r.Status, r.Match, r.Problems)
	}

	h.CloseBetting("t1", round)
	h.Result("t1", round, [3]int{1, 2, 3})
	waitFor(t, s, h.LastSeq())
	r, err = replay.Round(ctx, h.Stream, s, round, lookup)
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != string(ledger.RoundSettled) || !r.Match || len(r.Bets) != 2 || len(r.Problems) != 0 {
		t.Fatalf("status %s, match %v, %d bets, problems %v", r.Status, r.Match, len(r.Bets), r.Problems)
	}
}

// roundEvents reads a round's events from the stream as the replay takes
// them, each with the hash of the event stored before it.
func roundEvents(tb testing.TB, h *harness, round string) []replay.RoundEvent {
	tb.Helper()
	var out []replay.RoundEvent
	var prev events.Hash
	err := h.Stream.Read(testCtx(tb), 1, 0, func(raw events.Raw) error {
		hash, hashErr := events.CheckHash(raw.Data)
		defer func() { prev = hash }()
		env, err := events.Decode(raw.Data)
		if err != nil {
			return err
		}
		if env.Round != round {
			return nil
		}
		env.Seq = raw.Seq
		payload, err := events.DecodePayload(&env)
		if err != nil {
			return err
		}
		out = append(out, replay.RoundEvent{Env: env, Payload: payload, Hash: hash, HashOK: hashErr == nil, Prev: prev})
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

func face(h *harness, table, round string, n int) {
	h.T.Helper()
	h.Must(&ledger.RecordResult{Meta: ledger.Meta{Actor: ledgertest.Dealer}, Table: table, Round: round, Result: testgames.FaceJSON(n)})
}

// TestReplay_SeveralResults replays a race round of three throws (bets
// placed between throws, one left open over a throw, a working bet, a
// commission at placement, a take-down) and a race round cancelled after
// a throw: every settlement is re-settled against the throws before it,
// the take-down and the refund end their bets, and all matches. Then the
// same round with a bet's settlement doctored to pay an open bet.
func TestReplay_SeveralResults(t *testing.T) {
	h := ledgertest.NewWith(t, testCatalog())
	h.Deposit("ann", "100")
	h.Deposit("bob", "100")
	h.OpenGameTable("r1", "race/test")
	round := h.OpenRound("r1")
	next3 := h.Bet("r1", round, "ann", bet("next:3", "10")).Bets[0].Bet
	h.CloseBetting("r1", round)
	face(h, "r1", round, 3)
	annHold := h.Bet("r1", round, "ann", ledger.BetRequest{Code: "hold", Stake: dec("10"), Working: true}).Bets[0].Bet
	slip := h.Bet("r1", round, "bob", bet("hold", "15"), bet("next:4", "5"))
	h.Must(&ledger.TakeDown{Meta: ledger.Meta{Actor: ledgertest.Frontend}, Table: "r1", Round: round, Player: "bob", Bet: slip.Bets[0].Bet})
	h.CloseBetting("r1", round)
	face(h, "r1", round, 5)
	h.CloseBetting("r1", round)
	face(h, "r1", round, 6)

	cancelled := h.OpenRound("r1")
	h.Bet("r1", cancelled, "ann", bet("next:1", "10"))
	h.CloseBetting("r1", cancelled)
	face(h, "r1", cancelled, 2)
	h.Bet("r1", cancelled, "ann", bet("hold", "20.05"))
	h.Must(&ledger.Cancel{Meta: ledger.Meta{Actor: ledgertest.Supervisor}, Table: "r1", Round: cancelled, Reason: "wheel fault"})

	meta := replay.RoundMeta{Round: round, Table: "r1", Currency: "EUR", Scale: 2}
	evs := roundEvents(t, h, round)
	r := replay.Replay(meta, evs, testCatalog())
	if !r.ChainOK || !r.Match || len(r.Problems) != 0 {
		t.Fatalf("chain %v match %v problems %v", r.ChainOK, r.Match, r.Problems)
	}
	if r.Status != string(ledger.RoundSettled) || len(r.Results) != 3 || string(r.Result) != `{"face":6}` {
		t.Fatalf("status %s, results %s, result %s", r.Status, r.Results, r.Result)
	}
	outcomes := map[string]int{}
	for _, b := range r.Bets {
		outcomes[b.Recorded.Outcome]++
	}
	// next:3 won on the 3, next:4 lost on the 5, ann's hold lost on the
	// 6, bob's hold taken down.
	if outcomes["won"] != 1 || outcomes["lost"] != 2 || outcomes[string(ledger.BetTakenDown)] != 1 || len(r.Bets) != 4 {
		t.Fatalf("outcomes %v", outcomes)
	}

	// The steps: per throw, the bets it decided and the bets still open
	// after it (bob's hold, taken down before the 5, is neither).
	wantSteps := []replay.Step{
		{Index: 0, Result: testgames.FaceJSON(3), Decided: []string{next3}, Open: []string{}},
		{Index: 1, Result: testgames.FaceJSON(5), Decided: []string{slip.Bets[1].Bet}, Open: []string{annHold}},
		{Index: 2, Result: testgames.FaceJSON(6), Decided: []string{annHold}, Open: []string{}},
	}
	if len(r.Steps) != len(wantSteps) {
		t.Fatalf("steps %+v", r.Steps)
	}
	for i, want := range wantSteps {
		got := r.Steps[i]
		if got.Index != want.Index || string(got.Result) != string(want.Result) || got.Seq == 0 ||
			!reflect.DeepEqual(got.Decided, want.Decided) || !reflect.DeepEqual(got.Open, want.Open) {
			t.Errorf("step %d: %+v, want %+v", i, got, want)
		}
	}

	c := replay.Replay(replay.RoundMeta{Round: cancelled, Table: "r1", Currency: "EUR", Scale: 2}, roundEvents(t, h, cancelled), testCatalog())
	if !c.Match || c.Status != string(ledger.RoundCancelled) || len(c.Bets) != 2 || c.Bets[1].Recorded.Outcome != projections.BetRefunded || c.Steps != nil {
		t.Fatalf("cancelled round: match %v status %s bets %+v problems %v", c.Match, c.Status, c.Bets, c.Problems)
	}

	// Doctored: ann's hold, which the 5 leaves open, paid as won on the 5
	// (a settlement slipped in after that throw).
	var hold *events.BetSettled
	for i := range evs {
		if p, ok := evs[i].Payload.(*events.BetSettled); ok && p.Code == "hold" {
			hold = p
		}
	}
	results := 0
	for i := range evs {
		if _, ok := evs[i].Payload.(*events.RoundResult); !ok {
			continue
		}
		if results++; results != 2 {
			continue
		}
		d := *hold
		d.Result, d.Outcome, d.Win, d.Returned = testgames.FaceJSON(5), string(games.OutcomeWon), dec("10"), dec("20")
		ev := evs[i]
		ev.Env.Type, ev.Payload = events.TypeBetSettled, &d
		evs = append(evs[:i+1], append([]replay.RoundEvent{ev}, evs[i+1:]...)...)
		break
	}
	r = replay.Replay(meta, evs, testCatalog())
	if r.Match || len(r.Problems) == 0 || !strings.Contains(strings.Join(r.Problems, "\n"), "re-computed open") {
		t.Fatalf("a paid open bet not reported: match %v problems %v", r.Match, r.Problems)
	}
}

// TestResettle_CommissionAndContributions re-settles coin bets: the
// commission and the pool's contribution are compared like the win.
func TestResettle_CommissionAndContributions(t *testing.T) {
	pt := testgames.Coin{}
	heads, _ := pt.ParseResult(testgames.FaceJSON(1))
	res := []games.Result{heads}
	side := games.Bet{Code: "side", Stake: dec("10")}
	right, err := pt.Settle(side, 2, res)
	if err != nil {
		t.Fatal(err)
	}
	if _, diff, err := replay.Resettle(pt, side, 2, res, right); err != nil || diff != "" {
		t.Fatalf("the game's own settlement differs: %q %v", diff, err)
	}
	wrong := right
	wrong.Contributions = []games.Contribution{{Pool: "p1", Amount: dec("2")}}
	if _, diff, _ := replay.Resettle(pt, side, 2, res, wrong); !strings.Contains(diff, "pool p1") {
		t.Fatalf("a wrong contribution: %q", diff)
	}
	hb := games.Bet{Code: "heads", Stake: dec("20")}
	right, _ = pt.Settle(hb, 2, res)
	wrong = right
	wrong.Commission = decimal.Zero
	if _, diff, _ := replay.Resettle(pt, hb, 2, res, wrong); !strings.Contains(diff, "commission") {
		t.Fatalf("a commission not charged: %q", diff)
	}
	if _, _, err := replay.Resettle(pt, hb, 2, nil, right); err == nil {
		t.Fatal("a bet settled on no result")
	}
}
