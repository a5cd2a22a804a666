package drawpoker

import (
	"fmt"
	"slices"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
	"github.com/wagerlog/wagerlog/games/poker"
)

// GameName is the game name of every Draw Poker paytable, the prefix of
// their ids.
const GameName = "drawpoker"

// Bet kinds, which are also the bet codes' kinds (one stake limit each):
// games/poker's ante, call and progressive bet of a seat, and the price of
// an exchange.
const (
	// BetAnte is the ante, placed before any card is dealt.
	BetAnte = poker.BetAnte
	// BetExchange is the price of an exchange: ExchangeFee antes, placed
	// once the player has seen the cards and before the call, lost
	// whatever the hand (it buys the card).
	BetExchange = "exchange"
	// BetCall is the call ("ir"), CallMultiple antes, placed after the
	// exchange; a seat that does not call folds ("no ir").
	BetCall = poker.BetCall
	// BetProgressive is the progressive side bet, paid by the linked pool.
	BetProgressive = poker.BetProgressive
)

// Data is a Draw Poker paytable as data: everything that decides what the
// ante, the exchange and the call pay and which exchanges a deal may
// record. Every field is covered by the content hash.
type Data struct {
	// ID names the paytable, "drawpoker/<variant>".
	ID string `json:"id"`
	// Version counts revisions of the same id, from 1.
	Version int `json:"version"`
	// Game is always "drawpoker".
	Game string `json:"game"`
	// Source cites the texts the paytable transcribes.
	Source string `json:"source"`
	// Ante is what the ante pays when it wins: when the dealer does not
	// qualify, or qualifies and loses ("1:1").
	Ante poker.Odds `json:"ante"`
	// ExchangeMax is the most cards a seat may exchange (1).
	ExchangeMax int `json:"exchange_max"`
	// ExchangeFee is the price of an exchange as a multiple of the ante
	// (1), whatever the number of cards.
	ExchangeFee int64 `json:"exchange_fee"`
	// CallMultiple is the call as a multiple of the ante (2).
	CallMultiple int64 `json:"call_multiple"`
	// DealerQualifies is the dealer's qualification, poker.QualifyAceKing
	// (the dealer does not exchange).
	DealerQualifies string `json:"dealer_qualifies"`
	// Call pays the call by the player's final hand when the dealer
	// qualifies and the player wins: one line per category, high_card
	// being the ace-king (or better high card) that beats a qualifying
	// dealer.
	Call []poker.Line `json:"call"`
}

// Paytable is a validated, immutable Draw Poker paytable. Get one from
// New, Paytables or Lookup; a *Paytable is safe for concurrent use.
type Paytable struct {
	data Data
	kit.Canon
	call [poker.CategoriesCount]poker.Line
}

// New validates paytable data and returns the paytable. It returns an
// error wrapping ErrBadPaytable when the id is not "drawpoker/<variant>",
// the game is not "drawpoker", the source or a line's name is empty, the
// version is below 1, odds are not exact X:Y odds within poker.OddsMax,
// the call multiple or the exchange fee is not 1..10, the exchange
// maximum is not 1..4, the qualification is not poker.QualifyAceKing, or
// the call lines are not one per category. The data is copied.
func New(d Data) (*Paytable, error) {
	d.Call = slices.Clone(d.Call)
	bad := kit.Refusal[*Paytable](d.ID)
	switch {
	case !strings.HasPrefix(d.ID, GameName+"/") || len(d.ID) == len(GameName)+1:
		return bad("the id is %s/<variant>", GameName)
	case d.Game != GameName:
		return bad("game %q, want %q", d.Game, GameName)
	case d.Version < 1:
		return bad("version %d, want 1 or more", d.Version)
	case strings.TrimSpace(d.Source) == "":
		return bad("empty source")
	case d.CallMultiple < 1 || d.CallMultiple > 10:
		return bad("call multiple %d, want 1..10", d.CallMultiple)
	case d.ExchangeFee < 1 || d.ExchangeFee > 10:
		return bad("exchange fee %d, want 1..10 antes", d.ExchangeFee)
	case d.ExchangeMax < 1 || d.ExchangeMax > poker.HandCards-1:
		return bad("exchange maximum %d, want 1..%d", d.ExchangeMax, poker.HandCards-1)
	case d.DealerQualifies != poker.QualifyAceKing:
		// Another qualification needs its own exact counts (RTP).
		return bad("dealer qualification %q: only %q is implemented", d.DealerQualifies, poker.QualifyAceKing)
	}
	if err := checkOdds(d.Ante); err != nil {
		return bad("ante: %v", err)
	}
	p := &Paytable{data: d}
	seen := [poker.CategoriesCount]bool{}
	for i, l := range d.Call {
		switch {
		case int(l.Hand) >= poker.CategoriesCount:
			return bad("call line %d: no category %d", i, l.Hand)
		case seen[l.Hand]:
			return bad("call line %d: a second line for %s", i, l.Hand)
		case strings.TrimSpace(l.Name) == "":
			return bad("call line %d (%s): empty name", i, l.Hand)
		}
		if err := checkOdds(l.Odds); err != nil {
			return bad("call line %d (%s): %v", i, l.Hand, err)
		}
		seen[l.Hand] = true
		p.call[l.Hand] = l
	}
	if len(d.Call) != poker.CategoriesCount {
		return bad("%d call lines, want one for each of the %d categories", len(d.Call), poker.CategoriesCount)
	}
	p.Canon = kit.NewCanon(d.ID, d.Game, d.Version, d.Source, canonicalData(d))
	return p, nil
}

// checkOdds checks odds are within poker.OddsMax and an exact decimal
// multiple, so that every residue can be posted.
func checkOdds(o poker.Odds) error {
	if err := o.Check(poker.OddsMax, poker.OddsMax); err != nil {
		return err
	}
	return o.CheckExact()
}

// canonicalData is the data as it is hashed: its fields in declaration
// order and the call lines by category, lowest first.
func canonicalData(d Data) Data {
	d.Call = slices.Clone(d.Call)
	slices.SortFunc(d.Call, func(a, b poker.Line) int { return int(a.Hand) - int(b.Hand) })
	return d
}

// Data returns a copy of the paytable's data.
func (p *Paytable) Data() Data {
	d := p.data
	d.Call = slices.Clone(d.Call)
	return d
}

// CallOdds returns what the call pays for a winning hand of category c.
func (p *Paytable) CallOdds(c poker.Category) poker.Odds { return p.call[c].Odds }

// Kinds returns the bet kinds: ante, exchange, call and the progressive
// side bet.
func (p *Paytable) Kinds() []string {
	return []string{BetAnte, BetExchange, BetCall, BetProgressive}
}

// BetKind validates a bet code (ParseBet) and returns its kind. It
// returns an error wrapping ErrBadBetCode for any other code.
func (p *Paytable) BetKind(code string) (string, error) {
	kind, _, err := ParseBet(code)
	return kind, err
}

// ParseBet splits a bet code into its kind and seat: a kind and a seat
// 1..poker.SeatsMax ("exchange:3"), or "ante", "exchange" or "call" alone
// for seat 1, as Caribbean poker's codes (poker.ParseBet). It returns an
// error wrapping ErrBadBetCode.
func ParseBet(code string) (kind string, seat int, err error) {
	k, n, hasSeat := strings.Cut(code, ":")
	probe := code
	if k == BetExchange {
		// The seat is read as a Caribbean ante's.
		probe = BetAnte
		if hasSeat {
			probe += ":" + n
		}
	}
	kind, seat, err = poker.ParseBet(probe)
	if err != nil {
		return "", 0, fmt.Errorf("%w: %q: a Draw Poker bet is ante:<seat>, exchange:<seat>, call:<seat> or progressive:<seat>, seats 1..%d", ErrBadBetCode, cutCode(code), poker.SeatsMax)
	}
	if k == BetExchange {
		kind = BetExchange
	}
	return kind, seat, nil
}

// cutCode shortens an input string quoted in an error.
func cutCode(s string) string {
	if len(s) > 16 {
		return s[:16] + "..."
	}
	return s
}

// ParseResult decodes a deal strictly (ParseDeal under this paytable's
// exchange maximum). Every error is a *ResultError (code invalid_result).
func (p *Paytable) ParseResult(raw []byte) (games.Result, error) {
	return p.ParseDeal(raw)
}

// RoundOver reports whether a round with these results is complete: a
// round is one deal.
func (p *Paytable) RoundOver(results []games.Result) bool { return len(results) > 0 }

// ProgressiveBet reports whether code is a progressive side bet
// (games.Progressive).
func (p *Paytable) ProgressiveBet(code string) bool {
	kind, _, err := ParseBet(code)
	return err == nil && kind == BetProgressive
}

// BetSeat returns the seat of a bet code (games.Seated).
func (p *Paytable) BetSeat(code string) (int, bool) {
	_, seat, err := ParseBet(code)
	return seat, err == nil
}

// Seats returns the boxes of the table (games.Seated): Caribbean poker's
// seven, so that the tables linked to one pool have one layout.
func (p *Paytable) Seats() int { return poker.SeatsMax }

// CheckPlacement validates a bet placed in a round (games.Placer) beside
// the player's open bets of the round, seat by seat: one ante; one
// exchange of exactly ExchangeFee antes and one call of exactly
// CallMultiple antes, each only beside the ante; one progressive bet,
// only beside the ante (seed 004, 6.5.1: placed with the base game's
// bets); no working flag; nothing once the deal is recorded. Another
// player's bets on the seat are the ledger's to refuse (games.Seated).
// Its errors wrap ErrBetRefused or ErrBadBetCode.
func (p *Paytable) CheckPlacement(b games.Bet, results []games.Result, open []games.Bet) error {
	kind, seat, err := ParseBet(b.Code)
	if err != nil {
		return err
	}
	if len(results) != 0 || b.Since != 0 {
		return fmt.Errorf("%w: the deal is recorded; no more bets", ErrBetRefused)
	}
	if b.Working {
		// Settle refuses the flag: a bet taken with it could never be
		// settled.
		return fmt.Errorf("%w: %q: Draw Poker bets have no working flag", ErrBetRefused, cutCode(b.Code))
	}
	var ante *games.Bet
	for i, o := range open {
		ok, os, err := ParseBet(o.Code)
		if err != nil || os != seat {
			continue
		}
		switch {
		case ok == kind:
			return fmt.Errorf("%w: a second %s on seat %d in the round", ErrBetRefused, kind, seat)
		case ok == BetCall && kind == BetExchange:
			return fmt.Errorf("%w: seat %d called: the exchange comes before the call", ErrBetRefused, seat)
		case ok == BetAnte:
			ante = &open[i]
		}
	}
	if kind == BetAnte {
		return nil
	}
	if ante == nil {
		return fmt.Errorf("%w: a %s without an ante on seat %d", ErrBetRefused, kind, seat)
	}
	multiple := map[string]int64{BetExchange: p.data.ExchangeFee, BetCall: p.data.CallMultiple}[kind]
	if multiple == 0 {
		return nil // the progressive bet: any stake within its limits
	}
	if want := ante.Stake.Mul(decimal.NewFromInt(multiple)); !b.Stake.Equal(want) {
		return fmt.Errorf("%w: the %s is %d times the ante, %s, not %s", ErrBetRefused, kind, multiple, want, b.Stake)
	}
	return nil
}
