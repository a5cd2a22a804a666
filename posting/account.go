package posting

import (
	"strings"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
)

// Account names. A player's wallet, and per table the money in play, the
// house result and the rounding residue; one external cashier and one
// adjustments account for supervisor corrections.
const (
	accountWallet     = "wallet:"
	accountInPlay     = "inplay:"
	accountHouse      = "house:"
	accountRounding   = "rounding:"
	accountCommission = "commission:"
	accountJackpot    = games.PoolAccountPrefix
	accountBank       = "bank:"
	accountPrizes     = "prizes:"
	accountHeld       = "held:"
	accountCredits    = "credits:"
	// AccountCashier is the outside world: deposits come from it and
	// withdrawals go to it.
	AccountCashier = "cashier"
	// AccountAdjustment is the other side of a supervisor's correction
	// of a wallet.
	AccountAdjustment = "adjustment"
)

// WalletAccount is the account of a player's wallet. Its balance never goes
// below zero.
func WalletAccount(player string) string { return accountWallet + player }

// InPlayAccount holds the stakes of a table's unsettled bets.
func InPlayAccount(table string) string { return accountInPlay + table }

// HouseAccount is a table's house result: lost stakes in, wins out.
func HouseAccount(table string) string { return accountHouse + table }

// RoundingAccount collects the residue the rounding policy did not pay on a
// table's wins (see games/sicbo: wins are rounded down to the currency's
// smallest unit). The house pays the exact win; the wallet receives the
// rounded win; the difference is held here, never dropped.
func RoundingAccount(table string) string { return accountRounding + table }

// CommissionAccount collects the commission the house keeps of a table's
// wins (baccarat's 5% on banker wins; no Sic Bo bet has one).
func CommissionAccount(table string) string { return accountCommission + table }

// JackpotAccount is a progressive jackpot pool: contributions in, jackpot
// wins out.
func JackpotAccount(pool string) string { return accountJackpot + pool }

// BankAccount holds a player's bank in custody at a player-banked table
// (baccarat à deux tableaux): the banker's stake, what the punters lose to
// it and pay from it. It is the banker's money, never the house's.
func BankAccount(table string) string { return accountBank + table }

// PrizesAccount is a table's prize pool for a round whose prizes are
// shared among its winners (bingo): funded from the sales when the round
// is settled, emptied by the prizes paid.
func PrizesAccount(table string) string { return accountPrizes + table }

// CreditsAccount holds a player's promotional credits: paid by a
// complementary prize (seed 004_11b2de8449360267.txt, 6.5.1), spent only
// on progressive bets, never withdrawn. Its balance never goes below zero.
func CreditsAccount(player string) string { return accountCredits + player }

// HeldAccount holds the second halves of a table's double cards (bingo):
// paid with the card, held until the session's next game opens and
// places them, or returned when the session closes first.
func HeldAccount(table string) string { return accountHeld + table }

// CounterpartyAccount is the account of a settlement's counterparty on
// table (games.CounterpartyHouse, CounterpartyBank, CounterpartyPrizes,
// or games.CommissionAccount).
func CounterpartyAccount(table, counterparty string) string {
	switch counterparty {
	case games.CounterpartyBank:
		return BankAccount(table)
	case games.CounterpartyPrizes:
		return PrizesAccount(table)
	case games.CommissionAccount:
		return CommissionAccount(table)
	}
	if IsPoolAccount(counterparty) {
		// A progressive pool's account pays a prize or receives a
		// shortfall's or a reset's funding (games.SettlePass).
		return counterparty
	}
	return HouseAccount(table)
}

// IsWallet reports whether account is a player wallet, and returns the player.
func IsWallet(account string) (player string, ok bool) {
	return strings.CutPrefix(account, accountWallet)
}

// FundingCredits is the Funding of a slip (and of its bets' events) paid
// with promotional credits (seed 004_11b2de8449360267.txt, 6.5.1).
const FundingCredits = "credits"

// StakeAccount is the account a bet's stake comes from and is refunded to:
// the player's credits for FundingCredits, the wallet otherwise.
func StakeAccount(funding, player string) string {
	if funding == FundingCredits {
		return CreditsAccount(player)
	}
	return WalletAccount(player)
}

// PayCredits is a complementary prize's Pay when it is paid in
// promotional credits (games/jackpot.PayCredits).
const PayCredits = "credits"

// PrizeAccount is the account a complementary prize paid as pay goes to:
// the player's credits account for credits, the wallet for cash.
func PrizeAccount(pay, player string) string {
	if pay == PayCredits {
		return CreditsAccount(player)
	}
	return WalletAccount(player)
}

// AccountCasino is the casino's own money as it funds a pool's base,
// adjusts a pool or takes a decommissioned pool's balance. A shortfall or
// a reset during a pass is paid by the house of the table whose pass it
// is (house:<table>).
const AccountCasino = "casino"

// PoolAccountPrefix starts every account of pool id: its main account and
// its reserves (jackpot:<pool>:).
func PoolAccountPrefix(id string) string { return accountJackpot + id + ":" }

// PoolOfAccount returns the pool of a pool account (IsPoolAccount).
func PoolOfAccount(account string) (string, bool) {
	if !IsPoolAccount(account) {
		return "", false
	}
	id, _, _ := strings.Cut(strings.TrimPrefix(account, accountJackpot), ":")
	return id, true
}

// IsPoolAccount reports whether account is a pool's account
// (jackpot:<pool>:main or jackpot:<pool>:reserve:<name>).
func IsPoolAccount(account string) bool {
	rest, ok := strings.CutPrefix(account, accountJackpot)
	if !ok {
		return false
	}
	id, kind, ok := strings.Cut(rest, ":")
	if !ok || !events.ValidID(id) {
		return false
	}
	if kind == "main" {
		return true
	}
	name, ok := strings.CutPrefix(kind, "reserve:")
	return ok && events.ValidID(name)
}
