package events

import (
	"encoding/json"
	"time"

	"github.com/shopspring/decimal"
)

// Money amounts are decimal strings in JSON ("10.50"); each payload names its
// currency. Balances before and after are recorded on every wallet movement
// (GLI-19 2.8.5 asks for them).

// WalletDeposited is a deposit from the external cashier into a wallet.
type WalletDeposited struct {
	Player        string          `json:"player"`
	Amount        decimal.Decimal `json:"amount"`
	Currency      string          `json:"currency"`
	Reference     string          `json:"reference,omitempty"`
	BalanceBefore decimal.Decimal `json:"balance_before"`
	BalanceAfter  decimal.Decimal `json:"balance_after"`
}

// WalletWithdrawn is a withdrawal from a wallet to the external cashier.
type WalletWithdrawn struct {
	Player        string          `json:"player"`
	Amount        decimal.Decimal `json:"amount"`
	Currency      string          `json:"currency"`
	Reference     string          `json:"reference,omitempty"`
	BalanceBefore decimal.Decimal `json:"balance_before"`
	BalanceAfter  decimal.Decimal `json:"balance_after"`
}

// WalletAdjusted is a supervisor's correction of a wallet balance. Amount is
// signed: positive credits the wallet, negative debits it.
type WalletAdjusted struct {
	Player        string          `json:"player"`
	Amount        decimal.Decimal `json:"amount"`
	Currency      string          `json:"currency"`
	Reason        string          `json:"reason"`
	BalanceBefore decimal.Decimal `json:"balance_before"`
	BalanceAfter  decimal.Decimal `json:"balance_after"`
}

// Limit is a minimum and maximum stake.
type Limit struct {
	Min decimal.Decimal `json:"min"`
	Max decimal.Decimal `json:"max"`
}

// TableOpened opens a table for a game under one paytable.
type TableOpened struct {
	Table        string `json:"table"`
	Game         string `json:"game"`
	Paytable     string `json:"paytable"`
	PaytableHash string `json:"paytable_hash"`
	Currency     string `json:"currency"`
	// Scale is the number of decimals the currency allows (2 for EUR).
	Scale int32 `json:"scale"`
	// Limits maps a bet kind (the bet code before any ':', for example
	// "small" or "total") or "*" (any other kind) to its stake limits.
	Limits map[string]Limit `json:"limits"`
	// Band is the authorised fluctuation band: every limit must lie within
	// it, now and after any change (seed 000, art. 4.2).
	Band   Limit  `json:"band"`
	Dealer string `json:"dealer"`
}

// TableLimitsChanged announces new limits between rounds; they apply from
// round number EffectiveFromRound on (seed 000, art. 4.2: "previa
// información a los jugadores").
type TableLimitsChanged struct {
	Table              string           `json:"table"`
	Before             map[string]Limit `json:"before"`
	After              map[string]Limit `json:"after"`
	EffectiveFromRound int64            `json:"effective_from_round"`
	Reason             string           `json:"reason,omitempty"`
}

// TableClosed closes a table. No round may be open.
type TableClosed struct {
	Table  string `json:"table"`
	Reason string `json:"reason,omitempty"`
}

// RoundOpened opens a round for betting.
type RoundOpened struct {
	Table  string `json:"table"`
	Round  string `json:"round"`
	Number int64  `json:"number"`
	// BettingWindow is the announced length of the betting countdown; the
	// dealer's close-betting command is what actually closes it.
	BettingWindow time.Duration `json:"betting_window_ns,omitempty"`
	Paytable      string        `json:"paytable"`
	PaytableHash  string        `json:"paytable_hash"`
	// Session is the table's session the round belongs to (a bingo
	// game of a session, session.opened); empty outside any.
	Session string `json:"session,omitempty"`
}

// PlacedBet is one bet of a slip.
type PlacedBet struct {
	Bet   string          `json:"bet"`
	Code  string          `json:"code"`
	Stake decimal.Decimal `json:"stake"`
	// Working is the craps player's flag for a bet that plays on come-out
	// rolls too (see games.Bet).
	Working bool `json:"working,omitempty"`
	// Commission is charged on placing the bet (craps buy and lay), from
	// the wallet to the table's commission account, on top of the stake.
	Commission decimal.Decimal `json:"commission,omitzero"`
	// Held is the rest of the bet's price, held for the session's next
	// round (a bingo double card's second half, games.SessionSale): from
	// the wallet to the table's held account, on top of the stake.
	Held decimal.Decimal `json:"held,omitzero"`
}

// BetPlaced is a bet slip: one player's bets on one round, accepted together.
// Each stake moves from the wallet into the table's in-play account.
type BetPlaced struct {
	Slip          string          `json:"slip"`
	Player        string          `json:"player"`
	Table         string          `json:"table"`
	Round         string          `json:"round"`
	Currency      string          `json:"currency"`
	Bets          []PlacedBet     `json:"bets"`
	Total         decimal.Decimal `json:"total"`
	BalanceBefore decimal.Decimal `json:"balance_before"`
	BalanceAfter  decimal.Decimal `json:"balance_after"`
	// Funding is "credits" for a slip paid from the player's
	// promotional credits (credits:<player>; BalanceBefore and
	// BalanceAfter are then the credits'), empty for the wallet.
	Funding string `json:"funding,omitempty"`
	// Carried marks the second halves of double cards sold in the
	// session's round before (PlacedBet.Held), placed by the ledger with
	// the round's opening: their stakes move from the table's held
	// account into play, and the wallet does not move.
	Carried bool `json:"carried,omitempty"`
}

// RoundBettingClosed is the dealer's "no more bets".
type RoundBettingClosed struct {
	Table  string          `json:"table"`
	Round  string          `json:"round"`
	Bets   int             `json:"bets"`
	Staked decimal.Decimal `json:"staked"`
	// Transfers are the money a round moves as a whole when its sales
	// close (games.SalesCloser: a bingo game's prizes posted to the
	// prize pool), on its first close of betting only, posted with this
	// event; Currency names their currency, set with them.
	Transfers []Transfer `json:"transfers,omitempty"`
	Currency  string     `json:"currency,omitempty"`
	// Announcement is what the hall announces at that first close, in
	// the regulation's words (bingo: «Cartones vendidos 5, de la serie A
	// del número 1 al 5. Premio de línea …, premio de bingo …»).
	Announcement string `json:"announcement,omitempty"`
}

// Reshake reasons: why a throw, spin or roll gave no result and is done
// again (Sic Bo, seed 001: dice overlapping or not flat, fewer than three
// dice fell; roulette: the ball left the wheel; craps: a die left the
// table, a "no roll").
const (
	ReshakeOverlapping = "dice_overlapping"
	ReshakeNotFlat     = "dice_not_flat"
	ReshakeFewerDice   = "fewer_than_three"
	ReshakeBallOut     = "ball_left_wheel"
	ReshakeDieOut      = "die_left_table"
	ReshakeOther       = "other"
)

// ReshakeReasons lists the reshake reasons, in catalog order.
func ReshakeReasons() []string {
	return []string{ReshakeOverlapping, ReshakeNotFlat, ReshakeFewerDice, ReshakeBallOut, ReshakeDieOut, ReshakeOther}
}

// KnownReshakeReason reports whether reason is one of ReshakeReasons.
func KnownReshakeReason(reason string) bool {
	for _, r := range ReshakeReasons() {
		if r == reason {
			return true
		}
	}
	return false
}

// RoundReshake records that the dice were shaken again without a result.
type RoundReshake struct {
	Table  string `json:"table"`
	Round  string `json:"round"`
	Reason string `json:"reason"`
	Note   string `json:"note,omitempty"`
}

// RoundResult is a result as the dealer entered it. A result of three dice
// (Sic Bo) is recorded in Dice, as the first release wrote it; any other
// result in Result, as its game's canonical JSON object (see
// ResultMembers). A round may have several results (the rolls of a craps
// hand), in stream order.
type RoundResult struct {
	Table  string          `json:"table"`
	Round  string          `json:"round"`
	Dice   [3]int          `json:"dice,omitzero"`
	Result json.RawMessage `json:"result,omitempty"`
}

// ResultJSON returns the recorded result as its game's JSON object.
func (p *RoundResult) ResultJSON() []byte { return resultJSON(p.Dice, p.Result) }

// BetSettled is the settlement of one bet under the paytable it was accepted
// with. Returned is what goes back to the wallet (stake plus win, or zero);
// Residue is what was posted to the table's rounding account, and
// ResidueExact the fraction of the currency's smallest unit that the
// rounding policy did not pay (docs/ARCHITECTURE.md, "Rounding"). Events
// written before ResidueExact posted the residue itself, cut to 16
// decimals when it has no finite decimal form, and have no ResidueExact;
// since, only whole smallest units are posted, so Residue is zero and
// ResidueExact holds the residue exactly.
type BetSettled struct {
	Table    string          `json:"table"`
	Round    string          `json:"round"`
	Slip     string          `json:"slip"`
	Bet      string          `json:"bet"`
	Player   string          `json:"player"`
	Code     string          `json:"code"`
	Stake    decimal.Decimal `json:"stake"`
	Currency string          `json:"currency"`
	Dice     [3]int          `json:"dice,omitzero"`
	// Result is the result that decided the bet when it is not three dice
	// (see RoundResult): the round's last result.
	Result   json.RawMessage `json:"result,omitempty"`
	Outcome  string          `json:"outcome"`
	Win      decimal.Decimal `json:"win"`
	Returned decimal.Decimal `json:"returned"`
	Residue  decimal.Decimal `json:"residue"`
	// ResidueExact is the residue not paid, exactly, as a reduced
	// fraction of the currency's unit ("1/600", "1/200"); absent when
	// there is none, and in events written before it (their Residue is
	// the residue).
	ResidueExact string `json:"residue_exact,omitempty"`
	Rule         string `json:"rule"`
	Paytable     string `json:"paytable"`
	PaytableHash string `json:"paytable_hash"`
	// Correction counts result corrections: 0 for the first settlement.
	Correction int `json:"correction"`
	// Commission is what the house keeps of the win (baccarat's banker
	// bet); Contributions are the shares of the stake that went to
	// jackpot pools. Sic Bo has neither, and they are omitted.
	Commission    decimal.Decimal `json:"commission,omitzero"`
	Contributions []Contribution  `json:"contributions,omitempty"`
	// Counterparty is who paid the win and took a lost stake when it is
	// not the house: "bank" (a player's bank in custody), "prizes" (the
	// round's prize pool).
	Counterparty string `json:"counterparty,omitempty"`
}

// ResultJSON returns the result that decided the bet as its game's JSON
// object.
func (p *BetSettled) ResultJSON() []byte { return resultJSON(p.Dice, p.Result) }

// Contribution is a share of a stake posted to a jackpot pool.
type Contribution struct {
	Pool   string          `json:"pool"`
	Amount decimal.Decimal `json:"amount"`
}

// RoundSettled closes a round once every bet is settled, with its totals.
type RoundSettled struct {
	Table      string          `json:"table"`
	Round      string          `json:"round"`
	Dice       [3]int          `json:"dice,omitzero"`
	Result     json.RawMessage `json:"result,omitempty"`
	Bets       int             `json:"bets"`
	Staked     decimal.Decimal `json:"staked"`
	Won        decimal.Decimal `json:"won"`
	Returned   decimal.Decimal `json:"returned"`
	Residue    decimal.Decimal `json:"residue"`
	Correction int             `json:"correction"`
	// Funds and Transfers belong to games whose bets are settled
	// together (games.RoundSettler): the balances the settlement used,
	// and the money the round moved as a whole (the prize pool funded,
	// a cagnotte), posted with this event.
	Funds     *Funds     `json:"funds,omitempty"`
	Transfers []Transfer `json:"transfers,omitempty"`
	// Currency names the transfers' currency (the table's); set with them.
	Currency string `json:"currency,omitempty"`
	// ShoeOver is set when the round brought out the cut card of a game
	// dealt from a shoe (games.Shoed): the table needs a new shoe.
	ShoeOver bool `json:"shoe_over,omitempty"`
}

// Funds are the balances a round's settlement depended on.
type Funds struct {
	Bank decimal.Decimal `json:"bank"`
	// Pool is the linked progressive pool's balances at the round's last
	// result, for a progressive game.
	Pool *PoolFunds `json:"pool,omitempty"`
	// Closed are the transfers the round posted when its sales closed
	// (RoundBettingClosed.Transfers), which the settlement builds on.
	Closed []Transfer `json:"closed,omitempty"`
}

// Transfer is money a round moved as a whole, between counterparties ("",
// the house; "bank"; "prizes"; "commission").
type Transfer struct {
	From   string          `json:"from"`
	To     string          `json:"to"`
	Amount decimal.Decimal `json:"amount"`
	Rule   string          `json:"rule"`
}

// ResultJSON returns the round's last result as its game's JSON object.
func (p *RoundSettled) ResultJSON() []byte { return resultJSON(p.Dice, p.Result) }

// RoundPaused pauses a round on a fault; the supervisor is informed (seed
// 001, "Manejo de errores").
type RoundPaused struct {
	Table  string `json:"table"`
	Round  string `json:"round"`
	Reason string `json:"reason"`
}

// RoundResumed resumes a paused round where it was.
type RoundResumed struct {
	Table string `json:"table"`
	Round string `json:"round"`
	Note  string `json:"note,omitempty"`
}

// RoundCancelled cancels a round; every bet still open is refunded by a
// BetRefunded event that follows it (Bets and Refunded count those; in a
// round of several results the bets already decided stay settled).
type RoundCancelled struct {
	Table    string          `json:"table"`
	Round    string          `json:"round"`
	Reason   string          `json:"reason"`
	Bets     int             `json:"bets"`
	Refunded decimal.Decimal `json:"refunded"`
	// Transfers give back what the round's sales close posted
	// (RoundBettingClosed.Transfers), posted with this event; Currency
	// names their currency, set with them.
	Transfers []Transfer `json:"transfers,omitempty"`
	Currency  string     `json:"currency,omitempty"`
}

// BetRefunded voids a bet: its stake goes back from in-play to the wallet.
type BetRefunded struct {
	Table    string          `json:"table"`
	Round    string          `json:"round"`
	Slip     string          `json:"slip"`
	Bet      string          `json:"bet"`
	Player   string          `json:"player"`
	Code     string          `json:"code"`
	Stake    decimal.Decimal `json:"stake"`
	Currency string          `json:"currency"`
	// Funding is "credits" for a bet paid with promotional credits: the
	// stake goes back to credits:<player>, not to the wallet.
	Funding string `json:"funding,omitempty"`
}

// RoundResultCorrected records a supervisor's correction of a wrongly entered
// result. Every bet's settlement is reversed (BetSettlementReversed) and
// settled again (BetSettled with the new Correction number).
type RoundResultCorrected struct {
	Table  string `json:"table"`
	Round  string `json:"round"`
	Before [3]int `json:"before,omitzero"`
	After  [3]int `json:"after,omitzero"`
	// BeforeResult and AfterResult hold results that are not three dice
	// (see RoundResult).
	BeforeResult json.RawMessage `json:"before_result,omitempty"`
	AfterResult  json.RawMessage `json:"after_result,omitempty"`
	Reason       string          `json:"reason"`
	Correction   int             `json:"correction"`
}

// BeforeJSON returns the corrected result as its game's JSON object.
func (p *RoundResultCorrected) BeforeJSON() []byte { return resultJSON(p.Before, p.BeforeResult) }

// AfterJSON returns the result in force after the correction.
func (p *RoundResultCorrected) AfterJSON() []byte { return resultJSON(p.After, p.AfterResult) }

// BetSettlementReversed undoes one earlier settlement with compensating
// postings: the stake goes back into play and the win back to the house.
type BetSettlementReversed struct {
	Table    string          `json:"table"`
	Round    string          `json:"round"`
	Slip     string          `json:"slip"`
	Bet      string          `json:"bet"`
	Player   string          `json:"player"`
	Code     string          `json:"code"`
	Stake    decimal.Decimal `json:"stake"`
	Currency string          `json:"currency"`
	Win      decimal.Decimal `json:"win"`
	Returned decimal.Decimal `json:"returned"`
	Residue  decimal.Decimal `json:"residue"`
	// Correction is the number of the correction that reversed it.
	Correction int `json:"correction"`
}

// LedgerSealed records the chain head at a point of the stream, optionally
// signed with Ed25519. The signature covers SealMessage(FromSeq, ToSeq, Head).
type LedgerSealed struct {
	FromSeq   uint64 `json:"from_seq"`
	ToSeq     uint64 `json:"to_seq"`
	Count     uint64 `json:"count"`
	Head      Hash   `json:"head"`
	KeyID     string `json:"key_id,omitempty"`
	Signature string `json:"signature,omitempty"`
}

// RoundStepSettled follows a result that did not end its round (a craps
// roll that was not a seven-out): every bet that result decided has its
// BetSettled, the others stay in play, and betting opens again.
type RoundStepSettled struct {
	Table string `json:"table"`
	Round string `json:"round"`
	// Results is how many results the round has now.
	Results int `json:"results"`
	// Decided is how many bets this result decided; Open how many stay in
	// play.
	Decided int `json:"decided"`
	Open    int `json:"open"`
}

// BetTakenDown returns an open bet's stake to the wallet between two
// results, at the player's request (craps place, buy, lay, odds). A
// commission charged when it was placed is not returned.
type BetTakenDown struct {
	Table    string          `json:"table"`
	Round    string          `json:"round"`
	Slip     string          `json:"slip"`
	Bet      string          `json:"bet"`
	Player   string          `json:"player"`
	Code     string          `json:"code"`
	Stake    decimal.Decimal `json:"stake"`
	Currency string          `json:"currency"`
}

// TableBankTaken records that a player put up a bank at a player-banked
// table: the amount moves from the wallet into the table's bank account,
// held in custody by the croupier (seed 002: "el banquero entregará la
// cantidad puesta en juego… al croupier para su custodia").
type TableBankTaken struct {
	Table         string          `json:"table"`
	Player        string          `json:"player"`
	Amount        decimal.Decimal `json:"amount"`
	Currency      string          `json:"currency"`
	BalanceBefore decimal.Decimal `json:"balance_before"`
	BalanceAfter  decimal.Decimal `json:"balance_after"`
}

// TableBankReleased records that the banker gave up the bank between
// rounds: the bank's whole balance goes back to their wallet.
type TableBankReleased struct {
	Table    string          `json:"table"`
	Player   string          `json:"player"`
	Amount   decimal.Decimal `json:"amount"`
	Currency string          `json:"currency"`
}

// TableShoeStarted records a new shoe at a table whose game is dealt from
// one (games.Shoed): its number at the table (from 1), its decks, and the
// cards the cut card leaves behind it (seed 002, "carta de detención";
// seed 004, blackjack and War: at least 52). AfterRound is the number of
// the table's last round dealt from the previous shoe.
type TableShoeStarted struct {
	Table      string `json:"table"`
	Shoe       int64  `json:"shoe"`
	Decks      int    `json:"decks"`
	CutCards   int    `json:"cut_cards"`
	AfterRound int64  `json:"after_round"`
}
