package craps

import (
	"fmt"
	"strconv"

	"github.com/wagerlog/wagerlog/games/kit"
)

// IDPeru1999 is the Peruvian craps regulation of 1999 (seed
// seeds/003_79f68ae152380a01.txt, arts. 6-12), the catalog's one
// paytable.
const IDPeru1999 = "craps/peru-1999"

// Paytables returns the catalog of craps paytables, freshly built on every
// call (no package state to share or corrupt), in id order.
func Paytables() []*Paytable { return []*Paytable{mustNew(peru1999())} }

// Lookup returns the catalog paytable with that id, or an error wrapping
// ErrUnknownPaytable.
func Lookup(id string) (*Paytable, error) {
	if id == IDPeru1999 {
		return mustNew(peru1999()), nil
	}
	return nil, fmt.Errorf("%w %q (known: %s)", ErrUnknownPaytable, id, IDPeru1999)
}

// mustNew builds a catalog paytable. Catalog data is a literal of this
// package, validated by its tests, so a failure is a programming error.
func mustNew(d Data) *Paytable { return kit.MustBuild("craps", New, d) }

func odds(x, y int64) Odds { return Odds{Win: x, Per: y} }

// byNumber writes one line per point number of kind from a table of odds
// keyed by the point, as the seed's tables pair 4 with 10, 5 with 9 and 6
// with 8.
func byNumber(kind Kind, name string, pay map[int]Odds) []Rule {
	var out []Rule
	for _, n := range Points() {
		out = append(out, Rule{Bet: string(kind) + ":" + strconv.Itoa(n), Odds: pay[n], Name: fmt.Sprintf(name, n)})
	}
	return out
}

// pairs expands the seed's "4 o 10, 5 o 9, 6 u 8" rows.
func pairs(four, five, six Odds) map[int]Odds {
	return map[int]Odds{4: four, 10: four, 5: five, 9: five, 6: six, 8: six}
}

// peru1999 transcribes seed 003 (Resolución Directoral, Lima, 23 December
// 1999, "Reglamento del juego de Craps"), arts. 6 to 12. The pass, don't
// pass, come and don't come bets are in articles the seed does not carry;
// they pay even money as everywhere (docs/games/craps.md). The odds multiple (3) and
// the 5% commission of arts. 9 and 10 are data.
func peru1999() Data {
	trueOdds := pairs(odds(2, 1), odds(3, 2), odds(6, 5))
	layOdds := pairs(odds(1, 2), odds(2, 3), odds(5, 6))
	rules := []Rule{
		// Line bets: standard rules (the seed's articles on them are lost).
		{Bet: "pass", Odds: odds(1, 1), Name: "Línea Ganadora (Pass Line)"},
		{Bet: "dont_pass", Odds: odds(1, 1), Name: "Línea Perdedora (Don't Pass Line)"},
		{Bet: "come", Odds: odds(1, 1), Name: "Come"},
		{Bet: "dont_come", Odds: odds(1, 1), Name: "Don't Come"},
		// Art. 6: one-roll bets. The field pays 1 a 1, "2 a 1, si gana con
		// 2 ó 12".
		{Bet: "field", Odds: odds(1, 1), Name: "Field"},
		{Bet: "field", Number: 2, Odds: odds(2, 1), Name: "Field"},
		{Bet: "field", Number: 12, Odds: odds(2, 1), Name: "Field"},
		{Bet: "any_seven", Odds: odds(4, 1), Name: "\"7\""},
		{Bet: "any_craps", Odds: odds(7, 1), Name: "Cualquier Craps (Any Craps)"},
		{Bet: "three", Odds: odds(15, 1), Name: "\"3\" Crap 3"},
		{Bet: "eleven", Odds: odds(15, 1), Name: "\"11\""},
		{Bet: "twelve", Odds: odds(30, 1), Name: "\"12\" Crap 12"},
		{Bet: "two", Odds: odds(30, 1), Name: "\"2\" Crap 2"},
		// Art. 7.
		{Bet: "big6", Odds: odds(1, 1), Name: "Big 6"},
		{Bet: "big8", Odds: odds(1, 1), Name: "Big 8"},
		// Art. 8.
		{Bet: "hard:4", Odds: odds(7, 1), Name: "4 difícil (doble 2)"},
		{Bet: "hard:6", Odds: odds(9, 1), Name: "6 difícil (doble 3)"},
		{Bet: "hard:8", Odds: odds(9, 1), Name: "8 difícil (doble 4)"},
		{Bet: "hard:10", Odds: odds(7, 1), Name: "10 difícil (doble 5)"},
	}
	// Art. 9: place bets 9 a 5, 7 a 5, 7 a 6; buy bets 2 a 1, 3 a 2, 6 a 5.
	rules = append(rules, byNumber(KindPlace, "Apuesta a favor del %d (Place)", pairs(odds(9, 5), odds(7, 5), odds(7, 6)))...)
	rules = append(rules, byNumber(KindBuy, "Apuesta de compra al %d (Buy)", trueOdds)...)
	// Art. 10: against a number 5 a 11, 5 a 8, 4 a 5; lay 1 a 2, 2 a 3,
	// 5 a 6.
	rules = append(rules, byNumber(KindPlaceLose, "Apuesta en contra del %d (Don't Place)", pairs(odds(5, 11), odds(5, 8), odds(4, 5)))...)
	rules = append(rules, byNumber(KindLay, "Apuesta en contra del %d (Lay)", layOdds)...)
	// Arts. 11 and 12: odds behind the pass line and come, and behind the
	// don't pass line and don't come.
	for _, n := range Points() {
		rules = append(rules,
			Rule{Bet: "pass_odds", Number: n, Odds: trueOdds[n], Name: "Gabela a la Línea Ganadora (Pass Line)"},
			Rule{Bet: "dont_pass_odds", Number: n, Odds: layOdds[n], Name: "Gabela a la Línea Perdedora (Don't Pass Line)"},
		)
	}
	rules = append(rules, byNumber(KindComeOdds, "Gabela al Come (punto %d)", trueOdds)...)
	rules = append(rules, byNumber(KindDontComeOdds, "Gabela al Don't Come (punto %d)", layOdds)...)
	return Data{
		ID:                IDPeru1999,
		Version:           1,
		Game:              GameName,
		Source:            "seeds/003_79f68ae152380a01.txt (Reglamento del juego de Craps, Perú, 23/12/1999, arts. 6-12)",
		OddsMultiple:      DefaultOddsMultiple,
		CommissionPercent: 5,
		Rules:             rules,
	}
}
