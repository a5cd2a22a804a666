package baccarat

import (
	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// BeadsMax is how many coups the bead plate shows: the last 50.
const BeadsMax = 50

// Count is a number of coups (or tableau results) and its share, as a
// percentage with two decimals.
type Count struct {
	Count   int             `json:"count"`
	Percent decimal.Decimal `json:"percent"`
}

// Bead is one coup on the bead plate.
type Bead struct {
	Round  string `json:"round"`
	Number int64  `json:"number"`
	// Winner is the coup's winner in punto banco; empty in deux tableaux,
	// where each tableau has its own.
	Winner Winner `json:"winner,omitempty"`
	// Player is the player's point (punto banco).
	Player *int `json:"player,omitempty"`
	// Tableaux are the two tableaux' results (deux tableaux).
	Tableaux []TableauBead `json:"tableaux,omitempty"`
	// Banker is the banker's point (absent for a coup void on both
	// tableaux).
	Banker *int `json:"banker,omitempty"`
	// Natural is true when any hand of the coup was dealt a natural.
	Natural bool `json:"natural"`
	// CutCard marks the last coup of a shoe (deux tableaux).
	CutCard bool `json:"cut_card,omitzero"`
	// Cagnotte is what the coup paid to the cagnotte (deux tableaux, when
	// the caller knows it and it is not zero).
	Cagnotte *decimal.Decimal `json:"cagnotte,omitempty"`
	// Corrected is true when the coup's result replaced a corrected one.
	Corrected bool `json:"corrected,omitzero"`
}

// TableauBead is one tableau's result on the bead plate.
type TableauBead struct {
	// Winner is WinnerPlayer (the punters), WinnerBanker, WinnerTie or
	// WinnerVoid.
	Winner Winner `json:"winner"`
	// Point is the tableau's point, absent when void.
	Point *int `json:"point,omitempty"`
}

// TableauStats counts one tableau's results over the board; the
// percentages are of the tableau's played (not void) coups.
type TableauStats struct {
	Tableau int   `json:"tableau"`
	Punters Count `json:"punters"`
	Banker  Count `json:"banker"`
	Tie     Count `json:"tie"`
	Void    int   `json:"void"`
}

// CagnotteStats is the cagnotte over the board.
type CagnotteStats struct {
	// Coups counts the coups where the bank won on a tableau and lost on
	// none: a cagnotte was due whatever the stakes (when anyone bet).
	Coups Count `json:"coups"`
	// Amount is the cagnotte taken over the board's coups, when the caller
	// knows it (BoardWithCagnotte); absent otherwise, because a result
	// alone does not say what was staked.
	Amount *decimal.Decimal `json:"amount,omitempty"`
}

// BoardStats are the statistics over a baccarat board's coups, oldest
// first. For punto banco, Player, Banker and Tie count coups; for deux
// tableaux they count the tableau results that were played (two a coup
// unless void), Player being the punters' wins.
type BoardStats struct {
	Form  string `json:"form"`
	Coups int    `json:"coups"`
	// Beads are the last BeadsMax coups, oldest first.
	Beads  []Bead `json:"beads"`
	Player Count  `json:"player"`
	Banker Count  `json:"banker"`
	Tie    Count  `json:"tie"`
	// Naturals counts coups with at least one natural.
	Naturals Count `json:"naturals"`
	// NaturalHands counts naturals by hand: player and banker in punto
	// banco; tableau 1, tableau 2 and banker in deux tableaux.
	NaturalHands []int `json:"natural_hands"`
	// Tableaux are per-tableau results (deux tableaux only).
	Tableaux []TableauStats `json:"tableaux,omitempty"`
	// Cagnotte is the cagnotte (deux tableaux only).
	Cagnotte *CagnotteStats `json:"cagnotte,omitempty"`
}

// BoardGame returns "baccarat".
func (BoardStats) BoardGame() string { return GameName }

// Board computes the statistics of a board's entries; entries whose
// result is not a baccarat coup are skipped. A board of deux tableaux
// coups (the first coup decides) has per-tableau counts and the cagnotte
// coups, without amounts (see BoardWithCagnotte).
func Board(entries []games.BoardEntry) BoardStats { return board(entries, nil) }

// BoardWithCagnotte is Board with the cagnotte each round took, by round
// id, from the ledger's settlements: Cagnotte.Amount is their sum over
// the board's coups.
func BoardWithCagnotte(entries []games.BoardEntry, taken map[string]decimal.Decimal) BoardStats {
	return board(entries, taken)
}

func board(entries []games.BoardEntry, taken map[string]decimal.Decimal) BoardStats {
	s := BoardStats{Form: FormPuntoBanco, Beads: []Bead{}}
	for _, e := range entries {
		if _, ok := e.Result.(DeuxCoup); ok {
			s.Form = FormDeuxTableaux
			break
		}
	}
	var player, banker, tie, naturals, results, cagCoups int
	var tab [2]struct{ punters, banker, tie, void int }
	hands := make([]int, 2)
	if s.Form == FormDeuxTableaux {
		hands = make([]int, 3)
	}
	amount := decimal.Zero
	for _, e := range entries {
		bead := Bead{Round: e.Round, Number: e.Number, Corrected: e.Corrected}
		switch c := e.Result.(type) {
		case Coup:
			if s.Form != FormPuntoBanco {
				continue
			}
			p, b := c.Player.Point(), c.Banker.Point()
			bead.Winner, bead.Player, bead.Banker = c.Winner(), &p, &b
			switch bead.Winner {
			case WinnerPlayer:
				player++
			case WinnerBanker:
				banker++
			default:
				tie++
			}
			results++
			pn, bn := c.Naturals()
			bead.Natural = pn || bn
			if pn {
				hands[0]++
			}
			if bn {
				hands[1]++
			}
		case DeuxCoup:
			if s.Form != FormDeuxTableaux {
				continue
			}
			if !(c.void(0) && c.void(1)) {
				b := c.Banker.Point()
				bead.Banker = &b
			}
			won, lost := false, false
			for i := range 2 {
				tb := TableauBead{Winner: c.Winner(i)}
				switch tb.Winner {
				case WinnerVoid:
					tab[i].void++
				case WinnerPlayer:
					tab[i].punters++
					player++
					lost = true
				case WinnerBanker:
					tab[i].banker++
					banker++
					won = true
				default:
					tab[i].tie++
					tie++
				}
				if tb.Winner != WinnerVoid {
					p := c.Tableaux[i].Point()
					tb.Point = &p
					results++
				}
				bead.Tableaux = append(bead.Tableaux, tb)
			}
			if won && !lost {
				cagCoups++
			}
			if a, ok := taken[e.Round]; ok {
				amount = amount.Add(a)
				if a.Sign() > 0 {
					bead.Cagnotte = &a
				}
			}
			n := c.Naturals()
			for i, on := range n {
				if on {
					hands[i]++
					bead.Natural = true
				}
			}
			bead.CutCard = c.CutCard
		default:
			continue
		}
		s.Coups++
		if bead.Natural {
			naturals++
		}
		s.Beads = append(s.Beads, bead)
		if len(s.Beads) > BeadsMax {
			s.Beads = s.Beads[1:]
		}
	}
	s.Player = Count{player, kit.Percent100(player, results)}
	s.Banker = Count{banker, kit.Percent100(banker, results)}
	s.Tie = Count{tie, kit.Percent100(tie, results)}
	s.Naturals = Count{naturals, kit.Percent100(naturals, s.Coups)}
	s.NaturalHands = hands
	if s.Form == FormDeuxTableaux {
		for i, t := range tab {
			played := t.punters + t.banker + t.tie
			s.Tableaux = append(s.Tableaux, TableauStats{
				Tableau: i + 1,
				Punters: Count{t.punters, kit.Percent100(t.punters, played)},
				Banker:  Count{t.banker, kit.Percent100(t.banker, played)},
				Tie:     Count{t.tie, kit.Percent100(t.tie, played)},
				Void:    t.void,
			})
		}
		s.Cagnotte = &CagnotteStats{Coups: Count{cagCoups, kit.Percent100(cagCoups, s.Coups)}}
		if taken != nil {
			s.Cagnotte.Amount = &amount
		}
	}
	return s
}
