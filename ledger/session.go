package ledger

import (
	"slices"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/posting"
)

// Sessions above a table's rounds (games.Sessioned: a bingo session sells
// series of numbered cards over several games, seed 002 bingo IV). A session is
// opened between rounds with its terms (session.opened) and closed
// between rounds (session.closed); every round opened meanwhile belongs
// to it (round.opened's session), and every sale in those rounds must be
// one the terms allow (an announced series at its face value), keep its
// sale key once in the whole session (a card number once per series) and
// keep the session within its SalesMax sales (cards_max). A table of such
// a game with no session open sells as before, each game on its own.

// SessionTermsMax bounds a session's terms as a command carries them.
const SessionTermsMax = 64 << 10

// Session is a table's session: the open one, or the last one closed.
type Session struct {
	ID           string
	Table        string
	Number       int64
	Paytable     string
	PaytableHash string
	// Terms are the session's terms, canonical JSON (session.opened).
	Terms    []byte
	SalesMax int
	Closed   bool
	// Rounds counts the rounds opened in the session; Codes are the codes
	// of the bets sold in it, in order, and Sales their stakes.
	Rounds int
	Codes  []string
	Sales  decimal.Decimal
	// Held are the second halves of the double cards sold in the
	// session's current round, in sale order: placed by the ledger when
	// the next round opens (in the same batch as round.opened), or
	// returned when the session closes first (account held:<table>).
	Held []events.HeldHalf
	// derived is what the decider derives from Terms and Codes: never
	// checkpointed, built again when missing.
	derived *sessionDerived
}

// sessionDerived is a session's terms parsed and the sale keys of its
// codes (n says how many codes the keys cover: codes only append).
type sessionDerived struct {
	terms games.SessionTerms
	n     int
	keys  map[string]struct{}
	// heldBy counts the held halves by player and heldSlips the slips
	// that will carry them (HeldPerSlip each), over Held[:heldN].
	heldBy    map[string]int
	heldSlips int
	heldN     int
}

// HeldSlipsMax bounds the slips that carry a round's held halves into
// the next round: they are written in one atomic batch with its
// round.opened (BatchEventsMax).
const HeldSlipsMax = BatchEventsMax - 1

// heldSlipsFor is how many slips of BetsPerSlipMax carry n halves of one
// player.
func heldSlipsFor(n int) int { return (n + BetsPerSlipMax - 1) / BetsPerSlipMax }

// OpenSession opens a session on a table between rounds with its terms
// (bingo: the series it sells). Supervisor only.
type OpenSession struct {
	Meta    `json:"-"`
	Table   string `json:"table"`
	Session string `json:"session"`
	// Terms are the session's terms as the hall announces them, a JSON
	// object the game reads (games.Sessioned.ParseSession). They are
	// bytes, not a json.RawMessage, so that terms that are not JSON are
	// refused by the game rather than by the request's hash.
	Terms []byte `json:"terms"`
}

func (c *OpenSession) meta() *Meta { return &c.Meta }

// CloseSession closes a table's open session between rounds.
type CloseSession struct {
	Meta    `json:"-"`
	Table   string `json:"table"`
	Session string `json:"session"`
	Reason  string `json:"reason,omitempty"`
}

func (c *CloseSession) meta() *Meta { return &c.Meta }

// OpenSessionOf returns the open session of a table, or nil.
func (s *State) OpenSessionOf(table string) *Session {
	if se := s.sessions[table]; se != nil && !se.Closed {
		return se
	}
	return nil
}

func (d *decider) openSession(s *State, c *OpenSession) ([]draft, error) {
	t, err := d.table(s, c.Table)
	if err != nil {
		return nil, err
	}
	if err := checkID("session", c.Session); err != nil {
		return nil, err
	}
	if len(c.Terms) > SessionTermsMax {
		return nil, errf(ErrInvalidRequest, "terms of %d bytes, over the %d-byte limit", len(c.Terms), SessionTermsMax)
	}
	pt, err := d.paytable(t)
	if err != nil {
		return nil, err
	}
	sd, ok := pt.(games.Sessioned)
	if !ok {
		return nil, errf(ErrInvalidRequest, "paytable %s sells no sessions", pt.ID())
	}
	last := s.sessions[t.ID]
	switch {
	case last != nil && !last.Closed:
		return nil, errf(ErrSessionOpen, "session %s of table %s is open", last.ID, t.ID)
	case last != nil && last.ID == c.Session:
		return nil, errf(ErrSessionOpen, "session %s of table %s was already held", c.Session, t.ID)
	case t.Active != "":
		return nil, errf(ErrRoundInProgress, "a session opens between rounds; round %s is in progress", t.Active)
	}
	terms, err := sd.ParseSession(c.Terms, t.Scale)
	if err != nil {
		return nil, errf(ErrInvalidRequest, "%v", err)
	}
	number := int64(1)
	if last != nil {
		number = last.Number + 1
	}
	return []draft{{
		typ: events.TypeSessionOpened, table: t.ID,
		payload: &events.SessionOpened{
			Table: t.ID, Session: c.Session, Number: number, Paytable: t.Paytable, PaytableHash: t.PaytableHash,
			Terms: terms.JSON(), SalesMax: terms.SalesMax(),
		},
	}}, nil
}

func (d *decider) closeSession(s *State, c *CloseSession) ([]draft, error) {
	t, err := d.table(s, c.Table)
	if err != nil {
		return nil, err
	}
	if err := checkText("reason", c.Reason, false); err != nil {
		return nil, err
	}
	se := s.OpenSessionOf(t.ID)
	switch {
	case se == nil || se.ID != c.Session:
		return nil, errf(ErrSessionNotOpen, "session %q is not open at table %s", c.Session, t.ID)
	case t.Active != "":
		return nil, errf(ErrRoundInProgress, "a session closes between rounds; round %s is in progress", t.Active)
	}
	// The halves held for a next game that will not come go back.
	var ps []events.Posting
	for _, h := range se.Held {
		ps = append(ps, events.Posting{From: posting.HeldAccount(t.ID), To: posting.WalletAccount(h.Player), Amount: h.Amount, Currency: t.Currency})
	}
	return []draft{{
		typ: events.TypeSessionClosed, table: t.ID,
		payload: &events.SessionClosed{
			Table: t.ID, Session: se.ID, Rounds: se.Rounds, Sold: len(se.Codes), Sales: se.Sales, Currency: t.Currency, Reason: c.Reason,
			Returned: slices.Clone(se.Held),
		},
		postings: ps,
	}}, nil
}

// sessionDerivedOf parses a session's terms and indexes its sale keys,
// once, then extends the index with the codes sold since.
func (d *decider) sessionDerivedOf(se *Session, pt games.Paytable, scale int32) (*sessionDerived, error) {
	sd, ok := pt.(games.Sessioned)
	if !ok {
		return nil, errf(ErrInvalidRequest, "paytable %s sells no sessions", pt.ID())
	}
	if se.derived == nil || se.derived.n > len(se.Codes) {
		terms, err := sd.ParseSession(se.Terms, scale)
		if err != nil {
			return nil, errf(ErrPaytableChanged, "session %s: its terms do not parse under %s: %v", se.ID, pt.ID(), err)
		}
		se.derived = &sessionDerived{terms: terms, keys: make(map[string]struct{}, len(se.Codes))}
	}
	dv := se.derived
	for _, c := range se.Codes[dv.n:] {
		dv.keys[sd.SaleKey(c)] = struct{}{}
	}
	dv.n = len(se.Codes)
	if dv.heldBy == nil || dv.heldN > len(se.Held) {
		// Held empties when a round opens and carries them.
		dv.heldBy, dv.heldSlips, dv.heldN = map[string]int{}, 0, 0
	}
	for _, h := range se.Held[dv.heldN:] {
		dv.addHeld(h.Player, 1)
	}
	dv.heldN = len(se.Held)
	return dv, nil
}

// addHeld counts k more held halves of player.
func (dv *sessionDerived) addHeld(player string, k int) {
	c := dv.heldBy[player]
	dv.heldSlips += heldSlipsFor(c+k) - heldSlipsFor(c)
	dv.heldBy[player] = c + k
}

// sessionSales checks a slip of a round sold in table t's open session
// against its terms and says how each bet plays: it refuses a bet the
// terms do not offer at that price, a sale key the session sold before,
// more sales than the session's SalesMax, and more held halves than the
// next round's opening can carry. It returns the slip's bets with their
// stakes (a double card's price less its held half) and each bet's held
// part; the bets as given, and no held part, outside a session.
func (d *decider) sessionSales(s *State, t *Table, r *Round, pt games.Paytable, player string, bets []BetRequest) ([]BetRequest, []decimal.Decimal, error) {
	se := s.OpenSessionOf(t.ID)
	if se == nil {
		return bets, nil, nil
	}
	dv, err := d.sessionDerivedOf(se, pt, r.Scale)
	if err != nil {
		return nil, nil, err
	}
	if len(se.Codes)+len(bets) > dv.terms.SalesMax() {
		return nil, nil, errf(ErrBetRefused, "session %s sold %d; %d more would be over its limit of %d", se.ID, len(se.Codes), len(bets), dv.terms.SalesMax())
	}
	seller := pt.(games.Sessioned)
	out := make([]BetRequest, len(bets))
	held := make([]decimal.Decimal, len(bets))
	halves := 0
	for i, b := range bets {
		// A code the game cannot read is refused as outside a session
		// (invalid_bet_code, invalid_card): the session's terms only
		// decide where a well-formed card may be sold.
		if _, err := pt.BetKind(b.Code); err != nil {
			return nil, nil, err
		}
		if err := checkAmount("price of "+b.Code, b.Stake, r.Scale); err != nil {
			return nil, nil, err
		}
		sale, err := dv.terms.Sale(b.Code, b.Stake)
		if err != nil {
			return nil, nil, errf(ErrBetRefused, "session %s: %v", se.ID, err)
		}
		if _, sold := dv.keys[seller.SaleKey(b.Code)]; sold {
			return nil, nil, errf(ErrBetRefused, "%s is already sold in session %s", seller.SaleKey(b.Code), se.ID)
		}
		out[i], held[i] = b, sale.Held
		out[i].Stake = sale.Stake
		if sale.Held.IsPositive() {
			halves++
		}
	}
	if halves > 0 {
		c := dv.heldBy[player]
		if dv.heldSlips+heldSlipsFor(c+halves)-heldSlipsFor(c) > HeldSlipsMax {
			return nil, nil, errf(ErrBetRefused, "session %s holds double cards for the next game in %d slips; the opening of a game carries at most %d", se.ID, dv.heldSlips, HeldSlipsMax)
		}
	}
	return out, held, nil
}

// carriedSlips drafts the slips that place the held halves of a
// session's round before in the round opening now, one slip per player
// and BetsPerSlipMax halves, in the order they were sold: their stakes
// move from the table's held account into play.
func (d *decider) carriedSlips(s *State, t *Table, round string, se *Session) []draft {
	var order []string
	by := map[string][]events.HeldHalf{}
	for _, h := range se.Held {
		if _, ok := by[h.Player]; !ok {
			order = append(order, h.Player)
		}
		by[h.Player] = append(by[h.Player], h)
	}
	var out []draft
	for _, player := range order {
		hs := by[player]
		for len(hs) > 0 {
			n := min(len(hs), BetsPerSlipMax)
			bal := s.walletBalance(player, t.Currency)
			p := &events.BetPlaced{Slip: d.newID().String(), Player: player, Table: t.ID, Round: round, Currency: t.Currency,
				Bets: make([]events.PlacedBet, n), Total: decimal.Zero, BalanceBefore: bal, BalanceAfter: bal, Carried: true}
			ps := make([]events.Posting, n)
			for i, h := range hs[:n] {
				p.Bets[i] = events.PlacedBet{Bet: d.newID().String(), Code: h.Code, Stake: h.Amount}
				p.Total = p.Total.Add(h.Amount)
				ps[i] = events.Posting{From: posting.HeldAccount(t.ID), To: posting.InPlayAccount(t.ID), Amount: h.Amount, Currency: t.Currency}
			}
			out = append(out, draft{typ: events.TypeBetPlaced, table: t.ID, round: round, payload: p, postings: ps})
			hs = hs[n:]
		}
	}
	return out
}

// applySession applies the session events and what a round and its
// sales add to the table's open session.
func (s *State) applySession(payload any) bool {
	switch p := payload.(type) {
	case *events.SessionOpened:
		s.sessions[p.Table] = &Session{
			ID: p.Session, Table: p.Table, Number: p.Number, Paytable: p.Paytable, PaytableHash: p.PaytableHash,
			Terms: p.Terms, SalesMax: p.SalesMax, Sales: decimal.Zero,
		}
	case *events.SessionClosed:
		s.sessions[p.Table].Closed = true
	default:
		return false
	}
	return true
}

// sessionRound counts a round opened in the table's open session; the
// halves held for it are carried into it by the slips that follow
// round.opened in its batch.
func (s *State) sessionRound(p *events.RoundOpened) {
	if se := s.OpenSessionOf(p.Table); se != nil {
		se.Rounds++
		se.Held = nil
	}
}

// sessionSold adds a slip's sales to the table's open session, and the
// halves they hold for the next round. A carried slip sells nothing.
func (s *State) sessionSold(p *events.BetPlaced) {
	se := s.OpenSessionOf(p.Table)
	if se == nil || p.Carried {
		return
	}
	for _, b := range p.Bets {
		se.Codes = append(se.Codes, b.Code)
		se.Sales = se.Sales.Add(b.Stake).Add(b.Held)
		if b.Held.IsPositive() {
			se.Held = append(se.Held, events.HeldHalf{Player: p.Player, Code: b.Code, Amount: b.Held})
		}
	}
}

func sessionID(se *Session) string {
	if se == nil {
		return ""
	}
	return se.ID
}
