package games

import (
	"math/big"

	"github.com/shopspring/decimal"
)

// Outcome is how a bet ended for one result.
type Outcome string

// Outcomes.
const (
	// OutcomeWon: the stake is returned with a win.
	OutcomeWon Outcome = "won"
	// OutcomeLost: the stake goes to the house.
	OutcomeLost Outcome = "lost"
	// OutcomePush: the stake is returned without a win (card games' ties).
	OutcomePush Outcome = "push"
	// OutcomeOpen: the results so far did not decide the bet; it stays in
	// play for the round's next result (craps bets that stay up over
	// several rolls).
	OutcomeOpen Outcome = "open"
)

// Decided reports whether the outcome ends the bet.
func (o Outcome) Decided() bool {
	return o == OutcomeWon || o == OutcomeLost || o == OutcomePush
}

// Result is one result of a round as the dealer entered it, parsed and
// validated by its paytable (Paytable.ParseResult): three dice, a roulette
// pocket, two craps dice, the cards of a coup, a bingo ball. The generic
// layers (ledger, projections, replay, audit, api) hold a Result only
// through this interface and record its JSON; only the game that parsed it
// reads what is inside.
type Result interface {
	// JSON is the result's canonical encoding, a JSON object, exactly as
	// the events record it ({"dice":[2,2,5]}, {"pocket":"00"}). Parsing it
	// again gives an Equal result with the same JSON.
	JSON() []byte
	// String is the result as a dealer or an auditor reads it ("2-2-5",
	// "00").
	String() string
	// Equal reports whether other is the same result of the game. It is
	// equality as the game settles, not as it was written: Sic Bo dice
	// [4,2,5] and [5,2,4] are equal. A correction must change the result
	// under this equality.
	Equal(other Result) bool
}

// Bet is a placed bet as a game settles it.
type Bet struct {
	// Code is the bet code ("straight:17", "place:6").
	Code string
	// Stake is what the player staked, in the table's currency.
	Stake decimal.Decimal
	// Since is how many of the round's results were recorded before the
	// bet was placed: 0 for every bet of a one-result round.
	Since int
	// Working is the craps player's "working" flag: a place, buy or
	// hardway bet (or come odds) that plays on a come-out roll. Games
	// without such a flag refuse it at placement.
	Working bool
}

// Contribution is a share of a stake that goes to a pool (a progressive
// jackpot) instead of the house.
type Contribution struct {
	Pool   string          `json:"pool"`
	Amount decimal.Decimal `json:"amount"`
}

// Settlement is how one bet is settled against a round's results.
type Settlement struct {
	Outcome Outcome `json:"outcome"`
	// Win is what the house pays on top of the returned stake, rounded down
	// to the currency's smallest unit.
	Win decimal.Decimal `json:"win"`
	// Returned is what goes back to the player's wallet: stake plus Win
	// less Commission on a win, the stake on a push, zero on a loss, and
	// zero while Open. A game whose losing bets return part of the stake
	// (roulette's la partage, blackjack's surrender) reports OutcomeLost
	// with that part here.
	Returned decimal.Decimal `json:"returned"`
	// Residue is what the rounding policy did not pay: the exact win minus
	// Win, or on a lost bet that returns part of its stake (la partage),
	// the exact return minus Returned. It is a fraction of the smallest
	// unit, never negative, and the ledger posts it from the house to the
	// table's rounding account.
	Residue decimal.Decimal `json:"residue"`
	// ResidueExact is the residue exactly, as a fraction of the currency's
	// unit, when Residue is not: a payout of 7:6 leaves a third of a
	// smallest unit, which no decimal holds, and Residue is then cut to
	// the game's residue scale. Nil when Residue is exact (every game but
	// craps, whose odds may have a 3, 7 or 11 below the line). It is not
	// encoded: settlement answers keep their members (ExactResidue gives
	// it in every case).
	ResidueExact *big.Rat `json:"-"`
	// Rule names the paytable rule that decided the bet, for the dispute
	// report, e.g. "double:2 pays 8:1 (at least two dice show 2)".
	Rule string `json:"rule"`
	// Commission is taken from a win (baccarat's banker bet, 5%), rounded
	// up to the smallest unit; the ledger posts it to the table's
	// commission account, never to the house's result.
	Commission decimal.Decimal `json:"commission,omitzero"`
	// Contributions go to pools (progressive jackpots).
	Contributions []Contribution `json:"contributions,omitempty"`
	// Counterparty pays the win and takes the lost stake: the house ("",
	// CounterpartyHouse) unless the game says otherwise (a player's bank,
	// the round's prize pool).
	Counterparty string `json:"counterparty,omitempty"`
}

// ExactResidue returns the residue exactly: ResidueExact when the game
// set it, else Residue as a fraction.
func (s Settlement) ExactResidue() *big.Rat {
	if s.ResidueExact != nil {
		return new(big.Rat).Set(s.ResidueExact)
	}
	return s.Residue.Rat()
}

// BetRTP is the exact return to player of one bet of a paytable: the
// expected amount returned per unit staked, over every result weighted by
// its probability, as a fraction (never a simulation).
type BetRTP struct {
	// Code is the bet code ("straight:17", "small").
	Code string
	// Kind is the bet's kind, the key of its stake limit.
	Kind string
	// Pays is the paytable line as a player reads it ("35:1").
	Pays string
	// RTP is the exact expected return per unit staked.
	RTP *big.Rat
}

// HouseEdge is 1 − RTP.
func (b BetRTP) HouseEdge() *big.Rat { return new(big.Rat).Sub(big.NewRat(1, 1), b.RTP) }

// Paytable is one game's rules at one version, as the generic layers need
// them. Every game package implements it; the ledger settles with it, the
// verifier and the dispute replay re-settle with it, the regulator report
// compares actual returns with RTP. A *Paytable of a game package is
// immutable and safe for concurrent use.
type Paytable interface {
	// ID is the paytable's id, "<game>/<variant>" ("sicbo/live").
	ID() string
	// Game is the game's name ("sicbo", "roulette").
	Game() string
	// Version counts revisions of the same id, from 1.
	Version() int
	// Source cites the regulation the paytable transcribes.
	Source() string
	// Hash is the content hash recorded in table.opened; a round's bets
	// are settled only by a paytable with the hash the round was opened
	// under.
	Hash() string
	// Kinds lists the bet kinds the paytable offers, the keys a table's
	// stake limits may use.
	Kinds() []string
	// BetKind validates code against this paytable and returns its kind,
	// which selects the stake limit.
	BetKind(code string) (string, error)
	// ParseResult decodes a result as the dealer entered it (a JSON
	// object: {"dice":[2,2,5]}, {"pocket":"00"}), strictly: unknown or
	// duplicate members and values outside the game are refused with an
	// error that has an ErrorCode. It also reads the JSON the events
	// recorded.
	ParseResult(raw []byte) (Result, error)
	// Settle settles one bet (in a currency with scale decimals) against
	// the round's results, all of them in order: the bet takes part in
	// results[b.Since:], and a game whose bets depend on the table's state
	// when they were placed (a craps point) reads it from
	// results[:b.Since]. It returns OutcomeOpen while the results do not
	// decide the bet.
	Settle(b Bet, scale int32, results []Result) (Settlement, error)
	// RoundOver reports whether a round with these results is complete:
	// after one result for Sic Bo and roulette; after a seven-out in
	// craps.
	RoundOver(results []Result) bool
	// RTP lists the exact RTP of every bet the paytable offers, in
	// listing order.
	RTP() []BetRTP
}

// CodedError is implemented by the errors of game packages: ErrorCode is
// the stable machine code the API answers with (invalid_bet_code,
// bet_not_offered, invalid_result, …). Callers find it with errors.As and
// never read an error's text.
type CodedError interface {
	error
	ErrorCode() string
}

// The interfaces below are optional: a paytable implements the ones its
// game needs, and the ledger, the verifier and the replay use them where
// they are implemented. docs/ARCHITECTURE.md ("The game seam") says which
// game needs which.

// Placer is implemented by a paytable whose bets depend on the round's
// state when they are placed: craps takes pass only on a come-out roll,
// come only when a point is on, odds only behind a line bet that has a
// point and up to a multiple of it.
type Placer interface {
	// CheckPlacement validates bet b placed after results (b.Since ==
	// len(results)), beside the same player's bets of the round that are
	// still open. Its error has an ErrorCode.
	CheckPlacement(b Bet, results []Result, open []Bet) error
}

// Charger is implemented by a paytable that charges a commission when a
// bet is placed (craps buy and lay: 5%). The ledger posts it from the
// wallet to the table's commission account with the stake; it is never
// returned, whatever the outcome or a take-down.
type Charger interface {
	// Charge returns the commission charged on placing b, rounded up to
	// the currency's scale; zero when b has none.
	Charge(b Bet, scale int32) decimal.Decimal
}

// ResultChecker is implemented by a paytable whose results are valid only
// after the round's earlier ones: a bingo ball is drawn once, a third card
// only where the drawing rules allow it.
type ResultChecker interface {
	// CheckResult validates r recorded after prior. Its error has an
	// ErrorCode.
	CheckResult(r Result, prior []Result) error
}

// DecisionChecker is implemented by a paytable whose results include
// players' decisions that put more money in play (a blackjack double or
// split, a War raise): the money is a bet of its own, placed (Placer)
// just before the dealer records the decision, and the decision is
// refused without it. CheckResult cannot see the bets; this check does.
// The ledger calls it after CheckResult, and a correction of a round's
// last result too.
type DecisionChecker interface {
	// CheckDecision validates r recorded after prior, given the round's
	// bets in play (every player's, each with its Since). Its error has
	// an ErrorCode.
	CheckDecision(r Result, prior []Result, bets []Bet) error
}

// TakeDowner is implemented by a paytable whose open bets the player may
// take down between results (craps place, buy, lay, hardways, odds): the
// stake goes back to the wallet, a charged commission does not.
type TakeDowner interface {
	// CheckTakeDown validates taking b down after results, beside the
	// same player's other bets of the round that are still open (craps
	// odds stand behind their line bet, which cannot be taken down under
	// them). Its error has an ErrorCode.
	CheckTakeDown(b Bet, results []Result, open []Bet) error
}

// Counterparties of a settlement: who pays a bet's win and takes its lost
// stake. The ledger maps each to an account of the table.
const (
	// CounterpartyHouse is the casino (the default, "").
	CounterpartyHouse = ""
	// CounterpartyBank is a player's bank in custody at the table
	// (player-banked games: baccarat à deux tableaux).
	CounterpartyBank = "bank"
	// CounterpartyPrizes is the round's prize pool (bingo's line and
	// bingo prizes), funded by a transfer of the round.
	CounterpartyPrizes = "prizes"
)

// Transfer is money a round moves as a whole, not one bet: the prize pool
// funded from the sales, the cagnotte taken from the bank's net win. From
// and To are counterparties (CounterpartyHouse, CounterpartyBank,
// CounterpartyPrizes) or "commission" (the table's commission account).
type Transfer struct {
	From   string          `json:"from"`
	To     string          `json:"to"`
	Amount decimal.Decimal `json:"amount"`
	Rule   string          `json:"rule"`
}

// Funds are the balances a round's settlement may depend on, as they
// stood when its last result was recorded.
type Funds struct {
	// Bank is the balance of the table's bank in custody (zero when no
	// player holds it).
	Bank decimal.Decimal `json:"bank"`
	// Pool is the progressive pool the table is linked to, for a
	// Progressive paytable; nil when it is linked to none.
	Pool *PoolFunds `json:"pool,omitempty"`
	// Closed are the transfers the round posted when its sales closed
	// (SalesCloser): a bingo game's prizes already in the pool. Nil for
	// a round that posted none, or was written before sales close
	// posted anything.
	Closed []Transfer `json:"closed,omitempty"`
}

// RoundSettlement settles a round's bets together.
type RoundSettlement struct {
	// Bets holds one settlement per bet, in the order given.
	Bets []Settlement
	// Transfers are applied after the bets' settlements.
	Transfers []Transfer
}

// CommissionAccount is the To of a Transfer that goes to the table's
// commission account (a cagnotte).
const CommissionAccount = "commission"

// RoundSettler is implemented by a paytable whose bets are settled
// together when the round is over: prizes shared among the winners (bingo),
// a player's bank that wins or loses against every punter and pays a
// cagnotte on its net win (baccarat à deux tableaux). The ledger calls
// SettleRound once the round is over, instead of Settle per bet; the
// verifier and the replay call it again with the recorded funds.
type RoundSettler interface {
	// SettleRound settles every bet of the round against its results,
	// given the funds; no bet may stay open.
	SettleRound(bets []Bet, scale int32, results []Result, funds Funds) (RoundSettlement, error)
}

// Shoed is implemented by a paytable dealt from a shoe that the table
// replaces when the cut card comes out (baccarat à deux tableaux,
// blackjack, War): the table starts a shoe with an event
// (table.shoe_started: the decks and how many cards the cut card leaves
// behind), and once a round brought the cut card out the shoe is over and
// no round opens until a new one starts. A game that judges each round
// alone (punto banco) does not implement it.
type Shoed interface {
	// Decks is the shoe's number of decks.
	Decks() int
	// CheckCut refuses a cut card that leaves a number of cards behind
	// it that the game's rules do not allow.
	CheckCut(cards int) error
	// ShoeOver reports whether the cut card came out during these
	// results: the round finishes, and the next is dealt from a new shoe.
	ShoeOver(results []Result) bool
}

// PlayerBanked is implemented by a paytable whose bets play against a
// player's bank in custody, not the house (baccarat à deux tableaux): a
// round takes bets only while a player holds the bank, the round's stakes
// may not exceed the bank, and the settlement's counterparty is
// CounterpartyBank.
type PlayerBanked interface {
	// PlayerBanked marks the paytable; it does nothing.
	PlayerBanked()
}

// Voider is implemented by a paytable whose results can declare a play
// void (baccarat à deux tableaux, seed 002 section VIII: stuck cards, cards
// lost unseen, an irregular deal): the stakes on the void part are
// returned by the settlement, and the ledger takes such a result only from
// a supervisor. The result records the reason, so the void is an event
// (round.result) with its reason.
type Voider interface {
	// VoidReason returns the reason of r's void play, or "" when r has
	// none.
	VoidReason(r Result) string
}
