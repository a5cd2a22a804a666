package ledger

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

// TestCommandJSON_SameAsEncodingJSON holds the slip's hand-written body to
// encoding/json's, byte for byte, so that every request hash stays what it
// was: odd strings, amounts of every shape, the optional members set and
// not, a printed slip (left to encoding/json).
func TestCommandJSON_SameAsEncodingJSON(t *testing.T) {
	strs := []string{"", "t1", `q"uote`, `back\slash`, "<&>", "tab\t", "é日本", "\u2028", "bad\xff", "small", "double:2"}
	r := rand.New(rand.NewPCG(7, 8))
	str := func() string { return strs[r.IntN(len(strs))] }
	dec := func() decimal.Decimal {
		c := r.Int64N(1 << (r.IntN(62) + 1))
		if r.IntN(4) == 0 {
			c = -c
		}
		return decimal.New(c, int32(r.IntN(24)-16))
	}
	var cmds []*PlaceSlip
	for i := range 500 {
		s := &PlaceSlip{Meta: Meta{IdempotencyKey: str(), CorrelationID: str()}, Table: str(), Round: str(), Player: str()}
		switch i % 5 {
		case 0:
			s.Bets = nil
		case 1:
			s.Bets = []BetRequest{}
		default:
			for range 1 + r.IntN(4) {
				s.Bets = append(s.Bets, BetRequest{Code: str(), Stake: dec(), Working: r.IntN(2) == 0})
			}
		}
		if i%50 == 0 {
			s.Print = &PrintRequest{}
		}
		if i%3 == 0 {
			s.Funding = str()
		}
		cmds = append(cmds, s)
	}
	cmds = append(cmds, &PlaceSlip{Table: "t1", Player: "p1", Bets: []BetRequest{{Code: "small", Stake: decimal.RequireFromString("10.00")}}})
	for _, c := range cmds {
		want, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		got, err := commandJSON(c)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("commandJSON = %s, %v; encoding/json: %s", got, err, want)
		}
	}
}

// TestCommandJSON_KnowsEveryMember fails when the slip or its bets gain,
// lose or rename a member: requestjson.go must then write it too.
func TestCommandJSON_KnowsEveryMember(t *testing.T) {
	for _, c := range []struct {
		typ  reflect.Type
		want string
	}{
		{reflect.TypeFor[PlaceSlip](), `- table round,omitempty player bets print,omitempty funding,omitempty`},
		{reflect.TypeFor[BetRequest](), `code stake working,omitempty`},
	} {
		var tags []string
		for f := range c.typ.Fields() {
			tags = append(tags, f.Tag.Get("json"))
		}
		if got := strings.Join(tags, " "); got != c.want {
			t.Errorf("%s members are\n%s\nrequestjson.go writes\n%s", c.typ, got, c.want)
		}
	}
}
