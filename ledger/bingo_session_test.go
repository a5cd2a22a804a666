package ledger_test

import (
	"context"
	"testing"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

func openSession(table, id, terms string) *ledger.OpenSession {
	return &ledger.OpenSession{Meta: ledger.Meta{Actor: supervisor}, Table: table, Session: id, Terms: []byte(terms)}
}

func closeSession(table, id string) *ledger.CloseSession {
	return &ledger.CloseSession{Meta: ledger.Meta{Actor: dealer}, Table: table, Session: id, Reason: "end of the evening"}
}

// TestLedger_BingoSession: a session above a bingo room's games (seed
// 002 bingo IV), opened with its series and closed between games. Every card sold
// in its games must be in an announced series at its face value, a card
// number is sold once per series in the whole session (also after a
// restart from a checkpoint), the session is opened and closed only
// between games, once at a time, and its close records what it sold.
// Outside a session the room sells as before.
func TestLedger_BingoSession(t *testing.T) {
	h, _ := newCheckpointHarness(t)
	for _, p := range []string{"ann", "bob"} {
		h.deposit(p, "100")
	}
	h.openBingo("g1")
	const terms = `{"series":[{"id":"A","face":"1.00","from":1,"to":10},{"id":"B","face":"2","from":1,"to":5,"seed":7}]}`
	h.refuse(&ledger.OpenSession{Meta: ledger.Meta{Actor: dealer}, Table: "g1", Session: "s1", Terms: []byte(terms)}, "forbidden")
	for _, bad := range []string{
		`{"series":[]}`, // no series
		`{"series":[{"id":"A","face":"1","from":1,"to":10}],"prizes":1}`,                                // a member the terms do not have
		`{"series":[{"id":"A","face":"1","from":1,"to":10},{"id":"A","face":"1","from":11,"to":12}]}`,   // a series twice
		`{"series":[{"id":"A","face":"1","from":5,"to":4}]}`,                                            // an empty range
		`{"series":[{"id":"A","face":"0.001","from":1,"to":4}]}`,                                        // off the currency's scale
		`{"series":[{"id":"A","face":"1","from":1,"to":100000},{"id":"B","face":"1","from":1,"to":1}]}`, // over cards_max
		`not json`,
	} {
		h.refuse(openSession("g1", "s1", bad), "invalid_request")
	}
	h.refuse(openSession("g1", "bad id!", terms), "invalid_id")
	h.must(openSession("g1", "s1", terms))
	h.refuse(openSession("g1", "s2", terms), "session_open")
	h.refuse(&ledger.CloseTable{Meta: ledger.Meta{Actor: supervisor}, Table: "g1"}, "session_open")

	// Game 1 of the session.
	g1 := h.openRound("g1")
	h.refuse(closeSession("g1", "s1"), "round_in_progress")
	h.refuse(placeSlip("g1", g1, "ann", b(cardCode(t, "A-11", bingoX), "1")), "bet_refused") // beyond the series' numbers
	h.refuse(placeSlip("g1", g1, "ann", b(cardCode(t, "C-1", bingoX), "1")), "bet_refused")  // no such series
	h.refuse(placeSlip("g1", g1, "ann", b(cardCode(t, "B-1", bingoX), "1")), "bet_refused")  // not B's face value
	h.bet("g1", g1, "ann", b(cardCode(t, "A-1", bingoX), "1"))
	h.bet("g1", g1, "bob", b(cardCode(t, "B-1", bingoZ), "2"))
	// Sales 3.00: line 0.45, bingo 1.80, both to A-1.
	for _, n := range []int{1, 12, 23, 34, 45, 5, 56, 67, 78, 89, 15, 26, 37, 48, 59} {
		h.drawBall("g1", g1, n)
	}
	h.wantStatus(g1, ledger.RoundSettled)
	h.wantBalances(map[string]string{posting.WalletAccount("ann"): "101.25", posting.WalletAccount("bob"): "98", posting.HouseAccount("g1"): "0.75"})

	// A restart from a checkpoint keeps the session and what it sold.
	if err := h.l.Checkpoint(context.Background()); err != nil {
		t.Fatal(err)
	}
	h.l.Close()
	h.open()
	if !h.l.LastCheckpoint().Loaded {
		t.Fatal("the restart did not start from the checkpoint")
	}

	// Game 2: A-1 and B-1 were sold in this session.
	g2 := h.openRound("g1")
	h.refuse(placeSlip("g1", g2, "bob", b(cardCode(t, "A-1", bingoZ), "1")), "bet_refused")
	h.refuse(placeSlip("g1", g2, "bob", b(cardCode(t, "B-1", bingoZ), "2")), "bet_refused")
	h.bet("g1", g2, "bob", b(cardCode(t, "A-2", bingoZ), "1"))
	h.must(&ledger.Cancel{Meta: ledger.Meta{Actor: supervisor}, Table: "g1", Round: g2, Reason: "ball 23 announced as 32"})
	h.refuse(closeSession("g1", "s2"), "session_not_open")
	h.must(closeSession("g1", "s1"))
	h.refuse(closeSession("g1", "s1"), "session_not_open")

	var opened, closed int
	var sessions []string
	for _, e := range h.readAll() {
		p, err := events.DecodePayload(&e)
		if err != nil {
			t.Fatal(err)
		}
		switch p := p.(type) {
		case *events.SessionOpened:
			opened++
			if p.Number != 1 || p.SalesMax != 100000 || string(p.Terms) != `{"series":[{"id":"A","face":"1","from":1,"to":10},{"id":"B","face":"2","from":1,"to":5,"seed":7}]}` {
				t.Fatalf("session.opened %+v %s", p, p.Terms)
			}
		case *events.SessionClosed:
			closed++
			if p.Rounds != 2 || p.Sold != 3 || p.Sales.String() != "4" || p.Currency != "EUR" {
				t.Fatalf("session.closed %+v, want 2 games, 3 cards sold for 4.00", p)
			}
		case *events.RoundOpened:
			sessions = append(sessions, p.Session)
		}
	}
	if opened != 1 || closed != 1 || len(sessions) != 2 || sessions[0] != "s1" || sessions[1] != "s1" {
		t.Fatalf("%d opened, %d closed, rounds' sessions %v", opened, closed, sessions)
	}

	// Outside a session the room sells as before; a session id is not
	// held twice in a row, the next one is number 2.
	g3 := h.openRound("g1")
	if h.bet("g1", g3, "ann", b(cardCode(t, "A-1", bingoZ), "5")).Bets[0].Bet == "" {
		t.Fatal("no bet")
	}
	h.must(&ledger.Cancel{Meta: ledger.Meta{Actor: supervisor}, Table: "g1", Round: g3, Reason: "test"})
	h.refuse(openSession("g1", "s1", terms), "session_open")
	h.must(openSession("g1", "s2", terms))
	h.restart()
	g4 := h.openRound("g1")
	h.bet("g1", g4, "ann", b(cardCode(t, "A-1", bingoX), "1")) // a new session sells A-1 again
	h.must(&ledger.Cancel{Meta: ledger.Meta{Actor: supervisor}, Table: "g1", Round: g4, Reason: "test"})
	h.verifyClean()
}

// TestLedger_BingoSessionCardsMax: a session holds at most the paytable's
// cards_max cards over all its games: its series may not number more
// (refused when it opens), so no sale can take it over.
func TestLedger_BingoSessionCardsMax(t *testing.T) {
	h := newSmallBingoHarness(t)
	h.refuse(openSession("s1", "x", `{"series":[{"id":"A","face":"1","from":1,"to":3}]}`), "invalid_request")
	h.must(openSession("s1", "x", `{"series":[{"id":"A","face":"1","from":1,"to":2}]}`))
	r1 := h.openRound("s1")
	h.bet("s1", r1, "ann", b(cardCode(t, "A-1", bingoX), "1"))
	h.must(&ledger.Cancel{Meta: ledger.Meta{Actor: supervisor}, Table: "s1", Round: r1, Reason: "test"})
	r2 := h.openRound("s1")
	h.refuse(placeSlip("s1", r2, "ann", b(cardCode(t, "A-1", bingoZ), "1")), "bet_refused")
	h.bet("s1", r2, "ann", b(cardCode(t, "A-2", bingoZ), "1"))
	h.refuse(placeSlip("s1", r2, "ann", b(cardCode(t, "A-3", bingoZ), "1")), "bet_refused")
	h.verifyClean()
}
