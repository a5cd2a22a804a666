package games

import "math/big"

// Publisher is implemented by every paytable of a build (a registry test
// checks it): what an edge shows of a paytable beside its settlement, so
// that `wagerlog paytable` and the auditors' checks name no game. The
// interface is apart from Paytable so that a test game may leave it out;
// an edge shows a paytable without it with its Paytable members only.
type Publisher interface {
	// CanonicalJSON returns the exact bytes whose SHA-256 is Hash: an
	// auditor recomputes the hash recorded on every bet from them.
	CanonicalJSON() []byte
	// Rules returns the paytable's rules as a JSON value, as its data
	// holds them (the lines and what they pay; a bingo paytable's prize
	// percentages).
	Rules() []byte
	// MaxMultiple returns the largest multiple of its stake one bet can
	// win, exactly.
	MaxMultiple() *big.Rat
	// Rounding names the rounding policy of the wins ("round_down"), and
	// of a commission where the game takes one.
	Rounding() string
	// Listing returns what the paytable's listing adds to each bet's RTP.
	Listing() Listing
}

// ListingForm says how a paytable's listing gives each bet's chance of
// winning.
type ListingForm string

// Listing forms.
const (
	// ListingNone gives no chance of winning, only what a bet pays and
	// its RTP: games whose bets are decided by the players' decisions too
	// (blackjack, War, Caribbean poker) or shared prizes (bingo).
	ListingNone ListingForm = ""
	// ListingOutcomes counts the equally likely outcomes of a result that
	// win each bet (216 ordered throws of three dice, 37 or 38 pockets).
	ListingOutcomes ListingForm = "outcomes"
	// ListingProbability gives each bet's exact probability of winning,
	// where the outcomes are not equally likely (punto banco's deals).
	ListingProbability ListingForm = "probability"
	// ListingRolls gives the expected rolls from a bet's placement to
	// its decision and the edge per roll (craps).
	ListingRolls ListingForm = "rolls"
)

// Listing is what a paytable's listing shows beside each bet's RTP.
type Listing struct {
	Form ListingForm
	// Outcomes is how many equally likely outcomes a result has, for
	// ListingOutcomes.
	Outcomes int
	// Bets describe the paytable's bets in the order of Paytable.RTP; a
	// bet missing here is listed with its RTP only.
	Bets []BetListing
}

// BetListing is one bet's line of a listing.
type BetListing struct {
	// Code is the bet code, as in Paytable.RTP.
	Code string
	// Name is the bet's name as the source writes it.
	Name string
	// Wins is how many of Outcomes equally likely outcomes win the bet,
	// and Halves how many return half the stake (la partage).
	Wins, Halves, Outcomes int
	// WinProbability is the exact probability of a win (ListingProbability).
	WinProbability *big.Rat
	// ExpectedRolls and EdgePerRoll are a craps bet's (ListingRolls).
	ExpectedRolls, EdgePerRoll *big.Rat
}
