package baccarat

import (
	"bytes"
	"strings"
	"testing"

	"github.com/wagerlog/wagerlog/games"
)

func TestParseCoup(t *testing.T) {
	pt, _ := Lookup(IDPuntoBanco)
	for _, tt := range []struct {
		name, raw, rule string
	}{
		{"OK", `{"player":["4S","9H","7D"],"banker":["KC","5H","3S"]}`, ""},
		{"OK order", `{"banker":["KC","5H","3S"],"player":["4S","9H","7D"]}`, ""},
		{"ErrUnknownMember", `{"player":["4S","9H","7D"],"banker":["KC","5H","3S"],"tie":true}`, RuleResultShape},
		{"ErrOtherGame", `{"dice":[1,2,3]}`, RuleResultShape},
		{"ErrDeuxShape", `{"tableaux":[["4S","3H"],["6C","KD"]],"banker":["3H","KC","8D"]}`, RuleResultShape},
		{"ErrDuplicate", `{"player":["4S","9H","7D"],"player":["4S","9H","7D"],"banker":["KC","5H","3S"]}`, RuleResultShape},
		{"ErrCase", `{"Player":["4S","9H","7D"],"banker":["KC","5H","3S"]}`, RuleResultShape},
		{"ErrMissing", `{"player":["4S","9H","7D"]}`, RuleResultShape},
		{"ErrNull", `{"player":null,"banker":["KC","5H","3S"]}`, RuleResultShape},
		{"ErrNotCards", `{"player":[4,9,7],"banker":["KC","5H","3S"]}`, RuleResultShape},
		{"ErrTen", `{"player":["4S","10H"],"banker":["KC","5H","3S"]}`, RuleCardSpelling},
		{"ErrLower", `{"player":["4s","9H","7D"],"banker":["KC","5H","3S"]}`, RuleCardSpelling},
		{"ErrTooMany", `{"player":["4S","9H","7D","2C"],"banker":["KC","5H","3S"]}`, RuleCardsPerHand},
		{"ErrBankerRule", `{"player":["4S","9H","7D"],"banker":["KC","7H","3S"]}`, RuleBankerTable},
		{"ErrTrailing", `{"player":["4S","9H","7D"],"banker":["KC","5H","3S"]} {}`, RuleResultShape},
		{"ErrTooLong", `{"player":["4S","9H","7D"],"banker":["KC","5H","3S"]}` + strings.Repeat(" ", ResultBytesMax), RuleResultShape},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, err := pt.ParseResult([]byte(tt.raw))
			if got := BrokenRule(err); got != tt.rule {
				t.Fatalf("%v, want rule %q", err, tt.rule)
			}
			if err != nil {
				if ErrorCode(err) != CodeInvalidResult {
					t.Fatalf("code %q", ErrorCode(err))
				}
				return
			}
			again, err := pt.ParseResult(r.JSON())
			if err != nil || !bytes.Equal(again.JSON(), r.JSON()) || !again.Equal(r) {
				t.Fatalf("%s does not parse back: %v", r.JSON(), err)
			}
		})
	}
}

func TestCoup_JSONAndString(t *testing.T) {
	raw := `{"player":["4S","9H","7D"],"banker":["KC","5H","3S"]}`
	c, err := ParseCoup([]byte(raw), 8)
	if err != nil {
		t.Fatal(err)
	}
	if string(c.JSON()) != raw {
		t.Errorf("JSON %s", c.JSON())
	}
	if want := "player 4S 9H 7D (0), banker KC 5H 3S (8)"; c.String() != want {
		t.Errorf("String %q", c.String())
	}
}

func TestCoup_Equal(t *testing.T) {
	a, _ := ParseCoup([]byte(`{"player":["4S","9H","7D"],"banker":["KC","5H","3S"]}`), 8)
	swapped, _ := ParseCoup([]byte(`{"player":["9H","4S","7D"],"banker":["5H","KC","3S"]}`), 8)
	suit, _ := ParseCoup([]byte(`{"player":["4S","9C","7D"],"banker":["KC","5H","3S"]}`), 8)
	if !a.Equal(swapped) {
		t.Error("the first two cards in the other order are the same hand")
	}
	if a.Equal(suit) {
		t.Error("another card is another result")
	}
	if a.Equal(DeuxCoup{}) {
		t.Error("a deux tableaux coup equals a punto banco coup")
	}
}

func TestParseDeuxCoup(t *testing.T) {
	pt, _ := Lookup(IDDeuxTableaux1979)
	for _, tt := range []struct {
		name, raw, rule string
	}{
		{"OK", `{"tableaux":[["4S","3H"],["6C","KD"]],"banker":["3H","KC","8D"]}`, ""},
		{"OK void", `{"tableaux":[["4S"],["6C","KD"]],"banker":["3H","KC"],"void":{"tableaux":[1],"reason":"cards_lost_unseen"}}`, ""},
		{"OK stuck", `{"tableaux":[[],[]],"banker":[],"void":{"tableaux":[1,2],"reason":"cards_stuck"}}`, ""},
		{"OK cut card", `{"tableaux":[["4S","3H"],["6C","KD"]],"banker":["3H","KC","8D"],"cut_card":true}`, ""},
		{"ErrOneTableau", `{"tableaux":[["4S","3H"]],"banker":["3H","KC","8D"]}`, RuleResultShape},
		{"ErrNullTableau", `{"tableaux":[null,["6C","KD"]],"banker":["3H","KC","8D"]}`, RuleResultShape},
		{"ErrPuntoBancoShape", `{"player":["4S","9H","7D"],"banker":["KC","5H","3S"]}`, RuleResultShape},
		{"ErrVoidOrder", `{"tableaux":[[],[]],"banker":[],"void":{"tableaux":[2,1],"reason":"cards_stuck"}}`, RuleVoid},
		{"ErrVoidTwice", `{"tableaux":[[],[]],"banker":[],"void":{"tableaux":[1,1],"reason":"cards_stuck"}}`, RuleVoid},
		{"ErrVoidThree", `{"tableaux":[[],[]],"banker":[],"void":{"tableaux":[3],"reason":"cards_stuck"}}`, RuleVoid},
		{"ErrVoidMember", `{"tableaux":[[],[]],"banker":[],"void":{"tableaux":[1,2],"reason":"cards_stuck","why":"x"}}`, RuleResultShape},
		{"ErrTableauSix", `{"tableaux":[["4S","3H"],["6C","KD","2S"]],"banker":["3H","KC","8D"]}`, RulePlayerStands},
		{"ErrTableauFour", `{"tableaux":[["4S","KH"],["6C","KD"]],"banker":["3H","KC","8D"]}`, RuleTableauDraws},
		{"ErrBankerStood", `{"tableaux":[["4S","3H"],["6C","KD"]],"banker":["3H","KC"]}`, RuleBankerDeux},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, err := pt.ParseResult([]byte(tt.raw))
			if got := BrokenRule(err); got != tt.rule {
				t.Fatalf("%v, want rule %q", err, tt.rule)
			}
			if err != nil {
				return
			}
			if string(r.JSON()) != tt.raw {
				t.Errorf("JSON %s, entered %s", r.JSON(), tt.raw)
			}
			again, err := pt.ParseResult(r.JSON())
			if err != nil || !again.Equal(r) {
				t.Fatalf("%s does not parse back: %v", r.JSON(), err)
			}
			if r.String() == "" {
				t.Error("empty String")
			}
		})
	}
}

func TestDeuxCoup_Equal(t *testing.T) {
	parse := func(raw string) games.Result {
		t.Helper()
		c, err := ParseDeuxCoup([]byte(raw), 6)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	a := parse(`{"tableaux":[["4S","3H"],["6C","KD"]],"banker":["3H","KC","8D"]}`)
	for raw, want := range map[string]bool{
		`{"tableaux":[["3H","4S"],["KD","6C"]],"banker":["KC","3H","8D"]}`:                                                   true,
		`{"tableaux":[["4S","3H"],["6C","KD"]],"banker":["3H","KC","8D"],"cut_card":true}`:                                   false,
		`{"tableaux":[["4S","3H"],["6C","KD"]],"banker":["3H","KC","8C"]}`:                                                   false,
		`{"tableaux":[["4S","3H"],["6C","KD"]],"banker":["3H","KC","8D"],"void":{"tableaux":[2],"reason":"irregular_deal"}}`: false,
	} {
		if got := a.Equal(parse(raw)); got != want {
			t.Errorf("%s: Equal %v", raw, got)
		}
	}
}
