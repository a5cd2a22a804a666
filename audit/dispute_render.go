package audit

import (
	"io"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/round"
)

// htmlData is what a report template receives.
type htmlData struct {
	R      any
	Charts []Chart
}

// ChargesCommission reports whether a bet of the round had a commission
// kept from its win, recorded or recomputed (baccarat's banker bet): the
// HTML report then shows each bet's commission, so that stake + win −
// commission = returned can be read off the page.
func (r *DisputeReport) ChargesCommission() bool {
	for _, b := range r.Bets {
		if !b.RecomputedCommission.IsZero() || !b.RecordedCommission.IsZero() {
			return true
		}
	}
	return false
}

// WriteJSON writes the report as indented JSON.
func (r *DisputeReport) WriteJSON(w io.Writer) error { return writeJSON(w, r.render, r) }

// WriteCSV writes the report's sections: round, timeline, dice, bets,
// players, chain.
func (r *DisputeReport) WriteCSV(w io.Writer) error { return r.tables().zip(w) }

// WritePDF writes the report's tables as a PDF document.
func (r *DisputeReport) WritePDF(w io.Writer) error {
	return writePDF(w, r.Header, r.render, r.tables())
}

// tables are the report's tables, written as CSV files and as PDF.
func (r *DisputeReport) tables() *csvSections {
	c := newCSV()
	ri := r.render
	rd := r.Round
	c.header("report", "title", "operator", "generated_at", "through_seq")
	c.row("report", r.Header.Title, r.Header.Operator, ri.time(r.Header.GeneratedAt), u64s(r.Header.Through))
	c.header("round", "id", "table", "number", "game", "paytable", "paytable_hash", "currency", "dealer", "status", "opened_at", "finished_at", "first_seq", "last_seq")
	c.row("round", rd.ID, rd.Table, i64s(rd.Number), rd.Game, rd.Paytable, rd.PaytableHash, rd.Currency, rd.Dealer, rd.Status,
		ri.time(rd.OpenedAt), ri.time(rd.FinishedAt), u64s(rd.FirstSeq), u64s(rd.LastSeq))
	c.header("timeline", "seq", "at", "type", "actor", "role", "summary", "hash")
	for _, e := range r.Timeline {
		c.row("timeline", u64s(e.Seq), ri.time(e.At), string(e.Type), e.Actor.ID, e.Actor.Role, e.Summary, e.Hash)
	}
	c.header("dice", "what", "seq", "at", "before", "after", "reason", "actor", "role")
	if r.Dice.Recorded != nil {
		by := r.Dice.RecordedBy
		c.row("dice", "recorded", "", "", "", dicePtr(r.Dice.Recorded), "", by.ID, by.Role)
	}
	for i, res := range r.Dice.Results {
		c.row("dice", "result "+ints(i+1), "", "", "", string(res), "", "", "")
	}
	for _, s := range r.Dice.Reshakes {
		c.row("dice", "reshake", u64s(s.Seq), ri.time(s.At), "", "", strings.TrimSpace(s.Reason+" "+s.Note), s.Actor.ID, s.Actor.Role)
	}
	for _, k := range r.Dice.Corrections {
		c.row("dice", "correction "+ints(k.Number), u64s(k.Seq), ri.time(k.At), resultString(k.Before, k.BeforeResult), resultString(k.After, k.AfterResult), k.Reason, k.Actor.ID, k.Actor.Role)
	}
	if r.Dice.InForce != nil {
		c.row("dice", "in_force", "", "", "", dicePtr(r.Dice.InForce), "", "", "")
	}
	if len(r.Steps) > 0 {
		c.header("steps", "index", "seq", "result", "allowed", "refusal", "decided", "open")
		for _, s := range r.Steps {
			c.row("steps", ints(s.Index), u64s(s.Seq), string(s.Result), bools(s.Allowed), s.Refusal, strings.Join(s.Decided, " "), strings.Join(s.Open, " "))
		}
	}
	if r.SalesClosed != nil || r.Announcement != "" {
		writeSalesCloseCSV(c, r)
	}
	c.header("bets", "bet", "slip", "player", "code", "name", "stake", "currency", "placed_seq", "seq", "correction", "dice", "outcome",
		"rule", "recomputed_win", "recomputed_returned", "recorded_win", "recorded_returned", "residue", "residue_exact", "match", "in_force", "reversed_seq", "note",
		"recomputed_commission", "recorded_commission")
	for _, b := range r.Bets {
		cur := b.Currency
		c.row("bets", b.Bet, b.Slip, b.Player, b.Code, b.Name, ri.amount(b.Stake, cur), cur, u64s(b.PlacedSeq), optSeq(b.Seq), ints(b.Correction),
			resultCell(b.Dice, b.Result), b.Outcome, b.Rule, ri.amount(b.RecomputedWin, cur), ri.amount(b.RecomputedReturned, cur),
			ri.amount(b.RecordedWin, cur), ri.amount(b.RecordedReturned, cur), ri.amount(b.Residue, cur), b.ResidueExact, bools(b.Match), bools(b.InForce),
			optSeq(b.ReversedAt), b.Note, ri.amount(b.RecomputedCommission, cur), ri.amount(b.RecordedCommission, cur))
	}
	c.header("players", "player", "currency", "before", "after", "staked", "returned", "refunded", "other")
	for _, p := range r.Players {
		cur := p.Currency
		c.row("players", p.Player, cur, ri.amount(p.Before, cur), ri.amount(p.After, cur), ri.amount(p.Staked, cur),
			ri.amount(p.Returned, cur), ri.amount(p.Refunded, cur), ri.amount(p.Other, cur))
	}
	t := r.Totals
	cur := rd.Currency
	c.header("totals", "bets", "staked", "won", "returned", "residue", "residue_exact", "refunded", "mismatches")
	c.row("totals", ints(t.Bets), ri.amount(t.Staked, cur), ri.amount(t.Won, cur), ri.amount(t.Returned, cur), ri.amount(t.Residue, cur), t.ResidueExact,
		ri.amount(t.Refunded, cur), ints(t.Mismatches))
	writeChainCSV(c, "chain", r.Chain.VerificationSummary)
	ch := r.Chain
	c.header("round_chain", "round_intact", "seal_seq", "seal_to_seq", "seal_head", "seal_signed", "seal_key_id", "seal_verified")
	if s := ch.Seal; s != nil {
		verified := ""
		if s.Verified != nil {
			verified = bools(*s.Verified)
		}
		c.row("round_chain", bools(ch.RoundIntact), u64s(s.Seq), u64s(s.ToSeq), s.Head, bools(s.Signed), s.KeyID, verified)
	} else {
		c.row("round_chain", bools(ch.RoundIntact), "", "", "", "", "", "")
	}
	return c
}

// SalesCloseRow is one transfer of a round's sales close, as recorded
// and as re-computed (zero where one side has none).
type SalesCloseRow struct {
	N                    int
	From, To, Rule       string
	Recorded, Recomputed decimal.Decimal
}

// SalesCloseRows pairs the transfers the round's sales close recorded
// with those re-computed, in order: the rows of the CSV and the page.
func (r *DisputeReport) SalesCloseRows() []SalesCloseRow {
	sc := r.SalesClosed
	if sc == nil {
		return nil
	}
	var out []SalesCloseRow
	for i := range max(len(sc.Recorded), len(sc.Recomputed)) {
		var rec, rc events.Transfer
		if i < len(sc.Recorded) {
			rec = sc.Recorded[i]
		}
		if i < len(sc.Recomputed) {
			rc = sc.Recomputed[i]
		}
		from, to, rule := rc.From, rc.To, rc.Rule
		if from == "" {
			from, to, rule = rec.From, rec.To, rec.Rule
		}
		out = append(out, SalesCloseRow{N: i + 1, From: party(from), To: party(to), Rule: rule, Recorded: rec.Amount, Recomputed: rc.Amount})
	}
	return out
}

// party names a transfer's side: the game's counterparty, or "house" for
// the house (games.CounterpartyHouse, which is "").
func party(s string) string {
	if s == games.CounterpartyHouse {
		return "house"
	}
	return s
}

// writeSalesCloseCSV writes the round's sales close: a row per transfer
// it posted (recorded and re-computed), then the hall's announcement as a
// row of its own.
func writeSalesCloseCSV(c *csvSections, r *DisputeReport) {
	ri, cur := r.render, r.Round.Currency
	c.header("sales_close", "what", "from", "to", "recorded", "recomputed", "rule", "match")
	for _, x := range r.SalesCloseRows() {
		c.row("sales_close", "transfer "+ints(x.N), x.From, x.To, ri.amount(x.Recorded, cur), ri.amount(x.Recomputed, cur), x.Rule, bools(r.SalesClosed.Match))
	}
	if r.Announcement != "" {
		c.row("sales_close", "announcement", "", "", "", "", r.Announcement, "")
	}
}

// writeChainCSV writes a verification summary and its violations.
func writeChainCSV(c *csvSections, section string, v VerificationSummary) {
	c.header(section, "clean", "through_seq", "events", "head", "seals", "signed", "verified", "sealed_through", "other_violations")
	c.row(section, bools(v.Clean), u64s(v.Through), u64s(v.Events), v.Head, ints(v.Seals.Seals), ints(v.Seals.Signed),
		ints(v.Seals.Verified), u64s(v.Seals.SealedThrough), ints(v.Other))
	c.header("violations", "seq", "kind", "detail")
	for _, x := range v.Violations {
		c.row("violations", u64s(x.Seq), string(x.Kind), x.Detail)
	}
}

// WriteHTML writes the report as a self-contained page.
func (r *DisputeReport) WriteHTML(w io.Writer) error {
	var labels []string
	before, after := Series{Name: "before"}, Series{Name: "after"}
	for _, p := range r.Players {
		labels = append(labels, p.Player)
		before.Values = append(before.Values, p.Before)
		after.Values = append(after.Values, p.After)
	}
	charts := []Chart{{Title: "Wallet balance before and after the round (" + r.Round.Currency + ")", Labels: labels, Series: []Series{before, after}}}
	var bl []string
	rec, rcm := Series{Name: "recorded"}, Series{Name: "recomputed"}
	for _, b := range r.Bets {
		if b.Outcome == string(round.BetOpen) {
			continue
		}
		bl = append(bl, b.Player+" "+b.Code)
		rec.Values = append(rec.Values, b.RecordedReturned)
		rcm.Values = append(rcm.Values, b.RecomputedReturned)
	}
	charts = append(charts, Chart{Title: "Returned per settlement: recorded and recomputed (" + r.Round.Currency + ")", Labels: bl, Series: []Series{rec, rcm}})
	return writeHTML(w, r.render, "dispute.html", htmlData{R: r, Charts: charts})
}

// optSeq writes a sequence, or nothing for 0 (none).
func optSeq(n uint64) string {
	if n == 0 {
		return ""
	}
	return u64s(n)
}

func i64s(n int64) string { return decimal.NewFromInt(n).String() }

// resultCell writes the result a bet was settled on: three dice as
// "2-2-5", another game's result as its JSON.
func resultCell(d *[3]int, other []byte) string {
	if len(other) > 0 {
		return string(other)
	}
	return dicePtr(d)
}
