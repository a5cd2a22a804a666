package audit

import (
	"fmt"
	"io"

	"github.com/shopspring/decimal"
)

// WriteJSON writes the report as indented JSON.
func (r *RegulatorReport) WriteJSON(w io.Writer) error { return writeJSON(w, r.render, r) }

// WriteCSV writes the report's tables, one CSV file each in a zip: games,
// RTP by bet kind, days (with "no activity" days), large wins, significant
// events, limits, interrupted games and the verification.
func (r *RegulatorReport) WriteCSV(w io.Writer) error { return r.tables().zip(w) }

// WritePDF writes the report's tables as a PDF document.
func (r *RegulatorReport) WritePDF(w io.Writer) error {
	return writePDF(w, r.Header, r.render, r.tables())
}

// tables are the report's tables, written as CSV files and as PDF.
func (r *RegulatorReport) tables() *csvSections {
	c := newCSV()
	ri := r.render
	h := r.Header
	c.header("report", "title", "operator", "from", "to", "time_zone", "generated_at", "through_seq")
	c.row("report", h.Title, h.Operator, h.Period.From, h.Period.To, h.Period.TimeZone, ri.time(h.GeneratedAt), u64s(h.Through))
	c.header("games", "game", "paytable", "paytable_hash", "table", "currency", "rounds_played", "rounds_cancelled", "rounds_corrected",
		"reshakes", "bets_placed", "staked", "bets_settled", "settled_stakes", "won", "returned", "residue", "residue_exact", "bets_refunded", "refunded",
		"ggr", "actual_rtp_percent", "theoretical_rtp_percent", "theoretical_rtp_exact")
	for _, g := range r.Games {
		cur := g.Currency
		exact := ""
		if g.TheoreticalRTP != nil {
			exact = g.TheoreticalRTP.Exact
		}
		c.row("games", g.Game, g.Paytable, g.PaytableHash, g.Table, cur, ints(g.RoundsPlayed), ints(g.RoundsCancelled), ints(g.RoundsCorrected),
			ints(g.Reshakes), ints(g.BetsPlaced), ri.amount(g.Staked, cur), ints(g.BetsSettled), ri.amount(g.SettledStakes, cur),
			ri.amount(g.Won, cur), ri.amount(g.Returned, cur), ri.amount(g.Residue, cur), g.ResidueExact, ints(g.BetsRefunded), ri.amount(g.Refunded, cur),
			ri.amount(g.GGR, cur), pctString(g.ActualRTP), pctString(g.TheoreticalRTP), exact)
	}
	c.header("rtp_by_kind", "game", "paytable", "paytable_hash", "table", "currency", "kind", "bets", "staked", "returned",
		"actual_rtp_percent", "ci95_low_percent", "ci95_high_percent", "theoretical_rtp_percent", "significance")
	for _, k := range r.RTPByKind {
		c.row("rtp_by_kind", k.Game, k.Paytable, k.PaytableHash, k.Table, k.Currency, k.Kind, ints(k.Bets), ri.amount(k.Staked, k.Currency),
			ri.amount(k.Returned, k.Currency), pctString(k.ActualRTP), decPtr(k.Low), decPtr(k.High), pctString(k.TheoreticalRTP), k.Significance)
	}
	c.header("days", "date", "no_activity", "currency", "events", "rounds_played", "bets_placed", "staked", "settled_stakes", "returned", "refunded", "ggr")
	for _, d := range r.Days {
		cur := d.Currency
		if d.NoActivity {
			c.row("days", d.Date, "true", "", "0", "", "", "", "", "", "", "")
			continue
		}
		c.row("days", d.Date, "false", cur, ints(d.Events), ints(d.RoundsPlayed), ints(d.BetsPlaced), ri.amount(d.Staked, cur),
			ri.amount(d.SettledStakes, cur), ri.amount(d.Returned, cur), ri.amount(d.Refunded, cur), ri.amount(d.GGR, cur))
	}
	c.header("large_win_thresholds", "currency", "threshold")
	for _, cur := range sortedKeys(r.LargeWinThresholds) {
		c.row("large_win_thresholds", cur, ri.amount(r.LargeWinThresholds[cur], cur))
	}
	c.header("large_wins", "seq", "at", "table", "round", "player", "bet", "code", "stake", "win", "currency", "paytable", "rule", "actor", "role", "reversed_seq")
	for _, x := range r.LargeWins {
		cur := x.Currency
		c.row("large_wins", u64s(x.Seq), ri.time(x.At), x.Table, x.Round, x.Player, x.Bet, x.Code, ri.amount(x.Stake, cur), ri.amount(x.Win, cur),
			cur, x.Paytable, x.Rule, x.Actor.ID, x.Actor.Role, optSeq(x.ReversedSeq))
	}
	c.header("significant_events", "seq", "at", "kind", "table", "round", "player", "actor", "role", "reason", "before", "after", "detail")
	for _, e := range r.SignificantEvents {
		c.row("significant_events", u64s(e.Seq), ri.time(e.At), e.Kind, e.Table, e.Round, e.Player, e.Actor.ID, e.Actor.Role, e.Reason, e.Before, e.After, e.Detail)
	}
	c.header("limits", "table", "game", "paytable", "paytable_hash", "currency", "status", "dealer", "kind", "min", "max")
	for _, t := range r.Limits {
		for _, l := range append(append([]LimitRow(nil), t.Limits...), t.Band) {
			c.row("limits", t.Table, t.Game, t.Paytable, t.PaytableHash, t.Currency, t.Status, t.Dealer, l.Kind, ri.amount(l.Min, t.Currency), ri.amount(l.Max, t.Currency))
		}
	}
	c.header("interrupted", "round", "table", "number", "status", "bets", "in_play", "currency")
	for _, o := range r.Interrupted {
		c.row("interrupted", o.Round, o.Table, i64s(o.Number), o.Status, ints(o.Bets), ri.amount(o.InPlay, o.Currency), o.Currency)
	}
	if len(r.Pools) > 0 {
		r.poolTables(c) // regulator_pool.go
	}
	writeChainCSV(c, "verification", r.Verification)
	return c
}

// WriteHTML writes the report as a self-contained page with charts of the
// RTP per game row and of the daily gross gaming revenue per currency.
func (r *RegulatorReport) WriteHTML(w io.Writer) error {
	rtp := Chart{Title: "Return to player: actual and theoretical", Unit: "%"}
	actual, theo := Series{Name: "actual"}, Series{Name: "theoretical"}
	for _, g := range r.Games {
		if g.ActualRTP == nil || g.TheoreticalRTP == nil {
			continue
		}
		rtp.Labels = append(rtp.Labels, g.Table+" "+g.Currency)
		actual.Values = append(actual.Values, g.ActualRTP.Percent)
		theo.Values = append(theo.Values, g.TheoreticalRTP.Percent)
	}
	rtp.Series = []Series{actual, theo}
	charts := []Chart{rtp}
	currencies := map[string]bool{}
	for _, d := range r.Days {
		if d.Currency != "" {
			currencies[d.Currency] = true
		}
	}
	for _, cur := range sortedKeys(currencies) {
		ch := Chart{Title: "Gross gaming revenue per day (" + cur + ")"}
		ggr := Series{Name: "GGR"}
		seen := map[string]int{}
		for _, d := range r.Days {
			i, ok := seen[d.Date]
			if !ok {
				i = len(ch.Labels)
				seen[d.Date] = i
				ch.Labels = append(ch.Labels, d.Date[5:])
				ggr.Values = append(ggr.Values, decimal.Zero)
			}
			if d.Currency == cur {
				ggr.Values[i] = d.GGR
			}
		}
		ch.Series = []Series{ggr}
		charts = append(charts, ch)
	}
	return writeHTML(w, r.render, "regulator.html", htmlData{R: r, Charts: charts})
}

func decPtr(d *decimal.Decimal) string {
	if d == nil {
		return ""
	}
	return d.StringFixed(kindPercentPlaces)
}

// significanceText is how the HTML and PDF reports say a kind's
// significance.
func significanceText(s string) string {
	switch s {
	case SignificanceTooFewBets:
		return fmt.Sprintf("not significant (fewer than %d bets)", KindBetsMin)
	case SignificanceConsistent:
		return "not significant (interval contains the theoretical RTP)"
	case SignificanceDeviates:
		return "significant deviation"
	case SignificanceUnknown:
		return "no theoretical RTP"
	}
	return s
}
