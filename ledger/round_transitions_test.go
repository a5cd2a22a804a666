package ledger_test

import (
	"bufio"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
	"github.com/wagerlog/wagerlog/round"
)

// transitionCell is one cell of the table in docs/ROUNDS.md: a command in a
// round status either leads to a status (allowed) or is refused with a code.
type transitionCell struct {
	command, status string
	allowed         bool
	// to is the status an allowed command leads to ("prior status" for
	// resume); code is the refusal's code.
	to, code string
}

// roundStatuses are the table's columns, in the doc's order.
var roundStatuses = []round.Status{
	ledger.RoundBetting, ledger.RoundClosed, ledger.RoundPaused,
	ledger.RoundSettling, ledger.RoundSettled, ledger.RoundCancelled,
}

// roundCommands are the table's rows, in the doc's order.
var roundCommands = []string{
	"place_slip", "close_betting", "reshake", "record_result",
	"pause", "resume", "cancel", "correct_result",
}

// transitionsFromDoc reads the transition table of docs/ROUNDS.md, so that
// the test drives exactly what the document promises.
func transitionsFromDoc(t testing.TB) []transitionCell {
	t.Helper()
	f, err := os.Open("../docs/ROUNDS.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	const linesMax = 10_000 // the document is a page long
	var cols []string
	var cells []transitionCell
	sc := bufio.NewScanner(f)
	for n := 0; sc.Scan() && n < linesMax; n++ {
		line := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(line, "|") {
			if cols != nil && len(cells) > 0 {
				break // the end of the table
			}
			continue
		}
		parts := strings.Split(strings.Trim(line, "|"), "|")
		for i := range parts {
			parts[i] = strings.TrimSpace(parts[i])
		}
		switch {
		case strings.HasPrefix(parts[0], "command"):
			cols = parts[1:]
		case cols == nil || strings.HasPrefix(parts[0], "---"):
		default:
			cmd := strings.Trim(parts[0], "`")
			if len(parts)-1 != len(cols) {
				t.Fatalf("ROUNDS.md row %s has %d cells for %d columns", cmd, len(parts)-1, len(cols))
			}
			for i, p := range parts[1:] {
				c := transitionCell{command: cmd, status: cols[i]}
				if to, ok := strings.CutPrefix(p, "✓ "); ok {
					c.allowed, c.to = true, to
				} else {
					c.code = strings.Trim(p, "`")
				}
				cells = append(cells, c)
			}
		}
	}
	if !slices.Equal(cols, statusStrings(roundStatuses)) {
		t.Fatalf("ROUNDS.md columns %v, want %v", cols, roundStatuses)
	}
	if len(cells) != len(roundCommands)*len(roundStatuses) {
		t.Fatalf("ROUNDS.md has %d cells, want %d×%d", len(cells), len(roundCommands), len(roundStatuses))
	}
	for i, c := range cells {
		if want := roundCommands[i/len(roundStatuses)]; c.command != want {
			t.Fatalf("ROUNDS.md row %d is %s, want %s", i/len(roundStatuses), c.command, want)
		}
	}
	return cells
}

// transitionBets is the slip every round of the test holds: six bets, so
// that with batches of transitionBatchMax events a settlement (result, six
// bet.settled, round.settled) needs two batches.
var transitionBets = []ledger.BetRequest{
	b("small", "1"), b("big", "2"), b("odd", "3"), b("total:9", "4"), b("double:2", "5"), b("single:3", "6"),
}

const (
	transitionBatchMax = 4
	transitionDeposit  = "100"
	transitionStaked   = "21" // the sum of transitionBets
)

// TestRound_Transitions drives every cell of the round state machine in
// docs/ROUNDS.md against a real embedded JetStream server: each cell gets a
// table of its own with a round brought to the cell's status, then the
// command; an allowed one must lead to the documented status, a refused one
// must return the documented code and write nothing. The paused column is
// driven twice, for a round paused while betting and one paused after
// betting closed, because resume returns to the prior status.
//
// A settling round is made the way production makes one: the ledger writes
// through a faultLog around the real store whose Append fails on the second
// batch of the settlement, and the recovery's attempt to finish it fails
// too. The settling column's command is issued while the log still refuses
// writes; once it heals, the next command finishes the round first, each bet
// exactly once.
func TestRound_Transitions(t *testing.T) {
	cells := transitionsFromDoc(t)
	h, flog := newFaultHarness(t, transitionBatchMax)

	type column struct {
		name string
		// prior is the status a paused round had.
		status, prior round.Status
	}
	columns := []column{
		{"betting", ledger.RoundBetting, ""},
		{"closed", ledger.RoundClosed, ""},
		{"paused_from_betting", ledger.RoundPaused, ledger.RoundBetting},
		{"paused_from_closed", ledger.RoundPaused, ledger.RoundClosed},
		{"settling", ledger.RoundSettling, ""},
		{"settled", ledger.RoundSettled, ""},
		{"cancelled", ledger.RoundCancelled, ""},
	}

	// build opens table, plays a round up to the column's status and
	// returns the round id and its player.
	build := func(table string, col column) (round, player string) {
		t.Helper()
		player = "p-" + table
		h.deposit(player, transitionDeposit)
		h.openTable(table, sicbo.IDLive)
		round = h.openRound(table)
		h.must(placeSlip(table, round, player, transitionBets...))
		switch col.name {
		case "betting":
		case "closed":
			h.must(closeBetting(table, round))
		case "paused_from_betting":
			h.must(pause(table, round))
		case "paused_from_closed":
			h.must(closeBetting(table, round))
			h.must(pause(table, round))
		case "settling":
			h.must(closeBetting(table, round))
			// The first batch (round.result and three bet.settled)
			// goes through; the second fails, and so does the
			// recovery's attempt to write the rest. The command is
			// answered unavailable (its work is not finished; a retry
			// with its key learns the outcome).
			flog.failAfter(1)
			if _, err := h.exec(recordResult(table, round, 1, 2, 3)); ledger.CodeOf(err) != "unavailable" {
				t.Fatalf("record_result whose second batch failed: %v, want unavailable", err)
			}
			// The log stays down until the cell's command is refused.
		case "settled":
			h.must(closeBetting(table, round))
			h.must(recordResult(table, round, 1, 2, 3))
		case "cancelled":
			h.must(cancelRound(table, round))
		default:
			t.Fatalf("unknown column %s", col.name)
		}
		r := h.wantStatus(round, col.status)
		if col.prior != "" && r.Prior != col.prior {
			t.Fatalf("paused round's prior status is %q, want %q", r.Prior, col.prior)
		}
		if col.status == ledger.RoundSettling {
			open := 0
			for _, bt := range r.Bets {
				if bt.Status == ledger.BetOpen {
					open++
				}
			}
			if open == 0 || r.Open != open {
				t.Fatalf("settling round has %d open bets and counts %d, want some of its bets still open", open, r.Open)
			}
		}
		return round, player
	}

	command := func(name, table, round, player string) ledger.Command {
		switch name {
		case "place_slip":
			return placeSlip(table, round, player, b("big", "1"))
		case "close_betting":
			return closeBetting(table, round)
		case "reshake":
			return reshake(table, round)
		case "record_result":
			return recordResult(table, round, 4, 5, 6)
		case "pause":
			return pause(table, round)
		case "resume":
			return resume(table, round)
		case "cancel":
			return cancelRound(table, round)
		case "correct_result":
			return correctResult(table, round, 4, 5, 6)
		}
		t.Fatalf("unknown command %s", name)
		return nil
	}

	var settling []string // rounds left settling, finished by the restart
	statusAfter := map[string]round.Status{}
	driven := 0
	for _, col := range columns {
		for _, c := range cells {
			if c.status != string(col.status) {
				continue
			}
			driven++
			table := c.command + "-" + col.name
			rid, player := build(table, col)
			cmd := command(c.command, table, rid, player)
			before := h.round(rid)
			if !c.allowed {
				h.refuse(cmd, c.code)
				if after := h.round(rid); !reflect.DeepEqual(after, before) {
					t.Errorf("%s on a %s round: refused but the round changed:\n%+v\n%+v", c.command, col.name, before, after)
				}
				if col.status == ledger.RoundSettling {
					settling = append(settling, rid)
					flog.heal()
				}
				statusAfter[rid] = before.Status
				continue
			}
			h.must(cmd)
			want := round.Status(c.to)
			if c.to == "prior status" {
				want = col.prior
			}
			r := h.wantStatus(rid, want)
			statusAfter[rid] = want
			checkTransition(t, h, c.command, before, r, player)
		}
	}
	if want := len(cells) + len(roundCommands); driven != want {
		t.Fatalf("drove %d cells, want %d (every cell, the paused column twice)", driven, want)
	}
	if len(settling) != len(roundCommands) {
		t.Fatalf("%d settling rounds, want %d", len(settling), len(roundCommands))
	}
	if columns[4].status != ledger.RoundSettling {
		t.Fatal("columns[4] is not the settling column")
	}

	// A table whose round is settling is not between rounds: while the log
	// refuses writes, nothing is decided; once it heals, the round is
	// finished before the next command, which then finds its table free.
	last, _ := build("between-settling", columns[4])
	settling = append(settling, last)
	h.refuse(&ledger.OpenRound{Meta: ledger.Meta{Actor: dealer}, Table: h.round(last).Table}, "unavailable")
	flog.heal()
	if _, failed := flog.counts(); failed < 3*len(settling) {
		t.Fatalf("the fault log failed %d appends, want at least %d (a batch, a recovery and a retry per settling round)", failed, 3*len(settling))
	}
	h.must(&ledger.OpenRound{Meta: ledger.Meta{Actor: dealer}, Table: h.round(last).Table})
	statusAfter[last] = ledger.RoundSettled
	for _, round := range settling {
		statusAfter[round] = ledger.RoundSettled
	}

	// Every settling round was finished, each bet once, and stays so after
	// a restart; every other round keeps its status.
	h.restart()
	evs := h.readAll()
	for _, round := range settling {
		r := h.wantStatus(round, ledger.RoundSettled)
		settled := map[string]int{}
		for _, e := range evs {
			if e.Round == round && e.Type == events.TypeBetSettled {
				p, err := events.Into[events.BetSettled](&e)
				if err != nil {
					t.Fatal(err)
				}
				settled[p.Bet]++
			}
		}
		for _, bt := range r.Bets {
			if bt.Status != ledger.BetSettled || settled[bt.ID] != 1 {
				t.Errorf("round %s bet %s (%s) is %s, settled %d times, want settled once", round, bt.ID, bt.Code, bt.Status, settled[bt.ID])
			}
		}
		if n := countTypes(h.eventsOf(round))[events.TypeRoundSettled]; n != 1 {
			t.Errorf("round %s has %d round.settled, want 1", round, n)
		}
		// Dice 1-2-3, total 6: small 1 wins 1, big and odd lose, total:9
		// and double:2 lose, single:3 6 wins 6 (one die).
		wallet := dec(transitionDeposit).Sub(dec(transitionStaked)).Add(dec("1").Add(dec("1"))).Add(dec("6").Add(dec("6")))
		if got := h.balance(posting.WalletAccount("p-" + r.Table)); !got.Equal(wallet) {
			t.Errorf("round %s: wallet %s, want %s", round, got, wallet)
		}
		if got := h.balance(posting.InPlayAccount(r.Table)); !got.IsZero() {
			t.Errorf("round %s: in play %s, want 0", round, got)
		}
		statusAfter[round] = ledger.RoundSettled
	}
	for round, want := range statusAfter {
		h.wantStatus(round, want)
	}
	checkBooksBalance(t, h)
}

// checkTransition checks what an allowed command did beyond the status.
func checkTransition(t *testing.T, h *harness, command string, before, after ledger.Round, player string) {
	t.Helper()
	wallet := h.balance(posting.WalletAccount(player))
	switch command {
	case "place_slip":
		if len(after.Bets) != len(before.Bets)+1 {
			t.Errorf("place_slip: %d bets, want %d", len(after.Bets), len(before.Bets)+1)
		}
	case "reshake":
		if after.Reshakes != before.Reshakes+1 || len(after.Results) != 0 {
			t.Errorf("reshake: %d reshakes, results %s; want %d and none", after.Reshakes, after.Results, before.Reshakes+1)
		}
	case "record_result", "correct_result":
		for _, bt := range after.Bets {
			if bt.Status != ledger.BetSettled || bt.Correction != after.Correction {
				t.Errorf("%s: bet %s is %s under correction %d, want settled under %d", command, bt.Code, bt.Status, bt.Correction, after.Correction)
			}
		}
		wantCorr := 0
		if command == "correct_result" {
			wantCorr = before.Correction + 1
		}
		if after.Correction != wantCorr || len(after.Results) != 1 || string(after.Results[0]) != `{"dice":[4,5,6]}` {
			t.Errorf("%s: correction %d results %s, want %d and 4-5-6", command, after.Correction, after.Results, wantCorr)
		}
		// Dice 4-5-6, total 15: big 2 and odd 3 win 1:1 (4 and 6
		// back); small, total:9, double:2 and single:3 lose.
		if want := dec(transitionDeposit).Sub(dec(transitionStaked)).Add(dec("4")).Add(dec("6")); !wallet.Equal(want) {
			t.Errorf("%s: wallet %s, want %s", command, wallet, want)
		}
	case "cancel":
		for _, bt := range after.Bets {
			if bt.Status != ledger.BetRefunded {
				t.Errorf("cancel: bet %s is %s, want refunded", bt.Code, bt.Status)
			}
		}
		if !wallet.Equal(dec(transitionDeposit)) {
			t.Errorf("cancel: wallet %s, want the deposit %s back", wallet, transitionDeposit)
		}
	case "resume":
		if after.Prior != "" {
			t.Errorf("resume: prior status %q left behind", after.Prior)
		}
	}
	if command == "cancel" || command == "record_result" || command == "correct_result" {
		if got := h.balance(posting.InPlayAccount(after.Table)); !got.IsZero() {
			t.Errorf("%s: in play %s, want 0", command, got)
		}
		if tb := h.table(after.Table); tb.Active != "" {
			t.Errorf("%s: table %s still has round %s in progress", command, tb.ID, tb.Active)
		}
	}
}

// checkBooksBalance checks that per currency every balance adds up to zero
// and no wallet is negative.
func checkBooksBalance(t testing.TB, h *harness) {
	t.Helper()
	var rows []ledger.BalanceRow
	h.inspect(func(s *ledger.State) { rows = s.Balances() })
	if err := booksError(rows); err != "" {
		t.Fatal(err)
	}
}

// statusStrings returns statuses as the strings a document spells them.
func statusStrings(ss []round.Status) []string {
	out := make([]string, len(ss))
	for i, st := range ss {
		out[i] = string(st)
	}
	return out
}
