package baccarat

import (
	"fmt"
	"strings"

	"github.com/wagerlog/wagerlog/games/cards"
)

// Coup is a punto banco result: the player's and the banker's cards, in
// the order dealt. Check validates it against the drawing tableau.
type Coup struct {
	Player Hand
	Banker Hand
}

// Winner names the side that won a coup or a tableau, or a tie.
type Winner string

// Winners.
const (
	WinnerPlayer Winner = "player"
	WinnerBanker Winner = "banker"
	WinnerTie    Winner = "tie"
	// WinnerVoid is a void tableau of deux tableaux: every stake on it is
	// returned.
	WinnerVoid Winner = "void"
)

// Winner returns which side has the higher point, or a tie.
func (c Coup) Winner() Winner { return compare(c.Player.Point(), c.Banker.Point()) }

// Naturals reports whether the player and the banker were dealt naturals.
func (c Coup) Naturals() (player, banker bool) {
	return c.Player.naturalDealt(), c.Banker.naturalDealt()
}

func compare(player, banker int) Winner {
	switch {
	case player > banker:
		return WinnerPlayer
	case banker > player:
		return WinnerBanker
	}
	return WinnerTie
}

// Check validates the coup's cards under punto banco's fixed rules for a
// shoe of decks decks, and returns a *ResultError naming the rule broken:
// each hand has two or three cards; no card appears more often than the
// shoe holds it; nobody draws when either side has a natural; the player
// draws on 0..5 and stands on 6 and 7; the banker follows PuntoBancoBanker.
func (c Coup) Check(decks int) error {
	for _, s := range []struct {
		name string
		h    Hand
	}{{"player", c.Player}, {"banker", c.Banker}} {
		if len(s.h) < 2 || len(s.h) > HandCardsMax {
			return resultError(RuleCardsPerHand, "the %s has %d cards; a hand has two or three", s.name, len(s.h))
		}
	}
	if err := checkShoe(decks, c.Player, c.Banker); err != nil {
		return err
	}
	p, b := c.Player.FirstPoint(), c.Banker.FirstPoint()
	if c.Player.naturalDealt() || c.Banker.naturalDealt() {
		if len(c.Player) == 3 || len(c.Banker) == 3 {
			return resultError(RuleNatural, "player %d, banker %d with two cards: a natural ends the coup, nobody draws", p, b)
		}
		return nil
	}
	drew := len(c.Player) == 3
	if !PuntoBancoPlayer(p).Allows(drew) {
		if drew {
			return resultError(RulePlayerStands, "the player drew on %d; the player stands on 6 and 7", p)
		}
		return resultError(RulePlayerDraws, "the player stood on %d; the player draws on 0 to 5", p)
	}
	want := PuntoBancoBanker(b, c.Player.Third())
	if !want.Allows(len(c.Banker) == 3) {
		against := "a player who stood"
		if drew {
			against = fmt.Sprintf("the player's third card %d", c.Player.Third())
		}
		return resultError(RuleBankerTable, "the banker with %d against %s must %s", b, against, want)
	}
	return nil
}

// checkShoe refuses a coup that shows a card more often than a shoe of
// decks decks holds it.
func checkShoe(decks int, hands ...Hand) error {
	var seen [len(Ranks) * len(Suits)]int
	for _, h := range hands {
		for _, c := range h {
			i := c.Index()
			seen[i]++
			if seen[i] > decks {
				return resultError(RuleShoe, "%s appears %d times; a shoe of %d decks holds it %d times", c, seen[i], decks, decks)
			}
		}
	}
	return nil
}

// Void reasons of seed 002 section VIII ("Errores e infracciones en el
// juego").
const (
	// VoidCardsStuck: "si en el transcurso de la distribución aparecen dos
	// o más cartas pegadas entre sí, la jugada será nula": the whole coup.
	VoidCardsStuck = "cards_stuck"
	// VoidLostUnseen: "si durante la distribución algunas cartas caen en la
	// cesta sin haber sido vistas, la jugada será anulada para el paño que
	// perdió las cartas o para los dos paños, si correspondían al
	// banquero".
	VoidLostUnseen = "cards_lost_unseen"
	// VoidIrregularDeal: "en todos los casos de distribución irregular la
	// jugada será rectificada, si ello puede hacerse de forma evidente; en
	// caso contrario, aquélla será anulada": for the tableau it concerns,
	// or both when it concerns the banker.
	VoidIrregularDeal = "irregular_deal"
)

// Void says which tableaux of a deux tableaux coup are void and why. Every
// stake on a void tableau is returned.
type Void struct {
	// Tableaux[i] is true when tableau i+1 is void.
	Tableaux [2]bool
	// Reason is one of the Void… constants.
	Reason string
}

// DeuxCoup is a baccarat à deux tableaux result: the cards of tableau 1,
// tableau 2 and the banker, in the order dealt (seed 002: "primer paño,
// segundo paño y banca"), a void play if there was one, and whether the cut
// card came out during the coup (the shoe ends after it). Check validates
// it.
type DeuxCoup struct {
	Tableaux [2]Hand
	Banker   Hand
	// Void is nil for a coup played out.
	Void *Void
	// CutCard is true when the cut card came out during this coup: "la
	// aparición de aquella carta determinará el final de la partida y no se
	// podrá realizar ninguna jugada más, salvo la que se está llevando a
	// cabo en ese momento" (seed 002).
	CutCard bool
}

// void reports whether tableau i (0 or 1) is void.
func (c DeuxCoup) void(i int) bool { return c.Void != nil && c.Void.Tableaux[i] }

// Winner returns the result on tableau i (0 or 1): the punters' side
// (WinnerPlayer) when the tableau's point beats the banker's, WinnerBanker
// when it is lower, a tie, or WinnerVoid. The banker's final point counts
// against both tableaux (seed 002: "el banquero habrá de enseñar su punto
// en los dos paños").
func (c DeuxCoup) Winner(i int) Winner {
	if c.void(i) {
		return WinnerVoid
	}
	return compare(c.Tableaux[i].Point(), c.Banker.Point())
}

// Check validates the coup under the rules of baccarat à deux tableaux for
// a shoe of decks decks and returns a *ResultError naming the rule broken:
//
//   - A void play has a known reason and at least one void tableau; stuck
//     cards void both. A void tableau's cards are recorded as they were
//     (zero to three) and not judged; the banker's are not judged when
//     both tableaux are void.
//   - Every other hand has two or three cards, and no card appears more
//     often than the shoe holds it.
//   - A banker's natural ends the coup: nobody draws. A tableau with a
//     natural does not draw.
//   - A tableau draws on 0..4, chooses on 5, stands on 6 and 7 (Tableau).
//   - The banker follows DeuxBanker. When one tableau is void and the
//     other is not, his third card is not judged: what he faced on the void
//     tableau is not known.
func (c DeuxCoup) Check(decks int) error {
	if v := c.Void; v != nil {
		switch v.Reason {
		case VoidCardsStuck, VoidLostUnseen, VoidIrregularDeal:
		default:
			return resultError(RuleVoid, "void reason %q is not one of %s, %s, %s", cards.Cut(v.Reason), VoidCardsStuck, VoidLostUnseen, VoidIrregularDeal)
		}
		if !v.Tableaux[0] && !v.Tableaux[1] {
			return resultError(RuleVoid, "a void play names the tableaux it voids")
		}
		if v.Reason == VoidCardsStuck && !(v.Tableaux[0] && v.Tableaux[1]) {
			return resultError(RuleVoid, "stuck cards void the whole coup (\"la jugada será nula\"): both tableaux")
		}
	}
	bothVoid := c.void(0) && c.void(1)
	for i, h := range c.Tableaux {
		if c.void(i) {
			continue
		}
		if len(h) < 2 || len(h) > HandCardsMax {
			return resultError(RuleCardsPerHand, "tableau %d has %d cards; a hand has two or three", i+1, len(h))
		}
	}
	if !bothVoid && (len(c.Banker) < 2 || len(c.Banker) > HandCardsMax) {
		return resultError(RuleCardsPerHand, "the banker has %d cards; a hand has two or three", len(c.Banker))
	}
	if err := checkShoe(decks, c.Tableaux[0], c.Tableaux[1], c.Banker); err != nil {
		return err
	}
	if bothVoid {
		return nil
	}
	b := c.Banker.FirstPoint()
	bankerDrew := len(c.Banker) == 3
	if c.Banker.naturalDealt() {
		if bankerDrew {
			return resultError(RuleNatural, "the banker has a natural %d: nobody draws", b)
		}
		for i, h := range c.Tableaux {
			if !c.void(i) && len(h) == 3 {
				return resultError(RuleNatural, "tableau %d drew against the banker's natural %d: nobody draws", i+1, b)
			}
		}
		return nil
	}
	var states [2]TableauState
	for i, h := range c.Tableaux {
		if c.void(i) {
			continue
		}
		p, drew := h.FirstPoint(), len(h) == 3
		if h.naturalDealt() {
			if drew {
				return resultError(RuleNatural, "tableau %d has a natural %d and drew: a natural abates", i+1, p)
			}
			states[i] = TableauState{Natural: true, Third: NoCard}
			continue
		}
		if !Tableau(p).Allows(drew) {
			if drew {
				return resultError(RulePlayerStands, "tableau %d drew on %d; a tableau stands on 6 and 7", i+1, p)
			}
			return resultError(RuleTableauDraws, "tableau %d stood on %d; a tableau draws on 0 to 4", i+1, p)
		}
		states[i] = TableauState{Third: h.Third()}
	}
	if c.void(0) || c.void(1) {
		return nil
	}
	if want := DeuxBanker(b, states); !want.Allows(bankerDrew) {
		if states[0].Natural && states[1].Natural {
			return resultError(RuleNatural, "both tableaux abated: the banker does not draw")
		}
		return resultError(RuleBankerDeux, "the banker with %d against %s must %s", b, describe(states), want)
	}
	return nil
}

// describe writes what the banker faced, for an error.
func describe(t [2]TableauState) string {
	parts := make([]string, 2)
	for i, s := range t {
		switch {
		case s.Natural:
			parts[i] = fmt.Sprintf("tableau %d's natural", i+1)
		case s.Third == NoCard:
			parts[i] = fmt.Sprintf("tableau %d standing", i+1)
		default:
			parts[i] = fmt.Sprintf("tableau %d's third card %d", i+1, s.Third)
		}
	}
	return strings.Join(parts, " and ")
}

// Naturals reports which hands were dealt naturals: tableau 1, tableau 2,
// the banker. Void hands are never naturals.
func (c DeuxCoup) Naturals() [3]bool {
	var n [3]bool
	for i, h := range c.Tableaux {
		n[i] = !c.void(i) && h.naturalDealt()
	}
	n[2] = !(c.void(0) && c.void(1)) && c.Banker.naturalDealt()
	return n
}
