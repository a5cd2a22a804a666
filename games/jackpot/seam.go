package jackpot

import (
	"fmt"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/poker"
)

// Parser parses pool parameters for the generic layers
// (games.PoolParser); registry.New gives it to the catalog.
type Parser struct{}

// ParseBytesMax bounds the JSON of a pool's parameters.
const ParseBytesMax = 16 << 10

// ParsePool decodes Params strictly (exact member names, no unknown or
// duplicate member) and validates them with New.
func (Parser) ParsePool(raw []byte) (games.PoolRules, error) {
	if len(raw) > ParseBytesMax {
		return nil, fmt.Errorf("%w: %d bytes of parameters, at most %d", ErrBadParams, len(raw), ParseBytesMax)
	}
	var p Params
	if err := jsonUnmarshalStrict(raw, &p); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadParams, err)
	}
	pool, err := New(p)
	if err != nil {
		return nil, err
	}
	return Rules{pool}, nil
}

// Rules is a *Pool as the seam holds it (games.PoolRules).
type Rules struct{ *Pool }

// Base returns the main pool's base.
func (r Rules) Base() decimal.Decimal { return r.params.Base }

// Accounts returns the main account, then the reserves'.
func (r Rules) Accounts() []string {
	out := []string{r.MainAccount()}
	for i := range r.params.Reserves {
		out = append(out, r.ReserveAccount(i))
	}
	return out
}

func (r Rules) balances(bs []decimal.Decimal) (Balances, error) {
	if len(bs) != 1+len(r.params.Reserves) {
		return Balances{}, passError(0, nil, "%d balances for a pool of %d accounts", len(bs), 1+len(r.params.Reserves))
	}
	return Balances{Main: bs[0], Reserves: append([]decimal.Decimal(nil), bs[1:]...)}, nil
}

// Pass collects every hand's progressive bet in the order given
// (Contribute), then pays the pass (PayPass) from the balances holding
// them. Only the prize movements are not in PoolPass.Movements: they are
// the seats' prizes.
func (r Rules) Pass(bs []decimal.Decimal, hands []games.PoolHand) (games.PoolPass, error) {
	b, err := r.balances(bs)
	if err != nil {
		return games.PoolPass{}, err
	}
	out := games.PoolPass{Seats: make([]games.PoolSeat, len(hands))}
	seats := make([]SeatHand, len(hands))
	index := map[int]int{}
	for i, h := range hands {
		cards, err := poker.ParseHand(fmt.Sprintf("seat %d", h.Seat), h.Cards)
		if err != nil {
			return games.PoolPass{}, passError(h.Seat, err, "%v", err)
		}
		seats[i] = SeatHand{Seat: h.Seat, Bet: h.Bet, Cards: cards, Forfeit: h.Forfeit}
		s, err := r.Contribute(b, h.Bet)
		if err != nil {
			return games.PoolPass{}, err
		}
		b = r.Apply(b, r.Movements(s, h.Seat))
		out.Seats[i] = games.PoolSeat{Seat: h.Seat, Commission: s.Commission, Parts: append([]decimal.Decimal{s.Main}, s.Reserves...)}
		index[h.Seat] = i
	}
	res, err := r.PayPass(b, seats)
	if err != nil {
		return games.PoolPass{}, err
	}
	for _, z := range res.Prizes {
		i := index[z.Seat]
		out.Seats[i].Hand, out.Seats[i].Prize, out.Seats[i].Rule = z.Hand, z.Prize, z.Rule
	}
	for _, m := range res.Movements {
		if m.Kind == KindPrize {
			continue
		}
		from, to := m.From, m.To
		if from == AccountCasino {
			from = games.PoolCasino
		}
		out.Movements = append(out.Movements, games.PoolMovement{Kind: m.Kind, From: from, To: to, Amount: m.Amount, Reason: m.Reason})
	}
	return out, nil
}

var _ games.PoolRules = Rules{}

// Complementary reports whether the parameters declare complementary
// prizes (games.PoolDrawer).
func (r Rules) Complementary() bool { return r.HasComplementary() }

// Draw draws a pass's complementary prizes (Pool.Draw) for the seam.
func (r Rules) Draw(seed []byte, pass string, bets []games.PoolDrawBet) ([]games.PoolPrizeDrawn, error) {
	in := make([]DrawBet, len(bets))
	for i, b := range bets {
		in[i] = DrawBet{Bet: b.Bet, Player: b.Player, Seat: b.Seat, Stake: b.Stake}
	}
	ds, err := r.Pool.Draw(seed, pass, in)
	if err != nil {
		return nil, err
	}
	out := make([]games.PoolPrizeDrawn, len(ds))
	for i, d := range ds {
		out[i] = games.PoolPrizeDrawn{Prize: d.Prize, Name: d.Name, Bet: d.Bet, Player: d.Player, Seat: d.Seat,
			Value: d.Value, Of: d.Of, Amount: d.Amount, Pay: d.Pay, Account: d.Account, ExpiryDays: d.ExpiryDays, ExpireTo: d.ExpireTo}
	}
	return out, nil
}

var _ games.PoolDrawer = Rules{}
