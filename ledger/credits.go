package ledger

import (
	"net/http"

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

// FundingCredits is PlaceSlip.Funding (and BetPlaced.Funding,
// BetRefunded.Funding) of a slip paid with promotional credits.
const FundingCredits = "credits"

// ErrCreditsNotAllowed is returned for a slip paid with credits that
// stakes anything but progressive bets (or a bet with a fee or a held
// part), for an unknown funding, and for taking down a bet paid with
// credits: credits play only the progressive and never turn into cash.
var ErrCreditsNotAllowed = errcode.New("credits_not_allowed", http.StatusUnprocessableEntity, "Credits not allowed",
	"promotional credits pay only progressive bets")

// StakeAccount is the account a bet's stake comes from and is refunded to:
// the player's credits for FundingCredits, the wallet otherwise.
func StakeAccount(funding, player string) string {
	if funding == FundingCredits {
		return CreditsAccount(player)
	}
	return WalletAccount(player)
}

// checkCreditsBet refuses a bet of a slip paid with credits that is not a
// progressive bet, or that would move more than its stake (a fee, a held
// part), and an unknown funding.
func checkCreditsBet(pt games.Paytable, funding, code string, more bool) error {
	switch funding {
	case "":
		return nil
	case FundingCredits:
	default:
		return errf(ErrCreditsNotAllowed, "funding %q: a slip is paid from the wallet (no funding) or %q", funding, FundingCredits)
	}
	if pg, ok := pt.(games.Progressive); !ok || !pg.ProgressiveBet(code) || more {
		return errf(ErrCreditsNotAllowed, "%s is not a progressive bet: credits pay only progressive bets (seed 004, 6.5.1)", code)
	}
	return nil
}
