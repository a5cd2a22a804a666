package bingo

import (
	"bytes"
	"errors"
	"testing"

	"github.com/go-json-experiment/json"
	"github.com/shopspring/decimal"
)

// FuzzParseBetCode checks card validation through the bet code: a code
// that parses is written back as given and holds a card that NewCard
// accepts again, with 15 different numbers, five to a row, every column
// used; every refusal wraps ErrBadBetCode or is a *CardError. Seed
// corpus: testdata/fuzz/FuzzParseBetCode.
func FuzzParseBetCode(f *testing.F) {
	f.Fuzz(func(t *testing.T, code string) {
		c, err := ParseBetCode(code)
		if err != nil {
			var ce *CardError
			if !errors.Is(err, ErrBadBetCode) && !errors.As(err, &ce) {
				t.Fatalf("ParseBetCode(%q) = %v", code, err)
			}
			return
		}
		if c.BetCode() != code {
			t.Fatalf("ParseBetCode(%q) accepted a non-canonical spelling of %s", code, c.BetCode())
		}
		if again, err := NewCard(c.ID, c.RowsInt()); err != nil || again != c {
			t.Fatalf("%s does not validate again: %v", code, err)
		}
		var seen [NumbersMax + 1]bool
		var columns [Columns]int
		for _, n := range c.Numbers() {
			if n < 1 || n > NumbersMax || seen[n] {
				t.Fatalf("%s: number %d", code, n)
			}
			seen[n] = true
			columns[Column(n)]++
		}
		for col, k := range columns {
			if k < 1 || k > Rows {
				t.Fatalf("%s: column %d holds %d numbers", code, col+1, k)
			}
		}
	})
}

// FuzzNewCard checks NewCard on any 15 numbers (rows of five, each byte
// a number) under any id: it never panics, a card it accepts keeps its
// numbers and rows, and every refusal is a *CardError with a rule. Seed
// corpus: testdata/fuzz/FuzzNewCard.
func FuzzNewCard(f *testing.F) {
	f.Fuzz(func(t *testing.T, series string, number int, nums []byte) {
		rows := make([][]int, 0, Rows)
		for i := 0; i < len(nums) && len(rows) < 4; i += RowNumbers {
			row := make([]int, 0, RowNumbers)
			for _, b := range nums[i:min(i+RowNumbers, len(nums))] {
				row = append(row, int(b))
			}
			rows = append(rows, row)
		}
		c, err := NewCard(CardID{Series: series, Number: number}, rows)
		if err != nil {
			var ce *CardError
			if !errors.As(err, &ce) || ce.Rule == "" || ErrorCode(err) != CodeInvalidCard {
				t.Fatalf("NewCard(%v) = %v", rows, err)
			}
			return
		}
		for r, row := range c.RowsInt() {
			for i, n := range row {
				if n != rows[r][i] {
					t.Fatalf("row %d changed: %v", r, c.RowsInt())
				}
			}
		}
		if _, err := ParseBetCode(c.BetCode()); err != nil {
			t.Fatalf("%s does not parse back: %v", c.BetCode(), err)
		}
	})
}

// FuzzParseResult checks that any input either is refused with a
// *ResultError (code invalid_result) or parses into a ball 1..90 or a
// void whose canonical JSON parses back to an equal result with the same
// JSON. Seed corpus: testdata/fuzz/FuzzParseResult.
func FuzzParseResult(f *testing.F) {
	f.Fuzz(func(t *testing.T, raw []byte) {
		r, err := ParseResult(raw)
		if err != nil {
			var re *ResultError
			if !errors.As(err, &re) || ErrorCode(err) != CodeInvalidResult {
				t.Fatalf("ParseResult(%q) = %v", raw, err)
			}
			return
		}
		if b, ok := r.(Ball); ok && b.Validate() != nil {
			t.Fatalf("ParseResult(%q) accepted ball %d", raw, b)
		}
		again, err := ParseResult(r.JSON())
		if err != nil || !again.Equal(r) || !bytes.Equal(again.JSON(), r.JSON()) {
			t.Fatalf("%q: canonical JSON %s does not parse back: %v", raw, r.JSON(), err)
		}
	})
}

// FuzzSettleLine checks the settlement invariants on any settle line: no
// panic; every error has an API code; a settled game's prizes are the
// sums of their winners' shares, each card's prize is its shares, and
// sales = prizes + the hall's revenue. Seed corpus:
// testdata/fuzz/FuzzSettleLine.
func FuzzSettleLine(f *testing.F) {
	f.Fuzz(func(t *testing.T, line []byte) {
		res := SettleLine(line, IDEs1979, 2)
		if res.Outcome == "error" {
			if res.Code == "" {
				t.Fatalf("%s: error without a code: %+v", line, res)
			}
			return
		}
		if res.Outcome != "settled" {
			t.Fatalf("%s: outcome %q", line, res.Outcome)
		}
		prizes := map[string]decimal.Decimal{}
		for _, p := range []*SettleLinePrize{res.Line, res.Bingo} {
			sum := decimal.Zero
			for _, w := range p.Winners {
				a := decimal.RequireFromString(w.Prize)
				sum = sum.Add(a)
				prizes[w.Card] = prizes[w.Card].Add(a)
			}
			if !sum.Equal(decimal.RequireFromString(p.Prize)) || len(p.Winners) == 0 {
				t.Fatalf("%s: shares %s of %s", line, sum, p.Prize)
			}
		}
		for _, c := range res.Prizes {
			if !decimal.RequireFromString(c.Prize).Equal(prizes[c.Card]) {
				t.Fatalf("%s: card %s gets %s, shares %s", line, c.Card, c.Prize, prizes[c.Card])
			}
		}
		total := decimal.RequireFromString(res.Line.Prize).Add(decimal.RequireFromString(res.Bingo.Prize)).Add(decimal.RequireFromString(res.HallRevenue))
		if !total.Equal(decimal.RequireFromString(res.Sales)) {
			t.Fatalf("%s: money not conserved", line)
		}
		if _, err := json.Marshal(res); err != nil {
			t.Fatal(err)
		}
	})
}
