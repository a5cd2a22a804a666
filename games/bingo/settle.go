package bingo

import (
	"fmt"
	"math/big"
	"slices"

	"github.com/shopspring/decimal"
)

// CardsLimit is the hard limit of cards in one game or session, whatever
// a paytable's CardsMax says: it keeps a detector's index (16 bytes a
// number a card: 6.4 MB at 100,000 cards) and a settlement bounded.
const CardsLimit = 1_000_000

// SoldCard is a card sold for one game and its price, the card's face
// value ("valor facial"). Each half of a double card is a SoldCard of its
// own game (Series).
type SoldCard struct {
	Card  Card
	Price decimal.Decimal
}

// Share is one winning card's part of a prize.
type Share struct {
	// Card is the winning card.
	Card CardID `json:"card"`
	// Index is the card's place in the game's cards.
	Index int `json:"index"`
	// Price is the card's face value, the weight of its share.
	Price decimal.Decimal `json:"price"`
	// Amount is what the card wins, Remainder included.
	Amount decimal.Decimal `json:"amount"`
	// Remainder is the part of Amount that is the prize's indivisible
	// remainder: non-zero only for the first winning card in card-number
	// order.
	Remainder decimal.Decimal `json:"remainder,omitzero"`
}

// PrizeResult is one prize of a settled game.
type PrizeResult struct {
	Prize Prize `json:"prize"`
	// Amount is the prize money, as announced.
	Amount decimal.Decimal `json:"amount"`
	// Index is the place in the draw of the ball that won it, from 1; 0
	// for a void game.
	Index int `json:"index"`
	// Ball is that ball's number.
	Ball int `json:"ball"`
	// Winners are the winning cards in card-number order (CardID.Compare),
	// with their shares.
	Winners []Share `json:"winners"`
	// Remainder is what proportional division to the smallest unit left
	// over, paid to the first winner (and included in its Amount).
	Remainder decimal.Decimal `json:"remainder"`
}

// GameSettlement is a whole game settled: both prizes, what each card
// gets and what the hall keeps. Money is conserved: Sales = Line.Amount +
// Bingo.Amount + HallRevenue, and each prize is exactly the sum of its
// shares, so the prize pool ends empty. A void game pays no prize and
// refunds every price: Returned[i] = cards[i].Price, HallRevenue = 0.
type GameSettlement struct {
	// Cards is the number of cards sold for the game.
	Cards int `json:"cards"`
	// Sales is the sum of their prices.
	Sales decimal.Decimal `json:"sales"`
	// Balls is how many balls were drawn.
	Balls int         `json:"balls"`
	Line  PrizeResult `json:"line"`
	Bingo PrizeResult `json:"bingo"`
	// Returned is, for each card in the order given, what goes to its
	// owner: its prizes, or its price in a void game.
	Returned []decimal.Decimal `json:"returned"`
	// HallRevenue is Sales − Line.Amount − Bingo.Amount: the hall's share
	// (docs/games/bingo.md, "Money": the hall's share is its revenue).
	HallRevenue decimal.Decimal `json:"hall_revenue"`
	// Void is the void result that ended the game, or nil.
	Void *Void `json:"void,omitempty"`
	// Rule names the remainder rule, for the dispute report.
	Rule string `json:"rule"`
}

// RemainderRule is the rule of shared prizes, stated in every settlement.
const RemainderRule = "prizes shared in proportion to face value, rounded down to the smallest unit; the indivisible remainder goes to the first winning card in card-number order"

// CheckCards validates the cards of one game at a currency scale: at most
// CardsLimit of them, each id once (card numbers are unique per series:
// ErrDuplicateCard), each price a positive amount at the scale. It
// returns the game's sales. The cards themselves are valid by
// construction (a Card comes from NewCard, ParseBetCode or GenerateCard).
func CheckCards(cards []SoldCard, scale int32) (decimal.Decimal, error) {
	if err := checkScale(scale); err != nil {
		return decimal.Decimal{}, err
	}
	if len(cards) > CardsLimit {
		return decimal.Decimal{}, fmt.Errorf("%w: %d cards in one game, at most %d", ErrTooManyCards, len(cards), CardsLimit)
	}
	seen := make(map[CardID]struct{}, len(cards))
	sales := decimal.New(0, -scale)
	for i, c := range cards {
		if _, dup := seen[c.Card.ID]; dup {
			return decimal.Decimal{}, fmt.Errorf("%w: card %s (card %d)", ErrDuplicateCard, c.Card.ID, i+1)
		}
		seen[c.Card.ID] = struct{}{}
		if err := checkAmount("price of card "+c.Card.ID.String(), c.Price, scale, false); err != nil {
			return decimal.Decimal{}, err
		}
		sales = sales.Add(c.Price)
	}
	return sales, nil
}

// SettleGame settles a game from its cards, its prizes (Paytable.Prizes
// of its sales) and its balls, in order, at a currency scale. The balls
// must end on the game's first bingo: every card that completes a line on
// the ball where the first line appears shares the line prize, every card
// that completes its 15 numbers on the ball of the first bingo shares the
// bingo prize, in proportion to the cards' prices ("la aparición de más
// de una combinación ganadora determinará la distribución proporcional de
// los premios", seed 002 bingo I; Divide). It returns ErrGameNotOver when
// the balls stop before a bingo, a *ResultError for a ball outside 1..90,
// drawn twice or after the bingo, CheckCards' errors, and ErrBadAmount for
// prizes that are negative, off the scale or above the sales. A game with
// no card sold settles to nothing.
func SettleGame(cards []SoldCard, prizes Prizes, scale int32, balls []int) (GameSettlement, error) {
	s, err := newSettlement(cards, prizes, scale)
	if err != nil {
		return GameSettlement{}, err
	}
	if len(balls) > NumbersMax {
		return GameSettlement{}, resultError(RuleGameOver, "%d balls; a game draws at most %d", len(balls), NumbersMax)
	}
	plain := make([]Card, len(cards))
	for i, c := range cards {
		plain[i] = c.Card
	}
	d := NewDetector(plain)
	for _, b := range balls {
		if _, err := d.Draw(b); err != nil {
			return GameSettlement{}, err
		}
	}
	if len(cards) == 0 {
		// A game that sold nothing has no winner, no prize (the prizes are
		// within the sales, zero) and no revenue, however many balls.
		s.Balls, s.HallRevenue = len(balls), s.Sales
		return s, nil
	}
	if !d.Over() {
		return GameSettlement{}, fmt.Errorf("%w: %d balls drawn and no card has its 15 numbers", ErrGameNotOver, len(balls))
	}
	s.Balls = len(balls)
	s.Line = awardPrize(PrizeLine, prizes.Line, d.line, cards, scale)
	s.Bingo = awardPrize(PrizeBingo, prizes.Bingo, d.bingo, cards, scale)
	for _, p := range []PrizeResult{s.Line, s.Bingo} {
		for _, w := range p.Winners {
			s.Returned[w.Index] = s.Returned[w.Index].Add(w.Amount)
		}
	}
	s.HallRevenue = s.Sales.Sub(prizes.Total())
	return s, nil
}

// VoidGame settles a void game (seed 002 bingo V): no prize is paid,
// every card's price is returned in full, and the hall keeps nothing. The
// prizes are those announced (and posted to the prize pool), which the
// pool gives back.
func VoidGame(cards []SoldCard, prizes Prizes, scale int32, balls int, v Void) (GameSettlement, error) {
	s, err := newSettlement(cards, prizes, scale)
	if err != nil {
		return GameSettlement{}, err
	}
	s.Balls, s.Void = balls, &v
	for i, c := range cards {
		s.Returned[i] = c.Price
	}
	s.HallRevenue = decimal.New(0, -scale)
	return s, nil
}

// newSettlement checks the cards and prizes and returns a settlement with
// no winner yet.
func newSettlement(cards []SoldCard, prizes Prizes, scale int32) (GameSettlement, error) {
	sales, err := CheckCards(cards, scale)
	if err != nil {
		return GameSettlement{}, err
	}
	for _, p := range []struct {
		name string
		a    decimal.Decimal
	}{{"line prize", prizes.Line}, {"bingo prize", prizes.Bingo}} {
		if err := checkAmount(p.name, p.a, scale, true); err != nil {
			return GameSettlement{}, err
		}
	}
	if prizes.Total().Cmp(sales) > 0 {
		return GameSettlement{}, fmt.Errorf("%w: prizes %s + %s are above the sales %s", ErrBadAmount, prizes.Line, prizes.Bingo, sales)
	}
	zero := decimal.New(0, -scale)
	s := GameSettlement{
		Cards: len(cards), Sales: sales, Returned: make([]decimal.Decimal, len(cards)),
		Line:  PrizeResult{Prize: PrizeLine, Amount: prizes.Line, Winners: []Share{}, Remainder: zero},
		Bingo: PrizeResult{Prize: PrizeBingo, Amount: prizes.Bingo, Winners: []Share{}, Remainder: zero},
		Rule:  RemainderRule,
	}
	for i := range s.Returned {
		s.Returned[i] = zero
	}
	return s, nil
}

// awardPrize divides prize among the award's winning cards.
func awardPrize(p Prize, amount decimal.Decimal, a Award, cards []SoldCard, scale int32) PrizeResult {
	// Put the winners in card-number order first: Divide keeps that order
	// (the ids are distinct), so share i is card order[i].
	order := slices.Clone(a.Cards)
	slices.SortFunc(order, func(x, y int) int { return cards[x].Card.ID.Compare(cards[y].Card.ID) })
	winners := make([]SoldCard, len(order))
	for i, c := range order {
		winners[i] = cards[c]
	}
	shares, rem := Divide(amount, winners, scale)
	for i := range shares {
		shares[i].Index = order[i]
	}
	return PrizeResult{Prize: p, Amount: amount, Index: a.Index, Ball: a.Ball, Winners: shares, Remainder: rem}
}

// Divide shares a prize among winning cards in proportion to their
// prices: each share is prize·price/Σprices rounded down to the currency's
// smallest unit, and the indivisible remainder (prize − Σ shares, less
// than one unit per winner) goes to the first winning card in card-number
// order (CardID.Compare). The shares, in that order, add up to the prize
// exactly. Winners must have positive prices and distinct ids
// (CheckCards); Share.Index is left for the caller.
func Divide(prize decimal.Decimal, winners []SoldCard, scale int32) ([]Share, decimal.Decimal) {
	ws := slices.Clone(winners)
	slices.SortFunc(ws, func(a, b SoldCard) int { return a.Card.ID.Compare(b.Card.ID) })
	zero := decimal.New(0, -scale)
	shares := make([]Share, len(ws))
	if len(ws) == 0 {
		return shares, zero
	}
	// In integers of the smallest unit: prize P, prices w_i, W = Σ w_i;
	// share_i = ⌊P·w_i / W⌋. big.Int because P·w_i can pass 2^63.
	units := func(d decimal.Decimal) *big.Int { return d.Shift(scale).BigInt() }
	p := units(prize)
	total := new(big.Int)
	for _, w := range ws {
		total.Add(total, units(w.Price))
	}
	paid := new(big.Int)
	for i, w := range ws {
		q := new(big.Int).Mul(p, units(w.Price))
		q.Quo(q, total)
		paid.Add(paid, q)
		shares[i] = Share{Card: w.Card.ID, Price: w.Price, Amount: decimal.NewFromBigInt(q, -scale), Remainder: zero}
	}
	rem := decimal.NewFromBigInt(new(big.Int).Sub(p, paid), -scale)
	shares[0].Amount = shares[0].Amount.Add(rem)
	shares[0].Remainder = rem
	return shares, rem
}
