package projections

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/round"
)

// The answers of the queries. Each top-level answer carries Seq, the stream
// sequence the projections had applied when it was read: the answer holds
// every event up to Seq and nothing after. Amounts are decimal strings in
// JSON, always next to their currency.

// AccountBalance is one account's balance in one currency.
type AccountBalance struct {
	Account  string          `json:"account"`
	Currency string          `json:"currency"`
	Balance  decimal.Decimal `json:"balance"`
	// UpdatedSeq is the sequence of the last event that changed it.
	UpdatedSeq uint64 `json:"updated_seq"`
}

// BalanceView is the answer of Balance.
type BalanceView struct {
	AccountBalance
	Seq uint64 `json:"seq"`
}

// BalanceList is the answer of Balances.
type BalanceList struct {
	Seq      uint64           `json:"seq"`
	Balances []AccountBalance `json:"balances"`
	// Truncated is true when more than BalancesMax rows matched.
	Truncated bool `json:"truncated,omitempty"`
}

// Table statuses.
const (
	TableOpen   = "open"
	TableClosed = "closed"
)

// TableInfo is a table as its events describe it.
type TableInfo struct {
	ID           string                  `json:"id"`
	Game         string                  `json:"game"`
	Paytable     string                  `json:"paytable"`
	PaytableHash string                  `json:"paytable_hash"`
	Currency     string                  `json:"currency"`
	Scale        int32                   `json:"scale"`
	Limits       map[string]events.Limit `json:"limits"`
	// LimitsFromRound is the first round number the limits apply to.
	LimitsFromRound int64        `json:"limits_from_round,omitempty"`
	Band            events.Limit `json:"band"`
	Dealer          string       `json:"dealer"`
	Status          string       `json:"status"`
	// Rounds counts the rounds opened on the table.
	Rounds int64 `json:"rounds"`
	// ActiveRound is the round in progress, "" between rounds.
	ActiveRound string    `json:"active_round,omitempty"`
	OpenedAt    time.Time `json:"opened_at"`
	OpenedSeq   uint64    `json:"opened_seq"`
	ClosedAt    time.Time `json:"closed_at,omitzero"`
	// Shoe is the shoe in play at a table dealt from one (baccarat à deux
	// tableaux, blackjack, War); nil before the first.
	Shoe *ShoeInfo `json:"shoe,omitempty"`
	// Bank is the player's bank at a player-banked table (baccarat à deux
	// tableaux) while a player holds it; nil otherwise.
	Bank *BankInfo `json:"bank,omitempty"`
	// Session is the table's open session, or its last one closed
	// (session.opened; a bingo session's series and what it sold), and
	// PastSessions the ones before it, newest first (PastSessionsKept).
	Session      *SessionInfo  `json:"session,omitempty"`
	PastSessions []SessionInfo `json:"past_sessions,omitempty"`
	// Announcement is the hall's announcement of the table's last game
	// whose sales closed (announcement.go); nil before the first.
	Announcement *Announcement `json:"announcement,omitempty"`
}

// BankInfo is the bank a player holds at a player-banked table: who, what
// they put up and when, and (filled when the table is read, from the
// bank:<table> account) its balance now, after the coups settled since.
type BankInfo struct {
	Banker   string          `json:"banker"`
	PutUp    decimal.Decimal `json:"put_up"`
	TakenAt  time.Time       `json:"taken_at"`
	TakenSeq uint64          `json:"taken_seq"`
	Balance  decimal.Decimal `json:"balance"`
}

// ShoeInfo is a table's shoe: its number at the table, decks, the cards
// the cut card leaves behind, when it started (after which round), and
// whether its cut card came out (Over: the next round needs a new shoe).
type ShoeInfo struct {
	Number     int64     `json:"number"`
	Decks      int       `json:"decks"`
	CutCards   int       `json:"cut_cards"`
	AfterRound int64     `json:"after_round"`
	StartedAt  time.Time `json:"started_at"`
	StartedSeq uint64    `json:"started_seq"`
	Over       bool      `json:"over"`
	// OverInRound is the number of the round that brought the cut card
	// out.
	OverInRound int64 `json:"over_in_round,omitempty"`
}

// TableView is the answer of Table.
type TableView struct {
	TableInfo
	Seq uint64 `json:"seq"`
}

// TableList is the answer of Tables, sorted by id.
type TableList struct {
	Seq    uint64      `json:"seq"`
	Tables []TableInfo `json:"tables"`
}

// BoardResult is one completed round on a statistics board. In JSON its
// game's members stand between number and at: those the game writes for
// the result (games.BoardRower: Sic Bo's dice, total, size and parity;
// roulette's pocket and colour), or "result" with the result's JSON for a
// game that writes none.
type BoardResult struct {
	Round  string `json:"round"`
	Number int64  `json:"number"`
	// Result is the result in force, as its game's JSON ({"dice":[2,2,5]},
	// {"pocket":"00"}).
	Result json.RawMessage `json:"-"`
	// Row holds the members the table's game shows for Result, as a JSON
	// object; nil when it shows none.
	Row json.RawMessage `json:"-"`
	At  time.Time       `json:"at"`
	// Seq is the sequence of the round.settled event that put it on the
	// board (of the latest one after a correction).
	Seq uint64 `json:"seq"`
	// Corrected is true when the result shown replaces a corrected one.
	Corrected bool `json:"corrected,omitempty"`
}

// MarshalJSON writes the row with its game's members in place.
func (r BoardResult) MarshalJSON() ([]byte, error) {
	round, err := json.Marshal(r.Round)
	if err != nil {
		return nil, err
	}
	b := append([]byte(`{"round":`), round...)
	b = append(b, `,"number":`...)
	b = strconv.AppendInt(b, r.Number, 10)
	switch members := bytes.TrimSpace(r.Row); {
	case len(members) > 2 && members[0] == '{' && members[len(members)-1] == '}':
		b = append(b, ',')
		b = append(b, members[1:len(members)-1]...)
	case len(r.Result) > 0:
		b = append(b, `,"result":`...)
		b = append(b, r.Result...)
	}
	at, err := r.At.MarshalJSON()
	if err != nil {
		return nil, err
	}
	b = append(b, `,"at":`...)
	b = append(b, at...)
	b = append(b, `,"seq":`...)
	b = strconv.AppendUint(b, r.Seq, 10)
	if r.Corrected {
		b = append(b, `,"corrected":true`...)
	}
	b = append(b, '}')
	if !json.Valid(b) {
		return nil, fmt.Errorf("projections: board row of round %s: invalid JSON", r.Round)
	}
	return b, nil
}

// Board is the answer of Board: a table's last completed rounds, newest
// first, with their statistics as the table's game computes them
// (games.Game.Board: sicbo.BoardStats, roulette.BoardStats, …). Stats is
// nil when the store's catalog (Options.Games) does not know the table's
// paytable.
type Board struct {
	Seq     uint64           `json:"seq"`
	Table   string           `json:"table"`
	Size    int              `json:"size"`
	Results []BoardResult    `json:"results"`
	Stats   games.BoardStats `json:"stats"`
}

// Round statuses, as the round model names them (round.Status; see
// docs/ROUNDS.md), as the views store them.
const (
	RoundBetting   = string(round.Betting)
	RoundClosed    = string(round.Closed)
	RoundPaused    = string(round.Paused)
	RoundSettling  = string(round.Settling)
	RoundSettled   = string(round.Settled)
	RoundCancelled = string(round.Cancelled)
)

// Bet statuses of the views: a bet's status in its round (round.BetStatus)
// with a settled bet shown by its outcome (games.Outcome), won, lost or
// push; a bet whose settlement was reversed by a correction is open until
// it is settled again.
const (
	BetOpen     = string(round.BetOpen)
	BetWon      = string(games.OutcomeWon)
	BetLost     = string(games.OutcomeLost)
	BetPush     = string(games.OutcomePush)
	BetRefunded = string(round.BetRefunded)
	// BetTakenDown is a bet its player took down between two results (a
	// craps place bet): its stake went back to the wallet.
	BetTakenDown = string(round.BetTakenDown)
)

// RoundBet is one bet of a round with its outcome.
type RoundBet struct {
	Bet    string          `json:"bet"`
	Slip   string          `json:"slip"`
	Player string          `json:"player"`
	Code   string          `json:"code"`
	Stake  decimal.Decimal `json:"stake"`
	// Working is the craps player's flag (games.Bet).
	Working bool `json:"working,omitempty"`
	// PlacementCommission was charged on placing the bet, on top of the
	// stake (craps buy and lay), and is never returned.
	PlacementCommission decimal.Decimal `json:"placement_commission,omitzero"`
	// Since is how many of the round's results were recorded before the
	// bet was placed (0 for every bet of a one-result round).
	Since     int             `json:"since,omitempty"`
	PlacedSeq uint64          `json:"placed_seq"`
	Status    string          `json:"status"`
	Win       decimal.Decimal `json:"win"`
	Returned  decimal.Decimal `json:"returned"`
	Residue   decimal.Decimal `json:"residue"`
	// Commission is what the settlement in force kept of the win
	// (baccarat's banker bet), zero when none: Returned = Stake + Win −
	// Commission for a settled bet of every game.
	Commission decimal.Decimal `json:"commission"`
	// Rule is the paytable rule that decided the bet, as its settlement
	// recorded it ("" while the bet is open).
	Rule string `json:"rule,omitempty"`
	// Correction is the correction number of the settlement in force.
	Correction int `json:"correction,omitempty"`
	// SettledSeq is the sequence of the settlement (or refund) in force.
	SettledSeq uint64 `json:"settled_seq,omitempty"`
}

// RoundTotals add up a round's bets. Won and Paid are net of reversed
// settlements: they are the totals of the settlements in force.
type RoundTotals struct {
	Bets     int             `json:"bets"`
	Staked   decimal.Decimal `json:"staked"`
	Won      decimal.Decimal `json:"won"`
	Paid     decimal.Decimal `json:"paid"`
	Residue  decimal.Decimal `json:"residue"`
	Refunded decimal.Decimal `json:"refunded"`
	// Commission adds up the bets' settlement commissions in force (zero
	// when none); PlacementCommission is what placing the bets charged
	// (craps buy and lay); TakenDown the stakes of bets taken down.
	Commission          decimal.Decimal `json:"commission"`
	PlacementCommission decimal.Decimal `json:"placement_commission,omitzero"`
	TakenDown           decimal.Decimal `json:"taken_down,omitzero"`
}

// Reshake is one reshake of a round's dice (seed 001), or a spin repeated
// (the ball left the wheel); not a result.
type Reshake struct {
	Seq    uint64    `json:"seq"`
	At     time.Time `json:"at"`
	Reason string    `json:"reason"`
	Note   string    `json:"note,omitempty"`
}

// RoundClaim is a player's call of a prize on a bet (bingo.claimed) with
// the game's verdict: recorded, never paid on.
type RoundClaim struct {
	Seq     uint64    `json:"seq"`
	At      time.Time `json:"at"`
	Bet     string    `json:"bet"`
	Player  string    `json:"player"`
	Prize   string    `json:"prize"`
	Balls   int       `json:"balls"`
	Correct bool      `json:"correct"`
	Reason  string    `json:"reason"`
}

// Correction is one correction of a round's result.
type Correction struct {
	Seq    uint64    `json:"seq"`
	At     time.Time `json:"at"`
	Number int       `json:"number"`
	// Before and After are three dice; BeforeResult and AfterResult the
	// results of other games, as their JSON.
	Before       [3]int          `json:"before,omitzero"`
	After        [3]int          `json:"after,omitzero"`
	BeforeResult json.RawMessage `json:"before_result,omitempty"`
	AfterResult  json.RawMessage `json:"after_result,omitempty"`
	Reason       string          `json:"reason"`
}

// RoundInfo is a round as its events describe it.
type RoundInfo struct {
	ID           string    `json:"id"`
	Table        string    `json:"table"`
	Number       int64     `json:"number"`
	Status       string    `json:"status"`
	Paytable     string    `json:"paytable"`
	PaytableHash string    `json:"paytable_hash"`
	Currency     string    `json:"currency"`
	Scale        int32     `json:"scale"`
	OpenedAt     time.Time `json:"opened_at"`
	// FinishedAt is when the round was (last) settled or cancelled.
	FinishedAt time.Time `json:"finished_at,omitzero"`
	// Results lists every result of the round in order, as its game's
	// JSON, for every game ([] before the first; the last one as
	// corrected). Dice and Result are aliases of the result in force kept
	// for existing clients: Dice when it is three dice (Sic Bo), Result
	// for any other game ({"pocket":"17"}); nil before the result.
	Results      []json.RawMessage `json:"results"`
	Dice         *[3]int           `json:"dice,omitempty"`
	Result       json.RawMessage   `json:"result,omitempty"`
	Reshakes     []Reshake         `json:"reshakes,omitempty"`
	Claims       []RoundClaim      `json:"claims,omitempty"`
	Corrections  []Correction      `json:"corrections,omitempty"`
	PauseReason  string            `json:"pause_reason,omitempty"`
	CancelReason string            `json:"cancel_reason,omitempty"`
	// Session is the table's session the round belongs to (a bingo game
	// of a session); Announcement the hall's announcement when its sales
	// closed (the cards sold by series, from number to number, and the
	// line and bingo prizes).
	Session      string `json:"session,omitempty"`
	Announcement string `json:"announcement,omitempty"`
	// Events are the sequences of every event of the round, in order: the
	// round index that replay uses to fetch them without a scan.
	Events []uint64    `json:"events"`
	Bets   []RoundBet  `json:"bets"`
	Totals RoundTotals `json:"totals"`
}

// RoundView is the answer of Round.
type RoundView struct {
	RoundInfo
	Seq uint64 `json:"seq"`
}

// RoundSummary is a round in a list.
type RoundSummary struct {
	ID       string    `json:"id"`
	Number   int64     `json:"number"`
	Status   string    `json:"status"`
	OpenedAt time.Time `json:"opened_at"`
	// Results, Dice and Result are the round view's.
	Results  []json.RawMessage `json:"results"`
	Dice     *[3]int           `json:"dice,omitempty"`
	Result   json.RawMessage   `json:"result,omitempty"`
	Currency string            `json:"currency"`
	Totals   RoundTotals       `json:"totals"`
}

// RoundPage is the answer of Rounds: a table's rounds, newest first.
type RoundPage struct {
	Seq    uint64         `json:"seq"`
	Table  string         `json:"table"`
	Rounds []RoundSummary `json:"rounds"`
	// Next is the cursor of the following page, "" on the last one.
	Next string `json:"next,omitempty"`
}

// BetView is one bet in a player's bet history ("registro de apuestas").
type BetView struct {
	Bet         string          `json:"bet"`
	Slip        string          `json:"slip"`
	Player      string          `json:"player"`
	Table       string          `json:"table"`
	Round       string          `json:"round"`
	RoundNumber int64           `json:"round_number"`
	Code        string          `json:"code"`
	Stake       decimal.Decimal `json:"stake"`
	Working     bool            `json:"working,omitempty"`
	// PlacementCommission was charged on placing the bet (craps buy and
	// lay), as in the round view.
	PlacementCommission decimal.Decimal `json:"placement_commission,omitzero"`
	Currency            string          `json:"currency"`
	PlacedAt            time.Time       `json:"placed_at"`
	PlacedSeq           uint64          `json:"placed_seq"`
	Status              string          `json:"status"`
	Dice                *[3]int         `json:"dice,omitempty"`
	Result              json.RawMessage `json:"result,omitempty"`
	Win                 decimal.Decimal `json:"win"`
	Returned            decimal.Decimal `json:"returned"`
	// Residue is what the rounding policy did not pay of the bet's win,
	// as in the round view: a player's history and the round agree.
	Residue decimal.Decimal `json:"residue"`
	// Commission is what the settlement in force kept of the win, as in
	// the round view.
	Commission decimal.Decimal `json:"commission"`
	Rule       string          `json:"rule,omitempty"`
	Correction int             `json:"correction,omitempty"`
	SettledAt  time.Time       `json:"settled_at,omitzero"`
	SettledSeq uint64          `json:"settled_seq,omitempty"`
}

// BetPage is the answer of PlayerBets: newest bet first.
type BetPage struct {
	Seq    uint64    `json:"seq"`
	Player string    `json:"player"`
	Bets   []BetView `json:"bets"`
	Next   string    `json:"next,omitempty"`
}

// DailyTotals are one day's flows of one table, currency and bet code. Each
// flow counts on the day of the event that made it (in the configured time
// zone): a stake on the day it was placed, a payout on the day of its
// settlement, a reversal on the day of the correction. Reversals are listed
// apart, never netted away: the payouts in force are Paid − ReversedPaid.
type DailyTotals struct {
	Day      string `json:"day"`
	Table    string `json:"table"`
	Currency string `json:"currency"`
	Code     string `json:"code"`

	Bets   int             `json:"bets"`
	Staked decimal.Decimal `json:"staked"`
	// Commission is what placing the bets charged (craps buy and lay).
	Commission decimal.Decimal `json:"commission,omitzero"`

	Settled int             `json:"settled"`
	Wins    int             `json:"wins"`
	Losses  int             `json:"losses"`
	Pushes  int             `json:"pushes,omitempty"`
	Won     decimal.Decimal `json:"won"`
	Paid    decimal.Decimal `json:"paid"`
	Residue decimal.Decimal `json:"residue"`

	Refunds  int             `json:"refunds"`
	Refunded decimal.Decimal `json:"refunded"`

	// TakenDowns counts the bets taken down; TakenDown their stakes,
	// returned to the wallets.
	TakenDowns int             `json:"taken_downs,omitempty"`
	TakenDown  decimal.Decimal `json:"taken_down,omitzero"`

	Reversals       int             `json:"reversals"`
	ReversedWon     decimal.Decimal `json:"reversed_won"`
	ReversedPaid    decimal.Decimal `json:"reversed_paid"`
	ReversedResidue decimal.Decimal `json:"reversed_residue"`
}

// DailyReport is the answer of Daily.
type DailyReport struct {
	Seq      uint64        `json:"seq"`
	From     string        `json:"from"`
	To       string        `json:"to"`
	Location string        `json:"location"`
	Rows     []DailyTotals `json:"rows"`
	// Truncated is true when more than DailyRowsMax rows matched.
	Truncated bool `json:"truncated,omitempty"`
	// Sales has one row per row of Rows whose table sells items
	// (games.Seller: a bingo room's cards), the hall's account of its
	// day; empty when no such table played.
	Sales []DailySales `json:"sales,omitempty"`
	// Sessions has the same account per session and day for the selling
	// tables' sessions (session.opened: a bingo session), by day and
	// table; empty when none sold in the period.
	Sessions []DailySession `json:"sessions,omitempty"`
}

// DailySales is a selling table's day (a bingo session's): the items it
// sold, the prizes it paid, the refunds of void games and what the hall
// kept.
type DailySales struct {
	Day      string `json:"day"`
	Table    string `json:"table"`
	Currency string `json:"currency"`
	// Kind is the row's code: the items' kind ("card").
	Kind string `json:"kind"`
	// Sold is how many items were sold, Sales their prices.
	Sold  int             `json:"sold"`
	Sales decimal.Decimal `json:"sales"`
	// Prizes is what the settled items paid (DailyTotals.Paid less what
	// corrections reversed).
	Prizes decimal.Decimal `json:"prizes"`
	// Refunds counts the items refunded (a void game's), Refunded their
	// prices.
	Refunds  int             `json:"refunds"`
	Refunded decimal.Decimal `json:"refunded"`
	// HallShare is Sales − Prizes − Refunded: the hall's revenue.
	HallShare decimal.Decimal `json:"hall_share"`
}

// WalletEntry is one event that moved a player's wallet.
type WalletEntry struct {
	Seq      uint64      `json:"seq"`
	At       time.Time   `json:"at"`
	Type     events.Type `json:"type"`
	Currency string      `json:"currency"`
	// Amount is the net change of the wallet: negative for a withdrawal or
	// a stake, positive for a deposit, a payout or a refund.
	Amount       decimal.Decimal `json:"amount"`
	BalanceAfter decimal.Decimal `json:"balance_after"`
	Table        string          `json:"table,omitempty"`
	Round        string          `json:"round,omitempty"`
	Slip         string          `json:"slip,omitempty"`
	Bet          string          `json:"bet,omitempty"`
	Reference    string          `json:"reference,omitempty"`
	Reason       string          `json:"reason,omitempty"`
	Actor        events.Actor    `json:"actor"`
}

// WalletPage is the answer of WalletHistory: newest entry first.
type WalletPage struct {
	Seq     uint64        `json:"seq"`
	Player  string        `json:"player"`
	Entries []WalletEntry `json:"entries"`
	Next    string        `json:"next,omitempty"`
}

// RoundIndex is where a round's events are in the stream, for replay.
type RoundIndex struct {
	Seq      uint64   `json:"seq"`
	Round    string   `json:"round"`
	Table    string   `json:"table"`
	Currency string   `json:"currency"`
	Scale    int32    `json:"scale"`
	Events   []uint64 `json:"events"`
}

// Page asks for one page of a list. The zero Page is the first page of
// PageLimitDefault items.
type Page struct {
	// Cursor is the Next of the previous page; "" for the first.
	Cursor string `json:"cursor,omitempty"`
	// Limit is the page size, 0 for PageLimitDefault, at most PageLimitMax.
	Limit int `json:"limit,omitempty"`
}
