package audit

import (
	"context"
	"crypto/ed25519"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/posting"
)

// Source is the event stream an audit reads. events/jetstream.Store
// implements it, and so does an archive (OpenArchive).
type Source interface {
	// Read calls fn for every event from..to inclusive, in order; to == 0
	// means up to the last sequence at the time of the call. Events the
	// store lost are simply not delivered: the walk notices the gap. A
	// read that ends before an event the source holds is an error, not a
	// gap (ErrShortRead).
	Read(ctx context.Context, from, to uint64, fn func(events.Raw) error) error
	// LastSeq returns the stream's last sequence (0 when empty).
	LastSeq(ctx context.Context) (uint64, error)
}

// ErrShortRead is returned by a walk or an export when the source's read
// ended before the last event of the range although the source holds it
// (its Get finds it): going on would report events that were never read
// as missing, or leave them out of a report. The message names the range
// and where the read stopped.
var ErrShortRead = errors.New("audit: the read stopped short of the range")

// Options configure every audit: verification, exports and reports. Only
// Games is required.
type Options struct {
	// Games looks up the paytables settlements are checked against
	// (the same catalog the ledger runs with).
	Games *games.Catalog
	// Currencies maps a currency to its decimals, for events whose table is
	// not in the walked range; nil means posting.DefaultCurrencies().
	Currencies map[string]int32
	// Codec decodes stored events (upcasting old versions); nil decodes
	// current versions only.
	Codec *events.Codec
	// PublicKey, when set, must verify the signature of every seal.
	PublicKey ed25519.PublicKey
	// ViolationsMax is how many violations a report lists (the rest are
	// counted); 0 means DefaultViolationsMax.
	ViolationsMax int
	// Progress, when set, is called as the walk goes (every ProgressEvery
	// events, and once at the end).
	Progress func(Progress)
	// Projections, when set, is compared by Verify with the fresh fold
	// (*projections.Store implements it).
	Projections ProjectedBalances
	// StreamCheck, when set, is asked by Verify after the walk whether the
	// stream's server knows of a fault (events/jetstream.Store.Check); a
	// *events.StreamFault it returns is reported as a KindStreamFault
	// violation, any other error stops Verify.
	StreamCheck func(ctx context.Context) error
	// SubjectPrefix, when set, makes the walk check that every event is
	// stored under the subject its type and table give (an archive states
	// its own).
	SubjectPrefix string

	// The options below concern reports only.

	// Location is the time zone whose midnights divide report days; nil
	// means UTC.
	Location *time.Location
	// Now is the clock that stamps a report's generation time; nil means
	// time.Now.
	Now func() time.Time
	// Operator names the operator in report headers (GLI-19 2.9).
	Operator string
	// LargeWins maps a currency to the threshold at or above which a win
	// is a large win in the regulator report; "*" applies to the
	// currencies not listed. A currency with no threshold lists none.
	LargeWins map[string]decimal.Decimal
}

// largeWin returns the large-win threshold of a currency.
func (o Options) largeWin(currency string) (decimal.Decimal, bool) {
	if t, ok := o.LargeWins[currency]; ok {
		return t, true
	}
	t, ok := o.LargeWins["*"]
	return t, ok
}

// location returns the report time zone.
func (o Options) location() *time.Location {
	if o.Location == nil {
		return time.UTC
	}
	return o.Location
}

// now returns the report generation time.
func (o Options) now() time.Time {
	if o.Now == nil {
		return time.Now()
	}
	return o.Now()
}

// ProgressEvery is how many events pass between two Progress calls.
const ProgressEvery = 1000

// Progress tells how far a walk is.
type Progress struct {
	// Seq is the last sequence read; Last is the sequence the walk ends at.
	Seq, Last uint64
	// Events counts the events read so far.
	Events uint64
	// Violations counts the violations found so far.
	Violations int
}

// observer sees every decoded event after the fold applied it. Reports are
// observers of the same walk that verifies the stream.
type observer interface {
	observe(s *step, f *fold)
}

// preObserver is an observer that also sees each event before the fold
// applies it (to take the balances at the start of a period).
type preObserver interface {
	before(s *step, f *fold)
}

// SealSummary tells what the seals of a walked range prove.
type SealSummary struct {
	// Seals counts the ledger.sealed events in the range.
	Seals int `json:"seals"`
	// Signed counts the signed ones; Verified those whose signature
	// verified with the public key given (0 without a key).
	Signed   int `json:"signed"`
	Verified int `json:"verified"`
	// KeyIDs are the ids of the keys the seals name (events.KeyID).
	KeyIDs []string `json:"key_ids,omitempty"`
	// LastSealSeq is the sequence of the last seal; SealedThrough the last
	// sequence covered by a seal whose head matched the chain (and, with a
	// key, whose signature verified).
	LastSealSeq   uint64 `json:"last_seal_seq,omitempty"`
	SealedThrough uint64 `json:"sealed_through,omitempty"`
	// CoveredThrough is the last sequence covered by a seal whose head
	// matched the chain and whose signature verified with the key given
	// (0 without a key): the events it seals and the seal event itself,
	// whose statement its signature proves. Since every hash covers its
	// predecessor's, a verified head proves every event before it too.
	CoveredThrough uint64 `json:"covered_through,omitempty"`
	// Archive tells about an archive's own seal (export --seal-key):
	// ArchiveSealVerified with the key given, ArchiveSealUnchecked
	// without a key, empty when the archive has none. A verified archive seal covers the whole
	// archive.
	Archive string `json:"archive_seal,omitempty"`
}

// keyIDsMax bounds the distinct key ids a summary lists.
const keyIDsMax = 16

// walker walks a range of the stream once: it follows the hash chain,
// decodes each event, folds it, checks seals, feeds observers and collects
// every violation in the reported range.
type walker struct {
	opts  Options
	codec *events.Codec
	// from and to bound the reported range; events before from are folded
	// silently.
	from, to uint64
	chain    *events.Chain
	fold     *fold
	vs       *violations
	seals    SealSummary
	// sealTo is where the previous seal ended; sealKnown says whether it
	// is known (a walk from the start, or after a first seal).
	sealTo    uint64
	sealKnown bool
	observers []observer
	// events counts the events read in the reported range; read counts
	// every event read.
	events, read uint64
	// firstSeq and lastSeq are the first and last events read in the
	// range.
	firstSeq, lastSeq uint64
	// prefix is the subject prefix events must be stored under ("" skips
	// the check).
	prefix string
	// relink is set after an archive line that could not be read at all:
	// the next event's prev is taken as the head, so one bad line is
	// reported once, not again as a broken link.
	relink bool
}

// walkStart says where a walk begins: after sequence afterSeq whose hash is
// head; complete when that is the very start of the stream.
type walkStart struct {
	afterSeq uint64
	head     events.Hash
	complete bool
}

func newWalker(opts Options, start walkStart, from, to uint64) *walker {
	cur := opts.Currencies
	if cur == nil {
		cur = posting.DefaultCurrencies()
	}
	return &walker{
		opts: opts, codec: opts.Codec, from: from, to: to,
		chain:     events.NewChain(start.head, start.afterSeq),
		fold:      newFold(start.complete, opts.Games, cur),
		vs:        newViolations(opts.ViolationsMax),
		sealKnown: start.complete,
		prefix:    opts.SubjectPrefix,
	}
}

// getter is implemented by sources that fetch one event by sequence
// (events/jetstream.Store).
type getter interface {
	Get(ctx context.Context, seq uint64) (events.Raw, error)
}

// tailProbeMax bounds how many missing events at the end of a range are
// looked for one by one.
const tailProbeMax = 1000

// readableEnd returns the last sequence up to to that src can deliver, and
// whether src said it holds it. A JetStream stream whose last messages
// were lost (refused on restart for a bad checksum) still reports the old
// last sequence, and a read up to it would wait for messages that never
// come; so the end of the range is probed first, and the missing tail is
// reported as a gap by finish.
func readableEnd(ctx context.Context, src Source, to uint64) (end uint64, held bool) {
	g, ok := src.(getter)
	if !ok {
		return to, false
	}
	for seq := to; seq > 0 && to-seq < tailProbeMax; seq-- {
		_, err := g.Get(ctx, seq)
		if err == nil {
			return seq, true
		}
		if ctx.Err() != nil {
			return seq, false
		}
	}
	return to, false
}

// shortRead returns an ErrShortRead when a read of from..end stopped at
// last (0 when it read nothing) although the source holds end.
func shortRead(from, end, last uint64, held bool) error {
	if !held || last >= end {
		return nil
	}
	if last < from {
		return fmt.Errorf("%w: the read of %d..%d delivered nothing, yet the stream holds event %d", ErrShortRead, from, end, end)
	}
	return fmt.Errorf("%w: the read of %d..%d stopped after event %d, yet the stream holds event %d", ErrShortRead, from, end, last, end)
}

// run reads readFrom..w.to from src and checks it. It returns an error only
// when the source cannot be read (ErrShortRead when its read stopped before
// an event it holds); everything wrong with the events is a violation.
func (w *walker) run(ctx context.Context, src Source, readFrom uint64) error {
	end, held := readableEnd(ctx, src, w.to)
	if end < readFrom {
		w.finish()
		return nil
	}
	var last uint64
	err := src.Read(ctx, readFrom, end, func(raw events.Raw) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		last = raw.Seq
		w.handle(raw)
		return nil
	})
	if err != nil {
		return err
	}
	if err := shortRead(readFrom, end, last, held); err != nil {
		return err
	}
	w.finish()
	return nil
}

// finish runs the end-of-walk checks and the last progress call.
func (w *walker) finish() {
	if got := w.chain.Seq(); got < w.to {
		w.vs.add(got+1, KindSequenceGap, "sequences %d..%d are missing at the end of the range (the stream's last sequence is %d)", got+1, w.to, w.to)
	}
	w.fold.finishChecks(func(seq uint64, k Kind, format string, args ...any) {
		if seq == 0 || seq >= w.from {
			w.vs.add(seq, k, format, args...)
		}
	})
	if w.opts.PublicKey != nil && w.events > 0 && w.seals.Verified == 0 {
		w.vs.add(0, KindSealMissing, "no seal in %d..%d verifies with key %s: nothing in the range is proven authentic", w.from, w.lastSeq, events.KeyID(w.opts.PublicKey))
	}
	w.progress()
}

func (w *walker) progress() {
	if w.opts.Progress != nil {
		w.opts.Progress(Progress{Seq: w.chain.Seq(), Last: w.to, Events: w.read, Violations: w.vs.total()})
	}
}

// handle checks and folds one stored event.
func (w *walker) handle(raw events.Raw) {
	w.read++
	inRange := raw.Seq >= w.from
	if inRange {
		w.events++
		if w.firstSeq == 0 {
			w.firstSeq = raw.Seq
		}
		w.lastSeq = raw.Seq
	}
	report := func(k Kind, format string, args ...any) {
		if inRange {
			w.vs.add(raw.Seq, k, format, args...)
		}
	}
	defer func() {
		if w.read%ProgressEvery == 0 {
			w.progress()
		}
	}()

	expectSeq, prevHead := w.chain.Seq()+1, w.chain.Head()
	stated, hashErr := events.CheckHash(raw.Data)
	env, decErr := w.codec.Decode(raw.Data)
	prev, prevOK := env.PrevHash, decErr == nil
	if !prevOK {
		prev, prevOK = statedPrev(raw.Data)
	}
	if w.relink {
		w.relink = false
		if prevOK && raw.Seq == expectSeq {
			w.chain = events.NewChain(prev, raw.Seq-1)
			prevHead = prev
		}
	}
	chainErr := w.chain.Next(raw.Seq, prev, raw.Data)
	switch {
	case errors.Is(hashErr, events.ErrHashMismatch):
		report(KindHashMismatch, "the content does not match its hash %s: the event was changed after it was written", short(stated.String()))
	case hashErr != nil:
		report(KindEventMalformed, "%v", hashErr)
	}
	if errors.Is(chainErr, events.ErrSequenceGap) {
		if raw.Seq > expectSeq {
			if expectSeq >= w.from {
				w.vs.add(expectSeq, KindSequenceGap, "sequences %d..%d are missing: the next event read is %d", expectSeq, raw.Seq-1, raw.Seq)
			}
		} else {
			report(KindSequenceGap, "sequence %d read after %d: sequences must increase by one", raw.Seq, expectSeq-1)
		}
	}
	if errors.Is(chainErr, events.ErrChainBroken) {
		report(KindChainBroken, "prev is %s, the hash of event %d is %s: an event was removed, inserted or reordered", short(prev.String()), expectSeq-1, short(prevHead.String()))
	} else if hashErr == nil && !prevOK {
		report(KindChainBroken, "the event names no readable prev hash")
	}
	if decErr != nil {
		if hashErr == nil {
			report(KindEventMalformed, "%v", decErr)
		}
		return
	}
	env.Seq = raw.Seq
	if raw.MsgID != "" && raw.MsgID != env.ID.String() {
		report(KindEventInvalid, "stored under message id %s, the event's id is %s", raw.MsgID, env.ID)
	}
	if w.prefix != "" {
		if want, err := events.SubjectFor(w.prefix, &env); err == nil && raw.Subject != want {
			report(KindEventInvalid, "stored under subject %q, a %s event of table %q belongs on %q", raw.Subject, env.Type, env.Table, want)
		}
	}
	payload, err := events.DecodePayload(&env)
	if err != nil {
		if hashErr == nil {
			report(KindEventMalformed, "%v", err)
		}
		return
	}
	s := &step{raw: raw, env: env, payload: payload}
	for _, o := range w.observers {
		if p, ok := o.(preObserver); ok {
			p.before(s, w.fold)
		}
	}
	w.fold.apply(s, report)
	if p, ok := payload.(*events.LedgerSealed); ok {
		w.checkSeal(raw.Seq, prevHead, p, report)
	}
	for _, o := range w.observers {
		o.observe(s, w.fold)
	}
}

// skip records an event that could not be read at all (an archive line
// that is not an event line) at seq, and moves the chain past it.
func (w *walker) skip(seq uint64, detail string) {
	w.read++
	if seq >= w.from {
		w.events++
		if w.firstSeq == 0 {
			w.firstSeq = seq
		}
		w.lastSeq = seq
		w.vs.add(seq, KindEventMalformed, "%s", detail)
	}
	w.chain = events.NewChain(events.Hash{}, seq)
	w.relink = true
}

// statedPrev reads the prev member of an event that does not decode.
func statedPrev(data []byte) (events.Hash, bool) {
	var v struct {
		Prev *events.Hash `json:"prev"`
	}
	if err := json.Unmarshal(data, &v); err != nil || v.Prev == nil {
		return events.Hash{}, false
	}
	return *v.Prev, true
}

// checkSeal checks a ledger.sealed event at seq against the chain: it must
// cover the events since the previous seal up to the one just before it,
// with that event's hash as head, and (with a key) verify.
func (w *walker) checkSeal(seq uint64, prevHead events.Hash, p *events.LedgerSealed, report reporter) {
	if seq < w.from {
		w.sealTo, w.sealKnown = p.ToSeq, true
		return
	}
	w.seals.Seals++
	w.seals.LastSealSeq = seq
	ok := true
	bad := func(format string, args ...any) {
		ok = false
		report(KindSealMismatch, format, args...)
	}
	switch {
	case p.ToSeq != seq-1:
		bad("the seal at %d covers up to %d, not up to the event before it (%d)", seq, p.ToSeq, seq-1)
	case p.Head != prevHead:
		bad("the seal's head is %s, the chain's head at %d is %s", short(p.Head.String()), p.ToSeq, short(prevHead.String()))
	}
	if p.FromSeq > p.ToSeq || p.Count != p.ToSeq-p.FromSeq+1 {
		bad("the seal covers %d..%d but counts %d events", p.FromSeq, p.ToSeq, p.Count)
	}
	if w.sealKnown && p.FromSeq != w.sealTo+1 {
		bad("the seal starts at %d, the previous seal ended at %d", p.FromSeq, w.sealTo)
	}
	w.sealTo, w.sealKnown = p.ToSeq, true
	if p.Signature != "" {
		w.seals.Signed++
		if !slices.Contains(w.seals.KeyIDs, p.KeyID) && len(w.seals.KeyIDs) < keyIDsMax {
			w.seals.KeyIDs = append(w.seals.KeyIDs, p.KeyID)
		}
	}
	if w.opts.PublicKey != nil {
		if err := events.VerifySeal(w.opts.PublicKey, p); err != nil {
			ok = false
			report(KindSealSignature, "%v", err)
		} else {
			w.seals.Verified++
		}
	}
	if ok {
		w.seals.SealedThrough = p.ToSeq
		if w.opts.PublicKey != nil {
			w.seals.CoveredThrough = seq
		}
	}
}

// rangeString writes a range of sequences for messages.
func rangeString(from, to uint64) string {
	if to == 0 {
		return fmt.Sprintf("%d..end", from)
	}
	return fmt.Sprintf("%d..%d", from, to)
}
