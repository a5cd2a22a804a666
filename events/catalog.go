package events

import "reflect"

// Payload is the payload of an event: one of the types of the catalog, as
// a pointer (the decoder returns pointers) or a value. The unexported
// method closes the set, so that only this package's
// payloads travel as events and a switch over them can be checked
// against the catalog (events/fold_coverage_test.go).
type Payload interface{ isPayload() }

// entry is one event type of the catalog: its name, the schema version
// written today and a new zero payload.
type entry struct {
	typ     Type
	version int
	new     func() Payload
}

// catalog is the event catalog, the one table of the types an event may
// have: Types, Known, CurrentVersion, the decoder and TypeOf read it. It
// is a read-only table, not a registry: nothing adds to it at run time.
// Keep it append-only: a type once written to a stream is never renamed,
// reordered or reused, and a new schema version comes with its upcaster
// (Codec).
var catalog = []entry{
	{TypeWalletDeposited, 1, func() Payload { return new(WalletDeposited) }},
	{TypeWalletWithdrawn, 1, func() Payload { return new(WalletWithdrawn) }},
	{TypeWalletAdjusted, 1, func() Payload { return new(WalletAdjusted) }},
	{TypeTableOpened, 1, func() Payload { return new(TableOpened) }},
	{TypeTableLimitsChanged, 1, func() Payload { return new(TableLimitsChanged) }},
	{TypeTableClosed, 1, func() Payload { return new(TableClosed) }},
	{TypeRoundOpened, 1, func() Payload { return new(RoundOpened) }},
	{TypeBetPlaced, 1, func() Payload { return new(BetPlaced) }},
	{TypeRoundBettingClosed, 1, func() Payload { return new(RoundBettingClosed) }},
	{TypeRoundReshake, 1, func() Payload { return new(RoundReshake) }},
	{TypeRoundResult, 1, func() Payload { return new(RoundResult) }},
	{TypeBetSettled, 1, func() Payload { return new(BetSettled) }},
	{TypeRoundSettled, 1, func() Payload { return new(RoundSettled) }},
	{TypeRoundPaused, 1, func() Payload { return new(RoundPaused) }},
	{TypeRoundResumed, 1, func() Payload { return new(RoundResumed) }},
	{TypeRoundCancelled, 1, func() Payload { return new(RoundCancelled) }},
	{TypeBetRefunded, 1, func() Payload { return new(BetRefunded) }},
	{TypeRoundResultCorrected, 1, func() Payload { return new(RoundResultCorrected) }},
	{TypeBetSettlementReversed, 1, func() Payload { return new(BetSettlementReversed) }},
	{TypeLedgerSealed, 1, func() Payload { return new(LedgerSealed) }},
	{TypeRoundStepSettled, 1, func() Payload { return new(RoundStepSettled) }},
	{TypeBetTakenDown, 1, func() Payload { return new(BetTakenDown) }},
	{TypeTableBankTaken, 1, func() Payload { return new(TableBankTaken) }},
	{TypeTableBankReleased, 1, func() Payload { return new(TableBankReleased) }},
	{TypeTableShoeStarted, 1, func() Payload { return new(TableShoeStarted) }},
	{TypeBingoClaimed, 1, func() Payload { return new(BingoClaimed) }},
	{TypeJackpotConfigured, 1, func() Payload { return new(JackpotConfigured) }},
	{TypeJackpotLinked, 1, func() Payload { return new(JackpotLinked) }},
	{TypeJackpotUnlinked, 1, func() Payload { return new(JackpotUnlinked) }},
	{TypeJackpotAdjusted, 1, func() Payload { return new(JackpotAdjusted) }},
	{TypeJackpotDecommissioned, 1, func() Payload { return new(JackpotDecommissioned) }},
	{TypeJackpotPassFunded, 1, func() Payload { return new(JackpotPassFunded) }},
	{TypeJackpotSeatClosed, 1, func() Payload { return new(JackpotSeatClosed) }},
	{TypeJackpotSeatReopened, 1, func() Payload { return new(JackpotSeatReopened) }},
	{TypeJackpotDrawn, 1, func() Payload { return new(JackpotDrawn) }},
	{TypeJackpotDrawSeedRevealed, 1, func() Payload { return new(JackpotDrawSeedRevealed) }},
	{TypeCreditsExpired, 1, func() Payload { return new(CreditsExpired) }},
	{TypeSessionOpened, 1, func() Payload { return new(SessionOpened) }},
	{TypeSessionClosed, 1, func() Payload { return new(SessionClosed) }},
}

// byType and byPayload index the catalog.
var (
	byType    = indexByType()
	byPayload = indexByPayload()
)

func indexByType() map[Type]entry {
	m := make(map[Type]entry, len(catalog))
	for _, e := range catalog {
		if _, dup := m[e.typ]; dup {
			panic("events: type " + string(e.typ) + " twice in the catalog")
		}
		m[e.typ] = e
	}
	return m
}

func indexByPayload() map[reflect.Type]Type {
	m := make(map[reflect.Type]Type, len(catalog))
	for _, e := range catalog {
		rt := reflect.TypeOf(e.new()).Elem()
		if _, dup := m[rt]; dup {
			panic("events: payload " + rt.String() + " of two types in the catalog")
		}
		m[rt] = e.typ
	}
	return m
}

// Types returns every known event type, in catalog order.
func Types() []Type {
	out := make([]Type, len(catalog))
	for i, e := range catalog {
		out[i] = e.typ
	}
	return out
}

// Known reports whether t is in the catalog.
func (t Type) Known() bool {
	_, ok := byType[t]
	return ok
}

// CurrentVersion returns the schema version written today for t, or 0 when t
// is not in the catalog.
func (t Type) CurrentVersion() int { return byType[t].version }

// newPayload returns a new zero payload of type t, or nil for a type not
// in the catalog.
func newPayload(t Type) Payload {
	if e, ok := byType[t]; ok {
		return e.new()
	}
	return nil
}

// TypeOf returns the event type of a payload (a pointer, as the decoder
// returns them, or a value), "" for nil.
func TypeOf(p Payload) Type {
	if p == nil {
		return ""
	}
	rt := reflect.TypeOf(p)
	if rt.Kind() == reflect.Pointer {
		rt = rt.Elem()
	}
	return byPayload[rt]
}

func (WalletDeposited) isPayload()         {}
func (JackpotDrawn) isPayload()            {}
func (JackpotDrawSeedRevealed) isPayload() {}
func (CreditsExpired) isPayload()          {}
func (WalletWithdrawn) isPayload()         {}
func (WalletAdjusted) isPayload()          {}
func (TableOpened) isPayload()             {}
func (TableLimitsChanged) isPayload()      {}
func (TableClosed) isPayload()             {}
func (RoundOpened) isPayload()             {}
func (BetPlaced) isPayload()               {}
func (RoundBettingClosed) isPayload()      {}
func (RoundReshake) isPayload()            {}
func (RoundResult) isPayload()             {}
func (BetSettled) isPayload()              {}
func (RoundSettled) isPayload()            {}
func (RoundPaused) isPayload()             {}
func (RoundResumed) isPayload()            {}
func (RoundCancelled) isPayload()          {}
func (BetRefunded) isPayload()             {}
func (RoundResultCorrected) isPayload()    {}
func (BetSettlementReversed) isPayload()   {}
func (LedgerSealed) isPayload()            {}
func (RoundStepSettled) isPayload()        {}
func (BetTakenDown) isPayload()            {}
func (TableBankTaken) isPayload()          {}
func (TableBankReleased) isPayload()       {}
func (TableShoeStarted) isPayload()        {}
func (BingoClaimed) isPayload()            {}
func (JackpotConfigured) isPayload()       {}
func (JackpotLinked) isPayload()           {}
func (JackpotUnlinked) isPayload()         {}
func (JackpotAdjusted) isPayload()         {}
func (JackpotDecommissioned) isPayload()   {}
func (JackpotPassFunded) isPayload()       {}
func (JackpotSeatClosed) isPayload()       {}
func (JackpotSeatReopened) isPayload()     {}
func (SessionOpened) isPayload()           {}
func (SessionClosed) isPayload()           {}
