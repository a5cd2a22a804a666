package bingo

import (
	"fmt"
	"slices"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

// Symbolic accounts of a game's transfers. The ledger maps them to its
// own: Stakes to where the round's stakes wait after placement (the
// game's sales), PrizePool to the table's prize pool account, Punter to
// the wallet of the bet's owner (Transfer.Bet says which bet), House to
// the hall's revenue. Stakes and Punter are baccarat's names for the same
// accounts.
const (
	AccountStakes    = "stakes"
	AccountPrizePool = "prize_pool"
	AccountPunter    = "punter"
	AccountHouse     = "house"
)

// Transfer is one movement of money a game makes between symbolic
// accounts, with the shape baccarat's SettleCoup uses.
type Transfer struct {
	From   string          `json:"from"`
	To     string          `json:"to"`
	Amount decimal.Decimal `json:"amount"`
	// Bet is the index of the bet the transfer belongs to, or −1.
	Bet int `json:"bet"`
	// Rule says why, for the dispute report.
	Rule string `json:"rule"`
}

// RoundSettlement is a game settled as a whole: each bet's settlement, in
// the order given, and the transfers that carry it out, which are
// authoritative for the postings (see SettleWhole). It has the shape the
// generic layer's round settlement would take (docs/games/bingo.md, "What
// the generic layer needs").
type RoundSettlement struct {
	Bets      []games.Settlement `json:"bets"`
	Transfers []Transfer         `json:"transfers"`
	Game      GameSettlement     `json:"game"`
}

// Cards reads a game's bets as cards sold: each bet's code is the card
// (ParseBetCode) and its stake the price. It checks what CheckCards
// checks, and that the game holds at most the paytable's CardsMax cards
// (ErrTooManyCards). Errors name the bet.
func (p *Paytable) Cards(bets []games.Bet, scale int32) ([]SoldCard, decimal.Decimal, error) {
	if err := checkScale(scale); err != nil {
		return nil, decimal.Decimal{}, err
	}
	if len(bets) > p.data.CardsMax {
		return nil, decimal.Decimal{}, fmt.Errorf("%w: %d cards in one game, at most %d under %s", ErrTooManyCards, len(bets), p.data.CardsMax, p.data.ID)
	}
	cards := make([]SoldCard, len(bets))
	for i, b := range bets {
		c, err := p.checkBet(b, scale)
		if err != nil {
			return nil, decimal.Decimal{}, fmt.Errorf("bet %d: %w", i, err)
		}
		cards[i] = SoldCard{Card: c, Price: b.Stake}
	}
	sales, err := CheckCards(cards, scale)
	if err != nil {
		return nil, decimal.Decimal{}, err
	}
	return cards, sales, nil
}

// CloseSales is what happens when a game's sales close: the prizes are
// fixed from the sales (Prizes) and posted from the sales to the prize
// pool, one transfer for each prize, so the prize money is known and set
// aside before the first ball. It also checks the bets (Cards).
func (p *Paytable) CloseSales(bets []games.Bet, scale int32) (Prizes, []Transfer, error) {
	_, sales, err := p.Cards(bets, scale)
	if err != nil {
		return Prizes{}, nil, err
	}
	pr, err := p.Prizes(sales, scale)
	if err != nil {
		return Prizes{}, nil, err
	}
	return pr, closingTransfers(pr), nil
}

func closingTransfers(pr Prizes) []Transfer {
	return []Transfer{
		{From: AccountStakes, To: AccountPrizePool, Amount: pr.Line, Bet: -1, Rule: "line prize set aside when sales close"},
		{From: AccountStakes, To: AccountPrizePool, Amount: pr.Bingo, Bet: -1, Rule: "bingo prize set aside when sales close"},
	}
}

// SettleWhole settles a game from its bets (the cards sold, prices as
// stakes) and its results (the balls, or a void), after CloseSales moved
// the prizes to the prize pool. The transfers empty both the stakes and
// the prize pool:
//
//   - a game ended by its first bingo: prize pool → punter, each winning
//     card's share of the line and of the bingo (SettleGame); stakes →
//     house, the hall's revenue (sales − prizes);
//   - a void game: prize pool → stakes, the prizes back; stakes → punter,
//     every card's price in full.
//
// Bets[i] is bet i's settlement: OutcomeWon with Win = Returned = its
// prizes (the price bought the card and is not returned), OutcomeLost with
// nothing, or OutcomePush with the price in a void game. Residue is always
// zero: a prize's indivisible remainder is paid to its first winner. The
// ledger posts the transfers, not Settlement's usual postings. It returns
// ErrGameNotOver unless the results end on the first bingo or a void.
func (p *Paytable) SettleWhole(bets []games.Bet, scale int32, results []games.Result) (RoundSettlement, error) {
	cards, sales, err := p.Cards(bets, scale)
	if err != nil {
		return RoundSettlement{}, err
	}
	pr, err := p.Prizes(sales, scale)
	if err != nil {
		return RoundSettlement{}, err
	}
	d, err := ReadDraw(results)
	if err != nil {
		return RoundSettlement{}, err
	}
	var g GameSettlement
	if d.Void != nil {
		g, err = VoidGame(cards, pr, scale, len(d.Balls), *d.Void)
	} else {
		g, err = SettleGame(cards, pr, scale, d.Balls)
	}
	if err != nil {
		return RoundSettlement{}, err
	}
	return RoundSettlement{Bets: betSettlements(g, cards, scale), Transfers: gameTransfers(g, cards), Game: g}, nil
}

// betSettlements writes each card's settlement.
func betSettlements(g GameSettlement, cards []SoldCard, scale int32) []games.Settlement {
	zero := decimal.New(0, -scale)
	won := make([][]string, len(cards))
	for _, p := range []PrizeResult{g.Line, g.Bingo} {
		for _, w := range p.Winners {
			rule := fmt.Sprintf("%s on ball %d (number %d): %s of %s", p.Prize, p.Index, p.Ball, w.Amount.StringFixed(scale), p.Amount.StringFixed(scale))
			if len(p.Winners) > 1 {
				rule += fmt.Sprintf(" shared by %d cards in proportion to their price", len(p.Winners))
			}
			if w.Remainder.Sign() > 0 {
				rule += fmt.Sprintf(", with the indivisible remainder %s (first winning card in card-number order)", w.Remainder.StringFixed(scale))
			}
			won[w.Index] = append(won[w.Index], rule)
		}
	}
	out := make([]games.Settlement, len(cards))
	for i, c := range cards {
		switch {
		case g.Void != nil:
			out[i] = games.Settlement{Outcome: games.OutcomePush, Win: zero, Returned: c.Price, Residue: decimal.Zero,
				Rule: fmt.Sprintf("game void (%s, seed 002 bingo V): price returned in full", g.Void.Reason)}
		case len(won[i]) > 0:
			out[i] = games.Settlement{Outcome: games.OutcomeWon, Win: g.Returned[i], Returned: g.Returned[i], Residue: decimal.Zero,
				Rule: joinRules(won[i])}
		default:
			out[i] = games.Settlement{Outcome: games.OutcomeLost, Win: zero, Returned: zero, Residue: decimal.Zero,
				Rule: fmt.Sprintf("no prize: the line went on ball %d, the bingo on ball %d", g.Line.Index, g.Bingo.Index)}
		}
	}
	return out
}

func joinRules(rs []string) string {
	s := rs[0]
	for _, r := range rs[1:] {
		s += "; " + r
	}
	return s
}

// gameTransfers carries a settled game out (see SettleWhole).
func gameTransfers(g GameSettlement, cards []SoldCard) []Transfer {
	if g.Void != nil {
		ts := make([]Transfer, 0, len(cards)+2)
		ts = append(ts,
			Transfer{From: AccountPrizePool, To: AccountStakes, Amount: g.Line.Amount, Bet: -1, Rule: "void game: line prize back from the pool"},
			Transfer{From: AccountPrizePool, To: AccountStakes, Amount: g.Bingo.Amount, Bet: -1, Rule: "void game: bingo prize back from the pool"})
		for i, c := range cards {
			ts = append(ts, Transfer{From: AccountStakes, To: AccountPunter, Amount: c.Price, Bet: i, Rule: "void game (seed 002 bingo V): price refunded in full"})
		}
		return ts
	}
	ts := make([]Transfer, 0, len(g.Line.Winners)+len(g.Bingo.Winners)+1)
	for _, p := range []PrizeResult{g.Line, g.Bingo} {
		for _, w := range p.Winners {
			ts = append(ts, Transfer{From: AccountPrizePool, To: AccountPunter, Amount: w.Amount, Bet: w.Index,
				Rule: fmt.Sprintf("%s share of card %s", p.Prize, w.Card)})
		}
	}
	return append(ts, Transfer{From: AccountStakes, To: AccountHouse, Amount: g.HallRevenue, Bet: -1, Rule: "hall's share: sales less prizes"})
}

// RoundOverWith reports whether a game with these bets (the cards sold)
// and results is over: a void, or a card with its 15 numbers drawn. Bets
// or results that do not read are not an over game.
func (p *Paytable) RoundOverWith(bets []games.Bet, results []games.Result) bool {
	d, err := ReadDraw(results)
	if err != nil {
		return false
	}
	if d.Void != nil {
		return true
	}
	det, err := p.detector(bets)
	if err != nil {
		return len(d.Balls) == NumbersMax
	}
	for _, b := range d.Balls {
		if _, err := det.Draw(b); err != nil {
			return false
		}
	}
	return det.Over() || len(d.Balls) == NumbersMax
}

// CheckResultWith validates r recorded after prior in a game with these
// bets: CheckResult, and no ball after the bingo. It replays the draw, so
// it costs one detector build (O(cards)); a ledger that records balls as
// they come keeps a Detector per open game instead and asks it.
func (p *Paytable) CheckResultWith(r games.Result, prior []games.Result, bets []games.Bet) error {
	if err := p.CheckResult(r, prior); err != nil {
		return err
	}
	d, _ := ReadDraw(prior)
	det, err := p.detector(bets)
	if err != nil {
		return err
	}
	for _, b := range d.Balls {
		if _, err := det.Draw(b); err != nil {
			return err
		}
	}
	if det.Over() {
		return resultError(RuleGameOver, "%s after the bingo on ball %d", r, det.Bingo().Index)
	}
	return nil
}

// detector builds the detector of a game's bets.
func (p *Paytable) detector(bets []games.Bet) (*Detector, error) {
	if len(bets) > p.data.CardsMax {
		return nil, fmt.Errorf("%w: %d cards in one game, at most %d under %s", ErrTooManyCards, len(bets), p.data.CardsMax, p.data.ID)
	}
	cards := make([]Card, len(bets))
	for i, b := range bets {
		c, err := ParseBetCode(b.Code)
		if err != nil {
			return nil, fmt.Errorf("bet %d: %w", i, err)
		}
		cards[i] = c
	}
	return NewDetector(slices.Clip(cards)), nil
}
