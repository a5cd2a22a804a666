package replay_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/internal/ledgertest"
	"github.com/wagerlog/wagerlog/projections"
	"github.com/wagerlog/wagerlog/replay"
)

// The release of 2026-11-29 (Sic Bo only, before the game seam) played a
// deterministic scenario (ledgertest.NewDeterministic, PlayScenario seed
// 20261201, 60 rounds: corrections, cancels, pauses, reshakes, tables
// closed and reopened, refused commands) and wrote, into
// testdata/release-2026-11-29:
//
//   - stream.jsonl.gz: every event as it stored it (sequence, subject,
//     message id, bytes);
//   - answers.json.gz: every answer of its projections over that stream;
//   - replays.json.gz: `replay round` of every round.
//
// A stream written by that release must replay, verify and rebuild
// unchanged under this code, and the same commands must write the same
// bytes.
const (
	compatDir    = "testdata/release-2026-11-29"
	compatSeed   = 20261201
	compatRounds = 60
)

type compatEvent struct {
	Seq     uint64          `json:"seq"`
	Subject string          `json:"subject"`
	MsgID   string          `json:"msg_id"`
	Data    json.RawMessage `json:"data"`
}

func readGz(tb testing.TB, name string) []byte {
	tb.Helper()
	f, err := os.Open(filepath.Join(compatDir, name))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		tb.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := b.ReadFrom(zr); err != nil {
		tb.Fatal(err)
	}
	return b.Bytes()
}

func compatStream(tb testing.TB) []compatEvent {
	tb.Helper()
	var out []compatEvent
	sc := bufio.NewScanner(bytes.NewReader(readGz(tb, "stream.jsonl.gz")))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var e compatEvent
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			tb.Fatal(err)
		}
		out = append(out, e)
	}
	if len(out) == 0 {
		tb.Fatal("empty fixture stream")
	}
	return out
}

func compatScenario(tb testing.TB) scenario {
	tb.Helper()
	b, err := os.ReadFile(filepath.Join(compatDir, "scenario.json"))
	if err != nil {
		tb.Fatal(err)
	}
	var sc scenario
	if err := json.Unmarshal(b, &sc); err != nil {
		tb.Fatal(err)
	}
	return sc
}

// TestCompat_SameCommandsSameEvents plays the release's scenario again:
// every event is the same bytes (and so the same hash chain) as the
// release wrote.
func TestCompat_SameCommandsSameEvents(t *testing.T) {
	want := compatStream(t)
	h := ledgertest.NewDeterministic(t)
	playScenario(h, compatSeed, compatRounds)
	var got []events.Raw
	if err := h.Stream.Read(testCtx(t), 1, 0, func(r events.Raw) error {
		got = append(got, r)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Errorf("%d events, the release wrote %d", len(got), len(want))
	}
	same := 0
	for i := range min(len(got), len(want)) {
		if got[i].Subject == want[i].Subject && bytes.Equal(got[i].Data, want[i].Data) {
			same++
			continue
		}
		// Since the release, only whole cents are posted
		// (ledger/rounding.go): a bet's residue is recorded exactly
		// and not posted. The events are the release's under that rule
		// (their hashes, which chain the changed bytes, aside).
		g, w := string(got[i].Data), underWholeUnits(t, want[i].Data)
		if got[i].Subject != want[i].Subject || withoutChain(t, []byte(g)) != w {
			t.Fatalf("event %d differs from the release's:\n got %s %s\nwant %s %s", i+1, got[i].Subject, got[i].Data, want[i].Subject, want[i].Data)
		}
	}
	if same == 0 {
		t.Error("no event is the release's bytes")
	}
}

// withoutChain returns an event's JSON without its hash and the previous
// one, its members in a fixed order.
func withoutChain(t *testing.T, data []byte) string {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	delete(m, "prev")
	delete(m, "hash")
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// underWholeUnits rewrites an event of the release under the rule of whole
// smallest units: a bet.settled with a residue records it as residue_exact
// and posts none of it; a round.settled totals no residue posted.
func underWholeUnits(t *testing.T, data []byte) string {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	p, _ := m["payload"].(map[string]any)
	switch m["type"] {
	case string(events.TypeBetSettled):
		if r, ok := new(big.Rat).SetString(p["residue"].(string)); ok && r.Sign() != 0 {
			p["residue_exact"], p["residue"] = r.RatString(), "0"
			var kept []any
			for _, x := range m["postings"].([]any) {
				if !strings.HasPrefix(x.(map[string]any)["to"].(string), "rounding:") {
					kept = append(kept, x)
				}
			}
			m["postings"] = kept
		}
	case string(events.TypeRoundSettled):
		p["residue"] = "0"
	}
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return withoutChain(t, out)
}

// addedSinceRelease matches the members of a bet history answer that the
// release did not have.
var addedSinceRelease = regexp.MustCompile(`,"residue":"[^"]*"`)

// residueExactAdded matches the member of a replay's settlement that the
// release did not have (an indented line).
var residueExactAdded = regexp.MustCompile(`\n\s*"residue_exact": "[^"]*",`)

// settlementAddedSinceRelease matches the members of the bet, round and
// round list answers that the release did not have: every settlement's
// and total's commission (zero when none), and every round's list of
// results (the release gave Sic Bo's only as dice), and the rule a
// refunded or taken-down bet names (round.RuleRefunded, RuleTakenDown).
var settlementAddedSinceRelease = regexp.MustCompile(`,"commission":"[^"]*"|"results":\[(\{"dice":\[[1-6],[1-6],[1-6]\]\},?)*\],|,"rule":"(refunded|taken down): the stake returned"`)

// replayCommissionAdded matches a zero commission of a replayed
// settlement, which the release left out.
var replayCommissionAdded = regexp.MustCompile(`,\n *"commission": "0"`)

// replayReturnRuleAdded matches the rule a refund or a take-down names in
// a replayed round since the release: an addition.
var replayReturnRuleAdded = regexp.MustCompile(`,\n *"rule": "(refunded|taken down): the stake returned"`)

// boardAddedSinceRelease matches the members of a Sic Bo board's stats
// that the release did not have: the current runs and the rounds since the
// last triple and each face (docs/DASHBOARD.md), last in the stats.
var boardAddedSinceRelease = regexp.MustCompile(`,"streaks":\{"size":\{[^{}]*\},"parity":\{[^{}]*\}\},"since":\{"triple":[^,]*,"faces":\[[^\]]*\]\}`)

// TestCompat_ReleaseStream loads the release's stream as it stored it,
// then verifies it, rebuilds the projections and replays every round: the
// answers are the release's own.
func TestCompat_ReleaseStream(t *testing.T) {
	ctx := testCtx(t)
	st := ledgertest.OpenStream(t, t.TempDir())
	for _, e := range compatStream(t) {
		if _, err := st.Append(ctx, e.Seq-1, []events.Raw{{Subject: e.Subject, MsgID: e.MsgID, Data: e.Data}}); err != nil {
			t.Fatalf("append event %d: %v", e.Seq, err)
		}
	}
	sc := compatScenario(t)

	t.Run("Verify", func(t *testing.T) {
		rep, err := audit.Verify(ctx, st, 0, 0, audit.Options{Games: lookup, SubjectPrefix: jetstream.DefaultSubjectPrefix})
		if err != nil {
			t.Fatal(err)
		}
		if !rep.Clean {
			t.Fatalf("verify of the release's stream is not clean: %+v", rep.Violations)
		}
	})

	path := filepath.Join(t.TempDir(), "projections.db")
	if _, err := replay.Rebuild(ctx, st, path, projections.Options{}, nil); err != nil {
		t.Fatal(err)
	}
	proj := openProj(t, path, projections.Options{})

	t.Run("Rebuild", func(t *testing.T) {
		var want map[string]string
		if err := json.Unmarshal(readGz(t, "answers.json.gz"), &want); err != nil {
			t.Fatal(err)
		}
		got := answers(t, proj, sc)
		// Members added to the answers since the release are additions
		// the release's clients ignore, not changes of its answers: a
		// player's bet history carries each bet's residue; a Sic Bo
		// board's stats carry streaks and since.
		// Only the release's members are compared.
		for q, a := range got {
			if strings.HasPrefix(q, "bets ") || strings.HasPrefix(q, "round") {
				a = settlementAddedSinceRelease.ReplaceAllString(a, "")
				got[q] = a
			}
			if strings.HasPrefix(q, "bets ") {
				got[q] = addedSinceRelease.ReplaceAllString(a, "")
			}
			if strings.HasPrefix(q, "board ") {
				got[q] = boardAddedSinceRelease.ReplaceAllString(a, "")
			}
		}
		if len(got) != len(want) {
			t.Errorf("%d answers, the release gave %d", len(got), len(want))
		}
		for q, w := range want {
			if got[q] != w {
				t.Errorf("%s:\n got %s\nwant %s", q, got[q], w)
			}
		}
	})

	t.Run("Replay", func(t *testing.T) {
		var want map[string]json.RawMessage
		if err := json.Unmarshal(readGz(t, "replays.json.gz"), &want); err != nil {
			t.Fatal(err)
		}
		for _, r := range sc.Rounds {
			rp, err := replay.Round(ctx, st, proj, r, lookup)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := json.MarshalIndent(rp, "  ", "  ")
			// A re-computed settlement carries its exact residue since
			// the release: an addition its clients ignore.
			got = residueExactAdded.ReplaceAll(got, nil)
			// A settlement's commission is answered when zero too since
			// the release: an addition, removed before comparing.
			got = replayCommissionAdded.ReplaceAll(got, nil)
			// A refund and a take-down name their rule since the
			// release: an addition too.
			got = replayReturnRuleAdded.ReplaceAll(got, nil)
			var w bytes.Buffer
			_ = json.Indent(&w, want[r], "  ", "  ")
			if !bytes.Equal(got, w.Bytes()) {
				t.Errorf("replay of round %s differs from the release's:\n got %s\nwant %s", r, got, w.Bytes())
			}
			if !rp.Match || !rp.ChainOK {
				t.Errorf("round %s: match %v chain %v: %v", r, rp.Match, rp.ChainOK, rp.Problems)
			}
		}
	})
}
