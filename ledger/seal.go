package ledger

import (
	"context"

	"github.com/wagerlog/wagerlog/events"
)

// maybeSeal writes a ledger.sealed event when SealEvery events were written
// since the last seal, or, on a timer tick, when SealInterval has passed
// since the last seal and events were written since. The seal records the
// chain head, so an archive of the stream up to it can be checked without
// the server; with a SealKey it is signed.
func (l *Ledger) maybeSeal(tick bool) {
	s := l.state
	if s == nil || s.lastSeq == s.sealSeq {
		return
	}
	now := l.decidedAt
	due := l.sealDue()
	if tick || now.IsZero() {
		now = l.opts.Clock().UTC()
	}
	if tick && l.opts.SealInterval > 0 && now.Sub(s.sealAt) >= l.opts.SealInterval {
		due = true
	}
	if !due {
		return
	}
	p := &events.LedgerSealed{FromSeq: s.sealTo + 1, ToSeq: s.lastSeq, Count: s.lastSeq - s.sealTo, Head: s.head}
	if l.opts.SealKey != nil {
		events.SignSeal(l.opts.SealKey, p)
	}
	ctx := context.Background()
	seal := l.seal(draft{typ: events.TypeLedgerSealed, payload: p}, workMeta{actor: events.Actor{ID: "wagerlog", Role: RoleSystem}}, now)
	if _, err := l.appendBatch(ctx, []sealed{seal}, 0, 1); err != nil {
		l.opts.Logger.Warn("seal not written; reloading state", "err", err)
		if err := l.reload(ctx); err != nil {
			l.opts.Logger.Error("reload after a failed seal", "err", err)
		}
		return
	}
	l.lastSeq.Store(seal.env.Seq)
}

// sealDue reports whether SealEvery events were written since the last
// seal.
func (l *Ledger) sealDue() bool {
	s := l.state
	return s != nil && l.opts.SealEvery > 0 && s.lastSeq-s.sealSeq >= uint64(l.opts.SealEvery)
}
