package bingo

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-json-experiment/json"
)

func TestSettleLine(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "fuzz", "FuzzSettleLine", "shared-line"))
	if err != nil {
		t.Fatal(err)
	}
	// The corpus file holds the line as a Go []byte literal.
	line := strings.TrimSuffix(strings.TrimPrefix(strings.Split(string(raw), "\n")[1], "[]byte("), ")")
	var text string
	if err := json.Unmarshal([]byte(line), &text); err != nil {
		t.Fatal(err)
	}
	t.Run("OK", func(t *testing.T) {
		res := SettleLine([]byte(text), "", 2)
		if res.Outcome != "settled" || res.PaytableHash != goldenHashEs1979 || res.Cards != 3 || res.Sales != "4.00" || res.Balls != 16 {
			t.Fatalf("%+v", res)
		}
		got, _ := json.Marshal(res)
		for _, want := range []string{
			`"line":{"index":5,"ball":40,"prize":"1.00","winners":[{"card":"A-1","prize":"0.34"},{"card":"A-2","prize":"0.66"}],"remainder":"0.01"}`,
			`"bingo":{"index":16,"ball":90,"prize":"2.40","winners":[{"card":"A-1","prize":"2.40"}],"remainder":"0.00"}`,
			`"prizes":[{"card":"A-1","prize":"2.74"},{"card":"A-2","prize":"0.66"},{"card":"B-1","prize":"0.00"}]`,
			`"hall_revenue":"0.60"`,
		} {
			if !strings.Contains(string(got), want) {
				t.Errorf("answer %s\nlacks %s", got, want)
			}
		}
	})
	t.Run("Err", func(t *testing.T) {
		for name, tt := range map[string]struct {
			line, code, rule string
		}{
			"ErrEmpty":     {"", CodeInvalidRequest, ""},
			"ErrJSON":      {"{", CodeInvalidRequest, ""},
			"ErrUnknown":   {`{"paytable":"bingo/es-1979","scale":2}`, CodeInvalidRequest, ""},
			"ErrPaytable":  {`{"paytable":"bingo/uk"}`, CodeUnknownPaytable, ""},
			"ErrNotOver":   {strings.Replace(text, `,61,90]}`, `,61]}`, 1), CodeGameNotOver, ""},
			"ErrCard":      {strings.Replace(text, `[3,11,52,61,90]`, `[3,11,52,61,80]`, 1), CodeInvalidCard, RuleNumberTwice},
			"ErrCardID":    {strings.Replace(text, `"A-1"`, `"a-1"`, 1), CodeInvalidCard, RuleCardID},
			"ErrDuplicate": {strings.Replace(text, `"B-1"`, `"A-1"`, 1), CodeDuplicateCard, ""},
			"ErrPrice":     {strings.Replace(text, `"2.00"`, `"2.001"`, 1), CodeInvalidAmount, ""},
			"ErrPrize":     {strings.Replace(text, `"2.40"`, `"9.40"`, 1), CodeInvalidAmount, ""},
			"ErrBall":      {strings.Replace(text, `"balls":[1,10,`, `"balls":[1,1,`, 1), CodeInvalidResult, RuleBallTwice},
			"ErrAfter":     {strings.Replace(text, `61,90]}`, `61,90,89]}`, 1), CodeInvalidResult, RuleGameOver},
		} {
			t.Run(name, func(t *testing.T) {
				res := SettleLine([]byte(tt.line), "", 2)
				if res.Outcome != "error" || res.Code != tt.code || res.Rule != tt.rule || res.Message == "" {
					t.Fatalf("%+v", res)
				}
			})
		}
	})
}
