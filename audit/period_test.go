package audit_test

import (
	"errors"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/audit"
)

func TestParsePeriod(t *testing.T) {
	loc, err := time.LoadLocation("Europe/Madrid")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		spec, kind, from, to string
		days                 int
	}{
		{"day:2026-11-01", audit.PeriodDay, "2026-11-01", "2026-11-01", 1},
		{"month:2026-02", audit.PeriodMonth, "2026-02-01", "2026-02-28", 28},
		{"month:2028-02", audit.PeriodMonth, "2028-02-01", "2028-02-29", 29},
		{"ytd:2026-03-02", audit.PeriodYTD, "2026-01-01", "2026-03-02", 61},
		{"2026-10-24..2026-10-26", audit.PeriodRange, "2026-10-24", "2026-10-26", 3},
	} {
		p, err := audit.ParsePeriod(tc.spec, loc)
		if err != nil {
			t.Fatalf("%s: %v", tc.spec, err)
		}
		if p.Kind != tc.kind || p.From != tc.from || p.To != tc.to || len(p.Days()) != tc.days {
			t.Fatalf("%s: %+v with %d days", tc.spec, p, len(p.Days()))
		}
	}
	// 25 October 2026 has 25 hours in Madrid: the period still ends at
	// local midnight.
	p, _ := audit.ParsePeriod("day:2026-10-25", loc)
	if got := p.End.Sub(p.Start); got != 25*time.Hour {
		t.Fatalf("25 October lasts %v", got)
	}
	for _, bad := range []string{"", "week:2026-11-01", "day:2026-13-01", "2026-11-05..2026-11-01", "month:2026", "2000-01-01..2030-01-01"} {
		if _, err := audit.ParsePeriod(bad, loc); !errors.Is(err, audit.ErrBadPeriod) {
			t.Errorf("%q: err %v, want ErrBadPeriod", bad, err)
		}
	}
}
