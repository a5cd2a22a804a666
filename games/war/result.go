package war

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/cards"
	"github.com/wagerlog/wagerlog/games/kit"
)

// ResultBytesMax bounds the JSON of a result.
const ResultBytesMax = 256

// Decision is a tied seat's decision.
type Decision string

// Decisions on a tie.
const (
	// GoToWar raises a stake equal to the bet (a war:S bet) for one more
	// card after the burn.
	GoToWar Decision = "war"
	// Surrender gives up the bet for half of it back.
	Surrender Decision = "surrender"
)

// Dealer is the seat number of the dealer in a card result.
const Dealer = 0

// Result is one result of a War round, in the order entered:
//
//	{"card":"9S","to":"seat:1"}
//	{"card":"9H","to":"dealer"}
//	{"decision":"war","seat":1}    or "surrender"
//	{"burn":"5C"}                  the three cards burned before the war
//	{"cut_card":true}
type Result struct {
	card     cards.Card
	seat     int
	decision Decision
	burn     bool
	cutCard  bool
}

// CardTo is a card dealt to a seat.
func CardTo(c cards.Card, seat int) Result { return Result{card: c, seat: seat} }

// DealerCard is a card dealt to the dealer.
func DealerCard(c cards.Card) Result { return Result{card: c} }

// Decide is a tied seat's decision.
func Decide(d Decision, seat int) Result { return Result{decision: d, seat: seat} }

// Burn is a card burned before the war cards.
func Burn(c cards.Card) Result { return Result{card: c, burn: true} }

// CutCardOut is the cut card coming out.
func CutCardOut() Result { return Result{cutCard: true} }

// Card returns the card of a card or burn result.
func (r Result) Card() cards.Card { return r.card }

// Seat returns the seat of a card or decision (Dealer for the dealer's).
func (r Result) Seat() int { return r.seat }

// Decision returns the decision of a decision result.
func (r Result) Decision() Decision { return r.decision }

type resultJSON struct {
	Card     *string `json:"card"`
	To       *string `json:"to"`
	Decision *string `json:"decision"`
	Seat     *int    `json:"seat"`
	Burn     *string `json:"burn"`
	CutCard  *bool   `json:"cut_card"`
}

// ParseResult decodes one result strictly. Every error is a *ResultError
// (code invalid_result).
func ParseResult(raw []byte) (Result, error) {
	var v resultJSON
	if err := kit.DecodeResult(raw, ResultBytesMax, &v, "a War result is {\"card\":\"9S\",\"to\":\"seat:1\"}, {\"decision\":\"war\",\"seat\":1}, {\"burn\":\"5C\"} or {\"cut_card\":true}"); err != nil {
		return Result{}, err
	}
	card := func(s string) (cards.Card, error) {
		c, err := cards.Parse(s)
		if err != nil {
			return c, resultError(RuleCardSpelling, "%v", err)
		}
		return c, nil
	}
	switch {
	case v.Card != nil:
		if v.To == nil || v.Decision != nil || v.Seat != nil || v.Burn != nil || v.CutCard != nil {
			return Result{}, resultError(RuleResultShape, "a card result has \"card\" and \"to\"")
		}
		c, err := card(*v.Card)
		if err != nil {
			return Result{}, err
		}
		if *v.To == "dealer" {
			return DealerCard(c), nil
		}
		s, ok := strings.CutPrefix(*v.To, "seat:")
		seat, okSeat := number(s, 1, SeatsMax)
		if !ok || !okSeat {
			return Result{}, resultError(RuleResultShape, "\"to\" %q: write \"dealer\" or \"seat:S\" with S 1..%d", cards.Cut(*v.To), SeatsMax)
		}
		return CardTo(c, seat), nil
	case v.Decision != nil:
		if v.Seat == nil || v.To != nil || v.Burn != nil || v.CutCard != nil {
			return Result{}, resultError(RuleResultShape, "a decision has \"decision\" and \"seat\"")
		}
		d := Decision(*v.Decision)
		if d != GoToWar && d != Surrender {
			return Result{}, resultError(RuleResultShape, "decision %q: war or surrender", cards.Cut(*v.Decision))
		}
		if *v.Seat < 1 || *v.Seat > SeatsMax {
			return Result{}, resultError(RuleResultShape, "seat %d is not 1..%d", *v.Seat, SeatsMax)
		}
		return Decide(d, *v.Seat), nil
	case v.Burn != nil:
		if v.To != nil || v.Seat != nil || v.CutCard != nil {
			return Result{}, resultError(RuleResultShape, "a burned card is {\"burn\":\"5C\"}")
		}
		c, err := card(*v.Burn)
		if err != nil {
			return Result{}, err
		}
		return Burn(c), nil
	case v.CutCard != nil:
		if !*v.CutCard || v.To != nil || v.Seat != nil {
			return Result{}, resultError(RuleResultShape, "the cut card is {\"cut_card\":true}")
		}
		return CutCardOut(), nil
	}
	return Result{}, resultError(RuleResultShape, "a War result is a card, a decision, a burned card or the cut card")
}

// JSON is the result as the events record it.
func (r Result) JSON() []byte {
	var b bytes.Buffer
	switch {
	case r.burn:
		b.WriteString(`{"burn":"` + r.card.String() + `"}`)
	case r.card.Valid() && r.seat == Dealer:
		b.WriteString(`{"card":"` + r.card.String() + `","to":"dealer"}`)
	case r.card.Valid():
		b.WriteString(`{"card":"` + r.card.String() + `","to":"seat:` + strconv.Itoa(r.seat) + `"}`)
	case r.decision != "":
		fmt.Fprintf(&b, `{"decision":%q,"seat":%d}`, r.decision, r.seat)
	default:
		b.WriteString(`{"cut_card":true}`)
	}
	return b.Bytes()
}

// String writes the result for a dealer or an auditor.
func (r Result) String() string {
	switch {
	case r.burn:
		return r.card.String() + " burned"
	case r.card.Valid() && r.seat == Dealer:
		return r.card.String() + " to the dealer"
	case r.card.Valid():
		return fmt.Sprintf("%s to seat %d", r.card, r.seat)
	case r.decision != "":
		return fmt.Sprintf("seat %d: %s", r.seat, r.decision)
	}
	return "cut card"
}

// Equal reports whether other is the same War result.
func (r Result) Equal(other games.Result) bool {
	o, ok := other.(Result)
	return ok && o == r
}
