package api

import (
	"encoding/json"
	"net/http"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/ledger"
)

// resultAnswer is a ledger.Result with its amounts already written with
// its currency's decimals: the answer of every write (a slip, a deposit, a
// result and its settlement). Encoding it directly spares the write path
// the amount renderer's second pass over the encoded answer, which cost as
// much as the encoding for a slip and several times it for the settlement
// of a round of hundreds of bets (the renderer decodes each nested value
// again). Its members are Result's, in Result's order;
// TestResultAnswer_SameBytes holds it to the renderer's output for every
// member of Result.
type resultAnswer struct {
	FirstSeq    uint64            `json:"first_seq"`
	LastSeq     uint64            `json:"last_seq"`
	Events      int               `json:"events"`
	Table       string            `json:"table,omitempty"`
	Round       string            `json:"round,omitempty"`
	RoundNumber int64             `json:"round_number,omitempty"`
	Slip        string            `json:"slip,omitempty"`
	Bets        []ledger.SlipBet  `json:"bets,omitempty"`
	Player      string            `json:"player,omitempty"`
	Balance     jsontext.Value    `json:"balance,omitempty"`
	Currency    string            `json:"currency,omitempty"`
	Settlement  *settlementAnswer `json:"settlement,omitempty"`
}

// settlementAnswer is a ledger.Settlement with its amounts written.
type settlementAnswer struct {
	Bets   []settledBetAnswer `json:"bets"`
	Totals totalsAnswer       `json:"totals"`
}

type settledBetAnswer struct {
	Bet        string         `json:"bet"`
	Code       string         `json:"code"`
	Outcome    string         `json:"outcome"`
	Win        jsontext.Value `json:"win"`
	Returned   jsontext.Value `json:"returned"`
	Commission jsontext.Value `json:"commission"`
	Rule       string         `json:"rule"`
}

type totalsAnswer struct {
	Bets       int            `json:"bets"`
	Staked     jsontext.Value `json:"staked"`
	Won        jsontext.Value `json:"won"`
	Returned   jsontext.Value `json:"returned"`
	Refunded   jsontext.Value `json:"refunded"`
	Residue    jsontext.Value `json:"residue"`
	Commission jsontext.Value `json:"commission"`
}

// resultStringMembers are the string members of a resultAnswer: the
// renderer pads a string member that parses as a decimal when some answer
// type declares a decimal of that name, so the direct encoding is only
// used when none of these is such a name.
var resultStringMembers = []string{"table", "round", "slip", "player", "currency", "bet", "code", "outcome", "rule"}

// resultAmountMembers are the amounts of a resultAnswer.
var resultAmountMembers = []string{"balance", "win", "returned", "staked", "won", "refunded", "residue", "commission"}

// directResult reports whether results can be encoded directly: no string
// member of a resultAnswer shares its name with an amount, and every
// amount of Result is one (the answers' types include Result).
func (a *amountRenderer) directResult() bool {
	for _, m := range resultStringMembers {
		if a.Amount(m) || m == percentMember {
			return false
		}
	}
	for _, m := range resultAmountMembers {
		if !a.Amount(m) {
			return false
		}
	}
	return true
}

// result encodes res as the renderer would render its JSON; ok false when
// it cannot (directResult).
func (a *amountRenderer) result(res *ledger.Result) (body []byte, ok bool) {
	if !a.direct {
		return nil, false
	}
	out := resultAnswer{
		FirstSeq: res.FirstSeq, LastSeq: res.LastSeq, Events: res.Events,
		Table: res.Table, Round: res.Round, RoundNumber: res.RoundNumber, Slip: res.Slip,
		Bets: res.Bets, Player: res.Player, Currency: res.Currency,
	}
	// The scale of every amount: the result's currency, the one currency
	// member around them.
	scale := int32(-1)
	if s, known := a.scales[res.Currency]; known && res.Currency != "" {
		scale = s
	}
	amount := func(d decimal.Decimal) jsontext.Value { return paddedDecimal(d, scale) }
	if res.Balance != nil {
		out.Balance = amount(*res.Balance)
	}
	if st := res.Settlement; st != nil {
		sa := &settlementAnswer{Bets: make([]settledBetAnswer, len(st.Bets))}
		if st.Bets == nil {
			sa.Bets = nil
		}
		for i, b := range st.Bets {
			sa.Bets[i] = settledBetAnswer{Bet: b.Bet, Code: b.Code, Outcome: b.Outcome, Win: amount(b.Win), Returned: amount(b.Returned), Commission: amount(b.Commission), Rule: b.Rule}
		}
		t := st.Totals
		sa.Totals = totalsAnswer{Bets: t.Bets, Staked: amount(t.Staked), Won: amount(t.Won), Returned: amount(t.Returned), Refunded: amount(t.Refunded), Residue: amount(t.Residue), Commission: amount(t.Commission)}
		out.Settlement = sa
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

// paddedDecimal is padded for a decimal at hand: its text with at least
// scale decimals (none added when scale < 0), quoted. decimal.String
// writes as few decimals as the value needs, which padded counts as the
// value's own.
func paddedDecimal(d decimal.Decimal, scale int32) jsontext.Value {
	s := d.String()
	own := 0
	if i := strings.IndexByte(s, '.'); i >= 0 {
		own = len(s) - i - 1
	}
	b := make([]byte, 0, len(s)+int(max(scale, 0))+3)
	b = append(b, '"')
	b = append(b, s...)
	if pad := int(scale) - own; pad > 0 {
		if own == 0 {
			b = append(b, '.')
		}
		for range pad {
			b = append(b, '0')
		}
	}
	return append(b, '"')
}
