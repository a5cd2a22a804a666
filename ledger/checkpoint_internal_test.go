package ledger

import (
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/internal/testsize"
	"github.com/wagerlog/wagerlog/posting"
	"github.com/wagerlog/wagerlog/round"
)

// bigState builds a state of the size the bench's ledger holds at the
// default limits: tables × FinishedRoundsKept rounds of bets settled, and
// keys idempotency keys.
func bigState(tables, betsPerRound, keys int) *State {
	s := newState(stateLimits{IdemWindow: DefaultIdempotencyWindow, IdemMax: DefaultIdempotencyMax, RoundsKept: round.FinishedRoundsKept, FinishedIDsMax: DefaultFinishedIDsMax})
	stake := decimal.RequireFromString("2.50")
	for t := range tables {
		tid := "table-" + strconv.Itoa(t)
		s.tables[tid] = &Table{ID: tid, Game: "sicbo", Paytable: "sicbo/live", Currency: "EUR", Scale: 2,
			Limits: map[string]Limit{"*": {Min: decimal.New(1, 0), Max: decimal.New(500, 0)}}}
		if t == 1 {
			// A table dealt from a shoe, with the cards of two rounds.
			s.tables[tid].Shoe, s.tables[tid].ShoeRound = 3, 7
			s.tables[tid].ShoeResults = map[string][][]byte{"r8": {[]byte(`{"card":"9H","to":"dealer"}`), []byte(`{"cut_card":true}`)}, "r9": {}}
		}
		for r := range round.FinishedRoundsKept {
			rid := "0193a1b2-c3d4-7e5f-8a9b-" + strconv.Itoa(100000000000+t*1000+r)
			rd := &Round{Round: round.Round{ID: rid, Table: tid, Number: int64(r + 1), Paytable: "sicbo/live", Currency: "EUR", Scale: 2,
				Status: RoundSettled, OpenedAt: time.Unix(1_764_000_000, 0).UTC(), Results: [][]byte{[]byte(`{"dice":[1,2,3]}`)}},
				done: true}
			for b := range betsPerRound {
				bet := &Bet{ID: "0193a1b2-c3d4-7e5f-8a9b-" + strconv.Itoa(200000000000+b), Slip: "0193a1b2-c3d4-7e5f-8a9b-" + strconv.Itoa(300000000000+b),
					Player: "p" + strconv.Itoa(b%300), Code: "small", Stake: stake, Status: BetSettled, Step: 1,
					Settlement: games.Settlement{Outcome: games.OutcomeWon, Win: stake, Returned: stake.Add(stake), Rule: "small pays 1:1"}}
				rd.Bets = append(rd.Bets, bet)
			}
			s.rounds[rid] = rd
			s.finishedQ[tid] = append(s.finishedQ[tid], rid)
		}
	}
	for i := range keys {
		k := newIdemKey("frontend", "key-"+strconv.Itoa(i))
		s.idem.set(k, idemEntry{first: uint64(i + 1), events: 1})
	}
	for p := range 300 {
		s.balances.set(balanceKey{"wallet:p" + strconv.Itoa(p), "EUR"}, stake)
	}
	return s
}

// TestCheckpoint_Cost logs what a checkpoint of a state of the bench's size
// costs (with -tags slow; a tenth of it by default): the sequencer's pause
// (the copy), the encoding, the decoding. Run with -v; the figures are for
// docs/ARCHITECTURE.md, not asserted (the machine may be loaded).
func TestCheckpoint_Cost(t *testing.T) {
	bets, keys := testsize.Pick(50, 500), testsize.Pick(30_000, 300_000)
	s := bigState(4, bets, keys)
	start := time.Now()
	snap := s.snapshot()
	pause := time.Since(start)
	start = time.Now()
	data, err := encodeCheckpoint(snap)
	enc := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	start = time.Now()
	back, err := decodeCheckpoint(data, s.lim)
	dec := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	f := back.Footprint()
	t.Logf("%d rounds, %d bets, %d keys: %d bytes; pause %s, encode %s, decode %s", f.Rounds, f.Bets, f.IdempotencyKeys, len(data), pause, enc, dec)
	if f.Bets != 4*round.FinishedRoundsKept*bets || f.IdempotencyKeys != keys {
		t.Fatalf("decoded %+v", f)
	}
	// A start decodes into memory the process may not have at hand: a new
	// process has none, and under a memory limit the runtime returns freed
	// pages to the system. The median of five decodings after a
	// collection (the heap's pages at hand) and after FreeOSMemory (every
	// page faulted in again) shows what that costs (docs/BENCHMARKS.md,
	// "What bounds the rest"), and with the page faults of each decoding
	// (getrusage's minor faults) what one fault costs: the difference of
	// the medians over that of the faults.
	median := func(prep func()) (time.Duration, int64) {
		var ds []time.Duration
		var fs []int64
		for range 5 {
			prep()
			f0 := minorFaults(t)
			start := time.Now()
			if _, err := decodeCheckpoint(data, s.lim); err != nil {
				t.Fatal(err)
			}
			ds = append(ds, time.Since(start))
			fs = append(fs, minorFaults(t)-f0)
		}
		slices.Sort(ds)
		slices.Sort(fs)
		return ds[2], fs[2]
	}
	warm, warmFaults := median(runtime.GC)
	cold, coldFaults := median(debug.FreeOSMemory)
	perFault := "-"
	if coldFaults > warmFaults {
		perFault = ((cold - warm) / time.Duration(coldFaults-warmFaults)).String()
	}
	t.Logf("decode: %s and %d page faults with the heap's pages at hand, %s and %d with them returned to the system: %s a page fault", warm, warmFaults, cold, coldFaults, perFault)
}

// minorFaults is the page faults the process has taken without a disk
// read.
func minorFaults(t *testing.T) int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		t.Fatal(err)
	}
	return ru.Minflt
}

// TestCheckpoint_CodecFields fails when a field is added to a type the
// checkpoint encodes field by field (checkpoint_codec.go): add the field
// to the codec and raise checkpointVersion, then the count here.
func TestCheckpoint_CodecFields(t *testing.T) {
	for _, tc := range []struct {
		v    any
		want int
	}{
		// Round's sales is a cache of its bets, rebuilt after a restore
		// (saleIndex), and not encoded. A bet's Settlement is the one its
		// event records, whose ResidueExact is always nil (the event
		// holds the exact residue: rounding.go), and not encoded.
		// The round model's byID is an index of Bets, built again when
		// first asked (round.Round.Bet), and not encoded.
		{Table{}, 18}, {Round{}, 9}, {round.Round{}, 20}, {round.AtResult{}, 2}, {Bet{}, 14}, {games.Settlement{}, 9}, {games.Contribution{}, 2},
		{Limit{}, 2}, {workMeta{}, 4}, {events.Actor{}, 2}, {idemEntry{}, 5}, {stateLimits{}, 4}, {State{}, 16}, {Pool{}, 9}, {Session{}, 13},
	} {
		if got := reflect.TypeOf(tc.v).NumField(); got != tc.want {
			t.Errorf("%T has %d fields, the checkpoint codec knows %d", tc.v, got, tc.want)
		}
	}
}

// TestCheckpoint_RoundTrip checks that a state reads back from its
// checkpoint as it was, amounts with their exponents, nil and empty
// apart; and that any damage to the content is refused.
func TestCheckpoint_RoundTrip(t *testing.T) {
	s := bigState(2, 3, 5)
	for _, r := range s.rounds {
		r.Bets[0].Settlement.Contributions = []games.Contribution{{Pool: "jp", Amount: decimal.RequireFromString("-123456789012345678901234567890.5")}}
		r.Bets[1].Settlement.Contributions = []games.Contribution{}
		r.work = workMeta{actor: events.Actor{ID: "d1", Role: "dealer"}, key: "k", reqHash: "h", corr: "c"}
		break
	}
	for _, r := range s.rounds {
		r.AtResult.Pool = []decimal.Decimal{decimal.RequireFromString("1000.00"), decimal.RequireFromString("0.18")}
		r.SalesClose = []games.Transfer{{From: "", To: "prizes", Amount: decimal.RequireFromString("1.50"), Rule: "line prize"}}
		break
	}
	s.pools["jp-1"] = &Pool{ID: "jp-1", Currency: "EUR", Version: 2, Hash: "abc", Params: []byte(`{"pool":"jp-1"}`),
		Accounts: []string{"jackpot:jp-1:main", "jackpot:jp-1:reserve:r1"}, Tables: []string{"table-0", "table-1"}, Commitment: "c0ffee"}
	s.credits[creditsKey("ann", "EUR")] = CreditsTerm{Expires: time.Date(2027, 1, 2, 3, 4, 5, 6, time.UTC), To: "jackpot:jp-1:main"}
	for _, r := range s.rounds {
		r.drawn = true
		r.Bets[0].Funding = posting.FundingCredits
		break
	}
	s.pools["jp-0"] = &Pool{ID: "jp-0", Currency: "EUR", Version: 1, Hash: "def", Params: []byte(`{}`), Accounts: []string{"jackpot:jp-0:main"}, Decommissioned: true}
	s.sessions["table-0"] = &Session{ID: "evening", Table: "table-0", Number: 2, Paytable: "bingo/es-1979", PaytableHash: "abc",
		Terms: []byte(`{"series":[]}`), SalesMax: 100000, Rounds: 3, Codes: []string{"card:A-1:x", "card:A-2:y"}, Sales: decimal.RequireFromString("2.00"),
		Held: []events.HeldHalf{{Player: "ann", Code: "card:A-2:y", Amount: decimal.RequireFromString("1.00")}}}
	s.sessions["table-1"] = &Session{ID: "old", Table: "table-1", Number: 1, Terms: []byte(`{}`), Closed: true, Codes: []string{}, Sales: decimal.Zero}
	s.sealAt = time.Date(2026, 12, 1, 10, 0, 0, 123, time.UTC)
	s.finished["old"] = "table-0"
	s.finishedOrder = append(s.finishedOrder, "old")
	data, err := encodeCheckpoint(s)
	if err != nil {
		t.Fatal(err)
	}
	back, err := decodeCheckpoint(data, s.lim)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := StateJSON(s)
	got, _ := StateJSON(back)
	if string(got) != string(want) {
		t.Fatalf("read back:\n%s\nwant\n%s", got, want)
	}
	for id, r := range s.rounds {
		b := back.rounds[id]
		if !reflect.DeepEqual(b.Results, r.Results) || b.Bet(r.Bets[0].ID) == nil || b.Bets[0].Stake.String() != r.Bets[0].Stake.String() {
			t.Fatalf("round %s read back as %+v", id, b)
		}
		if (b.Bets[1].Settlement.Contributions == nil) != (r.Bets[1].Settlement.Contributions == nil) {
			t.Fatalf("nil and empty contributions not kept apart")
		}
		if fmt.Sprint(b.SalesClose) != fmt.Sprint(r.SalesClose) || (b.SalesClose == nil) != (r.SalesClose == nil) {
			t.Fatalf("round %s: sales close transfers read back as %v, want %v", id, b.SalesClose, r.SalesClose)
		}
	}
	for i := checkpointHeaderLen; i < len(data); i += 1 + len(data)/97 {
		bad := slices.Clone(data)
		bad[i] ^= 0x40
		if _, err := decodeCheckpoint(bad, s.lim); !errors.Is(err, ErrCheckpointInvalid) {
			t.Fatalf("byte %d flipped: %v", i, err)
		}
	}
	if _, err := decodeCheckpoint(data[:len(data)-1], s.lim); !errors.Is(err, ErrCheckpointInvalid) {
		t.Fatalf("truncated: %v", err)
	}
}

// FuzzDecodeState feeds damaged content to the decoder past the hash
// check: it must return an error, never panic or allocate without bound.
func FuzzDecodeState(f *testing.F) {
	f.Add(encodeState(nil, bigState(1, 2, 3)))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, body []byte) {
		_, _ = decodeState(body)
	})
}

// BenchmarkCheckpointDecode decodes a checkpoint the size of the ones
// wagerlog bench's restarts start from: 90,000 idempotency keys (the bench
// logs 69,000-103,000) and four tables' finished rounds without bets. The
// idempotency index is most of a decoding (docs/BENCHMARKS.md, "What
// bounds the rest").
func BenchmarkCheckpointDecode(b *testing.B) {
	s := bigState(4, 0, 90_000)
	data, err := encodeCheckpoint(s.snapshot())
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		back, err := decodeCheckpoint(data, s.lim)
		if err != nil {
			b.Fatal(err)
		}
		if back.idem.len() != 90_000 {
			b.Fatalf("decoded %d keys, want 90,000", back.idem.len())
		}
	}
	b.ReportMetric(float64(len(data)), "checkpoint-bytes")
}

// TestCheckpoint_DecimalExponent checks that a checkpoint's amount takes
// the exponents decimal.NewFromString takes, as the stream's amounts do,
// and that one beyond them is refused as damage: summed with a balance, it
// would make a coefficient of millions of digits.
func TestCheckpoint_DecimalExponent(t *testing.T) {
	edge := int32(decimal.MaxDecodeExponent)
	for _, tc := range []struct {
		d  decimal.Decimal
		ok bool
	}{
		{decimal.New(-7, -edge), true},
		{decimal.New(7, edge), true},
		{decimal.New(7, -edge-1), false},
		{decimal.New(7, edge+1), false},
		{decimal.New(-7, -50_389_443), false},
	} {
		w := &ckWriter{syms: map[string]uint64{}}
		w.dec(tc.d)
		r := &ckReader{b: w.b, decs: make(map[decKey]decimal.Decimal)}
		got := r.dec()
		switch {
		case tc.ok && (r.err != nil || !got.Equal(tc.d) || got.Exponent() != tc.d.Exponent()):
			t.Errorf("7e%d read back as %v (exponent %d), %v", tc.d.Exponent(), got, got.Exponent(), r.err)
		case !tc.ok && r.err == nil:
			t.Errorf("7e%d read back; want it refused", tc.d.Exponent())
		}
	}
}
