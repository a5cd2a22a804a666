package main

import (
	"fmt"
	"io"
	"time"

	"github.com/schollz/progressbar/v3"
)

// progressRateAfter is how long a progress bar runs before it shows a
// rate. The bar library measures its rate from the moment the bar is made,
// and ours is made at the first progress report, which may already count
// thousands of events: its first rate was absurd (88,723,272 events/s).
// The rate is ours instead, counted from when the command started, and
// shown once it means something.
const progressRateAfter = time.Second

// termProgress is a progress bar on a terminal for a command that reads
// the stream: count and percentage from the bar, the rate (rateText) and
// the time left from the command's own clock.
type termProgress struct {
	w     io.Writer
	what  string
	start time.Time
	bar   *progressbar.ProgressBar
}

// newTermProgress returns a bar that counts from now; call it when the
// command starts, before it opens the store.
func newTermProgress(w io.Writer, what string) *termProgress {
	return &termProgress{w: w, what: what, start: time.Now()}
}

// set shows done of total events.
func (p *termProgress) set(done, total uint64) {
	if p.bar == nil {
		p.bar = progressbar.NewOptions64(int64(total),
			progressbar.OptionSetWriter(p.w),
			progressbar.OptionSetDescription(p.what),
			progressbar.OptionShowCount(),
			// The bar's own time prediction uses its own rate: ours
			// goes in the description instead.
			progressbar.OptionSetPredictTime(false),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionFullWidth(),
		)
	}
	elapsed := time.Since(p.start)
	if r := rateText(done, elapsed); r != "" {
		eta := ""
		if done > 0 && total > done {
			left := time.Duration(float64(elapsed) * float64(total-done) / float64(done))
			eta = ", eta " + left.Round(time.Second).String()
		}
		p.bar.Describe(p.what + " (" + r + eta + ")")
	}
	_ = p.bar.Set64(int64(done))
}

// finish completes the bar, if one was shown.
func (p *termProgress) finish() {
	if p.bar != nil {
		_ = p.bar.Finish()
		fmt.Fprintln(p.w)
	}
}

// rateText is the rate of n events in d, or "" before progressRateAfter.
func rateText(n uint64, d time.Duration) string {
	if d < progressRateAfter {
		return ""
	}
	return fmt.Sprintf("%.0f events/s", float64(n)/d.Seconds())
}
