package ledger_test

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/projections"
	"github.com/wagerlog/wagerlog/replay"
	"github.com/wagerlog/wagerlog/round"
)

// roundSeen is a round as one reader of the stream sees it: its status,
// its results in force, and each bet's status (a settled bet by its
// outcome), win and returned, in a form the readers can be compared in.
type roundSeen struct {
	Status  string
	Results []string
	Bets    map[string]string // bet → "status win returned"
}

func betSeen(status string, win, returned fmt.Stringer) string {
	return status + " " + win.String() + " " + returned.String()
}

// ledgerSeen is a round as the ledger's state holds it (a finished round's
// bets read back from the stream).
func ledgerSeen(t testing.TB, h *harness, id string) (roundSeen, bool) {
	t.Helper()
	r, found, err := h.l.Round(context.Background(), id)
	if err != nil {
		t.Fatalf("ledger round %s: %v", id, err)
	}
	if !found {
		return roundSeen{}, false
	}
	out := roundSeen{Status: string(r.Status), Bets: map[string]string{}}
	for _, res := range r.Results {
		out.Results = append(out.Results, string(res))
	}
	for _, b := range r.Bets {
		switch b.Status {
		case round.BetSettled:
			out.Bets[b.ID] = betSeen(string(b.Settlement.Outcome), b.Settlement.Win, b.Settlement.Returned)
		case round.BetRefunded, round.BetTakenDown:
			out.Bets[b.ID] = betSeen(string(b.Status), dec("0"), b.Stake)
		default:
			out.Bets[b.ID] = betSeen(string(b.Status), dec("0"), dec("0"))
		}
	}
	return out, true
}

// projectionSeen is a round as the projections rebuilt from the stream
// show it.
func projectionSeen(v projections.RoundView) roundSeen {
	out := roundSeen{Status: v.Status, Bets: map[string]string{}}
	for _, res := range v.Results {
		out.Results = append(out.Results, string(res))
	}
	for _, b := range v.Bets {
		switch b.Status {
		case projections.BetOpen:
			out.Bets[b.Bet] = betSeen(b.Status, dec("0"), dec("0"))
		case projections.BetRefunded, projections.BetTakenDown:
			out.Bets[b.Bet] = betSeen(b.Status, dec("0"), b.Stake)
		default:
			out.Bets[b.Bet] = betSeen(b.Status, b.Win, b.Returned)
		}
	}
	return out
}

// replaySeen is a round as the round replay walks it: each bet's
// settlement, refund or take-down in force (the last one no correction
// superseded); a bet with none is open.
func replaySeen(rr *replay.RoundReplay, placed []string) roundSeen {
	out := roundSeen{Status: rr.Status, Bets: map[string]string{}}
	switch {
	case len(rr.Results) > 0:
		for _, res := range rr.Results {
			out.Results = append(out.Results, string(res))
		}
	case rr.Dice != nil:
		out.Results = []string{fmt.Sprintf(`{"dice":[%d,%d,%d]}`, rr.Dice[0], rr.Dice[1], rr.Dice[2])}
	case rr.Result != nil:
		out.Results = []string{string(rr.Result)}
	}
	for _, id := range placed {
		out.Bets[id] = betSeen(string(round.BetOpen), dec("0"), dec("0"))
	}
	for _, c := range rr.Bets {
		if !c.Superseded {
			out.Bets[c.Bet] = betSeen(c.Recorded.Outcome, c.Recorded.Win, c.Recorded.Returned)
		}
	}
	return out
}

// checkReadersAgree checks that the ledger's state, the projections rebuilt
// from the stream, the round replay and the verifier agree on every round
// of the stream: its status, its results in force, and each bet's status,
// outcome, win and returned. They all fold rounds with the round model
// (package round); this is the proof that they read it alike.
// It returns how many rounds and bets it compared in each status.
func checkReadersAgree(t testing.TB, h *harness) map[string]int {
	t.Helper()
	ctx := context.Background()
	// The rounds of the stream, with their bets as placed.
	var ids []string
	placed := map[string][]string{}
	for _, e := range h.readAll() {
		switch e.Type {
		case events.TypeRoundOpened:
			ids = append(ids, e.Round)
		case events.TypeBetPlaced:
			p, err := events.Into[events.BetPlaced](&e)
			if err != nil {
				t.Fatal(err)
			}
			for _, b := range p.Bets {
				placed[e.Round] = append(placed[e.Round], b.Bet)
			}
		}
	}
	path := filepath.Join(t.TempDir(), "agree.db")
	popts := projections.Options{Games: h.opts.Games}
	if _, err := replay.Rebuild(ctx, h.store, path, popts, nil); err != nil {
		t.Fatalf("rebuild: %v", err)
	}
	ps, err := projections.Open(path, popts)
	if err != nil {
		t.Fatalf("open projections: %v", err)
	}
	defer ps.Close()
	rep, err := audit.Verify(ctx, h.store, 0, 0, audit.Options{Games: h.opts.Games, SubjectPrefix: jetstream.DefaultSubjectPrefix})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Clean {
		t.Fatalf("verify: %+v", rep.Violations)
	}
	open := map[string]string{} // the verifier's rounds in progress
	for _, r := range rep.OpenRounds {
		open[r.Round] = r.Status
	}
	seen := map[string]int{}
	compared := 0
	for _, id := range ids {
		want, inMemory := ledgerSeen(t, h, id)
		v, err := ps.Round(id)
		if err != nil {
			t.Fatalf("projected round %s: %v", id, err)
		}
		proj := projectionSeen(v)
		rr := replay.Replay(replay.RoundMeta{Round: id, Table: v.Table, Currency: v.Currency, Scale: v.Scale}, h.roundEvents(id), h.opts.Games)
		if !rr.Match || !rr.ChainOK || len(rr.Problems) != 0 {
			t.Fatalf("replay of %s: match %v chain %v, problems %v", id, rr.Match, rr.ChainOK, rr.Problems)
		}
		rep := replaySeen(rr, placed[id])
		if !inMemory {
			// The ledger forgot the round (FinishedRoundsKept): the
			// readers still agree with one another.
			want = proj
		}
		for name, got := range map[string]roundSeen{"projections": proj, "replay": rep} {
			if diff := seenDiff(want, got); diff != "" {
				t.Fatalf("round %s: the ledger and the %s disagree: %s", id, name, diff)
			}
		}
		if st, ok := open[id]; ok != !round.Status(want.Status).Finished() || (ok && st != want.Status) {
			t.Fatalf("round %s is %s, the verifier has it in progress %v as %q", id, want.Status, ok, st)
		}
		compared++
		seen["round "+want.Status]++
		for _, b := range want.Bets {
			seen["bet "+strings.Fields(b)[0]]++
		}
		if len(v.Corrections) > 0 {
			seen["corrected"]++
		}
		if len(want.Results) > 1 {
			seen["several results"]++
		}
	}
	if len(open) > len(ids) || compared != len(ids) {
		t.Fatalf("compared %d of %d rounds, the verifier has %d in progress", compared, len(ids), len(open))
	}
	return seen
}

func seenDiff(want, got roundSeen) string {
	var out []string
	if want.Status != got.Status {
		out = append(out, fmt.Sprintf("status %q, %q", want.Status, got.Status))
	}
	if !slices.Equal(want.Results, got.Results) {
		out = append(out, fmt.Sprintf("results %v, %v", want.Results, got.Results))
	}
	for id, w := range want.Bets {
		if g := got.Bets[id]; !sameBet(w, g) {
			out = append(out, fmt.Sprintf("bet %s %q, %q", id, w, g))
		}
	}
	if len(want.Bets) != len(got.Bets) {
		out = append(out, fmt.Sprintf("%d bets, %d", len(want.Bets), len(got.Bets)))
	}
	return strings.Join(out, "; ")
}

// sameBet compares two "status win returned" as amounts: 10.10 and 10.1
// are the same.
func sameBet(a, b string) bool {
	fa, fb := strings.Fields(a), strings.Fields(b)
	if len(fa) != 3 || len(fb) != 3 || fa[0] != fb[0] {
		return false
	}
	return dec(fa[1]).Equal(dec(fb[1])) && dec(fa[2]).Equal(dec(fb[2]))
}

// TestRoundModel_ReadersAgree writes random streams through the real
// ledger (the world of TestLedger_Properties: two Sic Bo tables, pauses,
// reshakes, corrections, cancels, retries and restarts) with atomic
// batches of a few events, so that settlements and refunds are written in
// chunks, and checks after each that the ledger, the projections, the
// round replay and the verifier agree on every round (checkReadersAgree).
// The other games get the same check at the end of their own property
// tests: blackjack and War (TestLedger_CardGamesProperty), baccarat à deux
// tableaux with a player's bank and voids (TestLedger_DeuxTableauxProperty),
// Caribbean poker with seats and a linked pool, craps hands with
// take-downs, a bingo session, and every game of
// TestLedger_SettleableProperty (roulette, baccarat, bingo).
func TestRoundModel_ReadersAgree(t *testing.T) {
	rapidDefaults(t)
	total := map[string]int{}
	rapid.Check(t, func(rt *rapid.T) {
		tb := rapidTB{TB: t, rt: rt}
		h, _ := newFaultHarness(tb, 2+uniform(6).Draw(rt, "batch"))
		p := &propRun{t: rt, h: h, stats: map[string]int{}, roundsOf: map[string][]string{}}
		p.setup()
		actions := p.actions()
		var names []string
		for name, a := range actions {
			for range a.weight {
				names = append(names, name)
			}
		}
		slices.Sort(names)
		for range propStepsMin + uniform(propStepsMax-propStepsMin+1).Draw(rt, "steps") {
			actions[oneOf(rt, names, "action")].run()
		}
		p.restart()
		for k, n := range checkReadersAgree(tb, h) {
			total[k] += n
		}
	})
	t.Logf("compared over every check: %v", total)
	// The generator must reach what the readers could disagree on.
	for _, k := range []string{"round settled", "round cancelled", "round betting", "corrected", "bet won", "bet lost", "bet refunded"} {
		if total[k] == 0 {
			t.Errorf("no %s over every check: %v", k, total)
		}
	}
}
