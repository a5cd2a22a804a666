//go:build cluster

package cluster

import (
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/ledger"
)

// Shape of the load.
const (
	// loadTable is the table the dealer plays on.
	loadTable = "t1"
	// roundOpenFor is how long a round takes bets.
	roundOpenFor = 150 * time.Millisecond
	// playerPause is a player's pause between two commands.
	playerPause = 5 * time.Millisecond
	// playerCommandsMax bounds one player's commands.
	playerCommandsMax = 1_000_000
)

// load drives ledgers the way a live table does: a dealer plays Sic Bo
// rounds on one table while players deposit, withdraw and place slips on
// the open round. Every command has its own idempotency key and is sent
// again after a retryable failure (book.do). Players are spread over the
// ledgers given, so two ledgers compete for the same wallets.
type load struct {
	tb      testing.TB
	b       *book
	ledgers []*ledger.Ledger
	stop    chan struct{}
	wg      sync.WaitGroup
	round   atomic.Pointer[string] // the round taking bets, nil between rounds
	rounds  atomic.Int64           // rounds played to the end
	// phase prefixes the idempotency keys, so that several loads on one
	// stream never reuse a key.
	phase string

	mu sync.Mutex
	// dice holds the result recorded for each round played to the end.
	dice map[string][]int
}

// startLoad opens the table (when table is set; a table already opened
// by an earlier load is found by the same idempotency key) and starts the
// dealer and players goroutines. Stop them with stopLoad.
func startLoad(tb testing.TB, phase string, b *book, ledgers []*ledger.Ledger, players int, table bool, seed uint64) *load {
	tb.Helper()
	ld := &load{tb: tb, b: b, ledgers: ledgers, stop: make(chan struct{}), phase: phase, dice: map[string][]int{}}
	if table {
		_, err := b.do(tb, ledgers[0], &ledger.OpenTable{
			Meta: ledger.Meta{Actor: supervisor, IdempotencyKey: "open-" + loadTable}, Table: loadTable,
			Paytable: sicbo.IDLive, Currency: currency,
			Limits: map[string]ledger.Limit{"*": {Min: dec("1"), Max: dec("500")}, "total": {Min: dec("1"), Max: dec("100")}},
			Band:   ledger.Limit{Min: dec("0.50"), Max: dec("1000")},
			Dealer: dealer.ID,
		}, "open_table", decimal.Zero)
		if err != nil {
			tb.Fatalf("open table: %v", err)
		}
		ld.wg.Add(1)
		go ld.dealer(ledgers[0], newRand(seed))
	}
	for p := range players {
		ld.wg.Add(1)
		go ld.player(ledgers[p%len(ledgers)], fmt.Sprintf("p%d", p), newRand(seed+uint64(p)+1))
	}
	return ld
}

// results returns the dice recorded for each round played to the end.
func (ld *load) results() map[string][]int {
	ld.mu.Lock()
	defer ld.mu.Unlock()
	out := make(map[string][]int, len(ld.dice))
	for k, v := range ld.dice {
		out[k] = v
	}
	return out
}

// stopLoad stops the goroutines and waits until each has its last command
// answered.
func (ld *load) stopLoad() {
	close(ld.stop)
	ld.wg.Wait()
}

func (ld *load) stopped() bool {
	select {
	case <-ld.stop:
		return true
	default:
		return false
	}
}

// dealer plays rounds until stopped: open, take bets for roundOpenFor,
// close betting, record the dice (which settles every bet).
func (ld *load) dealer(l *ledger.Ledger, rng interface{ IntN(int) int }) {
	defer ld.wg.Done()
	for n := 1; !ld.stopped(); n++ {
		meta := func(step string) ledger.Meta {
			return ledger.Meta{Actor: dealer, IdempotencyKey: fmt.Sprintf("%s-round-%d-%s", ld.phase, n, step)}
		}
		res, err := ld.b.do(ld.tb, l, &ledger.OpenRound{Meta: meta("open"), Table: loadTable}, "open_round", decimal.Zero)
		if err != nil {
			ld.tb.Errorf("dealer: open round %d: %v", n, err)
			return
		}
		round := res.Round
		ld.round.Store(&round)
		select {
		case <-ld.stop:
		case <-time.After(roundOpenFor):
		}
		ld.round.Store(nil)
		if _, err := ld.b.do(ld.tb, l, &ledger.CloseBetting{Meta: meta("close"), Table: loadTable, Round: round}, "close_betting", decimal.Zero); err != nil {
			ld.tb.Errorf("dealer: close betting of round %d: %v", n, err)
			return
		}
		dice := []int{1 + rng.IntN(6), 1 + rng.IntN(6), 1 + rng.IntN(6)}
		if _, err := ld.b.do(ld.tb, l, &ledger.RecordResult{Meta: meta("result"), Table: loadTable, Round: round, Result: sicbo.ResultJSON(dice...)}, "record_result", decimal.Zero); err != nil {
			ld.tb.Errorf("dealer: result of round %d: %v", n, err)
			return
		}
		ld.mu.Lock()
		ld.dice[round] = dice
		ld.mu.Unlock()
		ld.rounds.Add(1)
	}
}

// player deposits, withdraws and bets until stopped. Refusals for business
// reasons (betting just closed, not enough money) are expected and write
// nothing; the book counts them.
func (ld *load) player(l *ledger.Ledger, name string, rng interface{ IntN(int) int }) {
	defer ld.wg.Done()
	deposit := func(n int, amount string) {
		_, _ = ld.b.do(ld.tb, l, &ledger.Deposit{
			Meta:   ledger.Meta{Actor: cashier, IdempotencyKey: fmt.Sprintf("%s-dep-%s-%d", ld.phase, name, n)},
			Player: name, Amount: dec(amount), Currency: currency,
		}, "deposit", dec(amount))
	}
	deposit(0, "100")
	for n := 1; n <= playerCommandsMax && !ld.stopped(); n++ {
		r := rng.IntN(10)
		switch {
		case r < 2:
			deposit(n, "20")
		case r < 3:
			_, _ = ld.b.do(ld.tb, l, &ledger.Withdraw{
				Meta:   ledger.Meta{Actor: cashier, IdempotencyKey: fmt.Sprintf("%s-wd-%s-%d", ld.phase, name, n)},
				Player: name, Amount: dec("15"), Currency: currency,
			}, "withdraw", dec("15"))
		default:
			round := ld.round.Load()
			if round == nil {
				deposit(n, "1")
				break
			}
			stake := fmt.Sprint(1 + rng.IntN(3))
			code := []string{"big", "small", "total:9", "double:2"}[rng.IntN(4)]
			_, _ = ld.b.do(ld.tb, l, &ledger.PlaceSlip{
				Meta:  ledger.Meta{Actor: frontend, IdempotencyKey: fmt.Sprintf("%s-slip-%s-%d", ld.phase, name, n)},
				Table: loadTable, Round: *round, Player: name,
				Bets: []ledger.BetRequest{{Code: code, Stake: dec(stake)}},
			}, "place_slip", decimal.Zero)
		}
		select {
		case <-ld.stop:
		case <-time.After(playerPause):
		}
	}
}
