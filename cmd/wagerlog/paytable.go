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
)

// paytableCmd lists the paytables with every bet, its payout and its exact
// RTP, for auditors and for the rules published to players.
func (m *Main) paytableCmd() *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "paytable [ID]",
		Short: "List paytables, their bets, payouts and exact RTP",
		Long: `List the paytables of every game of this build, or the one named, with
every bet they offer, what it pays, its exact RTP and house edge as
fractions and percentages, and what the paytable publishes of each bet:
its name and, where the game has one, its chance of winning (how many of
the equally likely outcomes win it, its exact probability of winning over
every deal of the shoe, or the expected rolls to its decision and the edge
per roll).
--json adds the paytable's rules and the canonical JSON whose SHA-256 is
its hash, for every paytable.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			catalog := m.catalog()
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

// paytableView is a paytable as `wagerlog paytable` shows it: the
// members of games.Paytable, and what the paytable publishes
// (games.Publisher).
type paytableView struct {
	ID          string            `json:"id"`
	Version     int               `json:"version"`
	Game        string            `json:"game"`
	Source      string            `json:"source"`
	Hash        string            `json:"hash"`
	Rounding    string            `json:"rounding"`
	MaxMultiple string            `json:"max_multiple"`
	Bets        []paytableBetView `json:"bets"`
	// Rules are the paytable's rules as its data holds them
	// (games.Publisher.Rules).
	Rules json.RawMessage `json:"rules"`
	// form says how the listing gives each bet's chance of winning.
	form games.ListingForm
	// outcomes is how many equally likely outcomes Wins counts among.
	outcomes int
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
	// outcomes are not equally likely (games.ListingProbability): Wins and
	// Outcomes are then 0.
	WinProbability   string `json:"win_probability,omitempty"`
	Halves           int    `json:"halves,omitempty"`
	Outcomes         int    `json:"outcomes"`
	RTP              string `json:"rtp"`
	RTPPercent       string `json:"rtp_percent"`
	HouseEdge        string `json:"house_edge"`
	HouseEdgePercent string `json:"house_edge_percent"`
	// ExpectedRolls and the edge per roll are a bet's over several rolls
	// (games.ListingRolls): the expected rolls from placement to
	// decision, and the house edge per bet decided divided by them.
	ExpectedRolls      string `json:"expected_rolls,omitempty"`
	EdgePerRoll        string `json:"edge_per_roll,omitempty"`
	EdgePerRollPercent string `json:"edge_per_roll_percent,omitempty"`
}

// paytablePercentPlaces is how many decimals the listing gives percentages; the
// exact value is the fraction beside it.
const paytablePercentPlaces = 4

// newPaytableView lists pt's bets with the exact RTP the generic layers
// read (games.Paytable.RTP), and what the paytable publishes
// (games.Publisher): each bet's name and chance of winning, the rules, the
// largest multiple, the rounding and the canonical JSON.
func newPaytableView(pt games.Paytable) paytableView {
	v := paytableView{
		ID:      pt.ID(),
		Version: pt.Version(),
		Game:    pt.Game(),
		Source:  pt.Source(),
		Hash:    pt.Hash(),
	}
	extras := map[string]games.BetListing{}
	if pub, ok := pt.(games.Publisher); ok {
		v.Rounding, v.MaxMultiple = pub.Rounding(), pub.MaxMultiple().RatString()
		v.Rules, v.Canonical = pub.Rules(), string(pub.CanonicalJSON())
		l := pub.Listing()
		v.form, v.outcomes = l.Form, l.Outcomes
		for _, b := range l.Bets {
			extras[b.Code] = b
		}
	}
	for _, r := range pt.RTP() {
		edge := r.HouseEdge()
		x := extras[r.Code]
		var pWin string
		if x.WinProbability != nil {
			pWin = x.WinProbability.RatString()
		}
		bv := paytableBetView{
			WinProbability:   pWin,
			Code:             r.Code,
			Kind:             r.Kind,
			Name:             x.Name,
			Pays:             r.Pays,
			Wins:             x.Wins,
			Halves:           x.Halves,
			Outcomes:         x.Outcomes,
			RTP:              r.RTP.RatString(),
			RTPPercent:       paytablePercent(r.RTP),
			HouseEdge:        edge.RatString(),
			HouseEdgePercent: paytablePercent(edge),
		}
		if x.ExpectedRolls != nil {
			bv.ExpectedRolls, bv.EdgePerRoll, bv.EdgePerRollPercent = x.ExpectedRolls.RatString(), x.EdgePerRoll.RatString(), paytablePercent(x.EdgePerRoll)
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
	if v.form == games.ListingRolls {
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
	switch v.form {
	case games.ListingOutcomes:
		fmt.Fprintf(tw, "BET\tNAME\tPAYS\tWINS/%d\tRTP\tRTP %%\tEDGE %%\n", v.outcomes)
	case games.ListingProbability:
		fmt.Fprintf(tw, "BET\tNAME\tPAYS\tP(WIN)\tRTP\tRTP %%\tEDGE %%\n")
	default:
		fmt.Fprintf(tw, "BET\tNAME\tPAYS\tRTP\tRTP %%\tEDGE %%\n")
	}
	for i := 0; i < len(v.Bets); {
		j := i + 1
		for j < len(v.Bets) && paytableSameRow(v.Bets[i], v.Bets[j]) {
			j++
		}
		b := v.Bets[i]
		switch v.form {
		case games.ListingOutcomes:
			fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\t%s\t%s\n", v.rowLabel(i, j), b.Name, b.Pays, b.Wins, b.RTP, b.RTPPercent, b.HouseEdgePercent)
		case games.ListingProbability:
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", v.rowLabel(i, j), b.Name, b.Pays, b.WinProbability, b.RTP, b.RTPPercent, b.HouseEdgePercent)
		default:
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", v.rowLabel(i, j), b.Name, b.Pays, b.RTP, b.RTPPercent, b.HouseEdgePercent)
		}
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
