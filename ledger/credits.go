package ledger

import (
	"net/http"
	"time"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/posting"

	"github.com/wagerlog/wagerlog/errcode"
	"github.com/wagerlog/wagerlog/games"
)

// Promotional credits (seed 004_11b2de8449360267.txt, 6.5.1: a
// complementary prize may be paid "con créditos promocionales para ser
// jugados en la variante de progresivo"). A player's credits are an
// account of their own, credits:<player>, apart from the wallet: a
// complementary prize paid in credits goes there (ledger/draw.go), a slip
// whose Funding is FundingCredits stakes from there, and only progressive
// bets; a refund goes back there. No command moves credits to the wallet
// or the cashier: they are never withdrawn.

// ErrCreditsNotAllowed is returned for a slip paid with credits that
// stakes anything but progressive bets (or a bet with a fee or a held
// part), for an unknown funding, and for taking down a bet paid with
// credits: credits play only the progressive and never turn into cash.
var ErrCreditsNotAllowed = errcode.New("credits_not_allowed", http.StatusUnprocessableEntity, "Credits not allowed",
	"promotional credits pay only progressive bets")

// checkCreditsBet refuses a bet of a slip paid with credits that is not a
// progressive bet, or that would move more than its stake (a fee, a held
// part), and an unknown funding.
func checkCreditsBet(pt games.Paytable, funding, code string, more bool) error {
	switch funding {
	case "":
		return nil
	case posting.FundingCredits:
	default:
		return errf(ErrCreditsNotAllowed, "funding %q: a slip is paid from the wallet (no funding) or %q", funding, posting.FundingCredits)
	}
	if pg, ok := pt.(games.Progressive); !ok || !pg.ProgressiveBet(code) || more {
		return errf(ErrCreditsNotAllowed, "%s is not a progressive bet: credits pay only progressive bets (seed 004, 6.5.1)", code)
	}
	return nil
}

// ErrCreditsNotExpired is returned when expiring a player's credits that
// have not expired yet, never expire, or are none.
var ErrCreditsNotExpired = errcode.New("credits_not_expired", http.StatusConflict, "Credits not expired",
	"the player's credits have not expired")

// CreditsTerm is when a player's credits of one currency expire and where
// they then go (the pool's main account or the casino): the term of the
// last complementary prize that paid them credits that expire. Each such
// prize extends every credit the player holds; a prize whose credits never
// expire removes the term.
type CreditsTerm struct {
	Expires time.Time
	To      string
}

func creditsKey(player, currency string) string { return player + "\x00" + currency }

// creditsDrawn folds the credits a pass paid into their players' terms.
func (s *State) creditsDrawn(p *events.JackpotDrawn) {
	for _, z := range p.Prizes {
		if z.Pay != posting.PayCredits {
			continue
		}
		if z.Expires.IsZero() {
			delete(s.credits, creditsKey(z.Player, p.Currency))
			continue
		}
		s.credits[creditsKey(z.Player, p.Currency)] = CreditsTerm{Expires: z.Expires, To: z.ExpireTo}
	}
}

// ExpireCredits returns a player's expired promotional credits of one
// currency to where the paying pool's parameters say (a finance task, or
// a scheduled job's): the whole balance of credits:<player>, with a
// credits.expired event; refused with ErrCreditsNotExpired before the
// term, for credits that never expire, or for none.
type ExpireCredits struct {
	Meta     `json:"-"`
	Player   string `json:"player"`
	Currency string `json:"currency"`
}

func (c *ExpireCredits) meta() *Meta { return &c.Meta }

func (d *decider) expireCredits(s *State, c *ExpireCredits, now time.Time) ([]draft, error) {
	if err := checkID("player", c.Player); err != nil {
		return nil, err
	}
	if _, err := d.scale(c.Currency); err != nil {
		return nil, err
	}
	term, ok := s.credits[creditsKey(c.Player, c.Currency)]
	balance := s.balance(posting.CreditsAccount(c.Player), c.Currency)
	switch {
	case !ok:
		return nil, errf(ErrCreditsNotExpired, "%s's credits in %s never expire", c.Player, c.Currency)
	case now.Before(term.Expires):
		return nil, errf(ErrCreditsNotExpired, "%s's credits expire at %s", c.Player, term.Expires.Format(time.RFC3339))
	case !balance.IsPositive():
		return nil, errf(ErrCreditsNotExpired, "%s holds no credits in %s", c.Player, c.Currency)
	}
	to := expiredTo(s, term.To)
	return []draft{{
		typ:      events.TypeCreditsExpired,
		payload:  &events.CreditsExpired{Player: c.Player, Currency: c.Currency, Amount: balance, To: to, Expired: term.Expires},
		postings: []events.Posting{{From: posting.CreditsAccount(c.Player), To: to, Amount: balance, Currency: c.Currency}},
	}}, nil
}

// expiredTo is where expired credits go: the term's account, or the
// casino when it is a pool decommissioned since (no money is left in a
// pool no command reaches).
func expiredTo(s *State, to string) string {
	if id, ok := posting.PoolOfAccount(to); ok {
		if p := s.pools[id]; p == nil || p.Decommissioned {
			return posting.AccountCasino
		}
	}
	return to
}
