package audit

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/ed25519"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/wagerlog/wagerlog/events"
)

// The archive format (docs/AUDIT.md has the full description). An archive
// is UTF-8 JSON Lines, optionally gzip-compressed as a whole:
//
//	{"format":"wagerlog-archive","version":1,"stream":…,"subject_prefix":…,"from":…,"to":…,"exported_at":…,"first_prev_hash":…}
//	{"seq":1,"subject":"wagerlog.cashier","msg_id":"…","data":{…the stored event, byte for byte…}}
//	…
//	{"end":true,"count":…,"last_seq":…,"last_hash":…}
//
// data holds the stored bytes verbatim when they are compact JSON (always,
// for events the ledger wrote); otherwise data_b64 holds them in standard
// base64. Nothing outside the events' own bytes is trusted: the chain is
// checked from first_prev_hash, and the seals in the range (ledger.sealed
// events, included like any other) prove the heads with a signature.
const (
	// ArchiveFormat is the header's format member.
	ArchiveFormat = "wagerlog-archive"
	// ArchiveVersion is the newest version this build reads; readers
	// refuse newer ones. Version 2 adds the trailer's seal (export
	// --seal-key); an archive without one is written as version 1, which
	// older builds still read.
	ArchiveVersion = 2
	// archiveVersionUnsigned is the version of an archive without a
	// trailer seal.
	archiveVersionUnsigned = 1
	// ArchiveLineBytesMax bounds one line: an event of EventBytesMax in
	// base64 with its seq, subject and id.
	ArchiveLineBytesMax = events.EventBytesMax*4/3 + 4096
	// archiveExtraLinesMax is how many lines beyond the header's range a
	// reader tolerates (reporting each) before it gives up.
	archiveExtraLinesMax = 1000
)

// Errors about archives.
var (
	// ErrBadArchive is returned when a file is not a wagerlog archive at
	// all: no readable header, another format, or a newer version. Damage
	// after the header is reported as violations, not as this error.
	ErrBadArchive = errors.New("audit: not a wagerlog archive")
	// ErrUnsignable is returned by Export with a seal key when the events
	// it reads do not form one hash chain (a changed, missing or
	// reordered event): it signs nothing it cannot vouch for. Verify the
	// stream to find the fault.
	ErrUnsignable = errors.New("audit: export: the range's hash chain does not hold; refusing to sign it")
)

// ArchiveHeader is the first line of an archive.
type ArchiveHeader struct {
	Format        string    `json:"format"`
	Version       int       `json:"version"`
	Stream        string    `json:"stream"`
	SubjectPrefix string    `json:"subject_prefix"`
	From          uint64    `json:"from"`
	To            uint64    `json:"to"`
	ExportedAt    time.Time `json:"exported_at"`
	// FirstPrevHash is the hash of event From−1 (zero when From is 1):
	// the chain of the archive starts from it.
	FirstPrevHash events.Hash `json:"first_prev_hash"`
}

// ArchiveTrailer is the last line of an archive. It guards against
// truncation; the seals guard against rewriting.
type ArchiveTrailer struct {
	End      bool        `json:"end"`
	Count    uint64      `json:"count"`
	LastSeq  uint64      `json:"last_seq"`
	LastHash events.Hash `json:"last_hash"`
	// Seal is the exporter's signature over the archive (export
	// --seal-key), present when the export was signed.
	Seal *ArchiveSeal `json:"seal,omitempty"`
}

// ArchiveSeal is an archive's own seal: the seal key's signature
// (events.SignArchiveSeal) over the stream's name, the archive's range and
// the chain head after its last event. It covers the events past the
// stream's last seal, which the ledger has not sealed yet. It is a
// detached signature: export never writes into the stream, which only the
// ledger writes (docs/AUDIT.md).
type ArchiveSeal struct {
	FromSeq   uint64      `json:"from_seq"`
	ToSeq     uint64      `json:"to_seq"`
	Head      events.Hash `json:"head"`
	KeyID     string      `json:"key_id"`
	Signature string      `json:"signature"`
}

// What SealSummary.Archive says of an archive's own seal.
const (
	// ArchiveSealVerified: the archive seal verified with the key given;
	// it covers the whole archive.
	ArchiveSealVerified = "verified"
	// ArchiveSealUnchecked: the archive has a seal, checked against the
	// chain but not its signature (no key given).
	ArchiveSealUnchecked = "unchecked"
)

// ExportResult is what Export wrote.
type ExportResult struct {
	ArchiveTrailer
	// From is the archive's first sequence.
	From uint64
	// SealedThrough is the last sequence of the archive that a ledger
	// seal in it covers, that seal included (0 when none does). The
	// events after it are proven by no seal of the stream: without a
	// trailer seal, verify --archive reports the archive not fully
	// sealed.
	SealedThrough uint64
}

// Unsealed returns the range of the archive past its last ledger seal, and
// whether there is one.
func (r ExportResult) Unsealed() (SeqRange, bool) {
	if r.Count == 0 || r.SealedThrough >= r.LastSeq {
		return SeqRange{}, false
	}
	return SeqRange{From: max(r.SealedThrough+1, r.From), To: r.LastSeq}, true
}

// ExportOptions describe an export.
type ExportOptions struct {
	// Stream and SubjectPrefix name where the events come from; the
	// prefix is used to check every event's subject.
	Stream, SubjectPrefix string
	// Now is the export time written in the header; nil means time.Now.
	Now func() time.Time
	// Gzip compresses the whole archive.
	Gzip bool
	// Progress, when set, is called every ProgressEvery events.
	Progress func(Progress)
	// SealKey, when set, signs the archive (the trailer's seal). Export
	// then checks the hash chain of what it writes and refuses to sign
	// one that does not hold.
	SealKey ed25519.PrivateKey
}

// Export writes the events from..to (0 for the first and the last) of src,
// seals included, to out as an archive, and returns its trailer and how far
// the stream's seals cover it. Without a seal key it copies what is stored
// without judging it: run VerifyArchive on the result. With one, it checks
// the hash chain as it writes and signs the archive's head in the trailer
// (ErrUnsignable when the chain does not hold).
func Export(ctx context.Context, src Source, out io.Writer, from, to uint64, opts ExportOptions) (ExportResult, error) {
	var res ExportResult
	tr := &res.ArchiveTrailer
	last, err := src.LastSeq(ctx)
	if err != nil {
		return res, fmt.Errorf("audit: export: %w", err)
	}
	if to == 0 || to > last {
		to = last
	}
	if from == 0 {
		from = 1
	}
	res.From = from
	if from > to {
		return res, fmt.Errorf("audit: export: empty range %d..%d (the stream ends at %d)", from, to, last)
	}
	end, held := readableEnd(ctx, src, to)
	now := time.Now
	if opts.Now != nil {
		now = opts.Now
	}
	h := ArchiveHeader{
		Format: ArchiveFormat, Version: archiveVersionUnsigned, Stream: opts.Stream, SubjectPrefix: opts.SubjectPrefix,
		From: from, To: to, ExportedAt: now().UTC(),
	}
	if opts.SealKey != nil {
		h.Version = ArchiveVersion
	}
	if from > 1 {
		if h.FirstPrevHash, err = prevHashOf(ctx, src, from); err != nil {
			return res, err
		}
	}
	// A signed export vouches for what it signs: it follows the chain as
	// it writes, from the hash the range starts from.
	var chain *events.Chain
	if opts.SealKey != nil {
		chain = events.NewChain(h.FirstPrevHash, from-1)
	}
	sealSubject := events.SealSubject(opts.SubjectPrefix)
	w := out
	var zw *gzip.Writer
	if opts.Gzip {
		zw = gzip.NewWriter(out)
		w = zw
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	if err := writeJSONLine(bw, h); err != nil {
		return res, err
	}
	var line []byte
	// A range whose every event was lost reads nothing (from > end).
	err = src.Read(ctx, from, end, func(raw events.Raw) error {
		line = appendEventLine(line[:0], raw)
		if _, err := bw.Write(line); err != nil {
			return err
		}
		tr.Count++
		tr.LastSeq = raw.Seq
		if stated, err := events.StatedHash(raw.Data); err == nil {
			tr.LastHash = stated
		} else {
			tr.LastHash = events.Hash{}
		}
		// Seals have their own subject: no need to decode every event
		// to know how far the stream's seals reach.
		if raw.Subject == sealSubject {
			res.SealedThrough = raw.Seq
		}
		if chain != nil {
			prev, ok := statedPrev(raw.Data)
			if !ok {
				return fmt.Errorf("%w: event %d names no prev hash", ErrUnsignable, raw.Seq)
			}
			if err := chain.Next(raw.Seq, prev, raw.Data); err != nil {
				return fmt.Errorf("%w: %w", ErrUnsignable, err)
			}
		}
		if opts.Progress != nil && tr.Count%ProgressEvery == 0 {
			opts.Progress(Progress{Seq: raw.Seq, Last: to, Events: tr.Count})
		}
		return ctx.Err()
	})
	if err == nil && from <= end {
		err = shortRead(from, end, tr.LastSeq, held)
	}
	if err != nil {
		return res, fmt.Errorf("audit: export %d..%d: %w", from, to, err)
	}
	tr.End = true
	if opts.SealKey != nil {
		if chain.Seq() != to {
			return res, fmt.Errorf("%w: the archive ends at %d, its range at %d", ErrUnsignable, chain.Seq(), to)
		}
		seal := &ArchiveSeal{FromSeq: from, ToSeq: to, Head: chain.Head()}
		seal.KeyID, seal.Signature = events.SignArchiveSeal(opts.SealKey, opts.Stream, from, to, seal.Head)
		tr.Seal = seal
	}
	if err := writeJSONLine(bw, tr); err != nil {
		return res, err
	}
	if err := bw.Flush(); err != nil {
		return res, fmt.Errorf("audit: export: %w", err)
	}
	if zw != nil {
		if err := zw.Close(); err != nil {
			return res, fmt.Errorf("audit: export: %w", err)
		}
	}
	if opts.Progress != nil {
		opts.Progress(Progress{Seq: tr.LastSeq, Last: to, Events: tr.Count})
	}
	return res, nil
}

// prevHashOf returns the hash stated by event from−1, or, when that event
// cannot be read, the prev hash stated by event from.
func prevHashOf(ctx context.Context, src Source, from uint64) (events.Hash, error) {
	var h events.Hash
	found := false
	err := src.Read(ctx, from-1, from, func(raw events.Raw) error {
		if found {
			return nil
		}
		if raw.Seq == from-1 {
			if _, stated, err := events.Canonical(raw.Data); err == nil {
				h, found = stated, true
			}
			return nil
		}
		if p, ok := statedPrev(raw.Data); ok {
			h, found = p, true
		}
		return nil
	})
	if err != nil {
		return h, fmt.Errorf("audit: export: read event %d: %w", from-1, err)
	}
	if !found {
		return h, fmt.Errorf("audit: export: neither event %d nor %d states the hash the range starts from", from-1, from)
	}
	return h, nil
}

func writeJSONLine(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("audit: archive: %w", err)
	}
	if _, err := w.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("audit: archive: %w", err)
	}
	return nil
}

// appendEventLine appends one event line. The stored bytes go in verbatim
// when they are compact JSON, so the line reads as JSON and the bytes
// hashed are the bytes kept.
func appendEventLine(b []byte, raw events.Raw) []byte {
	b = append(b, `{"seq":`...)
	b = strconv.AppendUint(b, raw.Seq, 10)
	b = append(b, `,"subject":`...)
	b = appendJSONString(b, raw.Subject)
	if raw.MsgID != "" {
		b = append(b, `,"msg_id":`...)
		b = appendJSONString(b, raw.MsgID)
	}
	if compactJSON(raw.Data) {
		b = append(b, `,"data":`...)
		b = append(b, raw.Data...)
	} else {
		b = append(b, `,"data_b64":"`...)
		b = base64.StdEncoding.AppendEncode(b, raw.Data)
		b = append(b, '"')
	}
	return append(b, '}', '\n')
}

func appendJSONString(b []byte, s string) []byte {
	q, _ := json.Marshal(s) // a string always marshals
	return append(b, q...)
}

// compactJSON reports whether data is a JSON object that json.Compact leaves
// unchanged, so that it survives a round trip through a line verbatim.
func compactJSON(data []byte) bool {
	if len(data) == 0 || data[0] != '{' || !json.Valid(data) {
		return false
	}
	var c bytes.Buffer
	if err := json.Compact(&c, data); err != nil {
		return false
	}
	return bytes.Equal(c.Bytes(), data)
}

// eventLine is an event line as read back. Pointers tell a missing member
// from a zero one.
type eventLine struct {
	Seq     *uint64         `json:"seq"`
	Subject *string         `json:"subject"`
	MsgID   string          `json:"msg_id"`
	Data    json.RawMessage `json:"data"`
	DataB64 *string         `json:"data_b64"`
}

// VerifyArchive checks an archive without any server: the header, the hash
// chain of its events from the header's first_prev_hash, every seal's head
// and range against the chain and (with Options.PublicKey) its signature,
// the trailer, and the same ledger invariants as Verify where the range
// allows (an archive from sequence 1 is checked completely; a later range
// lacks the balances and rounds before it, so those checks are skipped).
// It returns ErrBadArchive when the input has no valid header; every other
// problem is a violation at the sequence it concerns.
func VerifyArchive(ctx context.Context, in io.Reader, opts Options) (*VerifyReport, error) {
	br := bufio.NewReaderSize(in, 1<<16)
	if magic, err := br.Peek(2); err == nil && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("%w: gzip: %v", ErrBadArchive, err)
		}
		defer zr.Close()
		br = bufio.NewReaderSize(zr, 1<<16)
	}
	first, err := readLine(br)
	if err != nil && len(first) == 0 {
		return nil, fmt.Errorf("%w: no header line: %v", ErrBadArchive, err)
	}
	var h ArchiveHeader
	dec := json.NewDecoder(bytes.NewReader(first))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&h); err != nil {
		return nil, fmt.Errorf("%w: header: %v", ErrBadArchive, err)
	}
	switch {
	case h.Format != ArchiveFormat:
		return nil, fmt.Errorf("%w: format %q", ErrBadArchive, h.Format)
	case h.Version < 1 || h.Version > ArchiveVersion:
		return nil, fmt.Errorf("%w: version %d (this build reads up to %d)", ErrBadArchive, h.Version, ArchiveVersion)
	case h.From == 0 || h.To < h.From:
		return nil, fmt.Errorf("%w: range %d..%d", ErrBadArchive, h.From, h.To)
	case h.From == 1 && !h.FirstPrevHash.IsZero():
		return nil, fmt.Errorf("%w: a range from sequence 1 must start from the zero hash", ErrBadArchive)
	}
	if h.SubjectPrefix != "" {
		opts.SubjectPrefix = h.SubjectPrefix
	}
	w := newWalker(opts, walkStart{afterSeq: h.From - 1, head: h.FirstPrevHash, complete: h.From == 1}, h.From, h.To)
	var trailer *ArchiveTrailer
	lineNo := 1
	extra := 0
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		line, err := readLine(br)
		if len(line) > 0 {
			lineNo++
			if trailer != nil {
				w.vs.add(0, KindArchiveTruncated, "line %d follows the trailer", lineNo)
			} else if t, ok := parseTrailer(line); ok {
				trailer = t
			} else {
				raw, perr := parseEventLine(line)
				seq := raw.Seq
				if perr != nil {
					// A line that does not parse is blamed on the
					// sequence expected there: its own seq may be the
					// byte that changed.
					seq = w.chain.Seq() + 1
				}
				if seq > h.To {
					w.vs.add(seq, KindEventInvalid, "line %d holds sequence %d, beyond the archive's range %d..%d", lineNo, seq, h.From, h.To)
					if extra++; extra > archiveExtraLinesMax {
						break
					}
				} else if perr != nil {
					w.skip(seq, fmt.Sprintf("archive line %d is not an event line: %v", lineNo, perr))
				} else {
					w.handle(raw)
				}
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			w.vs.add(w.chain.Seq()+1, KindArchiveTruncated, "the archive cannot be read after line %d: %v", lineNo, err)
			break
		}
	}
	w.finish()
	switch {
	case trailer == nil:
		w.vs.add(0, KindArchiveTruncated, "the archive ends without its trailer after line %d", lineNo)
	case trailer.Count != w.read || trailer.LastSeq != w.chain.Seq() || (w.chain.Seq() > 0 && trailer.LastHash != w.chain.Head()):
		w.vs.add(0, KindArchiveTruncated, "the trailer counts %d events up to %d with head %s; the archive holds %d up to %d with head %s",
			trailer.Count, trailer.LastSeq, short(trailer.LastHash.String()), w.read, w.chain.Seq(), short(w.chain.Head().String()))
	}
	if trailer != nil && trailer.Seal != nil {
		w.checkArchiveSeal(&h, trailer.Seal)
	}
	rep := w.report(h.From, h.To)
	rep.Archive = &h
	rep.judge(true, opts.PublicKey != nil)
	return rep, nil
}

// checkArchiveSeal checks an archive's own seal: it must cover the whole
// archive and name the chain's head after its last event, and (with a key)
// its signature must verify.
func (w *walker) checkArchiveSeal(h *ArchiveHeader, s *ArchiveSeal) {
	switch {
	case s.FromSeq != h.From || s.ToSeq != h.To:
		w.vs.add(0, KindSealMismatch, "the archive's seal covers %d..%d, the archive %d..%d", s.FromSeq, s.ToSeq, h.From, h.To)
		return
	case w.chain.Seq() != h.To || s.Head != w.chain.Head():
		w.vs.add(0, KindSealMismatch, "the archive's seal names head %s at %d, the chain's head at %d is %s",
			short(s.Head.String()), s.ToSeq, w.chain.Seq(), short(w.chain.Head().String()))
		return
	}
	if w.opts.PublicKey == nil {
		w.seals.Archive = ArchiveSealUnchecked
		return
	}
	if err := events.VerifyArchiveSeal(w.opts.PublicKey, h.Stream, s.FromSeq, s.ToSeq, s.Head, s.KeyID, s.Signature); err != nil {
		w.vs.add(0, KindSealSignature, "%v", err)
		return
	}
	w.seals.Archive = ArchiveSealVerified
}

// readLine reads one line without its newline. A line longer than
// ArchiveLineBytesMax is consumed and returned cut, so that it fails to
// parse and is reported.
func readLine(br *bufio.Reader) ([]byte, error) {
	var out []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if len(out)+len(chunk) <= ArchiveLineBytesMax {
			out = append(out, chunk...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if n := len(out); n > 0 && out[n-1] == '\n' {
			out = out[:n-1]
		}
		return out, err
	}
}

func parseTrailer(line []byte) (*ArchiveTrailer, bool) {
	if !bytes.HasPrefix(line, []byte(`{"end":`)) {
		return nil, false
	}
	var t ArchiveTrailer
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&t); err != nil || !t.End {
		return nil, false
	}
	return &t, true
}

// parseEventLine reads an event line strictly: every member known, seq and
// subject present, exactly one of data and data_b64.
func parseEventLine(line []byte) (events.Raw, error) {
	var l eventLine
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&l); err != nil {
		return events.Raw{}, err
	}
	if dec.More() {
		return events.Raw{}, errors.New("trailing data after the line's object")
	}
	if l.Seq == nil || l.Subject == nil {
		return events.Raw{}, errors.New("seq or subject missing")
	}
	raw := events.Raw{Seq: *l.Seq, Subject: *l.Subject, MsgID: l.MsgID}
	switch {
	case l.Data != nil && l.DataB64 == nil:
		raw.Data = []byte(l.Data)
	case l.Data == nil && l.DataB64 != nil:
		b, err := base64.StdEncoding.DecodeString(*l.DataB64)
		if err != nil {
			return raw, fmt.Errorf("data_b64: %v", err)
		}
		raw.Data = b
	default:
		return raw, errors.New("an event line holds exactly one of data and data_b64")
	}
	return raw, nil
}
