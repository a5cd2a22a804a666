package audit_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/jackpot"
	"github.com/wagerlog/wagerlog/internal/ledgertest"
	"github.com/wagerlog/wagerlog/internal/testgames"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// drawParams is pool jp-c at version: 10% commission, reserve r1 20%,
// base 100, the seed's prizes, and two complementary prizes: 2.00 per bet
// one in three from the main pool, and ten times the bet once per pass
// one in two from the reserve.
func drawParams(t testing.TB, version int) json.RawMessage {
	t.Helper()
	p, err := jackpot.New(jackpot.Params{
		Pool: "jp-c", Version: version, Source: "audit tests: complementary prizes", Scale: 2,
		CommissionPercent: dec("10"), Reserves: []jackpot.Reserve{{Name: "r1", Percent: dec("20")}},
		Base: dec("100"), Ceiling: decimal.Zero, Reset: jackpot.ResetFromReserves, Prizes: jackpot.SeedPrizes(),
		Complementary: []jackpot.Complementary{
			{Name: "one in three", Per: jackpot.PerBet, Wins: 1, Of: 3, Amount: dec("2.00"), Pay: jackpot.PayCash},
			{Name: "lucky pass", Per: jackpot.PerPass, Wins: 1, Of: 2, Multiple: 10, Pay: jackpot.PayCash, From: "r1"},
			{Name: "credits", Per: jackpot.PerBet, Wins: 1, Of: 3, Amount: dec("3.00"), Pay: jackpot.PayCredits},
		},
		Promotion: "SCJ authorisation 2026-117", CreditsExpiryDays: 1, CreditsExpireTo: jackpot.ExpireToPool,
	})
	if err != nil {
		t.Fatal(err)
	}
	return p.CanonicalJSON()
}

// drawStream plays passes over three tables linked to pool jp-c, seats
// with random cards, stakes and forfeits (exchanged, folded) from a fixed
// seed, a player with credits paying with them half the time (refused
// when they do not cover the stake), every fifth round cancelled after
// its bets; then a new version reveals the first seed, and more passes
// draw with the second, left unrevealed.
func drawStream(t *testing.T, passes int) *ledgertest.Harness {
	t.Helper()
	h := ledgertest.NewDrawing(t, poolCatalog())
	fin := events.Actor{ID: "fin-1", Role: ledger.RoleFinance}
	tables := []string{"t1", "t2", "t3"}
	for _, tb := range tables {
		h.OpenGameTable(tb, "prog/test")
	}
	h.Must(&ledger.ConfigurePool{Meta: ledger.Meta{Actor: fin}, Pool: "jp-c", Currency: "EUR", Params: drawParams(t, 1)})
	for _, tb := range tables {
		h.Must(&ledger.LinkPool{Meta: ledger.Meta{Actor: ledgertest.Supervisor}, Pool: "jp-c", Table: tb})
	}
	rng := rand.New(rand.NewPCG(32, 6))
	credited := 0
	var deck []string
	for _, r := range "23456789TJQKA" {
		for _, s := range "SHDC" {
			deck = append(deck, string(r)+string(s))
		}
	}
	// Every player's cash comes before the rounds: the dispute reports
	// then see nothing move a wallet outside its round.
	for p := range 7 {
		h.Deposit(fmt.Sprintf("p%d", p+1), "500")
	}
	for i := range passes {
		if i == passes/2 {
			h.Must(&ledger.ConfigurePool{Meta: ledger.Meta{Actor: fin}, Pool: "jp-c", Currency: "EUR", Params: drawParams(t, 2), Reason: "a new seed"})
		}
		tb := tables[i%len(tables)]
		round := h.OpenRound(tb)
		rng.Shuffle(len(deck), func(a, b int) { deck[a], deck[b] = deck[b], deck[a] })
		var seats []testgames.PassSeat
		for k, seat := range rng.Perm(7)[:1+rng.IntN(4)] {
			player := fmt.Sprintf("p%d", seat+1)
			slip := &ledger.PlaceSlip{Meta: ledger.Meta{Actor: ledgertest.Frontend}, Table: tb, Round: round, Player: player,
				Bets: []ledger.BetRequest{ledgertest.BetOf(fmt.Sprintf("progressive:%d", seat+1), fmt.Sprint(1+rng.IntN(5)))}}
			if rng.IntN(2) == 0 {
				slip.Funding = posting.FundingCredits
				if _, err := h.Exec(slip); err == nil {
					credited++
				} else if ledger.CodeOf(err) != "insufficient_funds" {
					t.Fatalf("a slip paid with credits: %v", err)
				} else {
					slip.Funding = ""
					h.Must(slip)
				}
			} else {
				h.Must(slip)
			}
			ps := testgames.PassSeat{Seat: seat + 1, Cards: deck[5*k : 5*k+5]}
			switch rng.IntN(3) {
			case 1:
				ps.Exchange = true
			case 2:
				ps.Fold = true
			}
			seats = append(seats, ps)
		}
		if i%5 == 4 {
			h.Cancel(tb, round)
			continue
		}
		h.CloseBetting(tb, round)
		h.Must(&ledger.RecordResult{Meta: ledger.Meta{Actor: ledgertest.Dealer}, Table: tb, Round: round, Result: testgames.PassJSON(seats)})
	}
	if credited == 0 {
		t.Fatal("no slip was paid with credits: change the seed of drawStream")
	}
	// A day later the credits left expire back to the pool.
	h.Clock.Advance(25 * time.Hour)
	expired := 0
	for p := range 7 {
		_, err := h.Exec(&ledger.ExpireCredits{Meta: ledger.Meta{Actor: fin}, Player: fmt.Sprintf("p%d", p+1), Currency: "EUR"})
		switch {
		case err == nil:
			expired++
		case ledger.CodeOf(err) != "credits_not_expired":
			t.Fatalf("expire credits: %v", err)
		}
	}
	if expired == 0 {
		t.Fatal("no credits left to expire: change the seed of drawStream")
	}
	return h
}

type drawnAt struct {
	seq uint64
	p   *events.JackpotDrawn
}

func readDrawn(t *testing.T, src *jetstream.Store) (drawn []drawnAt, reveals int) {
	drawn, revealed := readDraws(t, src)
	return drawn, len(revealed)
}

// readDraws returns the stream's jackpot.drawn and its revealed seeds.
func readDraws(t *testing.T, src *jetstream.Store) (drawn []drawnAt, revealed []*events.JackpotDrawSeedRevealed) {
	t.Helper()
	err := src.Read(context.Background(), 1, 0, func(raw events.Raw) error {
		e, err := events.Decode(raw.Data)
		if err != nil {
			return err
		}
		switch e.Type {
		case events.TypeJackpotDrawn:
			p, err := events.Into[events.JackpotDrawn](&e)
			if err != nil {
				return err
			}
			drawn = append(drawn, drawnAt{raw.Seq, p})
		case events.TypeJackpotDrawSeedRevealed:
			p, err := events.Into[events.JackpotDrawSeedRevealed](&e)
			if err != nil {
				return err
			}
			revealed = append(revealed, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return drawn, revealed
}

// TestVerify_ComplementaryDraws is the property of passes over linked
// tables with complementary prizes: the stream verifies clean (every
// account's money conserved, the main pool never below zero, every draw
// of the revealed seed drawn again equal to the recorded one, the
// commitment chain of the unrevealed one whole), and the prizes paid are
// the prizes drawn.
func TestVerify_ComplementaryDraws(t *testing.T) {
	h := drawStream(t, 24)
	opts := audit.Options{Games: poolCatalog(), SubjectPrefix: jetstream.DefaultSubjectPrefix}
	mustClean(t, h.Stream, opts)
	drawn, reveals := readDrawn(t, h.Stream)
	// Every fifth round is cancelled: it draws nothing.
	if len(drawn) != 20 || reveals != 1 {
		t.Fatalf("%d passes drawn, %d seeds revealed; want 20 and 1", len(drawn), reveals)
	}
	prizes := 0
	for _, d := range drawn {
		prizes += len(d.p.Prizes)
		for _, z := range d.p.Prizes {
			if z.Amount.IsZero() {
				t.Errorf("round %s: a prize of nothing", d.p.Round)
			}
		}
	}
	if prizes == 0 {
		t.Fatal("no complementary prize in 24 passes at one in three per bet")
	}
	// The regulator report lists the complementary prizes apart from the
	// hand prizes, by name, and the pool's account still balances.
	want := map[string]decimal.Decimal{}
	total := decimal.Zero
	for _, d := range drawn {
		for _, z := range d.p.Prizes {
			want[z.Name] = want[z.Name].Add(z.Amount)
			total = total.Add(z.Amount)
		}
	}
	per, err := audit.ParsePeriod("month:2026-11", time.UTC)
	if err != nil {
		t.Fatal(err)
	}
	reg, err := audit.Regulator(context.Background(), h.Stream, per, opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(reg.Pools) != 1 {
		t.Fatalf("%d pools in the regulator report", len(reg.Pools))
	}
	jp := reg.Pools[0]
	if !jp.Balanced || !jp.Complementary.Equal(total) || len(jp.ComplementaryPrizes) != len(want) {
		t.Fatalf("pool line %+v; want balanced, complementary %s in %d lines", jp, total, len(want))
	}
	for _, l := range jp.ComplementaryPrizes {
		if !l.Amount.Equal(want[l.Name]) {
			t.Errorf("complementary %q: %s, drawn %s", l.Name, l.Amount, want[l.Name])
		}
	}
	for _, l := range jp.PrizesByHand {
		if _, ok := want[l.Hand]; ok {
			t.Errorf("complementary prize %q listed among the hand prizes", l.Hand)
		}
	}
	var page bytes.Buffer
	if err := reg.WriteHTML(&page); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(page.String(), "<h3>Complementary prizes</h3>") || !strings.Contains(page.String(), "lucky pass") {
		t.Error("the regulator's HTML report does not list the complementary prizes")
	}
	// Finance's reconciliation balances every row, the credits' too:
	// issued by the pool, spent at the tables, refunded by the cancelled
	// rounds.
	rec, err := audit.Reconcile(context.Background(), h.Stream, per, opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Discrepancies) != 0 {
		t.Fatalf("discrepancies %+v", rec.Discrepancies)
	}
	var credits, pool audit.ReconRow
	for _, x := range rec.Totals {
		switch x.Scope + " " + x.Table {
		case audit.ScopeCredits + " ":
			credits = x
		case audit.ScopePool + " jp-c":
			pool = x
		}
	}
	if !credits.CreditsIssued.IsPositive() || !credits.CreditsSpent.IsPositive() || !credits.CreditsExpired.IsPositive() ||
		!credits.CreditsIssued.Equal(pool.CreditsIssued) || !credits.CreditsExpired.Equal(pool.CreditsExpired) ||
		!credits.Closing.Equal(credits.Opening.Add(credits.CreditsIssued).Sub(credits.CreditsSpent).Add(credits.CreditsRefunded).Sub(credits.CreditsExpired)) {
		t.Fatalf("credits row %+v, pool row %+v", credits, pool)
	}
	var zipped bytes.Buffer
	if err := rec.WriteCSV(&zipped); err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(zipped.Bytes()), int64(zipped.Len()))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(zr.File, func(f *zip.File) bool { return strings.Contains(f.Name, "credit_flows") }) {
		t.Error("the reconciliation's CSV has no credit_flows")
	}
	// The settle line of each revealed pass draws what the pass recorded.
	_, revealed := readDraws(t, h.Stream)
	params := drawParams(t, 1)
	for _, d := range drawn {
		if d.p.Commitment != revealed[0].Commitment {
			continue
		}
		bets, _ := json.Marshal(d.p.Bets)
		line := fmt.Sprintf(`{"pool":"jp-c","params":%s,"seed":%q,"pass":%q,"bets":%s}`, params, revealed[0].Seed, d.p.Round, bets)
		var ans struct {
			Outcome, Commitment string
			Prizes              []events.DrawnPrize
		}
		if err := json.Unmarshal(poolCatalog().SettleLine(games.LineRequest{Line: []byte(line)}), &ans); err != nil {
			t.Fatal(err)
		}
		if ans.Outcome != "drawn" || ans.Commitment != d.p.Commitment || len(ans.Prizes) != len(d.p.Prizes) {
			t.Fatalf("round %s: the draw line answers %+v, the pass recorded %+v", d.p.Round, ans, d.p.Prizes)
		}
		for i, z := range ans.Prizes {
			r := d.p.Prizes[i]
			if z.Bet != r.Bet || z.Value != r.Value || !z.Amount.Equal(r.Amount) || z.Name != r.Name {
				t.Errorf("round %s: the line's prize %+v, recorded %+v", d.p.Round, z, r)
			}
		}
	}
	// Every pass's dispute report matches, those with bets paid with
	// credits included.
	for _, d := range drawn {
		mustAllMatch(t, dispute(t, h.Stream, d.p.Round, opts))
	}
	// The dispute report shows a pass's draws: drawn again and matching
	// once the seed is revealed (the first half), recorded only before.
	first, last := drawn[0].p, drawn[len(drawn)-1].p
	if d := dispute(t, h.Stream, first.Round, opts).Complementary; d == nil || !d.Match || d.Seed == "" || len(d.Bets) != len(first.Bets) || len(d.Prizes) != len(first.Prizes) {
		t.Errorf("dispute of a revealed pass: %+v", d)
	}
	if d := dispute(t, h.Stream, last.Round, opts).Complementary; d == nil || d.Match || d.Seed != "" || d.Commitment != last.Commitment || len(d.Problems) != 0 {
		t.Errorf("dispute of an unrevealed pass: %+v", d)
	}
}

// copyStream writes src's events to a new store, chained anew, edit
// changing the one it wants (the seals are left out: they would seal the
// original chain). What the copy's verify reports is what edit changed.
func copyStream(t *testing.T, src *jetstream.Store, edit func(seq uint64, e *events.Envelope, p events.Payload) events.Payload) (*jetstream.Store, map[uint64]uint64) {
	t.Helper()
	dst := openStore(t, t.TempDir())
	t.Cleanup(func() { dst.Close() })
	b := newBuilder(t, dst)
	seqs := map[uint64]uint64{}
	err := src.Read(context.Background(), 1, 0, func(raw events.Raw) error {
		e, err := events.Decode(raw.Data)
		if err != nil {
			return err
		}
		if e.Type == events.TypeLedgerSealed {
			return nil
		}
		p, err := events.DecodePayload(&e)
		if err != nil {
			return err
		}
		p = edit(raw.Seq, &e, p)
		seqs[raw.Seq] = b.add(e.Type, e.Actor, e.Table, e.Round, p, e.Postings...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst, seqs
}

// TestVerify_ComplementaryDoctored changes one recorded draw in a copy of
// the stream, chained anew so that only the draw lies, and checks that
// verify reports it as draw_mismatch: a prize's drawn value changed, a
// prize moved to another bet of the pass (its posting too), a bet left out
// of a pass's qualifying bets, a pass of the unrevealed seed claiming
// another commitment.
func TestVerify_ComplementaryDoctored(t *testing.T) {
	h := drawStream(t, 12)
	opts := audit.Options{Games: poolCatalog(), SubjectPrefix: jetstream.DefaultSubjectPrefix}
	mustClean(t, h.Stream, opts)
	drawn, seeds := readDraws(t, h.Stream)
	var revealed, moved *drawnAt
	for i := range drawn {
		d := &drawn[i]
		if d.p.Commitment != seeds[0].Commitment {
			continue
		}
		if len(d.p.Prizes) > 0 && revealed == nil {
			revealed = d
		}
		if len(d.p.Prizes) > 0 && len(d.p.Bets) > 1 && moved == nil {
			moved = d
		}
	}
	if revealed == nil || moved == nil {
		t.Fatal("no pass of the revealed seed won a complementary prize with two bets or more; change the seed of drawStream")
	}
	cases := []struct {
		name string
		at   uint64
		edit func(p *events.JackpotDrawn, e *events.Envelope)
	}{
		{"value", revealed.seq, func(p *events.JackpotDrawn, _ *events.Envelope) { p.Prizes[0].Value++ }},
		{"winner", moved.seq, func(p *events.JackpotDrawn, e *events.Envelope) {
			z := &p.Prizes[0]
			for _, b := range p.Bets {
				if b.Player != z.Player {
					for i := range e.Postings {
						if e.Postings[i].To == z.To && e.Postings[i].Amount.Equal(z.Amount) {
							e.Postings[i].To = posting.WalletAccount(b.Player)
							break
						}
					}
					z.Bet, z.Player, z.Seat, z.To = b.Bet, b.Player, b.Seat, posting.WalletAccount(b.Player)
					return
				}
			}
		}},
		{"bets", moved.seq, func(p *events.JackpotDrawn, _ *events.Envelope) { p.Bets = p.Bets[:len(p.Bets)-1] }},
		{"commitment", drawn[len(drawn)-1].seq, func(p *events.JackpotDrawn, _ *events.Envelope) {
			p.Commitment = games.DrawCommitment([]byte("another seed"))
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cp, _ := copyStream(t, h.Stream, func(seq uint64, e *events.Envelope, p events.Payload) events.Payload {
				if seq == tc.at {
					tc.edit(p.(*events.JackpotDrawn), e)
				}
				return p
			})
			rep := verify(t, cp, 0, 0, opts)
			found := false
			for _, v := range rep.Violations {
				if v.Kind == audit.KindDrawMismatch {
					found = true
					t.Log(v)
				}
			}
			if !found {
				t.Fatalf("verify did not report the doctored draw: %v", rep.Violations)
			}
			if tc.name == "value" {
				var round string
				for _, d := range drawn {
					if d.seq == tc.at {
						round = d.p.Round
					}
				}
				if d := dispute(t, cp, round, opts).Complementary; d == nil || d.Match || len(d.Problems) == 0 {
					t.Errorf("the dispute report of the doctored pass: %+v", d)
				}
			}
		})
	}
	// The copy with nothing changed is clean: the copy itself is not
	// what the cases above report.
	cp, _ := copyStream(t, h.Stream, func(_ uint64, _ *events.Envelope, p events.Payload) events.Payload { return p })
	mustClean(t, cp, opts)
}
