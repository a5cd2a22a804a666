package bingo

import (
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// GameName is the game name of every bingo paytable.
const GameName = "bingo"

// Data is a paytable as data: the table settings that decide what a game
// pays. Every field is covered by the content hash.
type Data struct {
	// ID names the paytable, "bingo/es-1979".
	ID string `json:"id"`
	// Version counts revisions of the same id, from 1.
	Version int `json:"version"`
	// Game is always "bingo".
	Game string `json:"game"`
	// Source cites the text the paytable transcribes.
	Source string `json:"source"`
	// LinePercent is the line prize as a percentage of the game's sales
	// ("15"), rounded down to the currency's smallest unit.
	LinePercent string `json:"line_percent"`
	// BingoPercent is the bingo prize as a percentage of the game's sales
	// ("60"), rounded down likewise.
	BingoPercent string `json:"bingo_percent"`
	// CardsMax bounds the cards of a session (its series together) and so
	// of each game, 1..CardsLimit.
	CardsMax int `json:"cards_max"`
}

// Paytable is a validated, immutable bingo paytable. Get one from New,
// Paytables or Lookup; a *Paytable is safe for concurrent use.
type Paytable struct {
	data Data
	kit.Canon
	line  decimal.Decimal // fraction of sales
	bingo decimal.Decimal // fraction of sales
}

// New validates paytable data and returns the paytable. It returns an error
// wrapping ErrBadPaytable when the game is not "bingo", the id or source is
// empty, the version is below 1, a percentage is not a decimal in (0, 100)
// with at most four decimals, the two add up to more than 100, or
// CardsMax is not 1..CardsLimit.
func New(d Data) (*Paytable, error) {
	if err := kit.CheckIdentity(d.ID, d.Game, GameName, d.Version); err != nil {
		return nil, err
	}
	bad := kit.Refusal[*Paytable](d.ID)
	switch {
	case strings.TrimSpace(d.Source) == "":
		return bad("empty source")
	case d.CardsMax < 1 || d.CardsMax > CardsLimit:
		return bad("cards_max %d, want 1..%d", d.CardsMax, CardsLimit)
	}
	percent := func(name, s string) (decimal.Decimal, error) {
		v, err := decimal.NewFromString(s)
		if err != nil || v.Sign() <= 0 || v.Cmp(decimal.NewFromInt(100)) >= 0 || v.Exponent() < -4 {
			return decimal.Decimal{}, fmt.Errorf("%s %q: want a decimal in (0, 100) with at most 4 decimals", name, s)
		}
		return v.Shift(-2), nil
	}
	p := &Paytable{data: d}
	var err error
	if p.line, err = percent("line_percent", d.LinePercent); err != nil {
		return bad("%v", err)
	}
	if p.bingo, err = percent("bingo_percent", d.BingoPercent); err != nil {
		return bad("%v", err)
	}
	if p.line.Add(p.bingo).Cmp(decimal.NewFromInt(1)) > 0 {
		return bad("line %s%% and bingo %s%% add up to more than the sales", d.LinePercent, d.BingoPercent)
	}
	p.Canon = kit.NewCanon(d.ID, d.Game, d.Version, d.Source, d)
	return p, nil
}

// Data returns a copy of the paytable's data.
func (p *Paytable) Data() Data { return p.data }

// LineRate returns the line prize as a fraction of sales (0.15).
func (p *Paytable) LineRate() decimal.Decimal { return p.line }

// BingoRate returns the bingo prize as a fraction of sales (0.6).
func (p *Paytable) BingoRate() decimal.Decimal { return p.bingo }

// CardsMax returns the most cards a session may hold.
func (p *Paytable) CardsMax() int { return p.data.CardsMax }

// Prizes returns a game's prizes for its sales at a currency scale: each
// the paytable's percentage of the sales, rounded down to the smallest
// unit. What rounding leaves stays with the hall, whose revenue is the
// sales less the prizes, so nothing is left over.
func (p *Paytable) Prizes(sales decimal.Decimal, scale int32) (Prizes, error) {
	if err := checkScale(scale); err != nil {
		return Prizes{}, err
	}
	if err := checkAmount("sales", sales, scale, true); err != nil {
		return Prizes{}, err
	}
	return Prizes{
		Line:  sales.Mul(p.line).Truncate(scale),
		Bingo: sales.Mul(p.bingo).Truncate(scale),
	}, nil
}

// Kinds returns the one kind of bet, "card".
func (p *Paytable) Kinds() []string { return []string{KindCard} }

// BetKind validates a bet code (ParseBetCode) and returns "card".
func (p *Paytable) BetKind(code string) (string, error) {
	if _, err := ParseBetCode(code); err != nil {
		return "", err
	}
	return KindCard, nil
}

// ParseResult decodes a ball or a void: see the package function
// ParseResult.
func (p *Paytable) ParseResult(raw []byte) (games.Result, error) { return ParseResult(raw) }

// CheckResult validates r recorded after prior with what the results
// alone say: a ball 1..90 not drawn before, no result after a void, at
// most 90 balls; and it refuses a void as a result (RuleVoidByCancel). It implements games.ResultChecker. Whether a ball comes
// after the bingo depends on the cards sold: CheckResultWith.
func (p *Paytable) CheckResult(r games.Result, prior []games.Result) error {
	if _, err := ReadDraw(append(slices.Clip(prior), r)); err != nil {
		return err
	}
	if v, ok := r.(Void); ok {
		// A void is the hall's judgement of an error (seed 002 bingo V):
		// a supervisor's decision, recorded as the round's cancel with its
		// reason, which refunds every card. The caller who draws the
		// balls does not void a game by entering a result.
		return resultError(RuleVoidByCancel, "%s: a void game is the round's cancel by a supervisor, with the reason", v)
	}
	return nil
}

// RoundOver reports whether the results alone end the game: a void, or
// all 90 balls drawn. The game ends at its first bingo, which depends on
// the cards sold: RoundOverWith.
func (p *Paytable) RoundOver(results []games.Result) bool {
	d, err := ReadDraw(results)
	return err == nil && (d.Void != nil || len(d.Balls) == NumbersMax)
}

// Settle settles one card (bet b, its price the stake) against the game's
// results so far, as far as one card can be settled alone: in a void game
// the price is returned in full (OutcomePush); otherwise the card is
// OutcomeOpen, because what it wins is a share of a prize that depends on
// every other card sold, and when the game ends is the first bingo of any
// card. Once all 90 balls are drawn it returns ErrRoundSettlement: the
// game is over and must be settled as a whole (SettleRound).
func (p *Paytable) Settle(b games.Bet, scale int32, results []games.Result) (games.Settlement, error) {
	if err := checkScale(scale); err != nil {
		return games.Settlement{}, err
	}
	c, err := p.checkBet(b, scale)
	if err != nil {
		return games.Settlement{}, err
	}
	d, err := ReadDraw(results)
	if err != nil {
		return games.Settlement{}, err
	}
	zero := decimal.New(0, -scale)
	if d.Void != nil {
		return games.Settlement{Outcome: games.OutcomePush, Win: zero, Returned: b.Stake, Residue: decimal.Zero,
			Rule: fmt.Sprintf("game void (%s, seed 002 bingo V): the price of card %s is returned in full", d.Void.Reason, c.ID)}, nil
	}
	if len(d.Balls) == NumbersMax {
		return games.Settlement{}, fmt.Errorf("%w: all %d balls are drawn", ErrRoundSettlement, NumbersMax)
	}
	return games.Settlement{Outcome: games.OutcomeOpen, Win: zero, Returned: zero, Residue: decimal.Zero,
		Rule: fmt.Sprintf("card %s is in play; prizes are shared among the game's winners and settled with the whole game", c.ID)}, nil
}

// checkBet validates a bet as a card sold for one game.
func (p *Paytable) checkBet(b games.Bet, scale int32) (Card, error) {
	c, err := ParseBetCode(b.Code)
	if err != nil {
		return Card{}, err
	}
	if b.Since != 0 || b.Working {
		return Card{}, fmt.Errorf("%w: %q: a card is sold before the first ball and has no working flag", ErrBadBetCode, cut(b.Code))
	}
	if err := checkAmount("price of card "+c.ID.String(), b.Stake, scale, false); err != nil {
		return Card{}, err
	}
	return c, nil
}

// RTP returns the return of a card: the prizes' share of the sales,
// (line + bingo) percent. Every game pays both prizes out in full (some
// card always completes a line before the bingo, and some card a bingo by
// the 90th ball), so the players of a game, taken together, get back
// exactly this share of what they paid, less what rounding the prizes
// down to the smallest unit leaves to the hall. One card's own chance
// depends on the other cards sold and is not a property of the paytable.
func (p *Paytable) RTP() []games.BetRTP {
	// A decimal's string is an exact fraction for big.Rat; New checked it.
	r, _ := new(big.Rat).SetString(p.line.Add(p.bingo).String())
	pays := fmt.Sprintf("line %s%% + bingo %s%% of the game's sales, shared by the winners", p.data.LinePercent, p.data.BingoPercent)
	// The listed code is one card, any card: every card has the same RTP.
	return []games.BetRTP{{Code: ExampleCard().BetCode(), Kind: KindCard, Pays: pays, RTP: r}}
}

// ExampleCard is card A-1 as GenerateCard prints it from seed 0: the card
// the RTP listing and the documentation show.
func ExampleCard() Card { return GenerateCard(0, CardID{Series: "A", Number: 1}) }
