package ledger_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/drawseed"
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games/jackpot"
	"github.com/wagerlog/wagerlog/internal/testgames"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// compPool is pool "jp-c" at version: no commission, no reserve, no
// base, the seed's prizes, and the complementary prizes given.
func compPool(t testing.TB, version int, comp ...jackpot.Complementary) json.RawMessage {
	t.Helper()
	p, err := jackpot.New(jackpot.Params{
		Pool: "jp-c", Version: version, Source: "ledger tests: complementary prizes", Scale: 2,
		CommissionPercent: decimal.Zero, Base: decimal.Zero, Ceiling: decimal.Zero,
		Reset: jackpot.ResetFromCasino, Prizes: jackpot.SeedPrizes(), Complementary: comp,
	})
	if err != nil {
		t.Fatal(err)
	}
	return p.CanonicalJSON()
}

// drawHarness is a ledger keeping draw seeds in a temporary directory,
// with pool jp-c (the complementary prizes given) holding main, and
// table t1 linked to it.
func drawHarness(t *testing.T, main string, comp ...jackpot.Complementary) *harness {
	h := newHarness(t)
	h.opts.DrawSeeds = mustSeeds(t)
	withPools(h)
	h.openTestTable("t1", "prog/test")
	h.must(&ledger.ConfigurePool{Meta: ledger.Meta{Actor: finance}, Pool: "jp-c", Currency: "EUR", Params: compPool(t, 1, comp...)})
	h.must(link("jp-c", "t1"))
	if main != "0" {
		h.must(&ledger.AdjustPool{Meta: ledger.Meta{Actor: finance}, Pool: "jp-c", Account: "jackpot:jp-c:main", Amount: dec(main), Reason: "test funding"})
	}
	return h
}

// mustSeeds keeps draw seeds in a temporary directory.
func mustSeeds(t testing.TB) *drawseed.Dir {
	t.Helper()
	seeds, err := drawseed.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return seeds
}

// drawPass plays one pass of t1, a player "s<seat>" betting on each
// seat (funded with 100), and returns the round's id.
func drawPass(h *harness, seats ...testgames.PassSeat) string {
	h.t.Helper()
	round := h.openRound("t1")
	for _, s := range seats {
		player := fmt.Sprintf("s%d", s.Seat)
		h.deposit(player, "100")
		h.bet("t1", round, player, b(fmt.Sprintf("progressive:%d", s.Seat), "1"))
	}
	h.closeBetting("t1", round)
	h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "t1", Round: round, Result: testgames.PassJSON(seats)})
	return round
}

func drawnOf(h *harness, round string) *events.JackpotDrawn {
	h.t.Helper()
	var out *events.JackpotDrawn
	for _, e := range h.eventsOf(round) {
		if e.Type == events.TypeJackpotDrawn {
			if out != nil {
				h.t.Fatalf("round %s: two jackpot.drawn", round)
			}
			p, err := events.Into[events.JackpotDrawn](&e)
			if err != nil {
				h.t.Fatal(err)
			}
			out = p
		}
	}
	if out == nil {
		h.t.Fatalf("round %s: no jackpot.drawn", round)
	}
	return out
}

// TestLedger_ComplementaryExchangedSeat: a seat that exchanged cards
// loses the pool's prize for its royal flush but keeps the complementary
// prize (seed 004_11b2de8449360267.txt, 6.5.1: "En todo caso, siempre
// podrá ser acreedor de los premios complementarios"). The prize, drawn
// with certainty (1 in 1), is paid from the main pool to the wallet.
func TestLedger_ComplementaryExchangedSeat(t *testing.T) {
	h := drawHarness(t, "200", jackpot.Complementary{Name: "every bet", Per: jackpot.PerBet, Wins: 1, Of: 1, Amount: dec("5.00"), Pay: jackpot.PayCash})
	round := drawPass(h,
		testgames.PassSeat{Seat: 1, Cards: royalS, Exchange: true},
		testgames.PassSeat{Seat: 2, Cards: []string{"2C", "7D", "9H", "JC", "KD"}, Fold: true})
	d := drawnOf(h, round)
	if len(d.Bets) != 2 || len(d.Prizes) != 2 {
		t.Fatalf("drawn %d bets, %d prizes; want both bets drawn and paid: %+v", len(d.Bets), len(d.Prizes), d)
	}
	for _, z := range d.Prizes {
		if !z.Amount.Equal(dec("5")) || z.From != "jackpot:jp-c:main" || z.To != posting.WalletAccount(z.Player) {
			t.Errorf("prize %+v, want 5.00 from the main pool to the winner's wallet", z)
		}
	}
	// 100 − 1 + 5 each: the royal flush won nothing, the bets stayed in
	// the pool (200 + 2 − 10 = 192).
	h.wantBalances(map[string]string{
		posting.WalletAccount("s1"): "104", posting.WalletAccount("s2"): "104", "jackpot:jp-c:main": "192",
	})
	h.round(round)
}

// TestLedger_ComplementaryAdvance: a prize the paying account cannot cover
// is advanced by the table's house first; the main pool is never below
// zero.
func TestLedger_ComplementaryAdvance(t *testing.T) {
	h := drawHarness(t, "0", jackpot.Complementary{Name: "lucky pass", Per: jackpot.PerPass, Wins: 1, Of: 1, Multiple: 30, Pay: jackpot.PayCash})
	round := drawPass(h, testgames.PassSeat{Seat: 3, Cards: []string{"2C", "7D", "9H", "JC", "KD"}})
	d := drawnOf(h, round)
	if len(d.Prizes) != 1 || !d.Prizes[0].Amount.Equal(dec("30")) || len(d.Advanced) != 1 || !d.Advanced[0].Amount.Equal(dec("29")) {
		t.Fatalf("drawn %+v, want a 30.00 prize with 29.00 advanced by the house (the pool held the bet's 1.00)", d)
	}
	h.wantBalances(map[string]string{posting.WalletAccount("s3"): "129", "jackpot:jp-c:main": "0", posting.HouseAccount("t1"): "-29"})
}

// TestLedger_ComplementaryNoSeeds: a ledger that keeps no draw seeds
// refuses parameters with complementary prizes, and writes nothing.
func TestLedger_ComplementaryNoSeeds(t *testing.T) {
	h := newHarness(t)
	withPools(h)
	h.refuse(&ledger.ConfigurePool{Meta: ledger.Meta{Actor: finance}, Pool: "jp-c", Currency: "EUR",
		Params: compPool(t, 1, jackpot.Complementary{Name: "x", Per: jackpot.PerBet, Wins: 1, Of: 2, Amount: dec("1"), Pay: jackpot.PayCash})}, "draw_seed_unavailable")
}

// hmacUniform is the draw of docs/GAMES.md written again from its words, to
// check the ledger's: the first 8 bytes of HMAC-SHA256(seed, message|try)
// below the largest multiple of n, modulo n.
func hmacUniform(seed []byte, msg string, n uint64) uint64 {
	for try := 0; ; try++ {
		m := hmac.New(sha256.New, seed)
		fmt.Fprintf(m, "%s|%d", msg, try)
		v := binary.BigEndian.Uint64(m.Sum(nil))
		if limit := math.MaxUint64 - (math.MaxUint64%n+1)%n; v <= limit {
			return v % n
		}
	}
}

// TestLedger_ComplementaryReveal plays passes with a prize drawn 1 in 3,
// across a restart, configures a new version, and checks that the seed it reveals hashes to
// the commitment every pass recorded, and that every bet's draw done again
// from it is what the passes recorded: the winners and only them.
func TestLedger_ComplementaryReveal(t *testing.T) {
	h := drawHarness(t, "500", jackpot.Complementary{Name: "one in three", Per: jackpot.PerBet, Wins: 1, Of: 3, Amount: dec("2.00"), Pay: jackpot.PayCash})
	// 20 passes of two bets: 40 draws at 1 in 3, none or all winning
	// by chance once in ten million runs.
	const passes = 20
	var rounds []string
	for i := range passes {
		if i == 3 {
			// A restart: the commitment comes back from the stream, the
			// seed from its file.
			h.restart()
		}
		rounds = append(rounds, drawPass(h,
			testgames.PassSeat{Seat: 1, Cards: []string{"2C", "7D", "9H", "JC", "KD"}},
			testgames.PassSeat{Seat: 2, Cards: []string{"3C", "8D", "TH", "QC", "AD"}, Exchange: true}))
	}
	h.must(&ledger.ConfigurePool{Meta: ledger.Meta{Actor: finance}, Pool: "jp-c", Currency: "EUR", Params: compPool(t, 2)})
	var rev *events.JackpotDrawSeedRevealed
	for _, e := range h.readAll() {
		if e.Type == events.TypeJackpotDrawSeedRevealed {
			if rev, _ = events.Into[events.JackpotDrawSeedRevealed](&e); rev == nil {
				t.Fatal("undecodable reveal")
			}
		}
	}
	if rev == nil {
		t.Fatal("no jackpot.draw_seed_revealed after the new version")
	}
	seed, err := hex.DecodeString(rev.Seed)
	if err != nil {
		t.Fatal(err)
	}
	if sum := sha256.Sum256(seed); hex.EncodeToString(sum[:]) != rev.Commitment {
		t.Fatalf("the revealed seed does not hash to its commitment %s", rev.Commitment)
	}
	wins := 0
	for _, round := range rounds {
		d := drawnOf(h, round)
		if d.Commitment != rev.Commitment {
			t.Fatalf("round %s drew with %s, the seed revealed is %s's", round, d.Commitment, rev.Commitment)
		}
		won := map[string]bool{}
		for _, z := range d.Prizes {
			won[z.Bet] = true
		}
		for _, bt := range d.Bets {
			v := hmacUniform(seed, fmt.Sprintf("wagerlog-draw/1|jp-c|1|%s|0|%s", round, bt.Bet), 3)
			if (v < 1) != won[bt.Bet] {
				t.Errorf("round %s bet %s: drawn %d again, recorded won=%v", round, bt.Bet, v, won[bt.Bet])
			}
			if v < 1 {
				wins++
			}
		}
	}
	// None or all winning would say the draw is not the one described.
	if wins == 0 || wins == 2*passes {
		t.Errorf("%d of %d draws won", wins, 2*passes)
	}
	// The new version draws nothing: no commitment in force.
	if r := drawPass(h, testgames.PassSeat{Seat: 1, Cards: []string{"2C", "7D", "9H", "JC", "KD"}}); countTypes(h.eventsOf(r))[events.TypeJackpotDrawn] != 0 {
		t.Error("a pass of a version without complementary prizes drew")
	}
}
