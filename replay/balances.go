package replay

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/projections"
)

// Reader reads the stream in order. events/jetstream.Store implements it.
type Reader interface {
	Read(ctx context.Context, from, to uint64, fn func(events.Raw) error) error
}

// AsOf names a point of the stream: a sequence, or a time (the ledger's
// event time). Exactly one is set.
type AsOf struct {
	Seq  uint64
	Time time.Time
}

// BalancesAsOf is every account's balance at a point of the stream.
type BalancesAsOf struct {
	// Seq is the last event included; At its event time.
	Seq      uint64                       `json:"seq"`
	At       time.Time                    `json:"at,omitzero"`
	Balances []projections.AccountBalance `json:"balances"`
}

var errPast = errors.New("replay: past the point asked for")

// BalancesAt folds the postings of every event from sequence 1 up to the
// point asOf names (the sequence itself, or the last event that occurred
// at or before the time) and returns the balance of every account a
// posting touched, zero ones included (projections.OmitZero drops them, as
// wagerlog replay balances does unless --zero), sorted by account and
// currency. codec may be nil.
func BalancesAt(ctx context.Context, r Reader, asOf AsOf, codec *events.Codec) (BalancesAsOf, error) {
	if (asOf.Seq == 0) == asOf.Time.IsZero() {
		return BalancesAsOf{}, ErrBadAsOf
	}
	type key struct{ account, currency string }
	type bal struct {
		amount decimal.Decimal
		seq    uint64
	}
	bals := map[key]*bal{}
	var out BalancesAsOf
	err := r.Read(ctx, 1, asOf.Seq, func(raw events.Raw) error {
		e, err := codec.Decode(raw.Data)
		if err != nil {
			return fmt.Errorf("replay: event %d: %w", raw.Seq, err)
		}
		if !asOf.Time.IsZero() && e.OccurredAt.After(asOf.Time) {
			return errPast
		}
		for _, p := range e.Postings {
			for _, leg := range []struct {
				account string
				amount  decimal.Decimal
			}{{p.From, p.Amount.Neg()}, {p.To, p.Amount}} {
				k := key{leg.account, p.Currency}
				b := bals[k]
				if b == nil {
					b = &bal{}
					bals[k] = b
				}
				b.amount = b.amount.Add(leg.amount)
				b.seq = raw.Seq
			}
		}
		out.Seq, out.At = raw.Seq, e.OccurredAt
		return nil
	})
	if err != nil && !errors.Is(err, errPast) {
		return BalancesAsOf{}, err
	}
	out.Balances = make([]projections.AccountBalance, 0, len(bals))
	for k, b := range bals {
		out.Balances = append(out.Balances, projections.AccountBalance{Account: k.account, Currency: k.currency, Balance: b.amount, UpdatedSeq: b.seq})
	}
	sort.Slice(out.Balances, func(i, j int) bool {
		a, b := out.Balances[i], out.Balances[j]
		if a.Account != b.Account {
			return a.Account < b.Account
		}
		return a.Currency < b.Currency
	})
	return out, nil
}
