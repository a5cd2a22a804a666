package audit

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// PeriodDaysMax bounds a report period: ten years of days, enough for a
// life-to-date report of a young system and small enough to keep every
// per-day list of a report bounded.
const PeriodDaysMax = 3660

// ErrBadPeriod is returned when a period cannot be parsed or is empty,
// reversed or longer than PeriodDaysMax.
var ErrBadPeriod = errors.New("audit: bad period")

// Period kinds (GLI-19 2.9: on demand, daily, month to date, year to date).
const (
	PeriodDay   = "day"
	PeriodMonth = "month"
	PeriodYTD   = "ytd"
	PeriodRange = "range"
)

// Period is a run of whole days in a time zone: From 00:00 to the midnight
// that ends To.
type Period struct {
	Kind     string `json:"kind"`
	From     string `json:"from"`
	To       string `json:"to"`
	TimeZone string `json:"time_zone"`
	// Start and End bound the period's instants: [Start, End).
	Start time.Time `json:"start"`
	End   time.Time `json:"end"`
}

// NewPeriod returns the period from..to (YYYY-MM-DD, inclusive) in loc.
func NewPeriod(from, to string, loc *time.Location) (Period, error) {
	if loc == nil {
		loc = time.UTC
	}
	f, err := time.ParseInLocation(time.DateOnly, from, loc)
	if err != nil {
		return Period{}, fmt.Errorf("%w: from %q: want YYYY-MM-DD", ErrBadPeriod, from)
	}
	t, err := time.ParseInLocation(time.DateOnly, to, loc)
	if err != nil {
		return Period{}, fmt.Errorf("%w: to %q: want YYYY-MM-DD", ErrBadPeriod, to)
	}
	if t.Before(f) {
		return Period{}, fmt.Errorf("%w: %s is before %s", ErrBadPeriod, to, from)
	}
	p := Period{Kind: PeriodRange, From: from, To: to, TimeZone: loc.String(), Start: f, End: t.AddDate(0, 0, 1)}
	if n := len(p.Days()); n > PeriodDaysMax {
		return Period{}, fmt.Errorf("%w: %d days, over the limit of %d", ErrBadPeriod, n, PeriodDaysMax)
	}
	return p, nil
}

// ParsePeriod reads a period: "day:2026-11-01", "month:2026-11",
// "ytd:2026-11-15" (1 January to that day), or "2026-11-01..2026-11-04".
func ParsePeriod(spec string, loc *time.Location) (Period, error) {
	kind, arg, ok := strings.Cut(spec, ":")
	if !ok {
		from, to, ok := strings.Cut(spec, "..")
		if !ok {
			return Period{}, fmt.Errorf("%w: %q: want day:DATE, month:YYYY-MM, ytd:DATE or FROM..TO", ErrBadPeriod, spec)
		}
		return NewPeriod(from, to, loc)
	}
	var p Period
	var err error
	switch kind {
	case PeriodDay:
		p, err = NewPeriod(arg, arg, loc)
	case PeriodMonth:
		m, perr := time.Parse("2006-01", arg)
		if perr != nil {
			return Period{}, fmt.Errorf("%w: month %q: want YYYY-MM", ErrBadPeriod, arg)
		}
		p, err = NewPeriod(m.Format(time.DateOnly), m.AddDate(0, 1, -1).Format(time.DateOnly), loc)
	case PeriodYTD:
		d, perr := time.Parse(time.DateOnly, arg)
		if perr != nil {
			return Period{}, fmt.Errorf("%w: date %q: want YYYY-MM-DD", ErrBadPeriod, arg)
		}
		p, err = NewPeriod(fmt.Sprintf("%04d-01-01", d.Year()), arg, loc)
	default:
		return Period{}, fmt.Errorf("%w: kind %q: want day, month or ytd", ErrBadPeriod, kind)
	}
	if err != nil {
		return Period{}, err
	}
	p.Kind = kind
	return p, nil
}

// Days returns the period's days, YYYY-MM-DD, in order.
func (p Period) Days() []string {
	var out []string
	for d := p.Start; d.Before(p.End) && len(out) <= PeriodDaysMax; d = d.AddDate(0, 0, 1) {
		out = append(out, d.Format(time.DateOnly))
	}
	return out
}

// DaysThrough returns the period's days up to the day of now (in the
// period's time zone) included: a month in progress lists the days that
// have begun, not the ones to come.
func (p Period) DaysThrough(now time.Time) []string {
	today := day(now, p.Start.Location())
	days := p.Days()
	for i, d := range days {
		if d > today {
			return days[:i]
		}
	}
	return days
}

// Contains reports whether the instant t is in the period.
func (p Period) Contains(t time.Time) bool { return !t.Before(p.Start) && t.Before(p.End) }

// day returns the day of t in the period's time zone.
func day(t time.Time, loc *time.Location) string { return t.In(loc).Format(time.DateOnly) }
