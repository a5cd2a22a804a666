package ledger_test

import (
	"encoding/json"
	"fmt"
	"strconv"
	"testing"

	"pgregory.net/rapid"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/baccarat"
	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/ledger"
)

// settleableGames draws a random result of a game's round after prior,
// one the game itself takes (games.ResultChecker, when it has one). The
// card games dealt from a shoe (blackjack, War, deux tableaux) play their
// rounds in TestLedger_CardGamesProperty and TestLedger_DeuxProperty,
// which place random accepted bets and then results the cards allow;
// Caribbean poker, with its seats and linked pools, plays in
// TestLedger_PokerAcceptedIsSettleable.
var settleableGames = map[string]func(rt *rapid.T, prior [][]byte) json.RawMessage{
	"sicbo": func(rt *rapid.T, _ [][]byte) json.RawMessage {
		d := rapid.SliceOfN(rapid.IntRange(1, 6), 3, 3).Draw(rt, "dice")
		return json.RawMessage(fmt.Sprintf(`{"dice":[%d,%d,%d]}`, d[0], d[1], d[2]))
	},
	"roulette": func(rt *rapid.T, _ [][]byte) json.RawMessage {
		// 00 is not on a single-zero wheel: the game refuses it, and the
		// draw is made again.
		n := rapid.IntRange(-1, 36).Draw(rt, "pocket")
		pocket := strconv.Itoa(n)
		if n < 0 {
			pocket = "00"
		}
		return json.RawMessage(fmt.Sprintf(`{"pocket":%q}`, pocket))
	},
	"craps": func(rt *rapid.T, _ [][]byte) json.RawMessage {
		return json.RawMessage(fmt.Sprintf(`{"dice":[%d,%d]}`, rapid.IntRange(1, 6).Draw(rt, "die"), rapid.IntRange(1, 6).Draw(rt, "die")))
	},
	"baccarat": func(rt *rapid.T, _ [][]byte) json.RawMessage {
		shoe := baccarat.Shoe(8)
		order := rapid.Permutation(shoe).Draw(rt, "shoe")
		i := 0
		coup := baccarat.DealPuntoBanco(func() baccarat.Card { i++; return order[i-1] })
		return coup.JSON()
	},
	"bingo": func(rt *rapid.T, prior [][]byte) json.RawMessage {
		// A ball not drawn yet.
		drawn := map[int]bool{}
		for _, raw := range prior {
			var b struct{ Ball int }
			_ = json.Unmarshal(raw, &b)
			drawn[b.Ball] = true
		}
		var left []int
		for n := 1; n <= 90; n++ {
			if !drawn[n] {
				left = append(left, n)
			}
		}
		return json.RawMessage(fmt.Sprintf(`{"ball":%d}`, rapid.SampledFrom(left).Draw(rt, "ball")))
	},
}

// TestLedger_SettleableProperty: a bet the ledger accepts can always be
// settled. For each paytable of a game above, random slips of its bets
// (random codes of its listing and kinds, random stakes, some with the
// working flag) are placed, each accepted or refused as the ledger sees
// fit; then results the game takes are recorded until the round is over,
// and the ledger must accept every one of them. Every settlement written
// keeps returned = stake + win − commission, and so does every answer.
func TestLedger_SettleableProperty(t *testing.T) {
	t.Parallel()
	rapidDefaults(t)
	catalog := registry.New()
	var pts []games.Paytable
	for _, pt := range catalog.Paytables() {
		if _, ok := settleableGames[pt.Game()]; ok {
			if _, shoed := pt.(games.Shoed); !shoed {
				pts = append(pts, pt)
			}
		}
	}
	if len(pts) < 6 {
		t.Fatalf("%d paytables to play", len(pts))
	}
	rapid.Check(t, func(rt *rapid.T) {
		h := newHarness(rapidTB{TB: t, rt: rt})
		players := []string{"ann", "bob", "cat"}
		for _, p := range players {
			h.deposit(p, "100000")
		}
		pt := rapid.SampledFrom(pts).Draw(rt, "paytable")
		h.must(&ledger.OpenTable{
			Meta: ledger.Meta{Actor: supervisor}, Table: "s1", Paytable: pt.ID(), Currency: "EUR",
			Limits: map[string]ledger.Limit{"*": {Min: dec("0.01"), Max: dec("100")}},
			Band:   ledger.Limit{Min: dec("0.01"), Max: dec("100")}, Dealer: dealer.ID,
		})
		var codes []string
		for _, b := range pt.RTP() {
			codes = append(codes, b.Code)
		}
		for _, k := range pt.Kinds() {
			codes = append(codes, k, k+":1", k+":2")
		}
		round := h.openRound("s1")
		check := func(res ledger.Result) {
			rt.Helper()
			if res.Settlement == nil {
				return
			}
			for _, b := range res.Settlement.Bets {
				if b.Commission.IsNegative() || b.Rule == "" {
					rt.Fatalf("answer: bet %s %s: commission %s, rule %q", b.Bet, b.Code, b.Commission, b.Rule)
				}
			}
		}
		for results := 0; ; results++ {
			// Slips while betting is open: accepted or refused, never
			// half written (the ledger's own checks).
			for range rapid.IntRange(0, 4).Draw(rt, "slips") {
				var bets []ledger.BetRequest
				for range rapid.IntRange(1, 3).Draw(rt, "bets") {
					bets = append(bets, ledger.BetRequest{
						Code:    rapid.SampledFrom(codes).Draw(rt, "code"),
						Stake:   stake(rt, "stake"),
						Working: rapid.IntRange(0, 9).Draw(rt, "working") == 0,
					})
				}
				_, _ = h.exec(placeSlip("s1", round, rapid.SampledFrom(players).Draw(rt, "player"), bets...))
			}
			r := h.round(round)
			if pt.Game() == "bingo" && len(r.Bets) == 0 && len(r.Results) == 0 {
				// A bingo game without a card sold has no bingo to end
				// it: a cancel does (a game rule, not a bet left open).
				h.closeBetting("s1", round)
				h.must(&ledger.Cancel{Meta: ledger.Meta{Actor: supervisor}, Table: "s1", Round: round, Reason: "no card sold"})
				break
			}
			if r.Status == ledger.RoundBetting {
				h.closeBetting("s1", round)
			}
			// A result the game takes must be taken by the ledger.
			var raw json.RawMessage
			for tries := 0; ; tries++ {
				raw = settleableGames[pt.Game()](rt, h.round(round).Results)
				prior := resultsOf(rt, pt, h.round(round).Results)
				res, err := pt.ParseResult(raw)
				if err == nil {
					if rc, ok := pt.(games.ResultChecker); ok {
						err = rc.CheckResult(res, prior)
					}
				}
				if err == nil {
					break
				}
				if tries > 200 {
					rt.Fatalf("no result of %s the game takes after %d results", pt.ID(), results)
				}
			}
			res, err := h.exec(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "s1", Round: round, Result: raw})
			if err != nil {
				rt.Fatalf("%s: result %s after %d results refused: %v (bets %+v)", pt.ID(), raw, results, err, h.round(round).Bets)
			}
			check(res)
			if r := h.round(round); r.Status == ledger.RoundSettled {
				if r.Open != 0 {
					rt.Fatalf("round settled with %d bets open", r.Open)
				}
				break
			}
			if results > 400 {
				rt.Fatalf("round not over after %d results", results)
			}
		}
		// The settlement identity, on every settlement written: a bet won
		// or pushed returns stake + win − commission; a lost one wins
		// nothing and returns less than its stake (la partage, a
		// surrender, a bingo card's share below its price).
		for _, e := range h.readAll() {
			payload, err := events.DecodePayload(&e)
			if err != nil {
				rt.Fatal(err)
			}
			p, ok := payload.(*events.BetSettled)
			if !ok {
				continue
			}
			switch want := p.Stake.Add(p.Win).Sub(p.Commission); {
			case p.Commission.IsNegative():
				rt.Fatalf("bet %s %s: commission %s", p.Bet, p.Code, p.Commission)
			case p.Outcome == string(games.OutcomeLost):
				if !p.Win.IsZero() || p.Returned.IsNegative() || !p.Returned.LessThan(p.Stake) {
					rt.Fatalf("bet %s %s lost: win %s, returned %s of %s", p.Bet, p.Code, p.Win, p.Returned, p.Stake)
				}
			case !p.Returned.Equal(want):
				rt.Fatalf("bet %s %s %s: returned %s, stake + win − commission = %s", p.Bet, p.Code, p.Outcome, p.Returned, want)
			}
		}
		// The ledger, the projections, the replay and the verifier read
		// the rounds of every game alike (the round model).
		checkReadersAgree(rapidTB{TB: t, rt: rt}, h)
	})
}

// resultsOf parses a round's recorded results.
func resultsOf(rt *rapid.T, pt games.Paytable, raws [][]byte) []games.Result {
	out := make([]games.Result, len(raws))
	for i, raw := range raws {
		r, err := pt.ParseResult(raw)
		if err != nil {
			rt.Fatalf("recorded result %s: %v", raw, err)
		}
		out[i] = r
	}
	return out
}
