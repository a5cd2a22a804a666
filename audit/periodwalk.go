package audit

import (
	"maps"

	"github.com/shopspring/decimal"
)

// periodTracker follows a walk through a report period: it notices the
// first event of the period (to take the opening balances), each change of
// day, and the first event after the period (to take the closing
// balances). Events are assigned to days by their time in the report's
// time zone; an event stamped earlier than the one before it (a clock set
// back) counts on the day in progress, so days never go backwards.
type periodTracker struct {
	p Period
	// started, closed: the period's first event was seen; an event after
	// the period (or the end of the walk) closed it.
	started, closed bool
	// in is whether the event being walked is in the period; cur is the
	// day in progress.
	in  bool
	cur string
	// firstSeq and lastSeq are the period's first and last events.
	firstSeq, lastSeq uint64
	events            map[string]int // day → events

	// Hooks, called with the fold as it is before the event at hand.
	onStart  func(f *fold)
	onDay    func(day string, f *fold) // a day starts
	onDayEnd func(day string, f *fold) // a day ends
	onClose  func(f *fold)
}

func newPeriodTracker(p Period) *periodTracker {
	return &periodTracker{p: p, events: map[string]int{}}
}

// before places the event s in the period, before the fold applies it.
func (t *periodTracker) before(s *step, f *fold) {
	at := s.env.OccurredAt
	t.in = false
	if t.closed {
		return
	}
	if !at.Before(t.p.End) {
		t.close(f)
		return
	}
	if at.Before(t.p.Start) {
		return
	}
	if !t.started {
		t.started = true
		t.onStart(f)
	}
	t.in = true
	d := day(at, t.p.Start.Location())
	if d > t.cur {
		if t.cur != "" {
			t.onDayEnd(t.cur, f)
		}
		t.cur = d
		t.onDay(d, f)
	}
	t.events[t.cur]++
	if t.firstSeq == 0 {
		t.firstSeq = s.raw.Seq
	}
	t.lastSeq = s.raw.Seq
}

// close ends the period with the fold as it is.
func (t *periodTracker) close(f *fold) {
	if t.closed {
		return
	}
	if !t.started {
		t.started = true
		t.onStart(f)
	}
	if t.cur != "" {
		t.onDayEnd(t.cur, f)
	}
	t.closed = true
	t.onClose(f)
}

// concerns reports whether a violation at seq concerns the period.
func (t *periodTracker) concerns(seq uint64) bool {
	return t.firstSeq != 0 && seq >= t.firstSeq && seq <= t.lastSeq
}

func cloneBalances(m map[acct]decimal.Decimal) map[acct]decimal.Decimal { return maps.Clone(m) }
