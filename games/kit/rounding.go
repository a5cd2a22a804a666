package kit

// Rounding policies, as a paytable names them (games.Publisher.Rounding).
const (
	// RoundDown truncates an amount to the currency's scale: every game's
	// wins and returns; the residue goes to the table's rounding account.
	RoundDown = "round_down"
	// RoundUp rounds an amount the house takes up to the currency's scale:
	// punto banco's banker commission, deux tableaux's cagnotte.
	RoundUp = "round_up"
)
