package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/shopspring/decimal"
	"github.com/spf13/cobra"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/baccarat"
	"github.com/wagerlog/wagerlog/games/craps"
	"github.com/wagerlog/wagerlog/games/registry"
	"github.com/wagerlog/wagerlog/games/roulette"
	"github.com/wagerlog/wagerlog/games/sicbo"
)

// paytableCmd lists the paytables with every bet, its payout and its exact
// RTP, for auditors and for the rules published to players.
func (m *Main) paytableCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "paytable [ID]",
		Short: "List paytables, their bets, payouts and exact RTP",
		Long: `List the paytables of every game of this build (Sic Bo, roulette, craps,
punto banco), or the one named, with every bet they offer, what it pays,
how many of the equally likely outcomes win it (216 ordered throws of three
dice, 37 or 38 pockets) or, for baccarat, its exact probability of winning
over every deal of the shoe, and its exact RTP and house edge as fractions
and percentages.
--json adds the paytable's rules and the canonical JSON whose SHA-256 is
its hash.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			catalog := registry.New()
			pts := catalog.Paytables()
			if len(args) == 1 {
				pt, err := catalog.Paytable(args[0])
				if err != nil {
					return err
				}
				pts = []games.Paytable{pt}
			}
			views := make([]paytableView, len(pts))
			for i, pt := range pts {
				views[i] = newPaytableView(pt)
			}
			if asJSON {
				enc := json.NewEncoder(m.Stdout)
				enc.SetIndent("", "  ")
				enc.SetEscapeHTML(false)
				if len(args) == 1 {
					return enc.Encode(views[0])
				}
				return enc.Encode(views)
			}
			for i, v := range views {
				if i > 0 {
					if _, err := fmt.Fprintln(m.Stdout); err != nil {
						return err
					}
				}
				if err := v.writeText(m.Stdout); err != nil {
					return err
				}
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "write JSON (one object for an ID, else an array)")
	return cmd
}

// paytableView is a paytable as `wagerlog paytable` shows it.
type paytableView struct {
	ID          string            `json:"id"`
	Version     int               `json:"version"`
	Game        string            `json:"game"`
	Source      string            `json:"source"`
	Hash        string            `json:"hash"`
	Rounding    string            `json:"rounding"`
	MaxMultiple string            `json:"max_multiple"`
	Bets        []paytableBetView `json:"bets"`
	// Rules are the game's paytable rules as its data holds them
	// (sicbo.Rule, roulette.Rule).
	Rules any `json:"rules"`
	// outcomes is how many equally likely outcomes Wins counts among.
	outcomes int
	// probabilities lists each bet's WinProbability instead of Wins.
	probabilities bool
	// perRoll: the bets are decided over several rolls (craps), and the
	// listing shows the expected rolls and the edge per roll instead of
	// the winning outcomes.
	perRoll bool
	// Canonical is the exact text Hash digests: `jq -j .canonical | sha256sum`.
	Canonical string `json:"canonical"`
}

// paytableBetView is one bet's line of the listing.
type paytableBetView struct {
	Code string `json:"code"`
	Kind string `json:"kind"`
	Name string `json:"name"`
	Pays string `json:"pays"`
	Wins int    `json:"wins"`
	// WinProbability is the exact probability of a win where the
	// outcomes are not equally likely (baccarat's deals): Wins and
	// Outcomes are then 0.
	WinProbability   string `json:"win_probability,omitempty"`
	Halves           int    `json:"halves,omitempty"`
	Outcomes         int    `json:"outcomes"`
	RTP              string `json:"rtp"`
	RTPPercent       string `json:"rtp_percent"`
	HouseEdge        string `json:"house_edge"`
	HouseEdgePercent string `json:"house_edge_percent"`
	// ExpectedRolls and the edge per roll are a craps bet's: the expected
	// rolls from placement to decision, and the house edge per bet
	// decided divided by them.
	ExpectedRolls      string `json:"expected_rolls,omitempty"`
	EdgePerRoll        string `json:"edge_per_roll,omitempty"`
	EdgePerRollPercent string `json:"edge_per_roll_percent,omitempty"`
}

// paytablePercentPlaces is how many decimals the listing gives percentages; the
// exact value is the fraction beside it.
const paytablePercentPlaces = 4

// newPaytableView lists pt's bets with the exact RTP the generic layers
// read (games.Paytable.RTP), and what its game adds: each bet's name, how
// many outcomes win it, the rules and the canonical JSON.
func newPaytableView(pt games.Paytable) paytableView {
	v := paytableView{
		ID:       pt.ID(),
		Version:  pt.Version(),
		Game:     pt.Game(),
		Source:   pt.Source(),
		Hash:     pt.Hash(),
		Rounding: sicbo.RoundDown,
	}
	type extra struct {
		name         string
		wins, halves int
		outcomes     int
		win          *big.Rat
		rolls        *big.Rat
		perRoll      *big.Rat
	}
	extras := map[string]extra{}
	switch p := pt.(type) {
	case *sicbo.Paytable:
		v.MaxMultiple, v.Rules, v.Canonical, v.outcomes = p.MaxMultiple().String(), p.Data().Rules, string(p.CanonicalJSON()), sicbo.Outcomes
		for _, r := range sicbo.RTP(p) {
			extras[r.Code] = extra{name: r.Name, wins: r.Wins, outcomes: sicbo.Outcomes}
		}
	case *roulette.Paytable:
		v.Rounding = roulette.RoundDown
		v.MaxMultiple, v.Rules, v.Canonical, v.outcomes = p.MaxMultiple().String(), p.Data().Rules, string(p.CanonicalJSON()), len(p.Pockets())
		for _, r := range roulette.RTP(p) {
			extras[r.Code] = extra{name: r.Name, wins: r.Wins, halves: r.Halves, outcomes: r.Pockets}
		}
	case *baccarat.Paytable:
		v.Rounding = baccarat.RoundDown + " (the banker's commission: " + baccarat.RoundUp + ")"
		v.Rules, v.Canonical = p.Data().Rules, string(p.CanonicalJSON())
		most := big.NewRat(0, 1)
		for _, r := range p.Data().Rules {
			if m := big.NewRat(r.Odds.Win, r.Odds.Per); m.Cmp(most) > 0 {
				most = m
			}
		}
		v.MaxMultiple = most.RatString()
		v.probabilities = p.Form() == baccarat.FormPuntoBanco
		if v.probabilities {
			for _, r := range baccarat.PuntoBancoRTP(p) {
				extras[r.Code] = extra{name: r.Name, win: r.Win}
			}
		}
	case *craps.Paytable:
		v.Rounding = craps.RoundDown
		v.MaxMultiple, v.Rules, v.Canonical, v.perRoll = p.MaxMultiple().RatString(), p.Data().Rules, string(p.CanonicalJSON()), true
		for _, r := range craps.RTP(p) {
			extras[r.Code] = extra{name: r.Name, rolls: r.Rolls, perRoll: r.EdgePerRoll()}
		}
	}
	for _, r := range pt.RTP() {
		edge := r.HouseEdge()
		x := extras[r.Code]
		var pWin string
		if x.win != nil {
			pWin = x.win.RatString()
		}
		bv := paytableBetView{
			WinProbability:   pWin,
			Code:             r.Code,
			Kind:             r.Kind,
			Name:             x.name,
			Pays:             r.Pays,
			Wins:             x.wins,
			Halves:           x.halves,
			Outcomes:         x.outcomes,
			RTP:              r.RTP.RatString(),
			RTPPercent:       paytablePercent(r.RTP),
			HouseEdge:        edge.RatString(),
			HouseEdgePercent: paytablePercent(edge),
		}
		if x.rolls != nil {
			bv.ExpectedRolls, bv.EdgePerRoll, bv.EdgePerRollPercent = x.rolls.RatString(), x.perRoll.RatString(), paytablePercent(x.perRoll)
		}
		v.Bets = append(v.Bets, bv)
	}
	return v
}

// paytablePercent is 100·x with paytablePercentPlaces decimals.
func paytablePercent(x *big.Rat) string {
	return decimal.NewFromBigRat(new(big.Rat).Mul(x, big.NewRat(100, 1)), paytablePercentPlaces).StringFixed(paytablePercentPlaces)
}

// writeText writes the paytable as an aligned table. Consecutive bets of
// one kind that read the same (single:1..6, the 15 combinations) share a
// row, so the listing stays short without hiding a difference.
func (v paytableView) writeText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "%s\tversion %d, game %s\n", v.ID, v.Version, v.Game)
	fmt.Fprintf(tw, "source\t%s\n", v.Source)
	fmt.Fprintf(tw, "hash\t%s (sha256 of the canonical JSON, see --json)\n", v.Hash)
	fmt.Fprintf(tw, "rounding\t%s (wins truncated to the currency's scale; the residue is reported)\n", v.Rounding)
	fmt.Fprintf(tw, "max multiple\t%s\n", v.MaxMultiple)
	if err := tw.Flush(); err != nil {
		return err
	}
	if _, err := fmt.Fprintln(w); err != nil {
		return err
	}
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	if v.perRoll {
		fmt.Fprintf(tw, "BET\tNAME\tPAYS\tRTP\tRTP %%\tEDGE/BET %%\tROLLS\tEDGE/ROLL %%\n")
		for _, b := range v.Bets {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", b.Code, b.Name, b.Pays, b.RTP, b.RTPPercent, b.HouseEdgePercent, b.ExpectedRolls, b.EdgePerRollPercent)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		_, err := fmt.Fprintln(w, "\nEdge per bet decided (a push counts as decided); per roll: divided by the expected rolls from placement to decision. Buy and lay count their commission as a cost.")
		return err
	}
	if !v.probabilities {
		fmt.Fprintf(tw, "BET\tNAME\tPAYS\tWINS/%d\tRTP\tRTP %%\tEDGE %%\n", v.outcomes)
	} else {
		fmt.Fprintf(tw, "BET\tNAME\tPAYS\tP(WIN)\tRTP\tRTP %%\tEDGE %%\n")
	}
	for i := 0; i < len(v.Bets); {
		j := i + 1
		for j < len(v.Bets) && paytableSameRow(v.Bets[i], v.Bets[j]) {
			j++
		}
		b := v.Bets[i]
		wins := strconv.Itoa(b.Wins)
		if v.probabilities {
			wins = b.WinProbability
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", v.rowLabel(i, j), b.Name, b.Pays, wins, b.RTP, b.RTPPercent, b.HouseEdgePercent)
		i = j
	}
	return tw.Flush()
}

// rowLabel names the bets v.Bets[i:j] of one row: the code of a lone bet,
// "combo:* (15 bets)" for every bet of a kind, else the codes.
func (v paytableView) rowLabel(i, j int) string {
	if j-i == 1 {
		return v.Bets[i].Code
	}
	kind := v.Bets[i].Kind
	all := 0
	for _, b := range v.Bets {
		if b.Kind == kind {
			all++
		}
	}
	if all == j-i {
		return kind + ":* (" + strconv.Itoa(all) + " bets)"
	}
	codes := make([]string, 0, j-i)
	for _, b := range v.Bets[i:j] {
		codes = append(codes, b.Code)
	}
	return strings.Join(codes, ", ")
}

// paytableSameRow reports whether two bets of a kind read the same in the listing.
func paytableSameRow(a, b paytableBetView) bool {
	return a.Kind == b.Kind && strings.Contains(a.Code, ":") &&
		a.Name == b.Name && a.Pays == b.Pays && a.Wins == b.Wins && a.RTP == b.RTP
}
