package ledger_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games/bingo"
	"github.com/wagerlog/wagerlog/internal/testsize"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// sold is one card of a property game, as the test knows it.
type sold struct {
	card   bingo.Card
	player string
	price  decimal.Decimal
}

// naiveWinners finds, without the package's Detector, the ball (from 1)
// of the first line and of the first bingo and the cards completing each
// on it: every card's rows checked against the balls drawn so far, ball
// after ball.
func naiveWinners(cards []sold, balls []int) (lineAt int, line []int, bingoAt int, full []int) {
	drawn := map[int]bool{}
	for i, n := range balls {
		drawn[n] = true
		for c, s := range cards {
			rows := s.card.RowsInt()
			all := true
			for _, row := range rows {
				done := true
				for _, x := range row {
					done = done && drawn[x]
				}
				all = all && done
				// A card that completes a row with this ball wins the
				// line if no line came before.
				if done && lineAt == 0 && slices.Contains(row, n) {
					line = append(line, c)
				}
			}
			if all {
				full = append(full, c)
			}
		}
		if len(line) > 0 && lineAt == 0 {
			lineAt = i + 1
		}
		if len(full) > 0 {
			return lineAt, line, i + 1, full
		}
	}
	return lineAt, line, 0, nil
}

// naiveShares divides prize among winners in proportion to their prices,
// rounded down to the cent, the remainder to the first in card-number
// order.
func naiveShares(cards []sold, winners []int, prize decimal.Decimal) map[int]decimal.Decimal {
	// In cents, with integer division: exact, whatever the decimal
	// library's division precision.
	cents := func(d decimal.Decimal) int64 { return d.Shift(2).IntPart() }
	var total int64
	for _, w := range winners {
		total += cents(cards[w].price)
	}
	out := map[int]decimal.Decimal{}
	var paid int64
	for _, w := range winners {
		share := cents(prize) * cents(cards[w].price) / total
		out[w] = decimal.New(share, -2)
		paid += share
	}
	first := slices.MinFunc(winners, func(a, b int) int { return cards[a].card.ID.Compare(cards[b].card.ID) })
	out[first] = out[first].Add(decimal.New(cents(prize)-paid, -2))
	return out
}

// TestLedger_BingoProperty plays random games with thousands of cards
// through the real ledger, in one session (generated cards of the
// session's series, numbered once in the session, random prices, owners
// and draws) and checks them against an independent calculation: the same
// winners of the line and the bingo on the same balls, each player's
// wallet moved by their prizes less their prices to the cent, the prize
// pool holding exactly both prizes once sales close (and after a restart
// then), the prize pool and in-play empty at the end, the hall's share in the house, money
// conserved, and a clean verify, which settles every game again from
// its bets and balls (replay.ResettleRound, as the dispute replay does).
func TestLedger_BingoProperty(t *testing.T) {
	games, cardsPerGame := 2, 2000
	if !testsize.Full() {
		games, cardsPerGame = 1, 500
	}
	h := newHarness(t)
	h.openBingo("pg")
	// One session sells every game's cards: a series per price, each
	// card number once in the session (the games take consecutive
	// numbers), every sale checked against the series.
	// Series E sells double cards: bought for 2.00, each half plays 1.00,
	// the second in the next game (or returned when the session closes).
	prices := []string{"0.50", "1", "1", "2", "3.33", "1"}
	series := []string{"A", "B", "B", "C", "D", "E"}
	const doubleSeries = 5
	h.must(openSession("pg", "prop", fmt.Sprintf(`{"series":[{"id":"A","face":"0.50","from":1,"to":%[1]d},{"id":"B","face":"1","from":1,"to":%[1]d},{"id":"C","face":"2","from":1,"to":%[1]d},{"id":"D","face":"3.33","from":1,"to":%[1]d},{"id":"E","face":"1","from":1,"to":%[1]d,"double":true}]}`, games*cardsPerGame)))
	const players = 40
	deposits := decimal.Zero
	for p := range players {
		h.deposit(fmt.Sprintf("p%02d", p), "100000")
		deposits = deposits.Add(decimal.NewFromInt(100000))
	}
	wallet := map[string]decimal.Decimal{}
	house := decimal.Zero
	var first *sold
	var carried []sold // double cards' second halves for the next game
	doubles, carriedIn := 0, 0
	for g := range games {
		rng := rand.New(rand.NewPCG(uint64(g), 17))
		round := h.openRound("pg")
		cards := make([]sold, cardsPerGame)
		double := make([]bool, cardsPerGame)
		for i := range cards {
			k := rng.IntN(len(prices))
			cards[i] = sold{
				card:   bingo.GenerateCard(uint64(g)*7919+1, bingo.CardID{Series: series[k], Number: g*cardsPerGame + i + 1}),
				player: fmt.Sprintf("p%02d", rng.IntN(players)),
				price:  dec(prices[k]),
			}
			double[i] = k == doubleSeries
		}
		if first != nil {
			// A card sold in an earlier game of the session.
			h.refuse(placeSlip("pg", round, "p00", b(first.card.BetCode(), first.price.String())), "bet_refused")
		}
		first = &cards[0]
		// Sell them in slips of up to 100 cards of one player.
		byPlayer := map[string][]int{}
		for i, c := range cards {
			byPlayer[c.player] = append(byPlayer[c.player], i)
		}
		// The halves held in the game before play in this one, placed by
		// its opening: their price was paid then.
		sales := decimal.Zero
		for _, c := range carried {
			sales = sales.Add(c.price)
		}
		carriedIn += len(carried)
		var next []sold
		for p := range players {
			player := fmt.Sprintf("p%02d", p)
			idx := byPlayer[player]
			for len(idx) > 0 {
				n := min(len(idx), ledger.BetsPerSlipMax)
				bets := make([]ledger.BetRequest, n)
				for j, i := range idx[:n] {
					bets[j] = ledger.BetRequest{Code: cards[i].card.BetCode(), Stake: cards[i].price}
					wallet[player] = wallet[player].Sub(cards[i].price)
					if double[i] {
						bets[j].Stake = cards[i].price.Add(cards[i].price)
						wallet[player] = wallet[player].Sub(cards[i].price)
						next = append(next, cards[i])
					}
					sales = sales.Add(cards[i].price)
				}
				h.bet("pg", round, player, bets...)
				idx = idx[n:]
			}
		}
		cards = append(cards, carried...)
		carried = next
		doubles += len(next)
		h.wantBalances(map[string]string{posting.HeldAccount("pg"): fmt.Sprint(len(next))})
		balls := rng.Perm(bingo.NumbersMax)
		for i := range balls {
			balls[i]++
		}
		lineAt, line, bingoAt, full := naiveWinners(cards, balls)
		if lineAt == 0 || bingoAt == 0 || lineAt >= bingoAt {
			t.Fatalf("game %d: line on ball %d, bingo on ball %d", g, lineAt, bingoAt)
		}
		linePrize, bingoPrize := sales.Mul(dec("0.15")).RoundFloor(2), sales.Mul(dec("0.60")).RoundFloor(2)
		// Sales close: the pool holds exactly both prizes, before the
		// first ball and after a restart.
		h.closeBetting("pg", round)
		atClose := map[string]string{posting.PrizesAccount("pg"): linePrize.Add(bingoPrize).String(), posting.HouseAccount("pg"): house.Sub(linePrize).Sub(bingoPrize).String()}
		h.wantBalances(atClose)
		if g == 0 {
			h.restart()
			h.wantBalances(atClose)
		}
		h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "pg", Round: round, Result: ball(balls[0])})
		for _, n := range balls[1:bingoAt] {
			h.drawBall("pg", round, n)
		}
		h.wantStatus(round, ledger.RoundSettled)
		for _, part := range []map[int]decimal.Decimal{naiveShares(cards, line, linePrize), naiveShares(cards, full, bingoPrize)} {
			for c, amount := range part {
				wallet[cards[c].player] = wallet[cards[c].player].Add(amount)
			}
		}
		house = house.Add(sales.Sub(linePrize).Sub(bingoPrize))
		t.Logf("game %d: %d cards, sales %s, line on ball %d to %d cards, bingo on ball %d to %d cards", g, cardsPerGame, sales, lineAt, len(line), bingoAt, len(full))
		want := map[string]string{
			posting.PrizesAccount("pg"): "0", posting.InPlayAccount("pg"): "0", posting.HouseAccount("pg"): house.String(),
		}
		total := house.Add(decimal.NewFromInt(int64(len(carried))))
		for p := range players {
			player := fmt.Sprintf("p%02d", p)
			bal := decimal.NewFromInt(100000).Add(wallet[player])
			want[posting.WalletAccount(player)] = bal.String()
			total = total.Add(bal)
		}
		if !total.Equal(deposits) {
			t.Fatalf("money not conserved: wallets and house %s, deposits %s", total, deposits)
		}
		h.wantBalances(want)
	}
	// The session closes: the last game's double cards' halves come back.
	h.must(closeSession("pg", "prop"))
	for _, c := range carried {
		wallet[c.player] = wallet[c.player].Add(c.price)
	}
	want := map[string]string{posting.HeldAccount("pg"): "0", posting.HouseAccount("pg"): house.String()}
	for p := range players {
		player := fmt.Sprintf("p%02d", p)
		want[posting.WalletAccount(player)] = decimal.NewFromInt(100000).Add(wallet[player]).String()
	}
	h.wantBalances(want)
	t.Logf("%d double cards sold, %d second halves carried into a next game, %d returned at the close", doubles, carriedIn, len(carried))
	if doubles == 0 || (games > 1 && carriedIn == 0) {
		t.Fatalf("%d double cards, %d carried: the test plays none", doubles, carriedIn)
	}
	h.verifyClean()
	checkReadersAgree(t, h)
}
