package audit

import (
	"context"
	"errors"
	"fmt"
	"sort"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/round"
)

// OpenRoundsMax bounds the rounds in progress a report lists.
const OpenRoundsMax = 1000

// VerifyReport is the result of a verification: what was checked and every
// violation found.
type VerifyReport struct {
	// From and To are the range asked for (To resolved to the stream's
	// last sequence when it was 0).
	From uint64 `json:"from"`
	To   uint64 `json:"to"`
	// FirstSeq and LastSeq are the first and last events read in the
	// range; Events counts them.
	FirstSeq uint64 `json:"first_seq"`
	LastSeq  uint64 `json:"last_seq"`
	Events   uint64 `json:"events"`
	// Head is the chain hash of the last event read.
	Head string `json:"head"`
	// Complete is true when the fold started at sequence 1, so balances,
	// wallets and bets were checked against the whole history; false for
	// an archive of a later range, where only what the range itself
	// proves is checked.
	Complete bool        `json:"complete"`
	Seals    SealSummary `json:"seals"`
	// OpenRounds are the rounds still in progress at the end of the range:
	// their bets are held in play (a round "settling", or "cancelled" with
	// refunds still to write, was interrupted between two batches and the
	// ledger finishes it at its next start).
	OpenRounds []OpenRound `json:"open_rounds"`
	// Projections tells whether the projections store was compared.
	Projections *ProjectionCheck `json:"projections,omitempty"`
	// Archive is the header of the archive verified (VerifyArchive only).
	Archive *ArchiveHeader `json:"archive,omitempty"`
	// Verdict is the outcome in one word; Summary is the report's first
	// line, saying what was proven and what was not.
	Verdict Verdict `json:"verdict"`
	Summary string  `json:"summary"`
	// Uncovered is the part of an archive verified with a key that no
	// verified signed seal covers (nil when none is, or for a stream).
	Uncovered *SeqRange `json:"uncovered,omitempty"`
	// Clean is true only for VerdictClean: no violation, and everything
	// asked was established.
	Clean      bool        `json:"clean"`
	Violations []Violation `json:"violations"`
	// More counts the violations found beyond the listed ones.
	More   int         `json:"more,omitempty"`
	Counts []KindCount `json:"counts"`
}

// Verdict is the outcome of a verification. Each has its own exit status
// in wagerlog verify (docs/AUDIT.md).
type Verdict string

// The verdicts, from the worst: a report takes the first that applies.
const (
	// VerdictViolations: at least one violation was found.
	VerdictViolations Verdict = "violations"
	// VerdictNotCompared: no violation, but the projections given could
	// not be compared with the stream (they are ahead of it).
	VerdictNotCompared Verdict = "projections_not_compared"
	// VerdictNotAuthenticated: an archive with no violation, verified
	// without a key: it is consistent, but nothing proves who wrote it.
	VerdictNotAuthenticated Verdict = "not_authenticated"
	// VerdictNotFullySealed: an archive with no violation, verified with
	// a key, some of whose events no verified signed seal covers.
	VerdictNotFullySealed Verdict = "not_fully_sealed"
	// VerdictClean: no violation and everything asked established: the
	// projections compared when given; for an archive, every event
	// covered by a verified signed seal. A stream verified in place is
	// clean without seals over its tail: the ledger seals it as it goes,
	// and the store itself is the evidence.
	VerdictClean Verdict = "clean"
)

// SeqRange is a range of sequences, both ends included.
type SeqRange struct {
	From uint64 `json:"from"`
	To   uint64 `json:"to"`
}

// String writes the range as from..to.
func (r SeqRange) String() string { return rangeString(r.From, r.To) }

// judge sets the verdict, the summary and Clean of a finished report.
// archive says whether the report is of an archive, keyed whether a public
// key checked the seals.
func (rep *VerifyReport) judge(archive, keyed bool) {
	span := rangeString(rep.From, rep.To)
	n := len(rep.Violations) + rep.More
	switch {
	case n > 0:
		rep.Verdict = VerdictViolations
		rep.Summary = fmt.Sprintf("VIOLATIONS: %d found in %s", n, span)
	case rep.Projections != nil && !rep.Projections.Compared:
		rep.Verdict = VerdictNotCompared
		rep.Summary = "NOT COMPARED: no violation in the stream " + span + ", but " + rep.Projections.Note
	case archive && !keyed:
		rep.Verdict = VerdictNotAuthenticated
		rep.Summary = fmt.Sprintf("CONSISTENT, NOT AUTHENTICATED: no violation in %s, but without --pubkey no seal signature was checked", span)
	case archive && rep.Events > 0 && rep.Seals.CoveredThrough < rep.To && rep.Seals.Archive != ArchiveSealVerified:
		u := SeqRange{From: max(rep.From, rep.Seals.CoveredThrough+1), To: rep.To}
		rep.Uncovered = &u
		rep.Verdict = VerdictNotFullySealed
		rep.Summary = fmt.Sprintf("NOT FULLY SEALED: events %s of %s are covered by no verified signed seal", u, span)
		if rep.Seals.CoveredThrough >= rep.From {
			rep.Summary += fmt.Sprintf(" (covered through %d)", rep.Seals.CoveredThrough)
		}
	default:
		rep.Verdict = VerdictClean
		switch {
		case archive:
			rep.Summary = fmt.Sprintf("CLEAN: every event of %s is covered by a verified signed seal", span)
		case rep.Projections != nil:
			rep.Summary = fmt.Sprintf("CLEAN: no violation in %s; the projections at %d agree with it", span, rep.Projections.Seq)
		default:
			rep.Summary = fmt.Sprintf("CLEAN: no violation in %s", span)
		}
	}
	rep.Clean = rep.Verdict == VerdictClean
}

// OpenRound is a round in progress, with the funds its bets hold.
type OpenRound struct {
	Round    string          `json:"round"`
	Table    string          `json:"table"`
	Number   int64           `json:"number"`
	Status   string          `json:"status"`
	Bets     int             `json:"bets"`
	InPlay   decimal.Decimal `json:"in_play"`
	Currency string          `json:"currency"`
}

// Verify walks the stream from..to (0, 0 for all of it) once and reports
// every violation: a broken hash chain, a changed or missing event, postings
// that are not movements or not the ones the payload implies, stated
// balances that differ from the folded ones, a negative wallet, a currency
// whose balances do not sum to zero, a bet left unresolved, a payout that
// differs from re-settlement under its paytable, round totals that do not
// add up, a seal whose head or signature is wrong, and (with
// Options.Projections) projections that differ from the fresh fold.
//
// Balances and bets need the history before from: Verify folds the events
// before from silently (reporting nothing about them), so a range late in a
// long stream costs a read of the stream up to it. It returns an error only
// when the stream cannot be read.
func Verify(ctx context.Context, src Source, from, to uint64, opts Options) (*VerifyReport, error) {
	// The projections are read before the stream's last sequence: a live
	// projector only applies what the stream holds, so projections found
	// beyond that sequence are ahead of the stream, not just quick.
	var pc *projectionCheck
	if opts.Projections != nil {
		var err error
		if pc, err = newProjectionCheck(opts.Projections); err != nil {
			return nil, err
		}
	}
	last, err := src.LastSeq(ctx)
	if err != nil {
		return nil, fmt.Errorf("audit: %w", err)
	}
	if to == 0 || to > last {
		to = last
	}
	if from == 0 {
		from = 1
	}
	w := newWalker(opts, walkStart{complete: true}, from, to)
	if pc != nil {
		w.observers = append(w.observers, pc)
	}
	if from <= to {
		if err := w.run(ctx, src, 1); err != nil {
			return nil, fmt.Errorf("audit: read %s: %w", rangeString(1, to), err)
		}
	}
	var projected *ProjectionCheck
	if pc != nil {
		projected = pc.result(w)
	}
	if opts.StreamCheck != nil {
		var f *events.StreamFault
		if err := opts.StreamCheck(ctx); errors.As(err, &f) {
			w.vs.add(f.Seq, KindStreamFault, "%s: %s", f.Kind, f.Detail)
		} else if err != nil {
			return nil, fmt.Errorf("audit: stream check: %w", err)
		}
	}
	rep := w.report(from, to)
	rep.Projections = projected
	rep.judge(false, opts.PublicKey != nil)
	return rep, nil
}

// report builds the VerifyReport of a finished walk; judge gives it its
// verdict.
func (w *walker) report(from, to uint64) *VerifyReport {
	rep := &VerifyReport{
		From: from, To: to, FirstSeq: w.firstSeq, LastSeq: w.lastSeq, Events: w.events,
		Complete: w.fold.complete, Seals: w.seals,
		OpenRounds: openRounds(w.fold), Violations: w.vs.list, More: w.vs.more,
		Counts: w.vs.sortedCounts(),
	}
	if w.chain.Seq() > 0 {
		rep.Head = w.chain.Head().String()
	}
	if rep.Violations == nil {
		rep.Violations = []Violation{}
	}
	return rep
}

// openRounds lists the rounds in progress in the fold, by table and
// number.
func openRounds(f *fold) []OpenRound {
	out := []OpenRound{}
	for _, r := range f.rounds {
		if !r.open() && !f.owesRefunds(r) {
			continue
		}
		held := decimal.Zero
		n := 0
		for _, b := range r.Bets {
			if b.Status == round.BetOpen {
				held = held.Add(b.Stake)
				n++
			}
		}
		out = append(out, OpenRound{Round: r.ID, Table: r.Table, Number: r.Number, Status: string(r.Status), Bets: n, InPlay: held, Currency: r.Currency})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Table != out[j].Table {
			return out[i].Table < out[j].Table
		}
		return out[i].Number < out[j].Number
	})
	if len(out) > OpenRoundsMax {
		out = out[:OpenRoundsMax]
	}
	return out
}
