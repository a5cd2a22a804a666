package kit

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/wagerlog/wagerlog/games"
)

type lineReq struct {
	Paytable string         `json:"paytable"`
	Stake    jsontext.Value `json:"stake"`
	Scale    *int32         `json:"scale"`
	Bet      string         `json:"bet"`
}

var errNoTable = &games.Sentinel{Msg: "unknown paytable", Code: "unknown_paytable"}

func lookupX(id string) (string, error) {
	if id != "x/1" {
		return "", fmt.Errorf("%w: %q", errNoTable, id)
	}
	return "table " + id, nil
}

func TestReadLine(t *testing.T) {
	read := func(line string) (lineReq, string, string, int32, error) {
		var req lineReq
		head := LineHead{Paytable: &req.Paytable, Scale: &req.Scale, Stake: &req.Stake}
		pt, stake, scale, err := ReadLine([]byte(line), 64, &req, head, "x/1", 2, lookupX, ErrBadAmount)
		return req, pt, stake.String(), scale, err
	}
	t.Run("OK", func(t *testing.T) {
		req, pt, stake, scale, err := read(` {"bet":"b","stake":"10.50"} `)
		if err != nil || pt != "table x/1" || stake != "10.5" || scale != 2 || req.Bet != "b" || req.Paytable != "x/1" {
			t.Fatalf("%+v %q %s %d %v", req, pt, stake, scale, err)
		}
		if _, _, _, scale, err := read(`{"stake":3,"scale":0}`); err != nil || scale != 0 {
			t.Errorf("scale %d, %v", scale, err)
		}
	})
	t.Run("Err", func(t *testing.T) {
		for line, want := range map[string]string{
			``:                               "empty line",
			`{"stake":"1","extra":1}`:        "a settle line: ",
			`{"paytable":"y/1","stake":"1"}`: `unknown paytable: "y/1"`,
			`{"stake":"ten"}`:                `invalid amount: "ten" is not a decimal number`,
			`{"stake":"1","bet":"` + strings.Repeat("a", 60) + `"}`: "a settle line of",
		} {
			_, _, _, _, err := read(line)
			if err == nil || len(err.Error()) < len(want) || err.Error()[:len(want)] != want {
				t.Errorf("%q: %v, want %s…", line, err, want)
			}
		}
	})
}

func TestLineFault(t *testing.T) {
	for _, tt := range []struct {
		err             error
		code, rule, msg string
	}{
		{errors.New("empty line"), "invalid_request", "", "empty line"},
		{fmt.Errorf("%w: 9Z", ErrBadBetCode), "invalid_bet_code", "", "invalid bet code: 9Z"},
		{ResultErrorf("shoe_copies", "AS twice"), "invalid_result", "shoe_copies", "invalid result: shoe_copies: AS twice"},
	} {
		code, rule, msg := LineFault(tt.err)
		if code != tt.code || rule != tt.rule || msg != tt.msg {
			t.Errorf("%v: %q %q %q", tt.err, code, rule, msg)
		}
	}
}
