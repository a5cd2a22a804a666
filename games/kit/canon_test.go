package kit

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"testing"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/wagerlog/wagerlog/games"
)

func TestNewCanon(t *testing.T) {
	type data struct {
		ID     string `json:"id"`
		Source string `json:"source"`
		Odds   Odds   `json:"odds"`
	}
	c := NewCanon("x/y", "x", 2, "seed <1>", data{ID: "x/y", Source: "seed <1>", Odds: Odds{Win: 3, Per: 2}})
	want := `{"id":"x/y","source":"seed <1>","odds":"3:2"}`
	if string(c.CanonicalJSON()) != want {
		t.Fatalf("canonical %s, want %s", c.CanonicalJSON(), want)
	}
	sum := sha256.Sum256([]byte(want))
	if c.Hash() != hex.EncodeToString(sum[:]) {
		t.Errorf("hash %s", c.Hash())
	}
	if c.ID() != "x/y" || c.Game() != "x" || c.Version() != 2 || c.Source() != "seed <1>" {
		t.Errorf("identity %s %s %d %s", c.ID(), c.Game(), c.Version(), c.Source())
	}
	b := c.CanonicalJSON()
	b[0] = 'X'
	if string(c.CanonicalJSON()) != want {
		t.Error("CanonicalJSON shares its bytes with the caller")
	}
}

func TestLineStake(t *testing.T) {
	bad := &games.Sentinel{Msg: "invalid stake", Code: "invalid_amount"}
	for raw, want := range map[string]string{`"10.00"`: "10.00", `10.5`: "10.5", ` 1e3 `: "1000"} {
		d, err := LineStake(jsontext.Value(raw), bad)
		if err != nil || d.String() != want && d.StringFixed(2) != want {
			t.Errorf("%s: %s, %v, want %s", raw, d, err, want)
		}
	}
	for _, raw := range []string{``, `null`, `"ten"`, `true`, `"`} {
		if _, err := LineStake(jsontext.Value(raw), bad); !errors.Is(err, bad) || games.ErrorCode(err) != "invalid_amount" {
			t.Errorf("%q: %v", raw, err)
		}
	}
}

func TestResultErrorf(t *testing.T) {
	err := error(ResultErrorf("card_spelling", "card %q", "9X"))
	var re *ResultError
	if !errors.As(err, &re) || re.Rule != "card_spelling" || !errors.Is(err, ErrBadResult) || games.ErrorCode(err) != "invalid_result" {
		t.Fatalf("%v", err)
	}
	if err.Error() != `invalid result: card_spelling: card "9X"` {
		t.Errorf("message %q", err)
	}
}

func TestCheckIdentity(t *testing.T) {
	if err := CheckIdentity("sicbo/live", "sicbo", "sicbo", 1); err != nil {
		t.Fatalf("OK: %v", err)
	}
	for _, tt := range []struct {
		name, id, game string
		version        int
		want           string
	}{
		{"ErrEmptyID", "", "sicbo", 1, `invalid paytable "": empty id`},
		{"ErrGame", "sicbo/live", "craps", 1, `invalid paytable "sicbo/live": game "craps", want "sicbo"`},
		{"ErrVersion", "sicbo/live", "sicbo", 0, `invalid paytable "sicbo/live": version 0, want 1 or more`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckIdentity(tt.id, tt.game, "sicbo", tt.version)
			if !errors.Is(err, ErrBadPaytable) || err.Error() != tt.want {
				t.Errorf("CheckIdentity = %v, want %s", err, tt.want)
			}
		})
	}
}

func TestRefusal(t *testing.T) {
	type table struct{}
	bad := Refusal[*table]("war/x")
	p, err := bad("%d decks, want 1..%d", 0, 8)
	if p != nil || !errors.Is(err, ErrBadPaytable) || err.Error() != `invalid paytable "war/x": 0 decks, want 1..8` {
		t.Errorf("Refusal = %v, %v", p, err)
	}
}
