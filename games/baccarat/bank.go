package baccarat

import (
	"fmt"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

// Symbolic accounts of a coup's transfers in baccarat à deux tableaux. The
// ledger maps them to its own: Bank to the table's bank account (the
// banker's money in custody), Cagnotte to the casino's cagnotte account,
// Stakes to where the coup's stakes wait after placement, Punter to the
// wallet of the bet's owner (Transfer.Bet says which bet), Banker to the
// banker's wallet.
const (
	AccountBank     = "bank"
	AccountCagnotte = "cagnotte"
	AccountStakes   = "stakes"
	AccountPunter   = "punter"
	AccountBanker   = "banker"
)

// BetsMax bounds the bets of one coup given to CheckBets and SettleCoup.
const BetsMax = 4096

// Transfer is one movement of money a coup (or taking and giving up the
// bank) makes, between symbolic accounts.
type Transfer struct {
	From   string          `json:"from"`
	To     string          `json:"to"`
	Amount decimal.Decimal `json:"amount"`
	// Bet is the index of the bet the transfer belongs to in the coup's
	// bets, or −1.
	Bet int `json:"bet"`
	// Rule says why, for the dispute report.
	Rule string `json:"rule"`
}

// TableauResult is what one tableau did in a coup.
type TableauResult struct {
	// Winner is WinnerPlayer (the punters), WinnerBanker, WinnerTie or
	// WinnerVoid.
	Winner Winner `json:"winner"`
	// Point is the tableau's point; 0 when void.
	Point int `json:"point"`
	// Staked is what played on the tableau (line bets count half, a caballo
	// bets their share).
	Staked decimal.Decimal `json:"staked"`
	// BankNet is the bank's result on the tableau: the stakes it took minus
	// the wins it paid.
	BankNet decimal.Decimal `json:"bank_net"`
}

// CoupSettlement is the settlement of a whole coup of baccarat à deux
// tableaux: every bet, the bank's result and the casino's cagnotte, and the
// transfers that carry them out. Money is conserved: what the punters get
// back beyond their stakes comes out of the bank, what they lose goes into
// it, and the cagnotte comes out of the bank's net win.
type CoupSettlement struct {
	// Bets are the bets' settlements, in the order given (see SettleDeux).
	Bets []games.Settlement `json:"bets"`
	// Tableaux are the two tableaux' results.
	Tableaux [2]TableauResult `json:"tableaux"`
	// BankerPoint is the banker's point.
	BankerPoint int `json:"banker_point"`
	// Exposed is what played against the bank: Σ Tableaux[i].Staked.
	Exposed decimal.Decimal `json:"exposed"`
	// BankBefore is the bank before the coup.
	BankBefore decimal.Decimal `json:"bank_before"`
	// BankNet is the bank's net result over the coup before the cagnotte:
	// the stakes it took minus the wins it paid. Positive when the banker
	// won on both tableaux or won more on one than he lost on the other.
	BankNet decimal.Decimal `json:"bank_net"`
	// Cagnotte is what the casino takes: CagnotteRate of a positive BankNet,
	// rounded up to the currency's smallest unit; zero otherwise.
	Cagnotte decimal.Decimal `json:"cagnotte"`
	// BankAfter is BankBefore + BankNet − Cagnotte, never negative.
	BankAfter decimal.Decimal `json:"bank_after"`
	// CutCard is true when this was the shoe's last coup.
	CutCard bool `json:"cut_card,omitzero"`
	// Transfers carry the settlement out, bet by bet, then the cagnotte.
	Transfers []Transfer `json:"transfers"`
}

// CheckBets validates the bets of one coup of pt (a deux tableaux
// paytable) against the bank, and returns what they expose: the sum of the
// shares that play (a line bet plays half). It returns ErrBadScale,
// ErrBadStake for a bank that is negative or badly written (or for more
// than BetsMax bets), the bet's error (with its index) for a bad code or
// stake, and ErrBetsExceedBank when the exposure is above the bank: "the
// bets of a coup cannot exceed the bank", so the bank can always pay.
func CheckBets(pt *Paytable, bank decimal.Decimal, bets []games.Bet, scale int32) (decimal.Decimal, error) {
	if err := checkScale(scale); err != nil {
		return decimal.Decimal{}, err
	}
	if pt.data.Form != FormDeuxTableaux {
		return decimal.Decimal{}, fmt.Errorf("%w: %s is house-banked; only deux tableaux has a player's bank", ErrBetNotOffered, pt.data.ID)
	}
	if err := checkAmount("bank", bank, scale, true); err != nil {
		return decimal.Decimal{}, err
	}
	if len(bets) > BetsMax {
		return decimal.Decimal{}, fmt.Errorf("%w: %d bets in one coup, over %d", ErrBadStake, len(bets), BetsMax)
	}
	exposed := decimal.New(0, -scale)
	for i, gb := range bets {
		b, err := pt.checkBet(gb.Code, gb.Stake, scale)
		if err != nil {
			return decimal.Decimal{}, fmt.Errorf("bet %d: %w", i, err)
		}
		if gb.Since != 0 || gb.Working {
			return decimal.Decimal{}, fmt.Errorf("bet %d: %w: a coup is one result and its bets have no working flag", i, ErrBadBetCode)
		}
		parts, _ := Parts(b, gb.Stake, scale)
		for _, p := range parts {
			exposed = exposed.Add(p.Amount)
		}
	}
	if exposed.Cmp(bank) > 0 {
		return decimal.Decimal{}, fmt.Errorf("%w: %s plays against a bank of %s", ErrBetsExceedBank, exposed.StringFixed(scale), bank.StringFixed(scale))
	}
	return exposed, nil
}

// SettleCoup settles a whole coup of baccarat à deux tableaux: the bets
// (validated with CheckBets against bank), the bank's result and the
// cagnotte. Seed 002: "en el caso de que el banquero gane en los dos
// paños, o su ganancia en uno sea superior a la pérdida en el otro, el
// croupier ingresará la cantidad que corresponda al pozo o cagnotte …
// Las ganancias del banquero pasarán a formar parte de la banca." The
// cagnotte is pt's CagnotteRate of the bank's positive net win over the
// coup, rounded up to the currency's smallest unit (the house's take is
// rounded like punto banco's commission); it never exceeds the net win, so
// the bank never goes below zero. A void tableau returns its stakes.
func SettleCoup(pt *Paytable, bank decimal.Decimal, bets []games.Bet, scale int32, c DeuxCoup) (CoupSettlement, error) {
	exposed, err := CheckBets(pt, bank, bets, scale)
	if err != nil {
		return CoupSettlement{}, err
	}
	if err := c.Check(pt.data.Decks); err != nil {
		return CoupSettlement{}, err
	}
	zero := decimal.New(0, -scale)
	cs := CoupSettlement{
		Bets:        make([]games.Settlement, len(bets)),
		BankBefore:  bank,
		BankerPoint: c.Banker.Point(),
		Exposed:     exposed,
		BankNet:     zero,
		Cagnotte:    zero,
		CutCard:     c.CutCard,
		Transfers:   make([]Transfer, 0, 2*len(bets)+1),
	}
	if c.void(0) && c.void(1) {
		cs.BankerPoint = 0
	}
	for i := range cs.Tableaux {
		cs.Tableaux[i] = TableauResult{Winner: c.Winner(i), Staked: zero, BankNet: zero}
		if !c.void(i) {
			cs.Tableaux[i].Point = c.Tableaux[i].Point()
		}
	}
	for i, gb := range bets {
		b, _ := ParseBet(gb.Code) // CheckBets has validated it
		s := settleDeux(pt, b, gb.Stake, scale, c)
		cs.Bets[i] = s
		parts, _ := Parts(b, gb.Stake, scale)
		for _, p := range parts {
			t := &cs.Tableaux[p.Tableau-1]
			t.Staked = t.Staked.Add(p.Amount)
			switch t.Winner {
			case WinnerBanker:
				t.BankNet = t.BankNet.Add(p.Amount)
			case WinnerPlayer:
				t.BankNet = t.BankNet.Sub(p.Amount.Mul(pt.lines[b.kind].Odds.Multiple()).RoundDown(scale))
			}
		}
		// The stake goes back as far as it returns, the rest to the bank;
		// a win beyond the stake comes from the bank.
		back := decimal.Min(s.Returned, gb.Stake)
		if back.Sign() > 0 {
			cs.Transfers = append(cs.Transfers, Transfer{From: AccountStakes, To: AccountPunter, Amount: back, Bet: i, Rule: "stake returned"})
		}
		if lost := gb.Stake.Sub(back); lost.Sign() > 0 {
			cs.Transfers = append(cs.Transfers, Transfer{From: AccountStakes, To: AccountBank, Amount: lost, Bet: i, Rule: "stake lost to the bank"})
		}
		if s.Win.Sign() > 0 {
			cs.Transfers = append(cs.Transfers, Transfer{From: AccountBank, To: AccountPunter, Amount: s.Win, Bet: i, Rule: "win paid by the bank"})
		}
		cs.BankNet = cs.BankNet.Add(gb.Stake.Sub(s.Returned))
	}
	if cs.BankNet.Sign() > 0 {
		cs.Cagnotte = cs.BankNet.Mul(pt.cagnotte).RoundCeil(scale)
		if cs.Cagnotte.Sign() > 0 {
			cs.Transfers = append(cs.Transfers, Transfer{From: AccountBank, To: AccountCagnotte, Amount: cs.Cagnotte, Bet: -1,
				Rule: fmt.Sprintf("cagnotte: %s%% of the bank's net win %s, rounded up", pt.cagnotte.Shift(2), cs.BankNet.StringFixed(scale))})
		}
	}
	cs.BankAfter = bank.Add(cs.BankNet).Sub(cs.Cagnotte)
	if cs.BankAfter.Sign() < 0 || cs.Cagnotte.Cmp(decimal.Max(cs.BankNet, zero)) > 0 {
		// CheckBets bounds the exposure by the bank, a share wins at most
		// 1:1 and the cagnotte rate is below 100%: this cannot happen.
		panic(fmt.Sprintf("baccarat: bank %s after a coup from %s (net %s, cagnotte %s)", cs.BankAfter, bank, cs.BankNet, cs.Cagnotte))
	}
	return cs, nil
}

// TakeBank returns the transfer that puts a player's bank in custody when
// they take the bank: the amount moves from their wallet to the table's
// bank account ("el banquero entregará la cantidad puesta en juego, en
// fichas, al croupier para su custodia", seed 002). It returns ErrBadScale
// or ErrBadStake for an amount that is not a positive amount at the scale.
func TakeBank(amount decimal.Decimal, scale int32) (Transfer, error) {
	if err := checkScale(scale); err != nil {
		return Transfer{}, err
	}
	if err := checkAmount("bank", amount, scale, false); err != nil {
		return Transfer{}, err
	}
	return Transfer{From: AccountBanker, To: AccountBank, Amount: amount, Bet: -1, Rule: "the banker puts up the bank"}, nil
}

// GiveUpBank returns the transfer that hands the bank back to the banker
// when they give it up between coups, or at the end of the shoe: the whole
// balance goes from the bank account to their wallet. A bank of zero makes
// no transfer (nil).
func GiveUpBank(balance decimal.Decimal) []Transfer {
	if balance.Sign() <= 0 {
		return nil
	}
	return []Transfer{{From: AccountBank, To: AccountBanker, Amount: balance, Bet: -1, Rule: "the banker gives up the bank"}}
}

// ShoeOver reports whether the shoe ends after these results: the last
// coup brought out the cut card (10 cards under it; "no se podrá realizar
// ninguna jugada más, salvo la que se está llevando a cabo en ese
// momento", seed 002). The banker's bank is then given up or put up again
// for the next shoe.
func ShoeOver(results []games.Result) bool {
	if len(results) == 0 {
		return false
	}
	c, ok := results[len(results)-1].(DeuxCoup)
	return ok && c.CutCard
}
