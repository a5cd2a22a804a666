package main

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/registry"
)

// everyGameRules checks the every-game stream in dir (every demo game of
// the registry, through the real ledger): every bet.settled names the rule
// that decided it, every game settled bets, and `wagerlog replay round`
// of a round of each game shows the rule, recorded and recomputed, and
// the commission of every bet it settled.
func everyGameRules(t *testing.T, dir string) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	st, err := jetstream.Open(ctx, jetstream.Options{DataDir: dir, ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	gameOf := map[string]string{}  // table → game
	roundOf := map[string]string{} // game → a round that settled bets
	settled := map[string]int{}    // game → bets settled
	finished := map[string]bool{}  // game → a round settled
	err = st.Read(ctx, 1, 0, func(r events.Raw) error {
		e, p, err := (*events.Codec)(nil).DecodeWithPayload(r.Data)
		if err != nil {
			return err
		}
		switch p := p.(type) {
		case *events.TableOpened:
			gameOf[p.Table] = p.Game
		case *events.RoundSettled:
			finished[gameOf[p.Table]] = true
		case *events.BetSettled:
			g := gameOf[p.Table]
			settled[g]++
			if roundOf[g] == "" {
				roundOf[g] = p.Round
			}
			if p.Rule == "" {
				t.Errorf("event %d: %s bet %s (%s, outcome %s) names no rule", e.Seq, g, p.Bet, p.Code, p.Outcome)
			}
		}
		return nil
	})
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	// A game whose demo rounds outlast the stream (a bingo game draws one
	// ball a cycle) has nothing settled to check.
	var want []string
	for _, g := range registry.New().Games() {
		if _, ok := g.(games.Demoer); ok && finished[g.Name()] {
			want = append(want, g.Name())
		} else if ok {
			t.Logf("game %s finished no round in the every-game stream", g.Name())
		}
	}
	if len(want) < 5 {
		t.Fatalf("only %v finished rounds in the every-game stream", want)
	}
	for _, g := range want {
		if settled[g] == 0 {
			t.Errorf("game %s settled no bet in the every-game stream", g)
		}
	}
	if t.Failed() {
		return
	}

	if _, stderr, err := runMain(t, "rebuild", "--data-dir", dir); err != nil {
		t.Fatalf("rebuild: %v\n%s", err, stderr)
	}
	slices.Sort(want)
	for _, g := range want {
		out, stderr, err := runMain(t, "replay", "round", roundOf[g], "--data-dir", dir, "--json")
		if err != nil {
			t.Fatalf("%s: replay round: %v\n%s", g, err, stderr)
		}
		var rp struct {
			Bets []struct {
				Bet                  string
				Code                 string
				Recorded, Recomputed struct {
					Outcome    string           `json:"outcome"`
					Rule       string           `json:"rule"`
					Commission *json.RawMessage `json:"commission"`
				}
			} `json:"bets"`
		}
		if err := json.Unmarshal([]byte(out), &rp); err != nil {
			t.Fatalf("%s: replay JSON: %v\n%s", g, err, out)
		}
		n := 0
		for _, b := range rp.Bets {
			if b.Recorded.Outcome == "" || b.Recorded.Outcome == "open" {
				continue
			}
			n++
			if b.Recorded.Rule == "" || b.Recomputed.Rule == "" || b.Recorded.Commission == nil || b.Recomputed.Commission == nil {
				t.Errorf("%s round %s: bet %s (%s) replayed without its rule or commission: %+v", g, roundOf[g], b.Bet, b.Code, b)
			}
		}
		if n == 0 {
			t.Errorf("%s round %s: the replay settles no bet:\n%s", g, roundOf[g], out)
		}
	}
}
