package bingo

import (
	"errors"
	"testing"
)

// sampleRows is a valid card: columns 1-9 hold three numbers, 10-19 two,
// 20s, 30s, 40s and 70s one, 50s, 60s and 80-90 two.
var sampleRows = [][]int{
	{1, 10, 20, 30, 40},
	{2, 51, 60, 70, 80},
	{3, 11, 52, 61, 90},
}

// mustCard builds a card for a test.
func mustCard(tb testing.TB, id string, rows [][]int) Card {
	tb.Helper()
	cid, err := ParseCardID(id)
	if err != nil {
		tb.Fatal(err)
	}
	c, err := NewCard(cid, rows)
	if err != nil {
		tb.Fatal(err)
	}
	return c
}

func TestColumn(t *testing.T) {
	for n, want := range map[int]int{1: 0, 9: 0, 10: 1, 19: 1, 50: 5, 79: 7, 80: 8, 89: 8, 90: 8} {
		if got := Column(n); got != want {
			t.Errorf("Column(%d) = %d, want %d", n, got, want)
		}
	}
}

func TestParseCardID(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		for s, want := range map[string]CardID{
			"A-1":        {"A", 1},
			"ABC-999999": {"ABC", 999999},
			"B12-420":    {"B12", 420},
			"Z999999-7":  {"Z999999", 7},
		} {
			got, err := ParseCardID(s)
			if err != nil || got != want || got.String() != s {
				t.Errorf("ParseCardID(%q) = %v, %v", s, got, err)
			}
		}
	})
	t.Run("Err", func(t *testing.T) {
		for _, s := range []string{"", "A", "A-", "-1", "a-1", "A-0", "A-01", "A-1000000", "ABCD-1", "A0-1", "A 1", "A-1-2", "1-1", "A-+1", "AB1C-1", "A1234567-1"} {
			_, err := ParseCardID(s)
			if BrokenRule(err) != RuleCardID || !errors.Is(err, ErrBadCard) || ErrorCode(err) != CodeInvalidCard {
				t.Errorf("ParseCardID(%q) = %v", s, err)
			}
		}
	})
}

func TestNewCard(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		c := mustCard(t, "A-1", sampleRows)
		if got := c.Numbers(); len(got) != CardNumbers || got[0] != 1 || got[14] != 90 {
			t.Errorf("Numbers() = %v", got)
		}
		if r, ok := c.Has(61); !ok || r != 2 {
			t.Errorf("Has(61) = %d, %v", r, ok)
		}
		if _, ok := c.Has(4); ok {
			t.Error("Has(4) on a card without 4")
		}
		// A column may hold its numbers in any order top to bottom: the
		// seed does not order them.
		mustCard(t, "A-2", [][]int{{3, 10, 20, 30, 40}, {2, 51, 60, 70, 80}, {1, 11, 52, 61, 90}})
	})
	t.Run("Err", func(t *testing.T) {
		id := CardID{"A", 1}
		for name, tt := range map[string]struct {
			id   CardID
			rows [][]int
			rule string
		}{
			"ErrID":           {CardID{"a", 1}, sampleRows, RuleCardID},
			"ErrNumberZero":   {CardID{"A", 0}, sampleRows, RuleCardID},
			"ErrTwoRows":      {id, sampleRows[:2], RuleCardShape},
			"ErrFourRows":     {id, append(sampleRows[:3:3], []int{4, 12, 21, 31, 41}), RuleCardShape},
			"ErrShortRow":     {id, [][]int{{1, 10, 20, 30}, sampleRows[1], sampleRows[2]}, RuleCardShape},
			"ErrZero":         {id, [][]int{{0, 10, 20, 30, 40}, sampleRows[1], sampleRows[2]}, RuleNumberRange},
			"Err91":           {id, [][]int{sampleRows[0], sampleRows[1], {3, 11, 52, 61, 91}}, RuleNumberRange},
			"ErrTwice":        {id, [][]int{sampleRows[0], {2, 51, 60, 70, 80}, {3, 11, 52, 61, 80}}, RuleNumberTwice},
			"ErrSameColumn":   {id, [][]int{{1, 10, 20, 30, 40}, {2, 51, 60, 70, 80}, {3, 11, 15, 61, 90}}, RuleRowColumns},
			"ErrOrder":        {id, [][]int{{10, 1, 20, 30, 40}, sampleRows[1], sampleRows[2]}, RuleRowColumns},
			"ErrEightyNinety": {id, [][]int{{1, 10, 20, 30, 40}, {2, 51, 60, 70, 80}, {3, 11, 52, 85, 90}}, RuleRowColumns},
			"ErrColumnEmpty":  {id, [][]int{{1, 10, 20, 30, 40}, {2, 12, 51, 60, 80}, {3, 11, 52, 61, 90}}, RuleColumnEmpty},
		} {
			t.Run(name, func(t *testing.T) {
				_, err := NewCard(tt.id, tt.rows)
				var ce *CardError
				if !errors.As(err, &ce) || ce.Rule != tt.rule || !errors.Is(err, ErrBadCard) {
					t.Fatalf("NewCard = %v, want rule %s", err, tt.rule)
				}
			})
		}
	})
}

func TestParseBetCode(t *testing.T) {
	c := mustCard(t, "B12-420", sampleRows)
	const code = "card:B12-420:1,10,20,30,40,2,51,60,70,80,3,11,52,61,90"
	t.Run("OK", func(t *testing.T) {
		if c.BetCode() != code {
			t.Fatalf("BetCode() = %s", c.BetCode())
		}
		got, err := ParseBetCode(code)
		if err != nil || got != c {
			t.Fatalf("ParseBetCode = %v, %v", got, err)
		}
		pt := Paytables()[0]
		if k, err := pt.BetKind(code); err != nil || k != KindCard {
			t.Fatalf("BetKind = %q, %v", k, err)
		}
	})
	t.Run("Err", func(t *testing.T) {
		for code, sentinel := range map[string]error{
			"":             ErrBadBetCode,
			"card":         ErrBadBetCode,
			"card:A-1":     ErrBadBetCode,
			"line:A-1:1,2": ErrBadBetCode,
			"card:A-1:01,10,20,30,40,2,51,60,70,80,3,11,52,61,90":                                  ErrBadBetCode,
			"card:A-1:1,10,20,30,40,2,51,60,70,80,3,11,52,61,90,":                                  ErrBadCard,
			"card:A-1:1,10,20,30,40,2,51,60,70,80,3,11,52,61":                                      ErrBadCard,
			"card:A-1:1, 10,20,30,40,2,51,60,70,80,3,11,52,61,90":                                  ErrBadBetCode,
			"card:A-1:1,10,20,30,40,2,51,60,70,80,3,11,52,61,100":                                  ErrBadBetCode,
			"card:a-1:1,10,20,30,40,2,51,60,70,80,3,11,52,61,90":                                   ErrBadCard,
			"card:A-1:1,10,20,30,40,2,51,60,70,80,3,11,52,61,80":                                   ErrBadCard,
			"card:ABC123456-999999:1,10,20,30,40,2,51,60,70,80,3,11,52,61,90,1,2,3,4,5,6,7,8,9,10": ErrBadBetCode,
		} {
			_, err := ParseBetCode(code)
			if !errors.Is(err, sentinel) || ErrorCode(err) == "" {
				t.Errorf("ParseBetCode(%q) = %v, want %v", code, err, sentinel)
			}
		}
	})
}
