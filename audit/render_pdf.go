package audit

import (
	"fmt"
	"io"
	"strings"

	"github.com/wagerlog/wagerlog/audit/pdf"
)

// The PDF draws the CSV's tables (one content, defined once) for a reader
// rather than a spreadsheet: human headers and titles instead of field
// names, hashes cut to their first HashShown hex digits with the full
// values in an appendix, yes and no for true and false, and a legend.

// HashShown is how many hex digits of a hash a PDF table shows; the
// appendix "Hashes in full" gives every shown hash whole.
const HashShown = 12

// pdfTitles are the tables' titles.
var pdfTitles = map[string]string{
	"games": "Games", "rtp_by_kind": "Return to player by bet kind", "days": "Days",
	"large_win_thresholds": "Large-win thresholds", "large_wins": "Large wins",
	"significant_events": "Significant events", "limits": "Table limits at the end of the period",
	"interrupted": "Games interrupted at the end of the period", "verification": "Verification of the stream",
	"violations": "Violations", "totals": "Totals", "game_flows": "Game flows: commissions, contributions, bets taken down",
	"player_bank": "Players' banks", "sales": "Sales", "sessions": "Sessions", "pool_flows": "Progressive pools' flows",
	"accounts": "Accounts", "discrepancies": "Discrepancies", "pools": "Progressive pools", "pool_prizes": "Pool prizes by hand",
	"round": "Round", "timeline": "Timeline", "dice": "Dice and results", "steps": "Results settled one by one",
	"sales_close": "Sales close", "bets": "Bets, re-settled", "players": "Players' wallets", "chain": "Verification of the stream",
	"round_chain":        "The round's chain and seal",
	"pool_complementary": "Complementary prizes (seed 004, 6.5.1)", "credit_flows": "Promotional credits",
}

// pdfColumns are the tables' headers; a name missing here is shown with
// its underscores as spaces. Abbreviations are explained by pdfLegend.
var pdfColumns = map[string]string{
	"game": "Game", "paytable": "Paytable", "paytable_hash": "Paytable hash", "table": "Table", "currency": "Cur.",
	"rounds_played": "Rounds played", "rounds_cancelled": "Rounds cancelled", "rounds_corrected": "Rounds corrected",
	"reshakes": "Reshakes", "bets_placed": "Bets placed", "staked": "Staked", "bets_settled": "Bets settled",
	"settled_stakes": "Settled stakes", "won": "Won", "returned": "Returned", "residue": "Residue posted", "residue_exact": "Residue not paid (exact)", "bets_refunded": "Bets refunded",
	"refunded": "Refunded", "ggr": "GGR", "actual_rtp_percent": "Actual RTP %", "theoretical_rtp_percent": "Theor. RTP %",
	"theoretical_rtp_exact": "Theor. RTP (exact)", "kind": "Kind", "bets": "Bets", "ci95_low_percent": "95% CI low %",
	"ci95_high_percent": "95% CI high %", "significance": "Significance", "date": "Date", "no_activity": "No activity",
	"events": "Events", "threshold": "Threshold", "seq": "Seq", "at": "Time", "round": "Round", "player": "Player", "bet": "Bet",
	"code": "Code", "stake": "Stake", "win": "Win", "rule": "Rule", "actor": "By", "role": "Role", "reversed_seq": "Reversed at seq",
	"reason": "Reason", "before": "Before", "after": "After", "detail": "Detail", "status": "Status", "dealer": "Dealer",
	"min": "Min", "max": "Max", "number": "Number", "in_play": "In play", "clean": "Clean", "through_seq": "Through seq",
	"head": "Chain head", "seals": "Seals", "signed": "Signed", "verified": "Verified", "sealed_through": "Sealed through seq",
	"other_violations": "Violations elsewhere", "scope": "Scope", "opening": "Opening", "deposits": "Deposits",
	"withdrawals": "Withdrawals", "adjustments": "Adjustments", "stakes": "Stakes", "stakes_returned": "Stakes returned",
	"wins_paid": "Wins paid", "refunds": "Refunds", "reversals": "Reversals", "stakes_lost": "Stakes lost", "closing": "Closing",
	"expected": "Expected", "difference": "Difference", "commissions": "Commissions", "contributions": "Contributions",
	"taken_down": "Taken down", "bank_put_up": "Bank put up", "bank_returned": "Bank returned", "cagnotte": "Cagnotte",
	"sales": "Sales", "prizes": "Prizes", "hall_share": "Hall's share", "session": "Session", "pool_prizes": "Pool prizes",
	"pool_funding": "Pool funding", "pool_adjustments": "Pool adjustments", "pool_transfers": "Pool transfers",
	"pool_commission": "Pool commission", "account": "Account", "inflows": "Inflows", "outflows": "Outflows", "amount": "Amount",
	"pool": "Pool", "commission": "Commission", "shortfalls_from_casino": "Shortfalls from casino",
	"resets_from_casino": "Resets from casino", "base_funding": "Base funding", "from_reserves": "From reserves",
	"adjustments_in": "Adjustments in", "adjustments_out": "Adjustments out", "transfers_in": "Transfers in",
	"transfers_out": "Transfers out", "in": "In", "out": "Out", "balanced": "Balanced", "hand": "Hand", "count": "Count",
	"id": "Round", "opened_at": "Opened", "finished_at": "Finished", "first_seq": "First seq", "last_seq": "Last seq",
	"type": "Event", "summary": "Summary", "hash": "Event hash", "what": "What", "index": "Result", "result": "Result",
	"allowed": "Allowed", "refusal": "Refusal", "decided": "Decided", "open": "Open", "from": "From", "to": "To",
	"recorded": "Recorded", "recomputed": "Recomputed", "match": "Match", "slip": "Slip", "name": "Name",
	"placed_seq": "Placed at seq", "correction": "Correction", "dice": "Result", "outcome": "Outcome",
	"recomputed_win": "Win re-computed", "recomputed_returned": "Returned re-computed", "recorded_win": "Win recorded",
	"recorded_returned": "Returned recorded", "in_force": "In force", "note": "Note", "other": "Other", "mismatches": "Mismatches",
	"round_intact": "Round intact", "seal_seq": "Seal at seq", "seal_to_seq": "Seal through seq", "seal_head": "Seal head",
	"seal_signed": "Seal signed", "seal_key_id": "Seal key", "seal_verified": "Seal verified",
}

// pdfHashColumns hold SHA-256 hashes: shown short, listed in full in the
// appendix.
var pdfHashColumns = map[string]bool{"paytable_hash": true, "hash": true, "head": true, "seal_head": true}

// pdfValues say a column's codes in words, as the HTML page does.
var pdfValues = map[string]func(string) string{"significance": significanceText}

// pdfKeys is how many leading columns identify a row of a table, repeated
// in each part of a table too wide for the page.
var pdfKeys = map[string]int{"games": 4, "rtp_by_kind": 6, "days": 3, "totals": 3, "large_wins": 2, "bets": 1, "pools": 2}

// pdfNotes explain a table under its title.
var pdfNotes = map[string]string{
	"rtp_by_kind": "95% CI: the 95% confidence interval of the actual RTP by the normal approximation of the ratio estimator " +
		"(docs/AUDIT.md); a lower bound below 0 is shown as 0.00, the least an RTP can be. Fewer than 30 bets are not compared.",
}

// pdfLegend explains the abbreviations and conventions of every PDF.
var pdfLegend = []string{
	"Amounts are in the row's currency (Cur.) with its decimals; a residue finer than the currency keeps its own. Percentages have fixed decimals.",
	"GGR: gross gaming revenue, settled stakes less returned. RTP: return to player, returned over staked; Theor.: theoretical, from the paytable.",
	fmt.Sprintf("Hashes (SHA-256) show their first %d hex digits; the appendix \"Hashes in full\" gives each in full. Seq: stream sequence number.", HashShown),
}

// writePDF draws the tables under the report's header (the "report" table
// repeats the header, and is left out).
func writePDF(w io.Writer, h Header, ri renderInfo, c *csvSections) error {
	d := pdf.Document{Title: h.Title, Created: h.GeneratedAt, Legend: pdfLegend}
	if h.Operator != "" {
		d.Lines = append(d.Lines, "Operator: "+h.Operator)
	}
	if h.Period != nil {
		d.Lines = append(d.Lines, fmt.Sprintf("Period: %s to %s (%s, %s)", h.Period.From, h.Period.To, h.Period.Kind, h.Period.TimeZone))
	}
	d.Lines = append(d.Lines, fmt.Sprintf("Generated %s; stream read through sequence %d", ri.time(h.GeneratedAt), h.Through))
	hashes := map[string]string{} // short → full
	var order []string
	for _, name := range c.order {
		if name == "report" {
			continue
		}
		t := c.tables[name]
		pt := pdf.Table{Title: pdfTitle(name), Keys: pdfKeys[name], Note: pdfNotes[name]}
		for _, col := range t.header {
			pt.Columns = append(pt.Columns, pdfColumn(col))
		}
		for _, r := range t.rows {
			row := make([]string, len(r))
			for i, v := range r {
				switch {
				case i < len(t.header) && pdfHashColumns[t.header[i]] && len(v) > HashShown:
					s := short(v)
					if _, ok := hashes[s]; !ok {
						order = append(order, s)
					}
					hashes[s] = v
					v = s
				case i < len(t.header) && pdfValues[t.header[i]] != nil:
					v = pdfValues[t.header[i]](v)
				case v == "true":
					v = "yes"
				case v == "false":
					v = "no"
				}
				row[i] = v
			}
			pt.Rows = append(pt.Rows, row)
		}
		d.Tables = append(d.Tables, pt)
	}
	if len(order) > 0 {
		app := pdf.Table{Title: "Appendix: hashes in full", Columns: []string{"Shown as", "SHA-256 in full"}}
		for _, s := range order {
			app.Rows = append(app.Rows, []string{s, hashes[s]})
		}
		d.Tables = append(d.Tables, app)
	}
	if err := pdf.Write(w, d); err != nil {
		return fmt.Errorf("audit: %w", err)
	}
	return nil
}

func pdfTitle(name string) string {
	if t, ok := pdfTitles[name]; ok {
		return t
	}
	t := strings.ReplaceAll(name, "_", " ")
	if t != "" {
		t = strings.ToUpper(t[:1]) + t[1:]
	}
	return t
}

// ColumnTitle is the human header of a report's column, named by its CSV
// field name, as the PDF shows it ("ggr" is "GGR", "settled_stakes" is
// "Settled stakes").
func ColumnTitle(field string) string { return pdfColumn(field) }

func pdfColumn(name string) string {
	if c, ok := pdfColumns[name]; ok {
		return c
	}
	return strings.ReplaceAll(name, "_", " ")
}
