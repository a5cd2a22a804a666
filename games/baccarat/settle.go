package baccarat

import (
	"fmt"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// Rounding policies. A win is exact stake × X/Y rounded down to the
// currency's scale, the part cut off being the Settlement's Residue (no
// line of the catalog makes one: every line pays whole multiples). A
// commission or a cagnotte is what the house takes, rounded up to the
// currency's smallest unit: 5% of a win of 0.10 is 0.005 and takes 0.01.
const (
	RoundDown = kit.RoundDown
	RoundUp   = kit.RoundUp
)

// Limits on settlement input.
const (
	// ScaleMax is the largest currency scale Settle accepts.
	ScaleMax = 8
	// StakeDigitsMax bounds a stake and a bank below 10^StakeDigitsMax.
	StakeDigitsMax = 15
	// stakeExpMin bounds how an amount is written, so that a huge negative
	// exponent cannot cost a long rescale before the scale check refuses it.
	stakeExpMin = -64
)

// SettlePuntoBanco settles one punto banco bet of stake (in a currency
// with scale decimals) on a coup under pt:
//
//   - player wins 1:1 when the player's point is higher, banker 1:1 when
//     the banker's is; both push on a tie and lose otherwise.
//   - A banker win pays the commission (pt.CommissionRate of the win,
//     rounded up to the scale) apart: Win is before the commission,
//     Commission is what the house takes from it, and Returned is stake +
//     Win − Commission. The ledger posts the commission to the table's
//     commission account, never to the house's win.
//   - tie wins 8:1 on a tie and loses otherwise.
//
// Input is checked in this order: scale (ErrBadScale), bet (ErrBadBetCode,
// ErrBetNotOffered), stake (ErrBadStake), coup (*ResultError).
func SettlePuntoBanco(pt *Paytable, code string, stake decimal.Decimal, scale int32, c Coup) (games.Settlement, error) {
	b, err := pt.checkBet(code, stake, scale)
	if err != nil {
		return games.Settlement{}, err
	}
	if err := c.Check(pt.data.Decks); err != nil {
		return games.Settlement{}, err
	}
	zero := decimal.New(0, -scale)
	w := c.Winner()
	why := fmt.Sprintf("player %d, banker %d", c.Player.Point(), c.Banker.Point())
	odds := pt.lines[b.kind].Odds
	switch {
	case b.kind == KindTie && w == WinnerTie, b.kind == KindPlayer && w == WinnerPlayer, b.kind == KindBanker && w == WinnerBanker:
		s := won(stake, scale, odds, fmt.Sprintf("%s pays %s (%s)", code, odds, why))
		if b.kind == KindBanker {
			s.Commission = s.Win.Mul(pt.commission).RoundCeil(scale)
			s.Returned = s.Returned.Sub(s.Commission)
			s.Rule = fmt.Sprintf("banker pays %s less %s commission %s rounded up (%s)", odds, pt.commission.Shift(2).String()+"%", s.Commission.StringFixed(scale), why)
		}
		return s, nil
	case w == WinnerTie:
		return games.Settlement{Outcome: games.OutcomePush, Win: zero, Returned: stake, Residue: zero,
			Rule: fmt.Sprintf("%s pushes on a tie (%s)", code, why)}, nil
	}
	return games.Settlement{Outcome: games.OutcomeLost, Win: zero, Returned: zero, Residue: zero,
		Rule: fmt.Sprintf("%s loses (%s wins, %s)", code, w, why)}, nil
}

// won is a winning settlement: the win rounded down, the residue apart.
func won(stake decimal.Decimal, scale int32, odds Odds, rule string) games.Settlement {
	exact := stake.Mul(odds.Multiple())
	paid := exact.RoundDown(scale)
	return games.Settlement{
		Outcome:  games.OutcomeWon,
		Win:      paid,
		Returned: stake.Add(paid),
		Residue:  exact.Sub(paid),
		Rule:     rule,
	}
}

// Part is a share of a deux tableaux bet that plays on one tableau.
type Part struct {
	// Tableau is 1 or 2.
	Tableau int
	// Amount is the share that plays there.
	Amount decimal.Decimal
}

// SplitACaballo splits a bet on both tableaux into the halves that play on
// tableau 1 and tableau 2, in the currency's smallest unit: "cuando la
// mitad de una apuesta a caballo representa un número impar de unidades de
// apuestas se considera que la fracción más fuerte juega al primer paño"
// (seed 002). 10 plays 5 and 5; 0.07 at scale 2 plays 0.04 and 0.03.
func SplitACaballo(stake decimal.Decimal, scale int32) (first, second decimal.Decimal) {
	units := stake.Shift(scale).IntPart()
	second = decimal.New(units/2, -scale)
	return stake.Sub(second), second
}

// SplitLine splits a bet on the line between a punter's zone and a
// tableau's betting zone into the part that plays and the part that does
// not: "las apuestas colocadas sobre la raya que separa la zona del jugador
// de la zona de apuestas juegan la mitad" (seed 002). The seed splits odd
// units only for a caballo; here the half that plays is rounded down to the
// currency's smallest unit, so the bank never covers more than half of what
// was put on the line: 0.07 plays 0.03 and keeps 0.04 aside.
func SplitLine(stake decimal.Decimal, scale int32) (plays, aside decimal.Decimal) {
	units := stake.Shift(scale).IntPart()
	plays = decimal.New(units/2, -scale)
	return plays, stake.Sub(plays)
}

// Parts returns the shares of a deux tableaux bet that play on each
// tableau and the part that does not play (line bets), for a bet already
// validated.
func Parts(b Bet, stake decimal.Decimal, scale int32) (parts []Part, aside decimal.Decimal) {
	aside = decimal.New(0, -scale)
	switch b.kind {
	case KindTableau:
		return []Part{{b.tableau, stake}}, aside
	case KindACaballo:
		first, second := SplitACaballo(stake, scale)
		return []Part{{1, first}, {2, second}}, aside
	case KindLine:
		plays, rest := SplitLine(stake, scale)
		return []Part{{b.tableau, plays}}, rest
	}
	return nil, stake
}

// SettleDeux settles one deux tableaux bet of stake on a coup under pt, as
// the punter sees it. Each share of the bet (Parts) wins 1:1 from the bank
// when its tableau's point beats the banker's, loses to the bank when it is
// lower, and is returned on a tie or when the tableau is void; the part of
// a line bet that does not play is returned. The bet is won when it gets
// back more than its stake (Win is the difference), pushed when exactly
// its stake, lost otherwise (Returned then holds what came back: the half
// of a line bet, a caballo's share on a tableau that tied). The bank pays
// the wins and takes the losses; its cagnotte is SettleCoup's.
func SettleDeux(pt *Paytable, code string, stake decimal.Decimal, scale int32, c DeuxCoup) (games.Settlement, error) {
	b, err := pt.checkBet(code, stake, scale)
	if err != nil {
		return games.Settlement{}, err
	}
	if err := c.Check(pt.data.Decks); err != nil {
		return games.Settlement{}, err
	}
	return settleDeux(pt, b, stake, scale, c), nil
}

func settleDeux(pt *Paytable, b Bet, stake decimal.Decimal, scale int32, c DeuxCoup) games.Settlement {
	zero := decimal.New(0, -scale)
	odds := pt.lines[b.kind].Odds
	parts, aside := Parts(b, stake, scale)
	back, residue := aside, zero
	clauses := make([]string, 0, 3)
	for _, p := range parts {
		if p.Amount.IsZero() {
			continue
		}
		switch w := c.Winner(p.Tableau - 1); w {
		case WinnerPlayer:
			s := won(p.Amount, scale, odds, "")
			back = back.Add(s.Returned)
			residue = residue.Add(s.Residue)
			clauses = append(clauses, fmt.Sprintf("%s on tableau %d wins %s (%d against the banker's %d)", p.Amount.StringFixed(scale), p.Tableau, odds, c.Tableaux[p.Tableau-1].Point(), c.Banker.Point()))
		case WinnerBanker:
			clauses = append(clauses, fmt.Sprintf("%s on tableau %d loses (%d against the banker's %d)", p.Amount.StringFixed(scale), p.Tableau, c.Tableaux[p.Tableau-1].Point(), c.Banker.Point()))
		case WinnerTie:
			back = back.Add(p.Amount)
			clauses = append(clauses, fmt.Sprintf("%s on tableau %d pushes (%d each)", p.Amount.StringFixed(scale), p.Tableau, c.Banker.Point()))
		case WinnerVoid:
			back = back.Add(p.Amount)
			clauses = append(clauses, fmt.Sprintf("%s on tableau %d is returned (void: %s)", p.Amount.StringFixed(scale), p.Tableau, c.Void.Reason))
		}
	}
	if aside.Sign() > 0 {
		clauses = append(clauses, fmt.Sprintf("%s on the line does not play", aside.StringFixed(scale)))
	}
	s := games.Settlement{Win: zero, Returned: back, Residue: residue,
		Rule: b.String() + ": " + strings.Join(clauses, "; ")}
	switch back.Cmp(stake) {
	case 1:
		s.Outcome = games.OutcomeWon
		s.Win = back.Sub(stake)
	case 0:
		s.Outcome = games.OutcomePush
	default:
		s.Outcome = games.OutcomeLost
	}
	return s
}

// checkBet validates scale, code (for pt's form) and stake, in that order.
func (p *Paytable) checkBet(code string, stake decimal.Decimal, scale int32) (Bet, error) {
	if err := checkScale(scale); err != nil {
		return Bet{}, err
	}
	b, err := p.bet(code)
	if err != nil {
		return Bet{}, err
	}
	if err := checkAmount("stake", stake, scale, false); err != nil {
		return Bet{}, err
	}
	return b, nil
}

func checkScale(scale int32) error {
	if scale < 0 || scale > ScaleMax {
		return fmt.Errorf("%w: %d, want 0..%d", ErrBadScale, scale, ScaleMax)
	}
	return nil
}

// checkAmount returns an error wrapping ErrBadStake unless v is positive
// (or zero when zeroOK), below 10^StakeDigitsMax and has at most scale
// decimals.
func checkAmount(what string, v decimal.Decimal, scale int32, zeroOK bool) error {
	if e := v.Exponent(); e < stakeExpMin || e > StakeDigitsMax {
		return fmt.Errorf("%w: %s written with exponent %d, outside %d..%d", ErrBadStake, what, e, stakeExpMin, StakeDigitsMax)
	}
	if v.Sign() < 0 || (v.Sign() == 0 && !zeroOK) {
		return fmt.Errorf("%w: %s %s is not positive", ErrBadStake, what, v)
	}
	if v.Cmp(decimal.New(1, StakeDigitsMax)) >= 0 {
		return fmt.Errorf("%w: %s %s is not below 10^%d", ErrBadStake, what, v, StakeDigitsMax)
	}
	if !v.RoundDown(scale).Equal(v) {
		return fmt.Errorf("%w: %s %s has more than %d decimals", ErrBadStake, what, v, scale)
	}
	return nil
}
