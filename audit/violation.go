package audit

import (
	"fmt"
	"sort"
)

// Kind names a class of violation. The names are stable: scripts, the API
// and docs/AUDIT.md use them, so they are never renamed or reused.
type Kind string

// The violation kinds, roughly in the order a walk finds them. See
// docs/AUDIT.md for what each one means and what usually causes it.
const (
	// KindHashMismatch: an event's content does not match its stated hash
	// (it was changed after it was written).
	KindHashMismatch Kind = "hash_mismatch"
	// KindEventMalformed: an event (or an archive line) cannot be read at
	// all: not JSON, no hash member, an unknown type or version.
	KindEventMalformed Kind = "event_malformed"
	// KindSequenceGap: stream sequences are missing (the store dropped or
	// lost events; the Seq is the first missing one).
	KindSequenceGap Kind = "sequence_gap"
	// KindChainBroken: an event's prev is not the hash of the event before
	// it (an event was removed, inserted or reordered).
	KindChainBroken Kind = "chain_broken"
	// KindPostingInvalid: a posting is not a movement: amount not
	// positive, from == to, a currency other than the event's, more
	// decimals than the currency has, an account name the ledger never
	// writes.
	KindPostingInvalid Kind = "posting_invalid"
	// KindPostingsMismatch: the postings differ from what the payload
	// implies (a bet.settled whose postings do not move stake and win as
	// its outcome says).
	KindPostingsMismatch Kind = "postings_mismatch"
	// KindBalanceMismatch: a balance an event states (balance_before,
	// balance_after) differs from the balance folded from the postings.
	KindBalanceMismatch Kind = "balance_mismatch"
	// KindCurrencySumNonzero: the balances of all accounts of a currency do
	// not sum to zero.
	KindCurrencySumNonzero Kind = "currency_sum_nonzero"
	// KindWalletNegative: a player wallet went below zero.
	KindWalletNegative Kind = "wallet_negative"
	// KindPoolNegative: a progressive pool's main account was below zero
	// after an event (inside a pass written funding first, or outside
	// any pass), or any of a pool's accounts at the end of a pass.
	KindPoolNegative Kind = "pool_negative"
	// KindBetUnresolved: a bet is neither settled, refunded nor in a round
	// still open (a round settled or cancelled with a bet left open), or a
	// bet was settled or refunded twice.
	KindBetUnresolved Kind = "bet_unresolved"
	// KindPayoutMismatch: a recorded settlement differs from the one its
	// paytable gives for its stake and dice.
	KindPayoutMismatch Kind = "payout_mismatch"
	// KindTotalsMismatch: a round's stated totals (round.settled,
	// round.cancelled, round.betting_closed, a slip's total) differ from
	// the sum of its bets.
	KindTotalsMismatch Kind = "totals_mismatch"
	// KindPaytableUnknown: a table, round or settlement names a paytable
	// (id and hash) that this build does not have, so its payouts cannot
	// be re-settled; or a bet was settled under another paytable than the
	// one its round was opened with.
	KindPaytableUnknown Kind = "paytable_unknown"
	// KindEventInvalid: an event that does not fit the events before it
	// (a bet on a round never opened, a result on a settled round, dice
	// that are not the round's).
	KindEventInvalid Kind = "event_invalid"
	// KindSealMismatch: a ledger.sealed event's head, range or count does
	// not match the chain.
	KindSealMismatch Kind = "seal_mismatch"
	// KindSealSignature: a seal's signature does not verify with the
	// public key given (or the seal is unsigned while a key is given).
	KindSealSignature Kind = "seal_signature"
	// KindSealMissing: a public key was given but no seal of the range
	// verifies with it, so nothing of the range is proven authentic.
	KindSealMissing Kind = "seal_missing"
	// KindArchiveTruncated: an archive ends before its trailer, or its
	// trailer's count or last hash does not match its lines.
	KindArchiveTruncated Kind = "archive_truncated"
	// KindProjectionMismatch: the projections store holds a balance (or
	// round total) that differs from a fresh fold of the stream.
	KindProjectionMismatch Kind = "projection_mismatch"
	// KindStreamFault: the stream's server reports a fault the events
	// themselves cannot show (Options.StreamCheck): a last sequence whose
	// message it no longer holds, messages missing, the stream's settings
	// changed. The detail starts with the fault's kind (events.FaultKind).
	KindStreamFault Kind = "stream_fault"
	// KindDrawMismatch: a pool's complementary draws do not hold
	// (audit/draw.go): a prize drawn again from the revealed seed differs
	// from the one recorded (or a recorded prize is not drawn again, or a
	// prize drawn again was not recorded); a revealed seed does not hash to
	// its commitment; a pass drew with a commitment that was not in force;
	// a commitment put in force twice or replaced without its seed
	// revealed; a pass's qualifying bets are not its progressive bets.
	KindDrawMismatch Kind = "draw_mismatch"
)

// Kinds returns every violation kind, in the order of the constants.
func Kinds() []Kind {
	return []Kind{
		KindHashMismatch, KindEventMalformed, KindSequenceGap, KindChainBroken,
		KindPostingInvalid, KindPostingsMismatch, KindBalanceMismatch,
		KindCurrencySumNonzero, KindWalletNegative, KindPoolNegative, KindBetUnresolved,
		KindPayoutMismatch, KindTotalsMismatch, KindPaytableUnknown,
		KindEventInvalid, KindSealMismatch, KindSealSignature, KindSealMissing,
		KindArchiveTruncated, KindProjectionMismatch, KindStreamFault, KindDrawMismatch,
	}
}

// Violation is one finding of a walk.
type Violation struct {
	// Seq is the stream sequence of the event at fault (for a gap, the
	// first missing sequence; 0 for a finding about the whole stream, such
	// as a currency sum at the end).
	Seq    uint64 `json:"seq"`
	Kind   Kind   `json:"kind"`
	Detail string `json:"detail"`
}

func (v Violation) String() string {
	if v.Seq == 0 {
		return fmt.Sprintf("%s: %s", v.Kind, v.Detail)
	}
	return fmt.Sprintf("seq %d: %s: %s", v.Seq, v.Kind, v.Detail)
}

// DefaultViolationsMax is how many violations a report lists when the
// options do not say; the rest are only counted.
const DefaultViolationsMax = 1000

// ViolationsMaxLimit bounds the violations a report can be asked to list.
const ViolationsMaxLimit = 1_000_000

// violations collects findings up to a limit and counts every one by kind.
type violations struct {
	max    int
	list   []Violation
	more   int
	counts map[Kind]int
}

func newViolations(max int) *violations {
	if max <= 0 {
		max = DefaultViolationsMax
	}
	if max > ViolationsMaxLimit {
		max = ViolationsMaxLimit
	}
	return &violations{max: max, counts: map[Kind]int{}}
}

func (vs *violations) add(seq uint64, k Kind, format string, args ...any) {
	vs.counts[k]++
	if len(vs.list) >= vs.max {
		vs.more++
		return
	}
	vs.list = append(vs.list, Violation{Seq: seq, Kind: k, Detail: fmt.Sprintf(format, args...)})
}

func (vs *violations) total() int { return len(vs.list) + vs.more }

// KindCount is how many violations of one kind a walk found.
type KindCount struct {
	Kind  Kind `json:"kind"`
	Count int  `json:"count"`
}

// sortedCounts returns the non-zero counts in the order of Kinds.
func (vs *violations) sortedCounts() []KindCount {
	out := make([]KindCount, 0, len(vs.counts))
	order := map[Kind]int{}
	for i, k := range Kinds() {
		order[k] = i
	}
	for k, n := range vs.counts {
		out = append(out, KindCount{Kind: k, Count: n})
	}
	sort.Slice(out, func(i, j int) bool { return order[out[i].Kind] < order[out[j].Kind] })
	return out
}
