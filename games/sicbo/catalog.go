package sicbo

import (
	"fmt"
	"strconv"

	"github.com/wagerlog/wagerlog/games/kit"
)

// Ids of the catalog's paytables.
const (
	// IDCLM2016 is the Castilla-La Mancha order of 6 May 2016, art. 6
	// (seeds/000_8c58734ec760ed9a.txt), the classic Macau table.
	IDCLM2016 = "sicbo/clm-2016"
	// IDLive is the online live-dealer rules page
	// (seeds/001_5ab03e8824b694bc.txt).
	IDLive = "sicbo/live"
)

// Paytables returns the catalog of Sic Bo paytables, freshly built on every
// call (no package state to share or corrupt), in id order.
func Paytables() []*Paytable {
	return []*Paytable{mustNew(clm2016()), mustNew(live())}
}

// Lookup returns the catalog paytable with that id, or an error wrapping
// ErrUnknownPaytable.
func Lookup(id string) (*Paytable, error) {
	switch id {
	case IDCLM2016:
		return mustNew(clm2016()), nil
	case IDLive:
		return mustNew(live()), nil
	}
	return nil, fmt.Errorf("%w %q (known: %s, %s)", ErrUnknownPaytable, id, IDCLM2016, IDLive)
}

// mustNew builds a catalog paytable. Catalog data is a literal of this
// package, validated by its tests, so a failure is a programming error.
func mustNew(d Data) *Paytable { return kit.MustBuild("sicbo", New, d) }

func odds(x, y int64) Odds { return Odds{Win: x, Per: y} }

// totals writes one line per total from a table of X:1 payouts.
func totals(name string, pay map[int]int64) []Rule {
	out := make([]Rule, 0, len(pay))
	for t := TotalMin; t <= TotalMax; t++ {
		if x, ok := pay[t]; ok {
			out = append(out, Rule{Bet: "total:" + strconv.Itoa(t), Odds: odds(x, 1), Name: name})
		}
	}
	return out
}

// clm2016 transcribes art. 6 of the Castilla-La Mancha order
// (seeds/000_8c58734ec760ed9a.txt). Its "Doble específico" is the double
// bet and its "Par igual" the two-dice combination; it has no odd/even, no
// parity-count bets, no three singles, double-and-single or four-number
// bets. Small and big lose on triples as the order words them (small on
// triples 1..3, big on 4..6); no other triple has a total in their range, so
// that is "loses on any triple".
func clm2016() Data {
	rules := []Rule{
		{Bet: "small", Odds: odds(1, 1), Name: "Apuesta pequeña (Menor de 11)"},
		{Bet: "big", Odds: odds(1, 1), Name: "Gran apuesta (Más de 10)"},
		{Bet: "single", Hits: 1, Odds: odds(1, 1), Name: "Apuesta de números"},
		{Bet: "single", Hits: 2, Odds: odds(2, 1), Name: "Apuesta de números"},
		{Bet: "single", Hits: 3, Odds: odds(3, 1), Name: "Apuesta de números"},
		// "Si el tercer dado sale con el mismo número ... también gana".
		{Bet: "double", Hits: 2, Odds: odds(8, 1), Name: "Doble específico"},
		{Bet: "double", Hits: 3, Odds: odds(8, 1), Name: "Doble específico"},
		{Bet: "triple", Odds: odds(150, 1), Name: "Triple específico"},
		{Bet: "any_triple", Odds: odds(24, 1), Name: "Cualquier triple"},
		{Bet: "combo", Hits: 2, Odds: odds(5, 1), Name: "Par igual"},
		{Bet: "combo", Hits: 3, Odds: odds(5, 1), Name: "Par igual"},
	}
	rules = append(rules, totals("Total específico", map[int]int64{
		4: 50, 5: 18, 6: 14, 7: 12, 8: 8, 9: 6, 10: 6,
		11: 6, 12: 6, 13: 8, 14: 12, 15: 14, 16: 18, 17: 50,
	})...)
	return Data{
		ID:      IDCLM2016,
		Version: 1,
		Game:    GameName,
		Source:  "seeds/000_8c58734ec760ed9a.txt (Orden 06/05/2016 Castilla-La Mancha, art. 6)",
		Rules:   rules,
	}
}

// live transcribes the payout table of the live-dealer rules page
// (seeds/001_5ab03e8824b694bc.txt). Its "Doble Específico" is the two-dice
// combination (combo) and its "Par" the double; small, big, odd and even
// lose on any triple.
func live() Data {
	rules := []Rule{
		{Bet: "small", Odds: odds(1, 1), Name: "Pequeña (Debajo de 11)"},
		{Bet: "big", Odds: odds(1, 1), Name: "Grande (Más de 10)"},
		{Bet: "odd", Odds: odds(1, 1), Name: "Impar"},
		{Bet: "even", Odds: odds(1, 1), Name: "Par (Número Par)"},
		{Bet: "single", Hits: 1, Odds: odds(1, 1), Name: "Números"},
		{Bet: "single", Hits: 2, Odds: odds(2, 1), Name: "Números"},
		{Bet: "single", Hits: 3, Odds: odds(3, 1), Name: "Números"},
		// "en al menos 2 de los 3 dados".
		{Bet: "double", Hits: 2, Odds: odds(10, 1), Name: "Par"},
		{Bet: "double", Hits: 3, Odds: odds(10, 1), Name: "Par"},
		{Bet: "triple", Odds: odds(180, 1), Name: "Triple Específico"},
		{Bet: "any_triple", Odds: odds(30, 1), Name: "Cualquier Triple"},
		{Bet: "combo", Hits: 2, Odds: odds(5, 1), Name: "Doble Específico"},
		{Bet: "combo", Hits: 3, Odds: odds(5, 1), Name: "Doble Específico"},
		{Bet: "all_odd", Odds: odds(6, 1), Name: "Todas Impares"},
		{Bet: "all_even", Odds: odds(6, 1), Name: "Todas Pares"},
		{Bet: "two_odd_one_even", Odds: odds(3, 2), Name: "2 Impares 1 Par"},
		{Bet: "two_even_one_odd", Odds: odds(3, 2), Name: "2 Pares 1 Impar"},
		{Bet: "three_singles", Odds: odds(30, 1), Name: "3 Individuales"},
		{Bet: "double_single", Odds: odds(60, 1), Name: "Doble e individual específico"},
		{Bet: "four_numbers", Odds: odds(7, 1), Name: "4 Números"},
	}
	rules = append(rules, totals("Total Específico", map[int]int64{
		4: 60, 5: 30, 6: 18, 7: 12, 8: 8, 9: 7, 10: 6,
		11: 6, 12: 7, 13: 8, 14: 12, 15: 18, 16: 30, 17: 60,
	})...)
	return Data{
		ID:      IDLive,
		Version: 1,
		Game:    GameName,
		Source:  "seeds/001_5ab03e8824b694bc.txt (live Sic Bo rules page, Pagos)",
		Rules:   rules,
	}
}
