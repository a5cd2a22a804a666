package api

import (
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/wagerlog/wagerlog/ledger"
)

// resultAnswer is a ledger.Result without a settlement, its balance
// already written with its currency's decimals: the answer of a slip, a
// deposit, a round opened. Encoding it directly spares the hot write path
// (a slip is most of the writes) the amount renderer's second pass over
// the encoded answer, which cost as much as the encoding itself. Its
// members are Result's, in Result's order; TestResultAnswer_SameBytes
// holds it to the renderer's output for every member of Result.
type resultAnswer struct {
	FirstSeq    uint64           `json:"first_seq"`
	LastSeq     uint64           `json:"last_seq"`
	Events      int              `json:"events"`
	Table       string           `json:"table,omitempty"`
	Round       string           `json:"round,omitempty"`
	RoundNumber int64            `json:"round_number,omitempty"`
	Slip        string           `json:"slip,omitempty"`
	Bets        []ledger.SlipBet `json:"bets,omitempty"`
	Player      string           `json:"player,omitempty"`
	Balance     jsontext.Value   `json:"balance,omitempty"`
	Currency    string           `json:"currency,omitempty"`
}

// resultStringMembers are the string members of a resultAnswer: the
// renderer pads a string member that parses as a decimal when some answer
// type declares a decimal of that name, so the direct encoding is only
// used when none of these is such a name.
var resultStringMembers = []string{"table", "round", "slip", "player", "currency", "bet", "code"}

// directResult reports whether results can be encoded directly: no string
// member of a resultAnswer shares its name with an amount.
func (a *amountRenderer) directResult() bool {
	for _, m := range resultStringMembers {
		if a.amounts[m] || m == percentMember {
			return false
		}
	}
	return a.amounts["balance"]
}

// result encodes res as the renderer would render its JSON, when it has no
// settlement (whose many amounts go the general way); ok false otherwise.
func (a *amountRenderer) result(res *ledger.Result) (body []byte, ok bool) {
	if res.Settlement != nil || !a.direct {
		return nil, false
	}
	out := resultAnswer{
		FirstSeq: res.FirstSeq, LastSeq: res.LastSeq, Events: res.Events,
		Table: res.Table, Round: res.Round, RoundNumber: res.RoundNumber, Slip: res.Slip,
		Bets: res.Bets, Player: res.Player, Currency: res.Currency,
	}
	if res.Balance != nil {
		q := strconv.AppendQuote(nil, res.Balance.String())
		out.Balance = q
		if scale, known := a.scales[res.Currency]; known && scale >= 0 && res.Currency != "" {
			out.Balance = padded(q, scale)
		}
	}
	body, err := json.Marshal(out)
	if err != nil {
		return nil, false
	}
	return body, true
}

// writeResult writes a command's Result with status: directly when it can
// (resultAnswer), else through writeJSON and the renderer.
func (s *Server) writeResult(w http.ResponseWriter, status int, res *ledger.Result) error {
	if _, ok := w.(*responseWriter); ok {
		if body, ok := s.amounts.result(res); ok {
			writeBody(w, status, body)
			return nil
		}
	}
	return writeJSON(w, status, res)
}
