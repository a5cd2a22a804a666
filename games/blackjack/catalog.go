package blackjack

import (
	"fmt"

	"github.com/wagerlog/wagerlog/games/kit"
)

// IDChile2010 is blackjack with the Perfect Pairs side bet as the Chilean
// catalogue of games rules it after the amendments of Resolución exenta
// N°373 of 19 August 2010 (seeds/004_11b2de8449360267.txt).
const IDChile2010 = "blackjack/chile-2010"

// Paytables returns the catalog of blackjack paytables, freshly built on
// every call (no package state to share or corrupt), in id order.
func Paytables() []*Paytable { return []*Paytable{mustNew(chile2010())} }

// Lookup returns the catalog paytable with that id, or an error wrapping
// ErrUnknownPaytable.
func Lookup(id string) (*Paytable, error) {
	if id == IDChile2010 {
		return mustNew(chile2010()), nil
	}
	return nil, fmt.Errorf("%w %q (known: %s)", ErrUnknownPaytable, id, IDChile2010)
}

// mustNew builds a catalog paytable. Catalog data is a literal of this
// package, validated by its tests, so a failure is a programming error.
func mustNew(d Data) *Paytable { return kit.MustBuild("blackjack", New, d) }

// chile2010 is the table of docs/games/blackjack.md: blackjack 3:2, a win 1:1, insurance 2:1
// up to half the bet, Perfect Pairs 25:1 (seed 004 amendment 9, replacing
// 30:1), 12:1 and 6:1, six decks, the dealer standing on every 17, double
// after split, aces not re-split, four hands at most, surrender returning
// half (amendment 6), Perfect Pairs from 10% to 80% of the main bet
// (amendment 8, read in docs/games/blackjack.md), the cut card 52 to 104
// cards from the end (amendment 5 d).
func chile2010() Data {
	return Data{
		ID:      IDChile2010,
		Version: 1,
		Game:    GameName,
		Source:  "Resolución exenta N°373 de 19 de agosto de 2010, Superintendencia de Casinos de Juego (Chile): Black Jack 1.5 and Black Jack variante Perfect Pairs 1.5 and 1.7 (seeds/004_11b2de8449360267.txt), issue #18",
		Decks:   6,
		Rules: []Rule{
			{Line: LineBlackjack, Odds: Odds{Win: 3, Per: 2}, Name: "black jack"},
			{Line: LineWin, Odds: Odds{Win: 1, Per: 1}, Name: "mano ganadora"},
			{Line: LineInsurance, Odds: Odds{Win: 2, Per: 1}, Name: "seguro"},
			{Line: LinePerfectPair, Odds: Odds{Win: 25, Per: 1}, Name: "Perfect Pairs (misma pinta)"},
			{Line: LineColouredPair, Odds: Odds{Win: 12, Per: 1}, Name: "pareja de color"},
			{Line: LineMixedPair, Odds: Odds{Win: 6, Per: 1}, Name: "pareja mixta"},
		},
		Settings: Settings{
			DealerHitsSoft17:       false,
			DoubleAfterSplit:       true,
			ResplitAces:            false,
			HandsMax:               4,
			SurrenderReturnPercent: "50",
			InsuranceMaxPercent:    "50",
			PerfectPairsMinPercent: "10",
			PerfectPairsMaxPercent: "80",
			CutCardMin:             52,
			CutCardMax:             104,
		},
	}
}
