package games

import "github.com/shopspring/decimal"

// Sessioned is implemented by a paytable whose rounds are sold within a
// session above them: a bingo session sells one or more series of
// numbered cards, each at its face value, over several games, announced
// when it opens (seed 002 bingo IV). The ledger opens a session
// on a table with its terms (session.opened), checks every sale of the
// session's rounds against them (CheckSale), keeps a sale key (Seller)
// once per session and at most SalesMax sales in the session, and closes
// it (session.closed). The terms are the game's data: the generic layers
// keep their JSON and ask the game.
type Sessioned interface {
	Seller
	// ParseSession reads a session's terms as the hall announces them (a
	// JSON object), strictly, for a currency of scale decimals. Its error
	// has an ErrorCode.
	ParseSession(raw []byte, scale int32) (SessionTerms, error)
}

// SessionTerms are an open session's terms as its game reads them.
type SessionTerms interface {
	// JSON is the terms' canonical encoding, as session.opened records
	// it; parsing it again gives the same terms.
	JSON() []byte
	// Sale validates a bet sold in the session (its code accepted by
	// BetKind) at price: an item the terms announce, at the price they
	// set, and says how it plays. Its error has an ErrorCode.
	Sale(code string, price decimal.Decimal) (SessionSale, error)
	// SalesMax is the most bets the session may sell over all its rounds.
	SalesMax() int
}

// SessionSale is how a bet sold in a session plays: Stake in the round it
// is sold in; Held, when positive, is the rest of its price, held by the
// ledger and played by the same code at Held in the session's next round,
// without another sale (a bingo double card's second half: "valid for two
// consecutive games", seed 002 bingo I, II).
type SessionSale struct {
	Stake decimal.Decimal
	Held  decimal.Decimal
}
