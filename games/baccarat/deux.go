package baccarat

import (
	"fmt"
	"math/big"
	"sync"

	"github.com/wagerlog/wagerlog/games"
)

// CutCardsBehind is how many cards the cut card of a deux tableaux shoe
// leaves under it: "se colocará en su interior una carta-bloqueo o carta de
// detención … cuidando de que por debajo de ella queden 10 cartas" (seed
// 002). The seed fixes the number, so a shoe with any other is refused.
const CutCardsBehind = 10

// Deux is a baccarat à deux tableaux paytable as the ledger plays it: the
// bets play against a player's bank in custody (games.PlayerBanked), a
// coup's bets are settled together with SettleCoup so that the cagnotte is
// taken from the bank's net win (games.RoundSettler), the cards come from
// a shoe with the seed's cut card (games.Shoed), and a void play is a
// supervisor's (games.Voider). Punto banco is a plain *Paytable: it
// implements none of these.
type Deux struct {
	*Paytable
	// rtp keeps the exact figures once computed: the enumeration of every
	// deal from six decks takes about a second, and a regulator report asks
	// for them once per paytable.
	rtp *rtpOnce
}

type rtpOnce struct {
	once sync.Once
	bets []games.BetRTP
}

// DeuxTableaux returns the catalog's deux tableaux paytable as the ledger
// plays it.
func DeuxTableaux() Deux { return Deux{Paytable: mustNew(deuxTableaux1979()), rtp: &rtpOnce{}} }

// RTP returns the exact RTP of every bet (Paytable.RTP), computed once per
// Deux; each call gets its own copies.
func (d Deux) RTP() []games.BetRTP {
	if d.rtp == nil {
		return d.Paytable.RTP()
	}
	d.rtp.once.Do(func() { d.rtp.bets = d.Paytable.RTP() })
	out := make([]games.BetRTP, len(d.rtp.bets))
	for i, b := range d.rtp.bets {
		b.RTP = new(big.Rat).Set(b.RTP)
		out[i] = b
	}
	return out
}

// PlayerBanked marks deux tableaux as played against a player's bank.
func (Deux) PlayerBanked() {}

// Settle settles one bet alone (SettleDeux) against the bank: the dispute
// report of a single bet. The ledger settles a coup's bets together with
// SettleRound, which also takes the cagnotte.
func (d Deux) Settle(b games.Bet, scale int32, results []games.Result) (games.Settlement, error) {
	s, err := d.Paytable.Settle(b, scale, results)
	if err != nil {
		return s, err
	}
	s.Counterparty = games.CounterpartyBank
	return s, nil
}

// SettleRound settles a coup's bets together against the bank, as
// SettleCoup does (the one rule): every bet's settlement with the bank as
// its counterparty, and the cagnotte as a transfer from the bank to the
// table's commission account. funds.Bank is the bank before the coup; the
// coup's stakes may not exceed it (ErrBetsExceedBank).
func (d Deux) SettleRound(bets []games.Bet, scale int32, results []games.Result, funds games.Funds) (games.RoundSettlement, error) {
	if len(results) != 1 {
		return games.RoundSettlement{}, resultError(RuleResultShape, "a coup is one result, not %d", len(results))
	}
	c, ok := results[0].(DeuxCoup)
	if !ok {
		return games.RoundSettlement{}, resultError(RuleResultShape, "a %T is not a deux tableaux result", results[0])
	}
	for i, b := range bets {
		if b.Since != 0 {
			return games.RoundSettlement{}, fmt.Errorf("bet %d: %w: placed after result %d; a coup is one result", i, ErrBadBetCode, b.Since)
		}
	}
	cs, err := SettleCoup(d.Paytable, funds.Bank, bets, scale, c)
	if err != nil {
		return games.RoundSettlement{}, err
	}
	out := games.RoundSettlement{Bets: cs.Bets}
	for i := range out.Bets {
		out.Bets[i].Counterparty = games.CounterpartyBank
	}
	// The bets' own transfers are what the ledger's SettlementPostings
	// make of each settlement against the bank; the coup adds only the
	// cagnotte.
	for _, t := range cs.Transfers {
		if t.To == AccountCagnotte {
			out.Transfers = append(out.Transfers, games.Transfer{From: games.CounterpartyBank, To: games.CommissionAccount, Amount: t.Amount, Rule: t.Rule})
		}
	}
	return out, nil
}

// CheckCut allows exactly CutCardsBehind cards behind the cut card.
func (Deux) CheckCut(cards int) error {
	if cards != CutCardsBehind {
		return fmt.Errorf("the cut card leaves %d cards under it; seed 002 leaves %d", cards, CutCardsBehind)
	}
	return nil
}

// ShoeOver reports whether the coup brought out the cut card (its
// "cut_card" member): see the package function ShoeOver.
func (Deux) ShoeOver(results []games.Result) bool { return ShoeOver(results) }

// VoidReason returns the reason of a coup's void play, or "" for a coup
// without one.
func (Deux) VoidReason(r games.Result) string {
	if c, ok := r.(DeuxCoup); ok && c.Void != nil {
		return c.Void.Reason
	}
	return ""
}

// Compile-time checks that Deux implements the seam.
var (
	_ games.Paytable     = Deux{}
	_ games.PlayerBanked = Deux{}
	_ games.RoundSettler = Deux{}
	_ games.Shoed        = Deux{}
	_ games.Voider       = Deux{}
)
