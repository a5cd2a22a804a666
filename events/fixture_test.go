package events

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"
)

// Fixtures shared by the tests of this package: a realistic payload for every
// event type, envelopes built from them, and a chain of encoded events.

// testAt is the fixed clock reading of the fixtures.
var testAt = time.Date(2026, 3, 14, 15, 9, 26, 535897000, time.UTC)

const (
	testTable  = "sicbo-1"
	testRound  = "r-000127"
	testPlayer = "p-0042"
	testSlip   = "s-0001"
	testDealer = "d-007"
)

// dec parses a decimal literal of the fixtures.
func dec(s string) decimal.Decimal { return decimal.RequireFromString(s) }

// newV7 returns a fresh UUIDv7.
func newV7(tb testing.TB) uuid.UUID {
	tb.Helper()
	id, err := uuid.NewV7()
	if err != nil {
		tb.Fatalf("uuid.NewV7: %v", err)
	}
	return id
}

// fixedV7 returns a deterministic UUIDv7 for n: the fixtures' clock reading
// as its timestamp and n as its counter. The corpus and golden bytes use it so
// that they do not change from run to run.
func fixedV7(n uint64) uuid.UUID {
	var id uuid.UUID
	ms := uint64(testAt.UnixMilli())
	id[0], id[1], id[2] = byte(ms>>40), byte(ms>>32), byte(ms>>24)
	id[3], id[4], id[5] = byte(ms>>16), byte(ms>>8), byte(ms)
	binary.BigEndian.PutUint64(id[8:], n)
	id[6] = 0x70 | id[6]&0x0f // version 7
	id[8] = 0x80 | id[8]&0x3f // RFC 4122 variant
	return id
}

// samplePayload returns a realistic payload for t, with every member set so
// that a member lost in encoding shows up as a difference. It fails the test
// for a type it does not know: a new catalog entry needs a sample here.
func samplePayload(tb testing.TB, t Type) Payload {
	tb.Helper()
	limits := map[string]Limit{
		"small": {Min: dec("1.00"), Max: dec("500.00")},
		"total": {Min: dec("0.50"), Max: dec("100.00")},
		"*":     {Min: dec("0.50"), Max: dec("50.00")},
	}
	dice := [3]int{2, 3, 5}
	switch t {
	case TypeWalletDeposited:
		return &WalletDeposited{Player: testPlayer, Amount: dec("250.00"), Currency: "EUR",
			Reference: "cashier-tx-88121", BalanceBefore: dec("10.50"), BalanceAfter: dec("260.50")}
	case TypeWalletWithdrawn:
		return &WalletWithdrawn{Player: testPlayer, Amount: dec("60.25"), Currency: "EUR",
			Reference: "cashier-tx-88122", BalanceBefore: dec("260.50"), BalanceAfter: dec("200.25")}
	case TypeWalletAdjusted:
		return &WalletAdjusted{Player: testPlayer, Amount: dec("-5.00"), Currency: "EUR",
			Reason: "duplicate deposit reversed, ticket 4411", BalanceBefore: dec("200.25"), BalanceAfter: dec("195.25")}
	case TypeTableOpened:
		return &TableOpened{Table: testTable, Game: "sicbo", Paytable: "sicbo-standard-2026",
			PaytableHash: "9f2c4e7d1a0b3c5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6",
			Currency:     "EUR", Scale: 2, Limits: limits,
			Band: Limit{Min: dec("0.10"), Max: dec("1000.00")}, Dealer: testDealer}
	case TypeTableLimitsChanged:
		after := map[string]Limit{"small": {Min: dec("2.00"), Max: dec("800.00")}}
		return &TableLimitsChanged{Table: testTable, Before: limits, After: after,
			EffectiveFromRound: 128, Reason: "evening limits"}
	case TypeTableClosed:
		return &TableClosed{Table: testTable, Reason: "end of shift"}
	case TypeRoundOpened:
		return &RoundOpened{Table: testTable, Round: testRound, Number: 127,
			BettingWindow: 20 * time.Second, Paytable: "sicbo-standard-2026",
			PaytableHash: "9f2c4e7d1a0b3c5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6", Session: "s-2026-12-01-evening"}
	case TypeBetPlaced:
		return &BetPlaced{Slip: testSlip, Player: testPlayer, Table: testTable, Round: testRound,
			Currency: "EUR",
			Bets: []PlacedBet{
				{Bet: "b-0001", Code: "small", Stake: dec("10.50")},
				{Bet: "b-0002", Code: "total:10", Stake: dec("2.00"), Working: true, Commission: dec("0.10"), Held: dec("2.00")},
			},
			Total: dec("12.50"), BalanceBefore: dec("195.25"), BalanceAfter: dec("182.75"), Funding: "credits", Carried: true}
	case TypeRoundBettingClosed:
		return &RoundBettingClosed{Table: testTable, Round: testRound, Bets: 31, Staked: dec("412.50"),
			Transfers: []Transfer{{From: "", To: "prizes", Amount: dec("61.87"), Rule: "line prize, 15% of the sales, posted to the prize pool when sales close"}}, Currency: "EUR",
			Announcement: "Cartones vendidos 31, de la serie A del número 1 al 31. Premio de línea 61.87, premio de bingo 247.50. Comienza la partida."}
	case TypeRoundReshake:
		return &RoundReshake{Table: testTable, Round: testRound, Reason: ReshakeNotFlat,
			Note: "die 2 leaning on the wall"}
	case TypeRoundResult:
		return &RoundResult{Table: testTable, Round: testRound, Dice: dice, Result: json.RawMessage(`{"pocket":"00"}`)}
	case TypeBetSettled:
		return &BetSettled{Table: testTable, Round: testRound, Slip: testSlip, Bet: "b-0002",
			Player: testPlayer, Code: "total:10", Stake: dec("2.00"), Currency: "EUR", Dice: dice,
			Result: json.RawMessage(`{"pocket":"00"}`), Outcome: "won", Win: dec("12.00"), Returned: dec("14.00"), Residue: dec("0.001"), ResidueExact: "1/1000",
			Rule: "total 10 pays 6:1", Paytable: "sicbo-standard-2026",
			PaytableHash: "9f2c4e7d1a0b3c5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6",
			Correction:   1, Commission: dec("0.60"),
			Contributions: []Contribution{{Pool: "progressive-1", Amount: dec("0.10")}}, Counterparty: "bank"}
	case TypeRoundSettled:
		return &RoundSettled{Table: testTable, Round: testRound, Dice: dice, Result: json.RawMessage(`{"pocket":"00"}`), Bets: 31,
			Staked: dec("412.50"), Won: dec("180.00"), Returned: dec("246.00"), Residue: dec("0.004"),
			Correction: 1, Funds: &Funds{Bank: dec("500.00"), Closed: []Transfer{{From: "", To: "prizes", Amount: dec("61.87"), Rule: "line prize"}}},
			Transfers: []Transfer{{From: "bank", To: "commission", Amount: dec("1.50"), Rule: "cagnotte 5% of the bank's net win"}}, Currency: "EUR", ShoeOver: true}
	case TypeRoundPaused:
		return &RoundPaused{Table: testTable, Round: testRound, Reason: "shaker jammed"}
	case TypeRoundResumed:
		return &RoundResumed{Table: testTable, Round: testRound, Note: "shaker replaced"}
	case TypeRoundCancelled:
		return &RoundCancelled{Table: testTable, Round: testRound, Reason: "unresolved shaker fault",
			Bets: 31, Refunded: dec("412.50"),
			Transfers: []Transfer{{From: "prizes", To: "", Amount: dec("61.87"), Rule: "returned, the round is void: line prize"}}, Currency: "EUR"}
	case TypeBetRefunded:
		return &BetRefunded{Table: testTable, Round: testRound, Slip: testSlip, Bet: "b-0001",
			Player: testPlayer, Code: "small", Stake: dec("10.50"), Currency: "EUR", Funding: "credits"}
	case TypeRoundResultCorrected:
		return &RoundResultCorrected{Table: testTable, Round: testRound, Before: [3]int{2, 3, 6},
			After: dice, BeforeResult: json.RawMessage(`{"pocket":"0"}`), AfterResult: json.RawMessage(`{"pocket":"00"}`),
			Reason: "dealer typed 6 for 5", Correction: 1}
	case TypeBetSettlementReversed:
		return &BetSettlementReversed{Table: testTable, Round: testRound, Slip: testSlip,
			Bet: "b-0001", Player: testPlayer, Code: "small", Stake: dec("10.50"), Currency: "EUR",
			Win: dec("10.50"), Returned: dec("21.00"), Residue: dec("0.001"), Correction: 1}
	case TypeLedgerSealed:
		return &LedgerSealed{FromSeq: 1, ToSeq: 5000, Count: 5000,
			Head: Sum([]byte("head of the sample chain")), KeyID: "seal-key-2026",
			Signature: "ZmFrZSBzaWduYXR1cmUgb2YgdGhlIGZpeHR1cmVz"}
	case TypeRoundStepSettled:
		return &RoundStepSettled{Table: testTable, Round: testRound, Results: 3, Decided: 4, Open: 7}
	case TypeTableBankTaken:
		return &TableBankTaken{Table: testTable, Player: testPlayer, Amount: dec("500.00"), Currency: "EUR",
			BalanceBefore: dec("800.00"), BalanceAfter: dec("300.00")}
	case TypeTableBankReleased:
		return &TableBankReleased{Table: testTable, Player: testPlayer, Amount: dec("512.00"), Currency: "EUR"}
	case TypeTableShoeStarted:
		return &TableShoeStarted{Table: testTable, Shoe: 3, Decks: 6, CutCards: 78, AfterRound: 212}
	case TypeBingoClaimed:
		return &BingoClaimed{Table: testTable, Round: testRound, Bet: "b-0001", Player: testPlayer,
			Code: "card:A-17:3,15,41,62,80,7,26,44,58,85,19,33,49,67,90", Prize: "line", Balls: 23, Correct: true,
			Reason: "card A-17 completed the line on ball 23 (number 44)"}
	case TypeJackpotConfigured:
		return &JackpotConfigured{Pool: "jp-1", Version: 2, Hash: "9f2c4e7d1a0b3c5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6",
			Currency: "EUR", Params: json.RawMessage(`{"pool":"jp-1","version":2}`),
			Accounts: []string{"jackpot:jp-1:main", "jackpot:jp-1:reserve:r1"}, Funded: dec("1000.00"), Reason: "approved plan 2026-12",
			Transfers:      []Transfer{{From: "jackpot:jp-1:reserve:r2", To: "jackpot:jp-1:main", Amount: dec("25.00"), Rule: "reserve dropped by version 2"}},
			DrawCommitment: "dddd"}
	case TypeJackpotLinked:
		return &JackpotLinked{Pool: "jp-1", Table: testTable}
	case TypeJackpotUnlinked:
		return &JackpotUnlinked{Pool: "jp-1", Table: testTable, Reason: "table moved"}
	case TypeJackpotAdjusted:
		return &JackpotAdjusted{Pool: "jp-1", Account: "jackpot:jp-1:main", Amount: dec("-12.50"), Currency: "EUR",
			Reason: "meter malfunction", BalanceBefore: dec("1012.50"), BalanceAfter: dec("1000.00")}
	case TypeJackpotDecommissioned:
		return &JackpotDecommissioned{Pool: "jp-1", To: "jp-2", Amount: dec("1500.00"), Currency: "EUR", Reason: "game withdrawn",
			Transfers: []Transfer{{From: "jackpot:jp-1:main", To: "jackpot:jp-2:main", Amount: dec("1500.00"), Rule: "decommission"}}}
	case TypeJackpotPassFunded:
		return &JackpotPassFunded{Table: testTable, Round: testRound, Pool: "jp-1", Currency: "EUR",
			Transfers: []Transfer{{From: "jackpot:jp-1:reserve:r1", To: "jackpot:jp-1:main", Amount: dec("12.40"), Rule: "shortfall: the main pool 487.60 cannot cover the fixed prize 500.00"}}}
	case TypeJackpotSeatClosed:
		return &JackpotSeatClosed{Table: testTable, Seat: 3, Reason: "bet light faulty"}
	case TypeJackpotSeatReopened:
		return &JackpotSeatReopened{Table: testTable, Seat: 3, Reason: "light replaced"}
	case TypeJackpotDrawn:
		return &JackpotDrawn{Table: testTable, Round: testRound, Pool: "jp-1", Version: 1, Hash: "cccc", Currency: "EUR",
			Commitment: "dddd",
			Bets:       []DrawnBet{{Bet: "b-1", Player: "p1", Seat: 2, Stake: dec("1.00")}},
			Prizes: []DrawnPrize{{Prize: 0, Name: "lucky seat", Bet: "b-1", Player: "p1", Seat: 2, Value: 3, Of: 500,
				Amount: dec("25.00"), Pay: "credits", From: "jackpot:jp-1:main", To: "credits:p1",
				Expires: time.Date(2027, 1, 4, 9, 0, 0, 0, time.UTC), ExpireTo: "jackpot:jp-1:main"}},
			Advanced: []Transfer{{From: "house:" + testTable, To: "jackpot:jp-1:main", Amount: dec("5.00"), Rule: "complementary: advance"}}}
	case TypeCreditsExpired:
		return &CreditsExpired{Player: testPlayer, Currency: "EUR", Amount: dec("7.00"), To: "casino", Expired: time.Date(2027, 1, 4, 9, 0, 0, 0, time.UTC)}
	case TypeJackpotDrawSeedRevealed:
		return &JackpotDrawSeedRevealed{Pool: "jp-1", Commitment: "dddd", Seed: "eeee", Next: "ffff", Reason: "replaced by version 2"}
	case TypeSessionOpened:
		return &SessionOpened{Table: testTable, Session: "s-2026-12-01-evening", Number: 4, Paytable: "bingo/es-1979",
			PaytableHash: "a0beaac23a6ee857c87fdbaa1fdd743324f2b38ec6086f190926f8c3bc842c7d",
			Terms:        json.RawMessage(`{"series":[{"id":"A","face":"1","from":1,"to":420}]}`), SalesMax: 100000}
	case TypeSessionClosed:
		return &SessionClosed{Table: testTable, Session: "s-2026-12-01-evening", Rounds: 6, Sold: 2400, Sales: dec("2400.00"),
			Currency: "EUR", Reason: "end of the evening",
			Returned: []HeldHalf{{Player: testPlayer, Code: "card:D-7:3,15,41,62,80,7,26,44,58,85,19,33,49,67,90", Amount: dec("1.00")}}}
	case TypeBetTakenDown:
		return &BetTakenDown{Table: testTable, Round: testRound, Slip: testSlip, Bet: "b-0001",
			Player: testPlayer, Code: "place:6", Stake: dec("12.00"), Currency: "EUR"}
	}
	tb.Fatalf("samplePayload: no sample for type %q; add one", t)
	return nil
}

// isTableType reports whether t is published on a table subject.
func isTableType(t Type) bool {
	switch t {
	case TypeWalletDeposited, TypeWalletWithdrawn, TypeWalletAdjusted, TypeLedgerSealed,
		TypeJackpotConfigured, TypeJackpotLinked, TypeJackpotUnlinked, TypeJackpotAdjusted, TypeJackpotDecommissioned:
		return false
	}
	return true
}

// sampleEnvelope returns an envelope of type t with every member set (except
// the hashes, which Encode fills in) and id as its id.
func sampleEnvelope(tb testing.TB, t Type, id uuid.UUID) Envelope {
	tb.Helper()
	e, err := New(t, testAt, samplePayload(tb, t))
	if err != nil {
		tb.Fatalf("New(%s): %v", t, err)
	}
	e.ID = id
	e.Actor = Actor{ID: testDealer, Role: "dealer"}
	e.IdempotencyKey = "idem-" + id.String()
	e.RequestHash = Sum([]byte(t)).String()
	e.CorrelationID = "corr-7f3a"
	if isTableType(t) {
		e.Table = testTable
		e.Round = testRound
	}
	e.Postings = []Posting{
		{From: "wallet:" + testPlayer, To: "inplay:" + testTable, Amount: dec("10.50"), Currency: "EUR"},
		{From: "wallet:" + testPlayer, To: "inplay:" + testTable, Amount: dec("2.00"), Currency: "EUR"},
	}
	return e
}

// encodeChain returns n chained events of assorted types with deterministic
// ids, as a stream starting at sequence 1 would hold them.
func encodeChain(tb testing.TB, n int) (envs []Envelope, data [][]byte) {
	tb.Helper()
	types := Types()
	var prev Hash
	for i := range n {
		e := sampleEnvelope(tb, types[i%len(types)], fixedV7(uint64(i+1)))
		b, err := Encode(&e, prev)
		if err != nil {
			tb.Fatalf("Encode event %d: %v", i+1, err)
		}
		prev = e.Hash
		envs = append(envs, e)
		data = append(data, b)
	}
	return envs, data
}

// requireNoZeroFields fails when a member of the struct v points to is zero,
// so that a sample missing a member (which would hide its loss in encoding)
// is noticed.
func requireNoZeroFields(tb testing.TB, v any) {
	tb.Helper()
	rv := reflect.Indirect(reflect.ValueOf(v))
	for i := range rv.NumField() {
		if rv.Field(i).IsZero() {
			tb.Errorf("%T.%s is zero in the sample: set it so its round trip is checked", v, rv.Type().Field(i).Name)
		}
	}
}

var (
	decimalType = reflect.TypeFor[decimal.Decimal]()
	timeType    = reflect.TypeFor[time.Time]()
)

// diff returns a description of the first difference between a and b, or ""
// when they are equal. Decimals compare by value (Equal) and times by
// instant (Equal): the encoding keeps neither the scale of a decimal nor the
// location of a time, only what they mean.
func diff(a, b any) string { return diffValues("", reflect.ValueOf(a), reflect.ValueOf(b)) }

func diffValues(path string, a, b reflect.Value) string {
	if a.IsValid() != b.IsValid() {
		return fmt.Sprintf("%s: one side is nil", path)
	}
	if !a.IsValid() {
		return ""
	}
	if a.Type() != b.Type() {
		return fmt.Sprintf("%s: type %s != %s", path, a.Type(), b.Type())
	}
	switch a.Type() {
	case decimalType:
		da, db := a.Interface().(decimal.Decimal), b.Interface().(decimal.Decimal)
		if !da.Equal(db) {
			return fmt.Sprintf("%s: %s != %s", path, da, db)
		}
		return ""
	case timeType:
		ta, tb := a.Interface().(time.Time), b.Interface().(time.Time)
		if !ta.Equal(tb) {
			return fmt.Sprintf("%s: %s != %s", path, ta, tb)
		}
		return ""
	}
	switch a.Kind() {
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			if a.IsNil() != b.IsNil() {
				return fmt.Sprintf("%s: one side is nil", path)
			}
			return ""
		}
		return diffValues(path, a.Elem(), b.Elem())
	case reflect.Struct:
		for i := range a.NumField() {
			if !a.Type().Field(i).IsExported() {
				continue
			}
			if d := diffValues(path+"."+a.Type().Field(i).Name, a.Field(i), b.Field(i)); d != "" {
				return d
			}
		}
		return ""
	case reflect.Slice, reflect.Array:
		if a.Len() != b.Len() {
			return fmt.Sprintf("%s: length %d != %d", path, a.Len(), b.Len())
		}
		for i := range a.Len() {
			if d := diffValues(fmt.Sprintf("%s[%d]", path, i), a.Index(i), b.Index(i)); d != "" {
				return d
			}
		}
		return ""
	case reflect.Map:
		if a.Len() != b.Len() {
			return fmt.Sprintf("%s: %d entries != %d", path, a.Len(), b.Len())
		}
		for _, k := range a.MapKeys() {
			bv := b.MapIndex(k)
			if !bv.IsValid() {
				return fmt.Sprintf("%s[%v]: missing", path, k)
			}
			if d := diffValues(fmt.Sprintf("%s[%v]", path, k), a.MapIndex(k), bv); d != "" {
				return d
			}
		}
		return ""
	}
	if !a.Equal(b) {
		return fmt.Sprintf("%s: %v != %v", path, a, b)
	}
	return ""
}

// TestDiff checks the comparison helper itself, since every round-trip test
// relies on it to see a difference.
func TestDiff(t *testing.T) {
	a := samplePayload(t, TypeBetPlaced).(*BetPlaced)
	b := samplePayload(t, TypeBetPlaced).(*BetPlaced)
	if d := diff(a, b); d != "" {
		t.Fatalf("equal samples differ: %s", d)
	}
	b.Total = dec("12.5") // same value, other scale
	if d := diff(a, b); d != "" {
		t.Errorf("12.50 and 12.5 differ: %s", d)
	}
	b.Bets[1].Stake = dec("2.01")
	if d := diff(a, b); d == "" {
		t.Error("a changed nested stake is not seen")
	}
	b = samplePayload(t, TypeBetPlaced).(*BetPlaced)
	b.Bets = b.Bets[:1]
	if d := diff(a, b); d == "" {
		t.Error("a missing bet is not seen")
	}
	o1 := samplePayload(t, TypeTableOpened).(*TableOpened)
	o2 := samplePayload(t, TypeTableOpened).(*TableOpened)
	o2.Limits["*"] = Limit{Min: dec("0.50"), Max: dec("60.00")}
	if d := diff(o1, o2); d == "" {
		t.Error("a changed map entry is not seen")
	}
	t1 := testAt
	t2 := testAt.In(time.FixedZone("CET", 3600))
	if d := diff(t1, t2); d != "" {
		t.Errorf("one instant in two zones differs: %s", d)
	}
	if d := diff(t1, t1.Add(time.Nanosecond)); d == "" {
		t.Error("a nanosecond is not seen")
	}
}
