package ledger_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// Each test below runs one harness (a real embedded JetStream server) and
// drives one command's accepted path and each of its refusals; a refusal is
// checked by code and by the stream not moving (h.refuse).

func deposit(actor events.Actor, player, amount, currency string) *ledger.Deposit {
	return &ledger.Deposit{Meta: ledger.Meta{Actor: actor}, Player: player, Amount: dec(amount), Currency: currency}
}

func withdraw(actor events.Actor, player, amount, currency string) *ledger.Withdraw {
	return &ledger.Withdraw{Meta: ledger.Meta{Actor: actor}, Player: player, Amount: dec(amount), Currency: currency}
}

func adjust(actor events.Actor, player, amount, reason string) *ledger.Adjust {
	return &ledger.Adjust{Meta: ledger.Meta{Actor: actor}, Player: player, Amount: dec(amount), Currency: "EUR", Reason: reason}
}

func TestLedger_Cashier(t *testing.T) {
	h := newHarness(t)

	t.Run("OK", func(t *testing.T) {
		r := h.must(deposit(cashier, "ana", "100.50", "EUR"))
		if r.Player != "ana" || r.Currency != "EUR" || r.Balance == nil || !r.Balance.Equal(dec("100.5")) || r.Events != 1 {
			t.Fatalf("deposit result %+v", r)
		}
		r = h.must(withdraw(supervisor, "ana", "0.50", "EUR"))
		if !r.Balance.Equal(dec("100")) {
			t.Fatalf("withdraw balance %s, want 100", r.Balance)
		}
		r = h.must(adjust(supervisor, "ana", "-40", "double payout on 12 Nov"))
		if !r.Balance.Equal(dec("60")) {
			t.Fatalf("adjust balance %s, want 60", r.Balance)
		}
		h.must(adjust(supervisor, "ana", "5.25", "goodwill"))
		h.must(deposit(cashier, "ana", "15000", "CLP"))
		h.wantBalances(map[string]string{
			posting.WalletAccount("ana"): "65.25",
			posting.AccountCashier:       "-100",
			posting.AccountAdjustment:    "34.75",
		})
		if got := h.balanceIn(posting.WalletAccount("ana"), "CLP"); !got.Equal(dec("15000")) {
			t.Fatalf("CLP wallet %s, want 15000", got)
		}
		// Withdrawing the whole balance leaves exactly zero.
		h.must(withdraw(cashier, "ana", "65.25", "EUR"))
		h.wantBalances(map[string]string{posting.WalletAccount("ana"): "0"})
		h.must(deposit(cashier, "ana", "65.25", "EUR"))
	})

	t.Run("ErrForbidden", func(t *testing.T) {
		h.refuse(adjust(cashier, "ana", "10", "why not"), "forbidden")
		h.refuse(adjust(dealer, "ana", "10", "why not"), "forbidden")
		h.refuse(deposit(frontend, "ana", "10", "EUR"), "forbidden")
		h.refuse(deposit(dealer, "ana", "10", "EUR"), "forbidden")
		h.refuse(withdraw(frontend, "ana", "10", "EUR"), "forbidden")
		h.refuse(deposit(events.Actor{ID: "aud-1", Role: ledger.RoleAuditor}, "ana", "10", "EUR"), "forbidden")
		h.refuse(deposit(events.Actor{ID: "x", Role: "root"}, "ana", "10", "EUR"), "forbidden")
	})

	t.Run("ErrInsufficientFunds", func(t *testing.T) {
		h.refuse(withdraw(cashier, "ana", "65.26", "EUR"), "insufficient_funds")
		h.refuse(withdraw(cashier, "ana", "1", "USD"), "insufficient_funds")
		h.refuse(withdraw(cashier, "nobody", "1", "EUR"), "insufficient_funds")
		h.refuse(adjust(supervisor, "ana", "-65.26", "claw back"), "insufficient_funds")
	})

	t.Run("ErrInvalidAmount", func(t *testing.T) {
		for _, c := range []ledger.Command{
			deposit(cashier, "ana", "0", "EUR"),
			deposit(cashier, "ana", "-5", "EUR"),
			deposit(cashier, "ana", "1.001", "EUR"), // three decimals
			deposit(cashier, "ana", "0.001", "EUR"),
			deposit(cashier, "ana", "10.5", "CLP"), // CLP has no decimals
			deposit(cashier, "ana", "1000000000000000", "EUR"),
			withdraw(cashier, "ana", "0", "EUR"),
			withdraw(cashier, "ana", "-1", "EUR"),
			withdraw(cashier, "ana", "0.005", "EUR"),
			adjust(supervisor, "ana", "0", "nothing"),
			adjust(supervisor, "ana", "0.001", "a mill"),
			adjust(supervisor, "ana", "-0.001", "a mill"),
		} {
			h.refuse(c, "invalid_amount")
		}
	})

	t.Run("ErrUnknownCurrency", func(t *testing.T) {
		for _, cur := range []string{"XYZ", "eur", "EURO", "", "€"} {
			h.refuse(deposit(cashier, "ana", "1", cur), "unknown_currency")
			h.refuse(withdraw(cashier, "ana", "1", cur), "unknown_currency")
		}
	})

	t.Run("ErrInvalidID", func(t *testing.T) {
		for _, p := range []string{"", "ana maria", "ana/1", "ana:1", "ana\x00", "-ana", strings.Repeat("a", 65), "ñandú"} {
			h.refuse(deposit(cashier, p, "1", "EUR"), "invalid_id")
			h.refuse(withdraw(cashier, p, "1", "EUR"), "invalid_id")
			h.refuse(adjust(supervisor, p, "1", "typo"), "invalid_id")
		}
		h.must(deposit(cashier, strings.Repeat("a", 64), "1", "EUR"))
		h.refuse(deposit(events.Actor{ID: "", Role: ledger.RoleCashier}, "ana", "1", "EUR"), "invalid_id")
	})

	t.Run("ErrInvalidRequest", func(t *testing.T) {
		h.refuse(adjust(supervisor, "ana", "1", ""), "invalid_request")
		h.refuse(adjust(supervisor, "ana", "1", strings.Repeat("r", ledger.TextMax+1)), "invalid_request")
		long := deposit(cashier, "ana", "1", "EUR")
		long.Reference = strings.Repeat("r", ledger.TextMax+1)
		h.refuse(long, "invalid_request")
		key := deposit(cashier, "ana", "1", "EUR")
		key.IdempotencyKey = strings.Repeat("k", ledger.IdempotencyKeyMax+1)
		h.refuse(key, "invalid_request")
	})
	checkBooksBalance(t, h)
}

func openTableCmd(table, paytable string, limits map[string]ledger.Limit, band ledger.Limit) *ledger.OpenTable {
	return &ledger.OpenTable{
		Meta: ledger.Meta{Actor: supervisor}, Table: table, Paytable: paytable, Currency: "EUR",
		Limits: limits, Band: band, Dealer: dealer.ID,
	}
}

func lim(min, max string) ledger.Limit { return ledger.Limit{Min: dec(min), Max: dec(max)} }

func TestLedger_OpenTable(t *testing.T) {
	h := newHarness(t)
	band := lim("1", "1000")

	t.Run("OK", func(t *testing.T) {
		r := h.must(openTableCmd("t1", sicbo.IDCLM2016, map[string]ledger.Limit{"*": lim("1", "1000"), "total": lim("1", "100"), "triple": lim("1", "10")}, band))
		if r.Table != "t1" || r.Events != 1 {
			t.Fatalf("open table result %+v", r)
		}
		pt, err := sicbo.Lookup(sicbo.IDCLM2016)
		if err != nil {
			t.Fatal(err)
		}
		tb := h.table("t1")
		if tb.Paytable != sicbo.IDCLM2016 || tb.PaytableHash != pt.Hash() || tb.Game != sicbo.GameName || tb.Scale != 2 || tb.Closed || tb.Active != "" {
			t.Fatalf("table %+v", tb)
		}
		if l := tb.Limits["triple"]; !l.Max.Equal(dec("10")) {
			t.Fatalf("triple limit %+v", l)
		}
	})

	t.Run("ErrUnknownPaytable", func(t *testing.T) {
		h.refuse(openTableCmd("t2", "sicbo/macau", map[string]ledger.Limit{"*": lim("1", "10")}, band), "unknown_paytable")
		h.refuse(openTableCmd("t2", "", map[string]ledger.Limit{"*": lim("1", "10")}, band), "unknown_paytable")
	})

	t.Run("ErrLimitOutsideBand", func(t *testing.T) {
		for _, l := range []map[string]ledger.Limit{
			{"*": lim("0.50", "10")},   // min below the band
			{"*": lim("1", "1000.01")}, // max above the band
			{"*": lim("1", "10"), "total": lim("2", "2000")},
			{"*": lim("20", "10")}, // min > max
		} {
			h.refuse(openTableCmd("t2", sicbo.IDLive, l, band), "limit_outside_band")
		}
		h.refuse(openTableCmd("t2", sicbo.IDLive, map[string]ledger.Limit{"*": lim("1", "10")}, lim("100", "10")), "limit_outside_band")
	})

	t.Run("ErrInvalidRequest", func(t *testing.T) {
		// "odd" is a Sic Bo kind that sicbo/clm-2016 does not offer.
		h.refuse(openTableCmd("t2", sicbo.IDCLM2016, map[string]ledger.Limit{"*": lim("1", "10"), "odd": lim("1", "10")}, band), "invalid_request")
		h.refuse(openTableCmd("t2", sicbo.IDLive, map[string]ledger.Limit{"roulette": lim("1", "10")}, band), "invalid_request")
		h.refuse(openTableCmd("t2", sicbo.IDLive, map[string]ledger.Limit{"total:9": lim("1", "10")}, band), "invalid_request")
		h.refuse(openTableCmd("t2", sicbo.IDLive, nil, band), "invalid_request")
		many := map[string]ledger.Limit{}
		for i := 0; i <= ledger.LimitsMax; i++ {
			many[strings.Repeat("k", i+1)] = lim("1", "10")
		}
		h.refuse(openTableCmd("t2", sicbo.IDLive, many, band), "invalid_request")
	})

	t.Run("ErrInvalidAmount", func(t *testing.T) {
		h.refuse(openTableCmd("t2", sicbo.IDLive, map[string]ledger.Limit{"*": lim("0", "10")}, lim("0", "10")), "invalid_amount")
		h.refuse(openTableCmd("t2", sicbo.IDLive, map[string]ledger.Limit{"*": lim("1.005", "10")}, band), "invalid_amount")
	})

	t.Run("ErrTableExists", func(t *testing.T) {
		h.refuse(openTableCmd("t1", sicbo.IDLive, map[string]ledger.Limit{"*": lim("1", "10")}, band), "table_exists")
	})

	t.Run("ErrOthers", func(t *testing.T) {
		bad := openTableCmd("t 2", sicbo.IDLive, map[string]ledger.Limit{"*": lim("1", "10")}, band)
		h.refuse(bad, "invalid_id")
		noDealer := openTableCmd("t2", sicbo.IDLive, map[string]ledger.Limit{"*": lim("1", "10")}, band)
		noDealer.Dealer = ""
		h.refuse(noDealer, "invalid_id")
		cur := openTableCmd("t2", sicbo.IDLive, map[string]ledger.Limit{"*": lim("1", "10")}, band)
		cur.Currency = "XYZ"
		h.refuse(cur, "unknown_currency")
		byDealer := openTableCmd("t2", sicbo.IDLive, map[string]ledger.Limit{"*": lim("1", "10")}, band)
		byDealer.Actor = dealer
		h.refuse(byDealer, "forbidden")
	})

	t.Run("ReopenAfterClose", func(t *testing.T) {
		round := h.openRound("t1")
		h.must(cancelRound("t1", round))
		h.must(&ledger.CloseTable{Meta: ledger.Meta{Actor: supervisor}, Table: "t1", Reason: "end of shift"})
		h.must(openTableCmd("t1", sicbo.IDLive, map[string]ledger.Limit{"*": lim("1", "10")}, band))
		// The reopened table keeps numbering its rounds.
		if r := h.must(&ledger.OpenRound{Meta: ledger.Meta{Actor: dealer}, Table: "t1"}); r.RoundNumber != 2 {
			t.Fatalf("first round after reopening is number %d, want 2", r.RoundNumber)
		}
	})
}

func TestLedger_ChangeLimits(t *testing.T) {
	h := newHarness(t)
	h.deposit("ana", "1000")
	h.openTable("t1", sicbo.IDLive) // "*" 1..500, "total" 1..100, band 0.50..1000
	change := func(limits map[string]ledger.Limit) *ledger.ChangeLimits {
		return &ledger.ChangeLimits{Meta: ledger.Meta{Actor: supervisor}, Table: "t1", Limits: limits, Reason: "evening limits"}
	}
	newLimits := map[string]ledger.Limit{"*": lim("1", "50"), "total": lim("1", "20")}

	round := h.openRound("t1")
	h.bet("t1", round, "ana", b("small", "60"))

	t.Run("ErrRoundInProgress", func(t *testing.T) {
		h.refuse(change(newLimits), "round_in_progress")
		h.closeBetting("t1", round)
		h.refuse(change(newLimits), "round_in_progress")
		h.must(pause("t1", round))
		h.refuse(change(newLimits), "round_in_progress")
		h.must(resume("t1", round))
		h.result("t1", round, 1, 2, 3)
	})

	t.Run("ErrLimitOutsideBand", func(t *testing.T) {
		h.refuse(change(map[string]ledger.Limit{"*": lim("0.10", "50")}), "limit_outside_band")
		h.refuse(change(map[string]ledger.Limit{"*": lim("1", "5000")}), "limit_outside_band")
		h.refuse(change(map[string]ledger.Limit{"*": lim("50", "1")}), "limit_outside_band")
	})

	t.Run("ErrOthers", func(t *testing.T) {
		byDealer := change(newLimits)
		byDealer.Actor = dealer
		h.refuse(byDealer, "forbidden")
		other := change(newLimits)
		other.Table = "t9"
		h.refuse(other, "table_not_found")
		h.refuse(change(map[string]ledger.Limit{"odd_or_even": lim("1", "5")}), "invalid_request")
	})

	t.Run("OK", func(t *testing.T) {
		r := h.must(change(newLimits))
		evs := h.readAll()
		e := evs[len(evs)-1]
		if e.Seq != r.FirstSeq || e.Type != events.TypeTableLimitsChanged {
			t.Fatalf("last event %s at %d, result %+v", e.Type, e.Seq, r)
		}
		p, err := events.Into[events.TableLimitsChanged](&e)
		if err != nil {
			t.Fatal(err)
		}
		// Round 1 was played under the old limits; the change applies
		// from round 2, the next one.
		if p.EffectiveFromRound != 2 || !p.Before["*"].Max.Equal(dec("500")) || !p.After["*"].Max.Equal(dec("50")) || p.Reason != "evening limits" {
			t.Fatalf("table.limits_changed %+v", p)
		}
		next := h.must(&ledger.OpenRound{Meta: ledger.Meta{Actor: dealer}, Table: "t1"})
		if next.RoundNumber != 2 {
			t.Fatalf("next round is number %d, want 2", next.RoundNumber)
		}
		err = h.refuseErr(placeSlip("t1", next.Round, "ana", b("small", "60")), "stake_above_limit")
		var le *ledger.LimitError
		if !errors.As(err, &le) || !le.Max.Equal(dec("50")) {
			t.Fatalf("limit error %+v, want max 50", le)
		}
		h.bet("t1", next.Round, "ana", b("small", "50"), b("total:9", "20"))
	})
}

func TestLedger_CloseTable(t *testing.T) {
	h := newHarness(t)
	h.deposit("ana", "100")
	h.openTable("t1", sicbo.IDLive)
	closeT := &ledger.CloseTable{Meta: ledger.Meta{Actor: supervisor}, Table: "t1", Reason: "end of shift"}

	round := h.openRound("t1")
	h.bet("t1", round, "ana", b("small", "10"))
	h.refuse(closeT, "round_in_progress")
	h.closeBetting("t1", round)
	h.refuse(closeT, "round_in_progress")
	h.result("t1", round, 1, 2, 3)

	byDealer := *closeT
	byDealer.Actor = dealer
	h.refuse(&byDealer, "forbidden")
	h.refuse(&ledger.CloseTable{Meta: ledger.Meta{Actor: supervisor}, Table: "t9"}, "table_not_found")

	h.must(closeT)
	if !h.table("t1").Closed {
		t.Fatal("table not closed")
	}
	for _, c := range []ledger.Command{
		closeT,
		&ledger.ChangeLimits{Meta: ledger.Meta{Actor: supervisor}, Table: "t1", Limits: map[string]ledger.Limit{"*": lim("1", "10")}},
		&ledger.OpenRound{Meta: ledger.Meta{Actor: dealer}, Table: "t1"},
		placeSlip("t1", "", "ana", b("small", "1")),
		placeSlip("t1", round, "ana", b("small", "1")),
		closeBetting("t1", round),
		reshake("t1", round),
		recordResult("t1", round, 1, 2, 4),
		pause("t1", round),
		resume("t1", round),
		cancelRound("t1", round),
	} {
		h.refuse(c, "table_closed")
	}
	// A closed table's settled rounds can still be corrected (a dispute
	// the morning after the shift), under their own rules and currency.
	h.must(correctResult("t1", round, 4, 5, 6))
	// Wallets do not belong to a table.
	h.must(withdraw(cashier, "ana", "90", "EUR"))
}

func TestLedger_OpenRound(t *testing.T) {
	h := newHarness(t)
	h.openTable("t1", sicbo.IDLive)
	h.openTableBy("t2", sicbo.IDLive, dealer2.ID)
	open := func(actor events.Actor, table string) *ledger.OpenRound {
		return &ledger.OpenRound{Meta: ledger.Meta{Actor: actor}, Table: table}
	}

	t.Run("OK", func(t *testing.T) {
		r := h.must(open(dealer, "t1"))
		if r.RoundNumber != 1 || r.Table != "t1" || r.Round == "" {
			t.Fatalf("open round result %+v", r)
		}
		h.wantStatus(r.Round, ledger.RoundBetting)
		if tb := h.table("t1"); tb.Active != r.Round || tb.Rounds != 1 {
			t.Fatalf("table %+v", tb)
		}
		h.must(cancelRound("t1", r.Round))
		// A supervisor may open a round on any table.
		r2 := h.must(open(supervisor, "t1"))
		if r2.RoundNumber != 2 {
			t.Fatalf("second round number %d", r2.RoundNumber)
		}
		h.closeBetting("t1", r2.Round)
		h.result("t1", r2.Round, 6, 6, 6)
		// A settled round leaves the table between rounds.
		if r3 := h.must(open(dealer, "t1")); r3.RoundNumber != 3 {
			t.Fatalf("third round number %d", r3.RoundNumber)
		}
	})

	t.Run("ErrForbidden", func(t *testing.T) {
		h.refuse(open(dealer2, "t1"), "forbidden")
		h.refuse(open(dealer, "t2"), "forbidden")
		h.refuse(open(frontend, "t2"), "forbidden")
		h.refuse(open(cashier, "t2"), "forbidden")
		h.must(open(dealer2, "t2"))
	})

	t.Run("ErrRoundInProgress", func(t *testing.T) {
		h.refuse(open(dealer, "t1"), "round_in_progress")
		h.refuse(open(supervisor, "t2"), "round_in_progress")
	})

	t.Run("ErrOthers", func(t *testing.T) {
		h.refuse(open(dealer, "t9"), "table_not_found")
		h.refuse(open(dealer, "t/1"), "invalid_id")
		h.openTable("t3", sicbo.IDLive)
		neg := open(dealer, "t3")
		neg.BettingWindow = -time.Second
		h.refuse(neg, "invalid_request")
		long := open(dealer, "t3")
		long.BettingWindow = ledger.BettingWindowMax + time.Second
		h.refuse(long, "invalid_request")
	})
}

func TestLedger_PlaceSlip(t *testing.T) {
	h := newHarness(t)
	h.deposit("ana", "1000")
	h.deposit("bob", "10")
	h.openTable("t1", sicbo.IDLive) // "*" 1..500, "total" 1..100
	h.openTable("t2", sicbo.IDCLM2016)
	round := h.openRound("t1")
	round2 := h.openRound("t2")

	t.Run("OK", func(t *testing.T) {
		r := h.bet("t1", round, "ana", b("small", "10"), b("total:9", "2.50"))
		if r.Slip == "" || len(r.Bets) != 2 || r.Bets[0] == r.Bets[1] || r.Round != round || !r.Balance.Equal(dec("987.5")) || r.Events != 1 {
			t.Fatalf("slip result %+v", r)
		}
		// Round "" means the round open now.
		r = h.must(placeSlip("t1", "", "ana", b("big", "1")))
		if r.Round != round {
			t.Fatalf("slip went to round %s, want %s", r.Round, round)
		}
		rd := h.round(round)
		if len(rd.Bets) != 3 || !rd.Staked.Equal(dec("13.5")) {
			t.Fatalf("round bets %d staked %s", len(rd.Bets), rd.Staked)
		}
		for _, bt := range rd.Bets {
			if bt.Status != ledger.BetOpen || bt.Player != "ana" {
				t.Fatalf("bet %+v", bt)
			}
		}
		h.wantBalances(map[string]string{posting.InPlayAccount("t1"): "13.5", posting.WalletAccount("ana"): "986.5"})
		// Exactly BetsPerSlipMax bets are accepted.
		bets := make([]ledger.BetRequest, ledger.BetsPerSlipMax)
		for i := range bets {
			bets[i] = b("odd", "1")
		}
		if r := h.bet("t1", round, "ana", bets...); len(r.Bets) != ledger.BetsPerSlipMax {
			t.Fatalf("%d bets accepted", len(r.Bets))
		}
	})

	t.Run("ErrStakeLimits", func(t *testing.T) {
		cases := []struct {
			bet      ledger.BetRequest
			code     string
			kind     string
			min, max string
		}{
			{b("small", "0.50"), "stake_below_limit", "small", "1", "500"}, // "*" applies
			{b("small", "500.01"), "stake_above_limit", "small", "1", "500"},
			{b("total:9", "100.01"), "stake_above_limit", "total", "1", "100"}, // "total" applies
			{b("total:4", "0.99"), "stake_below_limit", "total", "1", "100"},
		}
		for _, c := range cases {
			err := h.refuseErr(placeSlip("t1", round, "ana", b("big", "1"), c.bet), c.code)
			var le *ledger.LimitError
			if !errors.As(err, &le) {
				t.Fatalf("%s: %v is not a *LimitError", c.bet.Code, err)
			}
			if le.Code != c.bet.Code || le.Kind != c.kind || !le.Stake.Equal(c.bet.Stake) || !le.Min.Equal(dec(c.min)) || !le.Max.Equal(dec(c.max)) {
				t.Fatalf("%s: %+v", c.bet.Code, le)
			}
		}
		// 150 is over the "total" maximum but within "*": the "total"
		// limit holds only for total bets.
		h.bet("t1", round, "ana", b("big", "150"))
	})

	t.Run("ErrInsufficientFunds", func(t *testing.T) {
		// bob holds 10: each bet fits, the slip does not, and none of
		// its bets is written.
		before := len(h.round(round).Bets)
		h.refuse(placeSlip("t1", round, "bob", b("small", "6"), b("big", "5")), "insufficient_funds")
		if after := len(h.round(round).Bets); after != before {
			t.Fatalf("%d bets after a refused slip, want %d", after, before)
		}
		h.wantBalances(map[string]string{posting.WalletAccount("bob"): "10"})
		h.refuse(placeSlip("t1", round, "nobody", b("small", "1")), "insufficient_funds")
		h.bet("t1", round, "bob", b("small", "6"), b("big", "4"))
		h.wantBalances(map[string]string{posting.WalletAccount("bob"): "0"})
	})

	t.Run("ErrInvalidRequest", func(t *testing.T) {
		bets := make([]ledger.BetRequest, ledger.BetsPerSlipMax+1)
		for i := range bets {
			bets[i] = b("small", "1")
		}
		h.refuse(placeSlip("t1", round, "ana", bets...), "invalid_request")
		h.refuse(placeSlip("t1", round, "ana"), "invalid_request")
		// A table whose limits name no limit for a kind takes no bets of
		// it.
		h.must(&ledger.OpenTable{
			Meta: ledger.Meta{Actor: supervisor}, Table: "t3", Paytable: sicbo.IDLive, Currency: "EUR",
			Limits: map[string]ledger.Limit{"total": lim("1", "10")}, Band: lim("1", "10"), Dealer: dealer.ID,
		})
		r3 := h.openRound("t3")
		h.refuse(placeSlip("t3", r3, "ana", b("small", "1")), "invalid_request")
		h.bet("t3", r3, "ana", b("total:10", "1"))
	})

	t.Run("ErrBetCode", func(t *testing.T) {
		for _, code := range []string{"foo", "total:3", "total:18", "combo:2-1", "single:7", "small:1", "", strings.Repeat("x", 100)} {
			err := h.refuseErr(placeSlip("t1", round, "ana", b("big", "1"), b(code, "1")), "invalid_bet_code")
			if !errors.Is(err, sicbo.ErrBadBetCode) {
				t.Fatalf("%q: %v does not wrap sicbo.ErrBadBetCode", code, err)
			}
		}
		// sicbo/clm-2016 has no odd/even, parity-count, three-singles,
		// double-and-single or four-number bets.
		for _, code := range []string{"odd", "even", "all_odd", "two_odd_one_even", "three_singles:1-2-3", "double_single:1-2", "four_numbers:1-2-3-4"} {
			err := h.refuseErr(placeSlip("t2", round2, "ana", b(code, "1")), "bet_not_offered")
			if !errors.Is(err, sicbo.ErrBetNotOffered) {
				t.Fatalf("%q: %v does not wrap sicbo.ErrBetNotOffered", code, err)
			}
		}
		h.bet("t2", round2, "ana", b("small", "1"), b("combo:1-2", "1"))
	})

	t.Run("ErrInvalidAmount", func(t *testing.T) {
		for _, stake := range []string{"0", "-1", "1.001", "10.005"} {
			h.refuse(placeSlip("t1", round, "ana", b("small", stake)), "invalid_amount")
		}
	})

	t.Run("ErrIDs", func(t *testing.T) {
		h.refuse(placeSlip("t1", round, "ana maria", b("small", "1")), "invalid_id")
		h.refuse(placeSlip("t1", round, "", b("small", "1")), "invalid_id")
		h.refuse(placeSlip("t1", "round-1", "ana", b("small", "1")), "invalid_id")
		h.refuse(placeSlip("t1", newUUID(), "ana", b("small", "1")), "round_not_found")
		// A round of another table is not found on this one.
		h.refuse(placeSlip("t1", round2, "ana", b("small", "1")), "round_not_found")
		h.refuse(placeSlip("t9", round, "ana", b("small", "1")), "table_not_found")
		wrongRole := placeSlip("t1", round, "ana", b("small", "1"))
		wrongRole.Actor = dealer
		h.refuse(wrongRole, "forbidden")
	})

	t.Run("ErrRoundNotOpen", func(t *testing.T) {
		h.closeBetting("t2", round2)
		h.refuse(placeSlip("t2", round2, "ana", b("small", "1")), "round_not_open")
		h.result("t2", round2, 2, 2, 2)
		h.refuse(placeSlip("t2", round2, "ana", b("small", "1")), "round_finished")
		// No round open on the table.
		h.refuse(placeSlip("t2", "", "ana", b("small", "1")), "round_not_open")
	})

	t.Run("BettingWindow", func(t *testing.T) {
		open := func(window time.Duration) string {
			h.closeBetting("t1", h.table("t1").Active)
			h.result("t1", h.table("t1").Active, 3, 4, 5)
			return h.must(&ledger.OpenRound{Meta: ledger.Meta{Actor: dealer}, Table: "t1", BettingWindow: window}).Round
		}
		r := open(30 * time.Second)
		h.clock.Advance(29 * time.Second)
		h.bet("t1", r, "ana", b("small", "1"))
		h.clock.Advance(2 * time.Second)
		h.refuse(placeSlip("t1", r, "ana", b("small", "1")), "round_not_open")
		h.refuse(placeSlip("t1", "", "ana", b("small", "1")), "round_not_open")
		// The round is still betting until the dealer closes it.
		h.wantStatus(r, ledger.RoundBetting)
		h.closeBetting("t1", r)
		h.result("t1", r, 1, 1, 2)
		// A window of 0 stays open until the dealer closes betting.
		r = h.must(&ledger.OpenRound{Meta: ledger.Meta{Actor: dealer}, Table: "t1"}).Round
		h.clock.Advance(ledger.BettingWindowMax + time.Hour)
		h.bet("t1", r, "ana", b("small", "1"))
		h.must(pause("t1", r))
		h.refuse(placeSlip("t1", r, "ana", b("small", "1")), "round_not_open")
		h.must(resume("t1", r))
		h.bet("t1", r, "ana", b("small", "1"))
	})
	checkBooksBalance(t, h)
}

func TestLedger_Reshake(t *testing.T) {
	h := newHarness(t)
	h.deposit("ana", "100")
	h.openTable("t1", sicbo.IDLive)
	h.openTableBy("t2", sicbo.IDLive, dealer2.ID)
	round := h.openRound("t1")
	h.bet("t1", round, "ana", b("small", "10"))
	h.closeBetting("t1", round)
	rs := func(reason, note string) *ledger.Reshake {
		return &ledger.Reshake{Meta: ledger.Meta{Actor: dealer}, Table: "t1", Round: round, Reason: reason, Note: note}
	}

	t.Run("OK", func(t *testing.T) {
		h.must(rs(events.ReshakeOverlapping, ""))
		h.must(rs(events.ReshakeNotFlat, ""))
		h.must(rs(events.ReshakeFewerDice, "one die stuck on the rim"))
		h.must(rs(events.ReshakeOther, "cup dropped"))
		r := h.wantStatus(round, ledger.RoundClosed)
		if r.Reshakes != 4 || len(r.Results) != 0 {
			t.Fatalf("round %+v", r)
		}
		var reasons []string
		for _, e := range h.eventsOf(round) {
			if e.Type == events.TypeRoundReshake {
				p, err := events.Into[events.RoundReshake](&e)
				if err != nil {
					t.Fatal(err)
				}
				reasons = append(reasons, p.Reason)
			}
		}
		if strings.Join(reasons, ",") != "dice_overlapping,dice_not_flat,fewer_than_three,other" {
			t.Fatalf("reshake reasons %v", reasons)
		}
		// Bets stay: a reshake is not a result and refunds nothing.
		h.wantBalances(map[string]string{posting.InPlayAccount("t1"): "10"})
	})

	t.Run("Err", func(t *testing.T) {
		h.refuse(rs("dice_wet", ""), "invalid_request")
		h.refuse(rs("", ""), "invalid_request")
		h.refuse(rs(events.ReshakeOther, ""), "invalid_request")
		h.refuse(rs(events.ReshakeOther, strings.Repeat("n", ledger.TextMax+1)), "invalid_request")
		foreign := rs(events.ReshakeOverlapping, "")
		foreign.Actor = dealer2
		h.refuse(foreign, "forbidden")
		fe := rs(events.ReshakeOverlapping, "")
		fe.Actor = frontend
		h.refuse(fe, "forbidden")
		h.refuse(placeSlip("t1", round, "ana", b("big", "1")), "round_not_open")
	})
}

func TestLedger_RecordResult(t *testing.T) {
	h := newHarness(t)
	h.deposit("ana", "100")
	h.openTable("t1", sicbo.IDLive)
	h.openTableBy("t2", sicbo.IDLive, dealer2.ID)
	round := h.openRound("t1")
	h.bet("t1", round, "ana", b("small", "10"), b("big", "10"))
	h.closeBetting("t1", round)

	t.Run("ErrInvalidResult", func(t *testing.T) {
		for _, d := range [][]int{{0, 1, 2}, {1, 2, 7}, {1, 2}, {1, 2, 3, 4}, {}, nil, {-1, 3, 3}} {
			h.refuse(recordResult("t1", round, d...), "invalid_result")
		}
		h.refuse(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "t1", Round: round, Result: json.RawMessage(`{"dice":[1,2,3],"hand":"AK"}`)}, "invalid_result")
		h.refuse(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "t1", Round: round, Result: json.RawMessage(`{"pocket":"17"}`)}, "invalid_result")
		h.refuse(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "t1", Round: round}, "invalid_result")
		h.refuse(&ledger.RecordResult{Meta: ledger.Meta{Actor: dealer}, Table: "t1", Round: round, Result: json.RawMessage(`{"dice":[1,2,3],"number":17}`)}, "invalid_result")
	})

	t.Run("ErrForbidden", func(t *testing.T) {
		foreign := recordResult("t1", round, 1, 2, 3)
		foreign.Actor = dealer2
		h.refuse(foreign, "forbidden")
		fe := recordResult("t1", round, 1, 2, 3)
		fe.Actor = frontend
		h.refuse(fe, "forbidden")
	})

	t.Run("OK", func(t *testing.T) {
		r := h.result("t1", round, 6, 5, 4)
		// round.result, two bet.settled, round.settled.
		if r.Events != 4 || r.Round != round || r.LastSeq != r.FirstSeq+3 {
			t.Fatalf("result %+v", r)
		}
		rd := h.wantStatus(round, ledger.RoundSettled)
		if len(rd.Results) != 1 || string(rd.Results[0]) != `{"dice":[6,5,4]}` {
			t.Fatalf("results %s, want the dice as entered", rd.Results)
		}
		n := countTypes(h.eventsOf(round))
		if n[events.TypeRoundResult] != 1 || n[events.TypeBetSettled] != 2 || n[events.TypeRoundSettled] != 1 {
			t.Fatalf("events %v", n)
		}
		// Total 15: big wins 10, small loses.
		h.wantBalances(map[string]string{posting.WalletAccount("ana"): "100", posting.HouseAccount("t1"): "0", posting.InPlayAccount("t1"): "0"})
	})

	t.Run("ErrAfterSettlement", func(t *testing.T) {
		h.refuse(recordResult("t1", round, 1, 2, 3), "result_already_recorded")
		// A dealer of another table is forbidden, not told the round
		// has a result; a round named under the wrong table is not found.
		foreign := recordResult("t1", round, 1, 2, 3)
		foreign.Actor = dealer2
		h.refuse(foreign, "forbidden")
		wrong := recordResult("t2", round, 1, 2, 3)
		wrong.Actor = dealer2
		h.refuse(wrong, "round_not_found")
		h.refuse(recordResult("t1", newUUID(), 1, 2, 3), "round_not_found")
	})
}

func TestLedger_PauseResumeCancel(t *testing.T) {
	h := newHarness(t)
	h.openTable("t1", sicbo.IDLive)
	players := map[string]string{"ana": "100", "bob": "55.55", "cid": "7"}
	for p, amount := range players {
		h.deposit(p, amount)
	}

	play := func() string {
		round := h.openRound("t1")
		h.bet("t1", round, "ana", b("small", "10"), b("total:9", "2.50"))
		h.bet("t1", round, "ana", b("triple:6", "1"))
		h.bet("t1", round, "bob", b("big", "55.55"))
		h.bet("t1", round, "cid", b("odd", "3"), b("even", "4"))
		h.wantBalances(map[string]string{posting.InPlayAccount("t1"): "76.05"})
		return round
	}
	wantRefunded := func(round string) {
		t.Helper()
		rd := h.wantStatus(round, ledger.RoundCancelled)
		for _, bt := range rd.Bets {
			if bt.Status != ledger.BetRefunded {
				t.Errorf("bet %s is %s", bt.Code, bt.Status)
			}
		}
		want := map[string]string{posting.InPlayAccount("t1"): "0", posting.HouseAccount("t1"): "0"}
		for p, amount := range players {
			want[posting.WalletAccount(p)] = amount
		}
		h.wantBalances(want)
		n := countTypes(h.eventsOf(round))
		if n[events.TypeRoundCancelled] != 1 || n[events.TypeBetRefunded] != 6 || n[events.TypeBetSettled] != 0 {
			t.Errorf("events %v", n)
		}
		for _, e := range h.eventsOf(round) {
			if e.Type == events.TypeRoundCancelled {
				p, err := events.Into[events.RoundCancelled](&e)
				if err != nil || p.Bets != 6 || !p.Refunded.Equal(dec("76.05")) {
					t.Errorf("round.cancelled %+v %v", p, err)
				}
			}
		}
		if tb := h.table("t1"); tb.Active != "" {
			t.Errorf("table still has round %s in progress", tb.Active)
		}
	}

	t.Run("CancelWhileBetting", func(t *testing.T) {
		round := play()
		r := h.must(cancelRound("t1", round))
		if r.Events != 7 { // round.cancelled + six bet.refunded
			t.Fatalf("cancel wrote %d events", r.Events)
		}
		wantRefunded(round)
	})

	t.Run("PauseResumeCancel", func(t *testing.T) {
		round := play()
		h.must(pause("t1", round))
		byDealer := resume("t1", round)
		byDealer.Actor = dealer
		h.refuse(byDealer, "forbidden")
		cancelByDealer := cancelRound("t1", round)
		cancelByDealer.Actor = dealer
		h.refuse(cancelByDealer, "forbidden")
		h.refuse(pause("t1", round), "invalid_round_state")
		h.must(resume("t1", round))
		h.wantStatus(round, ledger.RoundBetting)
		h.closeBetting("t1", round)
		h.must(pause("t1", round))
		h.must(resume("t1", round))
		h.wantStatus(round, ledger.RoundClosed)
		h.must(pause("t1", round))
		h.must(cancelRound("t1", round))
		wantRefunded(round)
	})

	t.Run("Err", func(t *testing.T) {
		round := h.openRound("t1")
		noReason := pause("t1", round)
		noReason.Reason = ""
		h.refuse(noReason, "invalid_request")
		noReason2 := cancelRound("t1", round)
		noReason2.Reason = ""
		h.refuse(noReason2, "invalid_request")
		fe := pause("t1", round)
		fe.Actor = frontend
		h.refuse(fe, "forbidden")
		h.refuse(resume("t1", round), "invalid_round_state")
		// A round without bets cancels with no refunds.
		if r := h.must(cancelRound("t1", round)); r.Events != 1 {
			t.Fatalf("cancel of an empty round wrote %d events", r.Events)
		}
		h.refuse(cancelRound("t1", round), "round_finished")
	})
	checkBooksBalance(t, h)
}

// TestLedger_Roles checks, for every command, that every role the ledger
// does not allow to issue it is refused with forbidden before anything else
// is looked at.
func TestLedger_Roles(t *testing.T) {
	h := newHarness(t)
	h.deposit("ana", "100")
	h.openTable("t1", sicbo.IDLive)
	round := h.openRound("t1")
	commands := map[string]func(a events.Actor) ledger.Command{
		"deposit":  func(a events.Actor) ledger.Command { return deposit(a, "ana", "1", "EUR") },
		"withdraw": func(a events.Actor) ledger.Command { return withdraw(a, "ana", "1", "EUR") },
		"adjust":   func(a events.Actor) ledger.Command { return adjust(a, "ana", "1", "r") },
		"open_table": func(a events.Actor) ledger.Command {
			c := openTableCmd("t2", sicbo.IDLive, map[string]ledger.Limit{"*": lim("1", "10")}, lim("1", "10"))
			c.Actor = a
			return c
		},
		"change_limits": func(a events.Actor) ledger.Command {
			return &ledger.ChangeLimits{Meta: ledger.Meta{Actor: a}, Table: "t1", Limits: map[string]ledger.Limit{"*": lim("1", "10")}}
		},
		"close_table": func(a events.Actor) ledger.Command {
			return &ledger.CloseTable{Meta: ledger.Meta{Actor: a}, Table: "t1"}
		},
		"open_round": func(a events.Actor) ledger.Command {
			return &ledger.OpenRound{Meta: ledger.Meta{Actor: a}, Table: "t1"}
		},
		"place_slip": func(a events.Actor) ledger.Command {
			c := placeSlip("t1", round, "ana", b("small", "1"))
			c.Actor = a
			return c
		},
		"close_betting": func(a events.Actor) ledger.Command {
			c := closeBetting("t1", round)
			c.Actor = a
			return c
		},
		"reshake": func(a events.Actor) ledger.Command { c := reshake("t1", round); c.Actor = a; return c },
		"record_result": func(a events.Actor) ledger.Command {
			c := recordResult("t1", round, 1, 2, 3)
			c.Actor = a
			return c
		},
		"pause":  func(a events.Actor) ledger.Command { c := pause("t1", round); c.Actor = a; return c },
		"resume": func(a events.Actor) ledger.Command { c := resume("t1", round); c.Actor = a; return c },
		"cancel": func(a events.Actor) ledger.Command { c := cancelRound("t1", round); c.Actor = a; return c },
		"correct_result": func(a events.Actor) ledger.Command {
			c := correctResult("t1", round, 1, 2, 3)
			c.Actor = a
			return c
		},
	}
	roles := []string{
		ledger.RoleDealer, ledger.RoleSupervisor, ledger.RoleCashier, ledger.RoleFrontend,
		ledger.RoleAuditor, ledger.RoleFinance, ledger.RoleViewer, ledger.RoleSystem, "", "admin",
	}
	refused := 0
	for name, mk := range commands {
		allowed := ledger.AllowedRoles(name)
		if len(allowed) == 0 {
			t.Fatalf("%s: no role may issue it", name)
		}
		for _, role := range roles {
			if slicesContains(allowed, role) {
				continue
			}
			h.refuse(mk(events.Actor{ID: "someone", Role: role}), "forbidden")
			refused++
		}
	}
	if len(commands) != 15 || refused < 15*6 {
		t.Fatalf("%d commands, %d refusals", len(commands), refused)
	}
	// The system role is the ledger's own, finishing work after a crash:
	// no command is issued by it.
	for name := range commands {
		if slicesContains(ledger.AllowedRoles(name), ledger.RoleSystem) {
			t.Errorf("%s may be issued by the system role", name)
		}
	}
}

func slicesContains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}
