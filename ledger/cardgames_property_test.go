package ledger_test

import (
	"context"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"testing"

	"github.com/shopspring/decimal"
	"pgregory.net/rapid"

	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/blackjack"
	"github.com/wagerlog/wagerlog/games/cards"
	"github.com/wagerlog/wagerlog/games/war"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
	"github.com/wagerlog/wagerlog/replay"
)

// cardPropRounds is how many rounds of each game one check plays.
const cardPropRounds = 2

// cardRound plays one round of a card game through the real ledger with
// results and bets drawn at random among those the game allows.
type cardRound struct {
	rt      *rapid.T
	h       *harness
	table   string
	round   string
	results []games.Result
	// players maps a seat to its player; mains the seat's main stake.
	players map[int]string
	mains   map[int]decimal.Decimal
	// shoeOver is set when the round brought the cut card out.
	shoeOver bool
	seen     map[string]int
}

// record closes betting and records r, then checks the books.
func (c *cardRound) record(r games.Result) {
	c.rt.Helper()
	if c.h.round(c.round).Status == ledger.RoundBetting {
		c.h.closeBetting(c.table, c.round)
	}
	c.h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: c.table, Round: c.round, Result: r.JSON()})
	c.results = append(c.results, r)
	crapsCheckMoney(c.rt, c.h, c.table)
}

// place places one bet for the seat's player if the game's Placer takes
// it beside the player's open bets, and reports whether it did.
func (c *cardRound) place(pl games.Placer, seat int, code string, stake decimal.Decimal) bool {
	c.rt.Helper()
	player := c.players[seat]
	var open []games.Bet
	for _, b := range c.h.round(c.round).Bets {
		if b.Player == player && b.Status == ledger.BetOpen {
			open = append(open, games.Bet{Code: b.Code, Stake: b.Stake, Since: b.Since})
		}
	}
	if pl.CheckPlacement(games.Bet{Code: code, Stake: stake, Since: len(c.results)}, c.results, open) != nil {
		return false
	}
	if c.h.round(c.round).Status != ledger.RoundBetting {
		c.rt.Fatalf("round %s is %s before a bet", c.round, c.h.round(c.round).Status)
	}
	c.h.bet(c.table, c.round, player, b(code, stake.String()))
	c.seen[code[:indexColon(code)]]++
	return true
}

func indexColon(s string) int {
	for i := range s {
		if s[i] == ':' {
			return i
		}
	}
	return len(s)
}

// card draws a card at random.
func (c *cardRound) card() cards.Card {
	c.rt.Helper()
	rank := rapid.SampledFrom([]string{"A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"}).Draw(c.rt, "rank")
	suit := rapid.SampledFrom([]string{"S", "H", "D", "C"}).Draw(c.rt, "suit")
	cd, err := cards.Parse(rank + suit)
	if err != nil {
		c.rt.Fatal(err)
	}
	return cd
}

// first returns the first of candidates the game's ResultChecker takes
// after the round's results, or nil.
func (c *cardRound) first(rc games.ResultChecker, candidates ...games.Result) games.Result {
	for _, r := range candidates {
		if rc.CheckResult(r, c.results) == nil {
			return r
		}
	}
	return nil
}

// stake draws a stake in cents: odd amounts make the 3:2 and the half of
// a surrender leave residues.
func stake(rt *rapid.T, label string) decimal.Decimal {
	return decimal.New(int64(rapid.IntRange(100, 5000).Draw(rt, label)), -2)
}

// openSeats opens a round with one to three seats, each with its player's
// main bet (and a side bet sometimes).
func (c *cardRound) openSeats(pl games.Placer, side func(seat int, main decimal.Decimal)) {
	c.round = c.h.openRound(c.table)
	c.players, c.mains = map[int]string{}, map[int]decimal.Decimal{}
	names := []string{"ann", "bob", "cat"}
	for seat := 1; seat <= 3; seat++ {
		if seat > 1 && !rapid.Bool().Draw(c.rt, "seat") {
			continue
		}
		c.players[seat] = names[seat-1]
		c.mains[seat] = stake(c.rt, "main")
		if !c.place(pl, seat, "main:"+strconv.Itoa(seat), c.mains[seat]) {
			c.rt.Fatalf("main:%d refused at the round's start", seat)
		}
		if rapid.Bool().Draw(c.rt, "side") {
			side(seat, c.mains[seat])
		}
	}
}

// playBlackjack plays one blackjack round: the deal, the seats' decisions
// at random among those the cards allow (a double or split after its
// bet, insurance now and then when the dealer shows an ace), the dealer's
// draws, and maybe the cut card.
func (c *cardRound) playBlackjack(pt *blackjack.Paytable) {
	c.results = nil
	half := decimal.New(5, -1)
	c.openSeats(pt, func(seat int, main decimal.Decimal) {
		pp := main.Mul(decimal.New(int64(rapid.IntRange(10, 80).Draw(c.rt, "pp%")), -2)).RoundDown(2)
		c.place(pt, seat, "perfect_pairs:"+strconv.Itoa(seat), pp)
	})
	cut := rapid.IntRange(0, 40).Draw(c.rt, "cut at")
	insured := false
	for steps := 0; !pt.RoundOver(c.results); steps++ {
		if steps > blackjack.ResultsMax {
			c.rt.Fatalf("round %s does not end: %d results", c.round, len(c.results))
		}
		if !c.shoeOver && steps == cut {
			c.record(blackjack.CutCardOut())
			c.shoeOver = true
			continue
		}
		rd, err := pt.Fold(c.results)
		if err != nil {
			c.rt.Fatal(err)
		}
		seat, hand, owed, play := rd.Turn()
		if play && !insured {
			insured = true
			for s := range c.players {
				if rapid.IntRange(0, 2).Draw(c.rt, "insure") == 0 {
					c.place(pt, s, "insurance:"+strconv.Itoa(s), c.mains[s].Mul(half).RoundDown(2))
				}
			}
		}
		if play && !owed {
			d := rapid.SampledFrom([]blackjack.Decision{blackjack.Hit, blackjack.Stand, blackjack.Double, blackjack.Split, blackjack.Surrender}).Draw(c.rt, "decision")
			r := blackjack.Decide(d, seat, hand)
			if pt.CheckResult(r, c.results) != nil {
				c.seen["refused "+string(d)]++
				continue
			}
			if d == blackjack.Double || d == blackjack.Split {
				code := string(d) + ":" + strconv.Itoa(seat) + ":" + strconv.Itoa(hand)
				if !c.place(pt, seat, code, c.mains[seat]) {
					continue
				}
			}
			c.seen[string(d)]++
			c.record(r)
			continue
		}
		cd := c.card()
		// Every seat is dealt in: a seat's card before the dealer's.
		var cands []games.Result
		for _, s := range slices.Sorted(maps.Keys(c.players)) {
			for h := range blackjack.HandsLimit {
				cands = append(cands, blackjack.CardTo(cd, s, h))
			}
		}
		cands = append(cands, blackjack.DealerCard(cd))
		if r := c.first(pt, cands...); r != nil {
			c.record(r)
		}
	}
}

// playWar plays one War round: the seats' cards and the dealer's, each
// tied seat's decision at random (war after its raise, or surrender), the
// burns and the war cards, and maybe the cut card.
func (c *cardRound) playWar(pt *war.Paytable) {
	c.results = nil
	c.openSeats(pt, func(seat int, main decimal.Decimal) {
		c.place(pt, seat, "tie:"+strconv.Itoa(seat), stake(c.rt, "tie"))
	})
	cut := rapid.IntRange(0, 12).Draw(c.rt, "cut at")
	for steps := 0; !pt.RoundOver(c.results); steps++ {
		if steps > war.ResultsMax*4 {
			c.rt.Fatalf("round %s does not end: %d results", c.round, len(c.results))
		}
		if !c.shoeOver && steps == cut {
			c.record(war.CutCardOut())
			c.shoeOver = true
			continue
		}
		if s := pt.Deciding(c.results); s != nil {
			d := war.Surrender
			if rapid.Bool().Draw(c.rt, "go to war") && c.place(pt, s.Number, "war:"+strconv.Itoa(s.Number), c.mains[s.Number]) {
				d = war.GoToWar
			}
			c.seen[string(d)]++
			c.record(war.Decide(d, s.Number))
			continue
		}
		cd := c.card()
		var cands []games.Result
		for _, s := range slices.Sorted(maps.Keys(c.players)) {
			cands = append(cands, war.CardTo(cd, s))
		}
		cands = append(cands, war.DealerCard(cd), war.Burn(cd))
		if r := c.first(pt, cands...); r != nil {
			c.record(r)
		}
	}
}

// TestLedger_CardGamesProperty plays whole rounds of blackjack and War
// through the real ledger with random seats, stakes, side bets and legal
// decisions, and checks: after every result, that money is conserved (the
// books add up to zero, no wallet below zero, the in-play account holds
// exactly the open bets' stakes); after each round, that it is settled
// with every bet decided and each wallet equal to its deposit less its
// stakes plus what its settlements returned; at the end, that the
// verifier finds the stream clean, that the dispute replay of every round
// re-settles each bet to what was paid with every card and decision
// allowed by the rules, and that a restart rebuilds the same state.
func TestLedger_CardGamesProperty(t *testing.T) {
	t.Parallel()
	rapidDefaults(t)
	bj, err := blackjack.Lookup(blackjack.IDChile2010)
	if err != nil {
		t.Fatal(err)
	}
	wr, err := war.Lookup(war.IDChile2010)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	rapid.Check(t, func(rt *rapid.T) {
		h := newHarness(rapidTB{TB: t, rt: rt})
		for _, p := range []string{"ann", "bob", "cat"} {
			h.deposit(p, "100000")
		}
		for table, pt := range map[string]string{"b1": blackjack.IDChile2010, "w1": war.IDChile2010} {
			h.must(&ledger.OpenTable{
				Meta: ledger.Meta{Actor: supervisor}, Table: table, Paytable: pt, Currency: "EUR",
				Limits: map[string]ledger.Limit{"*": {Min: dec("0.01"), Max: dec("100")}},
				Band:   ledger.Limit{Min: dec("0.01"), Max: dec("100")}, Dealer: dealer.ID,
			})
		}
		var rounds []string
		for _, g := range []struct {
			table string
			cut   int
			play  func(c *cardRound)
		}{
			{"b1", 80, func(c *cardRound) { c.playBlackjack(bj) }},
			{"w1", 60, func(c *cardRound) { c.playWar(wr) }},
		} {
			c := &cardRound{rt: rt, h: h, table: g.table, seen: seen}
			h.startShoe(g.table, g.cut)
			for range cardPropRounds {
				if c.shoeOver {
					h.startShoe(g.table, g.cut)
					c.shoeOver = false
				}
				g.play(c)
				r := h.round(c.round)
				if r.Status != ledger.RoundSettled || r.Open != 0 {
					rt.Fatalf("round %s after its last result: %s, %d open", c.round, r.Status, r.Open)
				}
				rounds = append(rounds, c.round)
			}
		}
		// Each wallet is its deposit less its stakes plus what its
		// settlements returned, read from the events (a finished round's
		// bets are not kept in memory).
		wallets := map[string]decimal.Decimal{}
		for _, env := range h.readAll() {
			payload, err := events.DecodePayload(&env)
			if err != nil {
				rt.Fatal(err)
			}
			switch p := payload.(type) {
			case *events.BetPlaced:
				wallets[p.Player] = wallets[p.Player].Sub(p.Total)
			case *events.BetSettled:
				wallets[p.Player] = wallets[p.Player].Add(p.Returned)
				seen[string(p.Outcome)]++
			}
		}
		for p, delta := range wallets {
			if got, want := h.balance(posting.WalletAccount(p)), decimal.RequireFromString("100000").Add(delta); !got.Equal(want) {
				rt.Fatalf("wallet %s is %s, its bets give %s", p, got, want)
			}
		}
		rep, err := audit.Verify(context.Background(), h.store, 0, 0, audit.Options{Games: h.opts.Games, SubjectPrefix: jetstream.DefaultSubjectPrefix})
		if err != nil {
			rt.Fatal(err)
		}
		if !rep.Clean {
			rt.Fatalf("verify: %+v", rep.Violations)
		}
		for _, id := range rounds {
			rr := replay.Replay(replay.RoundMeta{Round: id, Table: h.round(id).Table, Currency: "EUR", Scale: 2}, h.roundEvents(id), h.opts.Games)
			if !rr.Match || !rr.ChainOK || len(rr.Problems) != 0 || len(rr.Steps) != len(h.round(id).Results) {
				rt.Fatalf("replay of %s: match %v chain %v, %d steps, problems %v", id, rr.Match, rr.ChainOK, len(rr.Steps), rr.Problems)
			}
			for _, s := range rr.Steps {
				if !s.Allowed {
					rt.Fatalf("replay of %s: step %d %s refused: %s", id, s.Index, s.Result, s.Refusal)
				}
			}
		}
		before := h.snapshot()
		h.restart()
		if after := h.snapshot(); !reflect.DeepEqual(after, before) {
			rt.Fatalf("state after a restart differs:\n got %+v\nwant %+v", after, before)
		}
		checkReadersAgree(rapidTB{TB: t, rt: rt}, h)
	})
	t.Logf("over every check: %v", seen)
	for _, k := range []string{"double", "split", "surrender", "hit", "stand", "insurance", "perfect_pairs", "war", "tie", "won", "lost", "push"} {
		if seen[k] == 0 {
			t.Errorf("no %s over every check: %v", k, seen)
		}
	}
}

// roundEvents reads a round's events from the stream as the replay takes
// them, each with the hash of the event stored before it.
func (h *harness) roundEvents(round string) []replay.RoundEvent {
	h.t.Helper()
	var out []replay.RoundEvent
	var prev events.Hash
	err := h.store.Read(context.Background(), 1, 0, func(raw events.Raw) error {
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
		h.t.Fatal(err)
	}
	return out
}
