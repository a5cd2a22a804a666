package audit

import (
	"bytes"
	"fmt"
	"maps"
	"math/big"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/posting"
	"github.com/wagerlog/wagerlog/replay"
	"github.com/wagerlog/wagerlog/round"
)

// acct is one account in one currency.
type acct struct{ account, currency string }

// tableState is a table as its events describe it.
type tableState struct {
	ID, Game, Paytable, PaytableHash, Currency string
	Scale                                      int32
	Limits                                     map[string]events.Limit
	Band                                       events.Limit
	Dealer                                     string
	Closed                                     bool
	Rounds                                     int64
	Active                                     string
	Banker                                     string
	// ClosedSeats are the seats closed to progressive bets (seed 004,
	// 6.6: an irregular play, a faulty bet light), sorted.
	ClosedSeats []int
}

// roundState is a round as its events describe it: the round model's
// fold (round.Round: status, results in force, bets, what its last result
// and its sales close found) and what the verifier adds to check it.
type roundState struct {
	round.Round
	// linked is the pool the round's table was linked to at its last
	// result (nil when none); its balances then are the model's
	// AtResult.Pool (audit/pool.go).
	linked *poolAt
	// passFunded are the transfers of the round's jackpot.pass_funded,
	// and poolBelow the pool accounts its pass left below zero before
	// round.settled (audit/pool.go).
	passFunded []events.Transfer
	poolBelow  []string
	// parsed holds the results in force parsed by the round's paytable,
	// and parseErr why they could not be (an unknown paytable, a result
	// the game refuses): then its bets are not re-settled against them.
	parsed    []games.Result
	parseErr  error
	OpenedSeq uint64
	// placedSeq is the sequence of each bet's bet.placed, and settled
	// the settlement in force of each settled bet.
	placedSeq map[string]uint64
	settled   map[string]*events.BetSettled
	done      bool
	// end follows where a round whose end depends on its bets ends
	// (games.RoundEnd, a bingo game's first bingo): derived, per round.
	end games.RoundEnd
	// session is the table's session the round was opened in, "" when
	// none (audit/session.go).
	session string
}

// open reports whether the round is still in progress: its bets are
// legitimately unresolved.
func (r *roundState) open() bool {
	return !r.Status.Finished()
}

// fold is the state a walk keeps: balances, tables, the rounds in progress
// and the last FinishedRoundsKept finished rounds of each table (the ones
// the ledger still lets a supervisor correct), and the paytables met. Its
// memory is bounded by the number of accounts and tables, not by the
// length of the stream.
type fold struct {
	// residue is the exact residue of the bet.settled being applied (a
	// fraction of the unit), for the reports: the event's own when it
	// records one; for an event written before the ledger did, the
	// re-settlement's when it agrees with what the event posted (the
	// posted residue of a 7:6 payout was cut to 16 decimals), else what
	// it posted.
	residue *big.Rat
	// complete is true when the walk started at sequence 1: balances are
	// absolute and every round and table is known. An archive of a later
	// range starts with complete false; checks that need the state before
	// the range are skipped.
	complete   bool
	paytables  *games.Catalog
	currencies map[string]int32
	balances   map[acct]decimal.Decimal
	tables     map[string]*tableState
	rounds     map[string]*roundState
	finishedQ  map[string][]string
	pts        map[string]ptEntry
	// lastRound is the round of the last event applied ("" when it
	// belongs to none). A cancelled round whose refunds stop at the end of
	// the walk was interrupted between two batches (a crash, or the end
	// of a range): the ledger finishes that work before anything else.
	lastRound string
	// pools are the progressive pools met (audit/pool.go).
	pools map[string]*poolState
	// sessions are each table's open or last session (audit/session.go).
	sessions map[string]*sessionState
	// creditTerms are the expiries of players' credits (audit/credits.go).
	creditTerms map[acct]creditsTerm
}

type ptEntry struct {
	pt  games.Paytable
	err error
}

func newFold(complete bool, paytables *games.Catalog, currencies map[string]int32) *fold {
	return &fold{
		complete: complete, paytables: paytables, currencies: currencies,
		balances: map[acct]decimal.Decimal{}, tables: map[string]*tableState{},
		rounds: map[string]*roundState{}, finishedQ: map[string][]string{},
		pts: map[string]ptEntry{}, pools: map[string]*poolState{},
	}
}

// balance returns an account's balance in a currency.
func (f *fold) balance(account, currency string) decimal.Decimal {
	return f.balances[acct{account, currency}]
}

// paytable returns the paytable with that id and content hash, or an error
// when this build has no such paytable.
func (f *fold) paytable(id, hash string) (games.Paytable, error) {
	k := id + "\x00" + hash
	if e, ok := f.pts[k]; ok {
		return e.pt, e.err
	}
	var e ptEntry
	if f.paytables == nil {
		e.err = fmt.Errorf("no paytable catalog given")
	} else {
		e.pt, e.err = f.paytables.Resolve(id, hash)
	}
	if len(f.pts) < paytablesMax {
		f.pts[k] = e
	}
	return e.pt, e.err
}

// paytablesMax bounds the paytable cache: a hostile stream naming a new
// paytable in every event must not grow it without limit.
const paytablesMax = 1024

// scale returns the number of decimals of a currency: the table's when the
// table is known, else the configured currencies'.
func (f *fold) scale(table, currency string) (int32, bool) {
	if t := f.tables[table]; t != nil && t.Currency == currency {
		return t.Scale, true
	}
	s, ok := f.currencies[currency]
	return s, ok
}

// scaleOr returns the scale of a currency on table, 2 when it is not known.
func (f *fold) scaleOr(table, currency string) int32 {
	if s, ok := f.scale(table, currency); ok {
		return s
	}
	return 2
}

// scalesInUse returns the scale of every currency, the tables' own first.
func (f *fold) scalesInUse() map[string]int32 {
	out := maps.Clone(f.currencies)
	for _, t := range f.tables {
		out[t.Currency] = t.Scale
	}
	return out
}

// step is one event being walked.
type step struct {
	raw     events.Raw
	env     events.Envelope
	payload any
	// before holds the balances of the accounts the event's postings touch,
	// as they were before it.
	before map[acct]decimal.Decimal
	// flows are the movements the event's payload implies (flowsOf),
	// taken before the fold applies it: a reversal's are the inverse of
	// the settlement in force then.
	flows []flow
}

// reporter records a violation at the event being applied.
type reporter func(k Kind, format string, args ...any)

// apply checks one decoded event against the fold and applies it. It never
// fails: whatever does not fit is reported and the walk goes on, so that
// every violation of a stream is found in one pass.
func (f *fold) apply(s *step, report reporter) {
	e := &s.env
	f.checkPostings(s, report)
	s.flows = flowsOf(s.payload, f.settlementInForce(s.payload))
	if !samePostings(e.Postings, s.flows) {
		report(KindPostingsMismatch, "%s: postings %s, the payload implies %s", e.Type, postingsString(e.Postings), flowsString(s.flows))
	}
	s.before = make(map[acct]decimal.Decimal, 2*len(e.Postings))
	for _, p := range e.Postings {
		for _, a := range []string{p.From, p.To} {
			k := acct{a, p.Currency}
			if _, ok := s.before[k]; !ok {
				s.before[k] = f.balances[k]
			}
		}
	}
	f.checkStatedBalance(s, report, true)
	for _, p := range e.Postings {
		f.balances[acct{p.From, p.Currency}] = f.balances[acct{p.From, p.Currency}].Sub(p.Amount)
		f.balances[acct{p.To, p.Currency}] = f.balances[acct{p.To, p.Currency}].Add(p.Amount)
	}
	f.checkStatedBalance(s, report, false)
	f.checkPoolBalances(s, report)
	if f.complete {
		// A wallet debited below zero; one only credited while negative
		// was reported when it went below.
		debited := map[acct]bool{}
		for _, p := range e.Postings {
			k := acct{p.From, p.Currency}
			if _, ok := posting.IsWallet(p.From); (ok || strings.HasPrefix(p.From, posting.CreditsAccount(""))) && !debited[k] && f.balances[k].IsNegative() {
				debited[k] = true
				report(KindWalletNegative, "%s is %s %s", k.account, f.balances[k], k.currency)
			}
		}
	}
	f.applyPayload(s, report)
	f.lastRound = e.Round
}

// settlementInForce returns, for a reversal, the settlement it reverses
// when the walk knows it (its commission and contributions are reversed
// too, and the reversal's payload does not repeat them); nil otherwise.
func (f *fold) settlementInForce(payload any) *events.BetSettled {
	p, ok := payload.(*events.BetSettlementReversed)
	if !ok {
		return nil
	}
	if r := f.rounds[p.Round]; r != nil {
		if b := r.Bet(p.Bet); b != nil && b.Status == round.BetSettled {
			return r.settled[b.ID]
		}
	}
	return nil
}

// checkPostings reports postings that are not movements.
func (f *fold) checkPostings(s *step, report reporter) {
	cur := payloadCurrency(s.payload)
	for i, p := range s.env.Postings {
		switch {
		case !p.Amount.IsPositive():
			report(KindPostingInvalid, "posting %d: amount %s is not positive", i, p.Amount)
		case p.From == p.To:
			report(KindPostingInvalid, "posting %d: from and to are both %s", i, p.From)
		case cur != "" && p.Currency != cur:
			report(KindPostingInvalid, "posting %d: currency %q in a %s event", i, p.Currency, cur)
		case !knownAccount(p.From) || !knownAccount(p.To):
			report(KindPostingInvalid, "posting %d: %s → %s names an account the ledger never writes", i, p.From, p.To)
		default:
			// Rounding residue is a fraction of the smallest unit by
			// definition: only postings to or from a rounding account
			// may have more decimals than the currency.
			residue := strings.HasPrefix(p.From, posting.RoundingAccount("")) || strings.HasPrefix(p.To, posting.RoundingAccount(""))
			if sc, ok := f.scale(s.env.Table, p.Currency); ok && !residue && !p.Amount.Equal(p.Amount.Truncate(sc)) {
				report(KindPostingInvalid, "posting %d: %s has more than %d decimals for %s", i, p.Amount, sc, p.Currency)
			} else if !ok {
				report(KindPostingInvalid, "posting %d: unknown currency %q", i, p.Currency)
			}
		}
	}
}

// knownAccount reports whether name is an account the ledger writes.
func knownAccount(name string) bool {
	if name == posting.AccountCashier || name == posting.AccountAdjustment || name == posting.AccountCasino || posting.IsPoolAccount(name) {
		return true
	}
	for _, prefix := range []string{posting.WalletAccount(""), posting.InPlayAccount(""), posting.HouseAccount(""), posting.RoundingAccount(""),
		posting.CommissionAccount(""), posting.JackpotAccount(""), posting.BankAccount(""), posting.PrizesAccount(""), posting.HeldAccount(""),
		posting.CreditsAccount("")} {
		if id, ok := strings.CutPrefix(name, prefix); ok {
			return events.ValidID(id)
		}
	}
	return false
}

// checkStatedBalance compares the wallet balance an event states before (or
// after) its postings with the folded one. Only a walk from the start knows
// absolute balances.
func (f *fold) checkStatedBalance(s *step, report reporter, before bool) {
	if !f.complete {
		return
	}
	var player, currency string
	var stated decimal.Decimal
	switch p := s.payload.(type) {
	case *events.WalletDeposited:
		player, currency, stated = p.Player, p.Currency, pick(before, p.BalanceBefore, p.BalanceAfter)
	case *events.WalletWithdrawn:
		player, currency, stated = p.Player, p.Currency, pick(before, p.BalanceBefore, p.BalanceAfter)
	case *events.WalletAdjusted:
		player, currency, stated = p.Player, p.Currency, pick(before, p.BalanceBefore, p.BalanceAfter)
	case *events.BetPlaced:
		player, currency, stated = p.Player, p.Currency, pick(before, p.BalanceBefore, p.BalanceAfter)
		// A slip paid with credits states the credits' balance.
		if got := f.balance(posting.StakeAccount(p.Funding, player), currency); p.Funding != "" && !got.Equal(stated) {
			report(KindBalanceMismatch, "%s states %s's credits %s, the postings give %s", s.env.Type, player, stated, got)
		}
		if p.Funding != "" {
			return
		}
	default:
		return
	}
	got := f.balance(posting.WalletAccount(player), currency)
	if !got.Equal(stated) {
		when := "after"
		if before {
			when = "before"
		}
		report(KindBalanceMismatch, "%s states %s's balance %s %s, the postings give %s", s.env.Type, player, when, stated, got)
	}
}

func pick(first bool, a, b decimal.Decimal) decimal.Decimal {
	if first {
		return a
	}
	return b
}

// payloadCurrency returns the currency a payload names, "" for none.
func payloadCurrency(payload any) string {
	switch p := payload.(type) {
	case *events.WalletDeposited:
		return p.Currency
	case *events.WalletWithdrawn:
		return p.Currency
	case *events.WalletAdjusted:
		return p.Currency
	case *events.BetPlaced:
		return p.Currency
	case *events.BetSettled:
		return p.Currency
	case *events.BetRefunded:
		return p.Currency
	case *events.BetSettlementReversed:
		return p.Currency
	case *events.BetTakenDown:
		return p.Currency
	case *events.RoundSettled:
		return p.Currency
	case *events.JackpotPassFunded:
		return p.Currency
	case *events.JackpotDrawn:
		return p.Currency
	case *events.TableBankTaken:
		return p.Currency
	case *events.TableBankReleased:
		return p.Currency
	}
	return ""
}

// payloadPlace returns the table and round a payload names.
func payloadPlace(payload any) (table, round string, ok bool) {
	switch p := payload.(type) {
	case *events.TableOpened:
		return p.Table, "", true
	case *events.TableLimitsChanged:
		return p.Table, "", true
	case *events.TableClosed:
		return p.Table, "", true
	case *events.TableBankTaken:
		return p.Table, "", true
	case *events.TableBankReleased:
		return p.Table, "", true
	case *events.TableShoeStarted:
		return p.Table, "", true
	case *events.SessionOpened:
		return p.Table, "", true
	case *events.SessionClosed:
		return p.Table, "", true
	case *events.RoundOpened:
		return p.Table, p.Round, true
	case *events.BetPlaced:
		return p.Table, p.Round, true
	case *events.RoundBettingClosed:
		return p.Table, p.Round, true
	case *events.RoundReshake:
		return p.Table, p.Round, true
	case *events.RoundResult:
		return p.Table, p.Round, true
	case *events.BetSettled:
		return p.Table, p.Round, true
	case *events.RoundSettled:
		return p.Table, p.Round, true
	case *events.RoundPaused:
		return p.Table, p.Round, true
	case *events.RoundResumed:
		return p.Table, p.Round, true
	case *events.RoundCancelled:
		return p.Table, p.Round, true
	case *events.BetRefunded:
		return p.Table, p.Round, true
	case *events.RoundResultCorrected:
		return p.Table, p.Round, true
	case *events.BetSettlementReversed:
		return p.Table, p.Round, true
	case *events.RoundStepSettled:
		return p.Table, p.Round, true
	case *events.BetTakenDown:
		return p.Table, p.Round, true
	case *events.BingoClaimed:
		return p.Table, p.Round, true
	case *events.JackpotPassFunded:
		return p.Table, p.Round, true
	case *events.JackpotDrawn:
		return p.Table, p.Round, true
	case *events.JackpotSeatClosed:
		return p.Table, "", true
	case *events.JackpotSeatReopened:
		return p.Table, "", true
	}
	return "", "", false
}

// round returns the round a table event names. A round unknown to a walk
// from the start is a violation; a walk of a later range skips it quietly
// (the round was opened before the range).
func (f *fold) round(id string, report reporter, what string) *roundState {
	r := f.rounds[id]
	if r == nil && f.complete {
		report(KindEventInvalid, "%s for round %s, which is not open (never opened, or finished more than %d rounds ago)", what, id, round.FinishedRoundsKept)
	}
	return r
}

func (f *fold) table(id string, report reporter, what string) *tableState {
	t := f.tables[id]
	if t == nil && f.complete {
		report(KindEventInvalid, "%s for table %s, which was never opened", what, id)
	}
	return t
}

// applyPayload applies what an event says to tables, rounds and bets, and
// checks that it fits the state: statuses, totals, and each settlement
// against its paytable.
func (f *fold) applyPayload(s *step, report reporter) {
	e := &s.env
	if table, round, ok := payloadPlace(s.payload); ok && (table != e.Table || round != e.Round) {
		report(KindEventInvalid, "envelope names table %q round %q, the payload table %q round %q", e.Table, e.Round, table, round)
	}
	switch p := s.payload.(type) {
	case *events.WalletDeposited, *events.WalletWithdrawn:
		// The postings are the whole effect; flowsOf checked them.
	case *events.WalletAdjusted:
		if p.Amount.IsZero() {
			report(KindEventInvalid, "an adjustment of zero")
		}
	case *events.TableOpened:
		f.openTable(p, report)
	case *events.TableLimitsChanged:
		if t := f.table(p.Table, report, "limits change"); t != nil {
			if t.Active != "" {
				report(KindEventInvalid, "limits of table %s changed while round %s is in progress", t.ID, t.Active)
			}
			if !sameLimits(t.Limits, p.Before) {
				report(KindEventInvalid, "limits change of table %s states limits before that are not the limits in force", t.ID)
			}
			t.Limits = maps.Clone(p.After)
		}
	case *events.TableClosed:
		if t := f.table(p.Table, report, "table.closed"); t != nil {
			if t.Closed {
				report(KindEventInvalid, "table %s closed twice", t.ID)
			}
			if t.Active != "" {
				report(KindEventInvalid, "table %s closed while round %s is in progress", t.ID, t.Active)
			}
			f.sessionOpenAtClose(t.ID, report)
			t.Closed = true
		}
	case *events.RoundOpened:
		f.openRound(s, p, report)
	case *events.BetPlaced:
		f.placeBets(s, p, report)
	case *events.RoundBettingClosed:
		if r := f.round(p.Round, report, "betting closed"); r != nil {
			f.move(r, e.Type, report, "betting closed")
			if p.Bets != len(r.Bets) || !p.Staked.Equal(r.Staked) {
				report(KindTotalsMismatch, "round %s closed with %d bets staking %s, its bets are %d staking %s", r.ID, p.Bets, p.Staked, len(r.Bets), r.Staked)
			}
			f.closeSales(r, p, report)
		}
	case *events.RoundReshake:
		if r := f.round(p.Round, report, "reshake"); r != nil {
			f.move(r, e.Type, report, "reshake")
			r.Reshake()
		}
	case *events.RoundResult:
		if r := f.round(p.Round, report, "result"); r != nil {
			f.move(r, e.Type, report, "result")
			f.addResult(r, p.ResultJSON(), report)
		}
	case *events.BetSettled:
		f.settleBet(s, p, report)
	case *events.RoundStepSettled:
		if r := f.round(p.Round, report, "step settled"); r != nil {
			f.move(r, e.Type, report, "step settled")
			f.settleStep(r, p, report)
		}
	case *events.RoundSettled:
		f.settleRound(p, report)
	case *events.BingoClaimed:
		if r := f.round(p.Round, report, "claim"); r != nil {
			f.move(r, e.Type, report, "claim")
			f.claim(r, p, report)
		}
	case *events.RoundPaused:
		if r := f.round(p.Round, report, "pause"); r != nil {
			f.move(r, e.Type, report, "pause")
		}
	case *events.RoundResumed:
		if r := f.round(p.Round, report, "resume"); r != nil {
			f.move(r, e.Type, report, "resume")
		}
	case *events.RoundCancelled:
		if r := f.round(p.Round, report, "cancel"); r != nil {
			f.move(r, e.Type, report, "cancel")
			// The ledger states the bets it refunds: those still open (in
			// a round of several results, the decided ones stay settled).
			open, staked := 0, decimal.Zero
			for _, b := range r.Bets {
				if b.Status == round.BetOpen {
					open, staked = open+1, staked.Add(b.Stake)
				}
			}
			if p.Bets != open || !p.Refunded.Equal(staked) {
				report(KindTotalsMismatch, "round %s cancelled refunding %d bets, %s; its open bets are %d staking %s", r.ID, p.Bets, p.Refunded, open, staked)
			}
			f.uncloseSales(r, p, report)
			if t := f.tables[r.Table]; t != nil && t.Active == r.ID {
				t.Active = ""
			}
			f.finishIfRefunded(r)
		}
	case *events.BetRefunded:
		if r := f.round(p.Round, report, "refund"); r != nil {
			f.move(r, e.Type, report, "refund")
			b := f.bet(r, p.Bet, report, "refund")
			if b != nil {
				if b.Status != round.BetOpen {
					report(KindBetUnresolved, "bet %s refunded while %s", b.ID, b.Status)
				}
				checkBetMatches(b, p.Player, p.Code, p.Stake, report)
				if b.Funding != p.Funding {
					report(KindPostingsMismatch, "bet %s was paid from %s, the refund goes to %s", b.ID, posting.StakeAccount(b.Funding, b.Player), posting.StakeAccount(p.Funding, p.Player))
				}
				_ = r.RefundBet(p) // reported above
			}
			f.finishIfRefunded(r)
		}
	case *events.BetTakenDown:
		if r := f.round(p.Round, report, "take-down"); r != nil {
			f.move(r, e.Type, report, "take-down")
			if b := f.bet(r, p.Bet, report, "take-down"); b != nil {
				f.takeDown(r, b, p, report)
			}
		}
	case *events.RoundResultCorrected:
		if r := f.round(p.Round, report, "correction"); r != nil {
			f.move(r, e.Type, report, "correction")
			f.correct(r, p, report)
		}
	case *events.BetSettlementReversed:
		if r := f.round(p.Round, report, "reversal"); r != nil {
			f.move(r, e.Type, report, "reversal")
			if b := f.bet(r, p.Bet, report, "reversal"); b != nil {
				settled := r.settled[b.ID]
				switch {
				case b.Status != round.BetSettled || settled == nil:
					report(KindEventInvalid, "bet %s reversed while %s", b.ID, b.Status)
				case settled.Correction >= p.Correction:
					report(KindEventInvalid, "bet %s: correction %d reverses the settlement of correction %d", b.ID, p.Correction, settled.Correction)
				case !settled.Win.Equal(p.Win) || !settled.Returned.Equal(p.Returned) || !settled.Residue.Equal(p.Residue):
					report(KindPostingsMismatch, "bet %s: the reversal undoes win %s returned %s residue %s, the settlement in force is win %s returned %s residue %s",
						b.ID, p.Win, p.Returned, p.Residue, settled.Win, settled.Returned, settled.Residue)
				}
				checkBetMatches(b, p.Player, p.Code, p.Stake, report)
				_ = r.ReverseBet(p) // reported above
				delete(r.settled, b.ID)
			}
		}
	case *events.LedgerSealed:
		// The walker checks seals against the chain.
	default:
		if !f.applySession(s.payload, report) {
			f.applyPool(s.payload, report)
		}
	}
}

func (f *fold) openTable(p *events.TableOpened, report reporter) {
	old := f.tables[p.Table]
	if old != nil && !old.Closed {
		report(KindEventInvalid, "table %s opened while open", p.Table)
	}
	if pt, err := f.paytable(p.Paytable, p.PaytableHash); err != nil {
		report(KindPaytableUnknown, "table %s: %v", p.Table, err)
	} else if pt.Game() != p.Game {
		report(KindPaytableUnknown, "table %s of game %s names paytable %s of game %s", p.Table, p.Game, p.Paytable, pt.Game())
	}
	if _, ok := f.currencies[p.Currency]; !ok {
		report(KindEventInvalid, "table %s: unknown currency %q", p.Table, p.Currency)
	}
	t := &tableState{
		ID: p.Table, Game: p.Game, Paytable: p.Paytable, PaytableHash: p.PaytableHash,
		Currency: p.Currency, Scale: p.Scale, Limits: maps.Clone(p.Limits), Band: p.Band, Dealer: p.Dealer,
	}
	if old != nil {
		t.Rounds = old.Rounds // a reopened table keeps numbering its rounds
	}
	f.tables[p.Table] = t
}

func (f *fold) openRound(s *step, p *events.RoundOpened, report reporter) {
	t := f.table(p.Table, report, "round.opened")
	r := &roundState{OpenedSeq: s.raw.Seq, session: p.Session,
		placedSeq: map[string]uint64{}, settled: map[string]*events.BetSettled{}}
	r.Opened(p, s.env.OccurredAt)
	r.Staked = decimal.Zero
	f.move(r, s.env.Type, report, "round.opened")
	f.sessionRound(p, report)
	if t != nil {
		switch {
		case t.Closed:
			report(KindEventInvalid, "round %s opened on closed table %s", p.Round, t.ID)
		case t.Active != "":
			report(KindEventInvalid, "round %s opened while round %s of table %s is in progress", p.Round, t.Active, t.ID)
		}
		if p.Number != t.Rounds+1 {
			report(KindEventInvalid, "round %s is number %d, table %s's next number is %d", p.Round, p.Number, t.ID, t.Rounds+1)
		}
		if p.Paytable != t.Paytable || p.PaytableHash != t.PaytableHash {
			report(KindPaytableUnknown, "round %s opened under paytable %s (%s), table %s plays %s (%s)", p.Round, p.Paytable, short(p.PaytableHash), t.ID, t.Paytable, short(t.PaytableHash))
		}
		t.Rounds = p.Number
		t.Active = p.Round
		r.Currency, r.Scale = t.Currency, t.Scale
	}
	if f.rounds[p.Round] != nil {
		report(KindEventInvalid, "round %s opened twice", p.Round)
		return
	}
	f.rounds[p.Round] = r
}

func (f *fold) placeBets(s *step, p *events.BetPlaced, report reporter) {
	// A slip's total is what left the wallet: the stakes and the
	// commissions charged on placing them.
	sum := decimal.Zero
	for _, b := range p.Bets {
		sum = sum.Add(b.Stake).Add(b.Commission).Add(b.Held)
	}
	if !sum.Equal(p.Total) {
		report(KindTotalsMismatch, "slip %s states a total of %s, its stakes and commissions add up to %s", p.Slip, p.Total, sum)
	}
	if len(p.Bets) == 0 {
		report(KindEventInvalid, "slip %s has no bets", p.Slip)
	}
	r := f.round(p.Round, report, "bet.placed")
	if r == nil {
		return
	}
	f.move(r, s.env.Type, report, "bet")
	if r.Currency != "" && p.Currency != r.Currency {
		report(KindEventInvalid, "slip %s in %s on a %s table", p.Slip, p.Currency, r.Currency)
	}
	t := f.tables[r.Table]
	pt, _ := f.paytable(r.Paytable, r.PaytableHash)
	placement := f.placement(r, pt, p.Player)
	for i, b := range p.Bets {
		if r.Bet(b.Bet) != nil {
			report(KindEventInvalid, "bet %s placed twice", b.Bet)
			continue
		}
		if !b.Stake.IsPositive() {
			report(KindEventInvalid, "bet %s stakes %s", b.Bet, b.Stake)
		}
		if pt != nil && t != nil {
			kind, err := pt.BetKind(b.Code)
			if err != nil {
				report(KindEventInvalid, "bet %s: %v", b.Bet, err)
			} else if l, ok := limitFor(t.Limits, kind); ok && !p.Carried && (b.Stake.LessThan(l.Min) || b.Stake.GreaterThan(l.Max)) {
				// Not a carried half: it was within the limits when its
				// card was sold, in the round before (ledger/session.go).
				report(KindEventInvalid, "bet %s stakes %s on %s, outside the limits %s..%s in force", b.Bet, b.Stake, b.Code, l.Min, l.Max)
			}
		}
		gb := games.Bet{Code: b.Code, Stake: b.Stake, Since: len(r.Results), Working: b.Working}
		if pt != nil && t != nil {
			placement.check(b.Bet, gb, b.Commission, t.Scale, report)
			if seat, closed := closedSeatOf(pt, t, b.Code); closed {
				report(KindEventInvalid, "bet %s: progressive bet %s on seat %d of table %s, which is closed to progressive bets (seed 004, 6.6)", b.Bet, b.Code, seat, t.ID)
			}
		}
		// The round model places it (round.Round.PlaceBets), one bet of
		// the slip at a time: each is checked against the ones before.
		one := *p
		one.Bets = p.Bets[i : i+1]
		_ = r.PlaceBets(&one) // a bet placed twice was reported above
		r.placedSeq[b.Bet] = s.raw.Seq
		if len(r.Bets) > roundBetsMax {
			report(KindEventInvalid, "round %s holds more than %d bets", r.ID, roundBetsMax)
			return
		}
	}
	f.sessionSale(r.Table, p, report)
}

// roundBetsMax bounds the bets the fold keeps for one round, so a hostile
// stream cannot grow one round without limit.
const roundBetsMax = 1_000_000

// limitFor returns the stake limit of a bet kind: its own, or "*".
func limitFor(limits map[string]events.Limit, kind string) (events.Limit, bool) {
	if l, ok := limits[kind]; ok {
		return l, true
	}
	l, ok := limits["*"]
	return l, ok
}

func (f *fold) bet(r *roundState, id string, report reporter, what string) *round.Bet {
	b := r.Bet(id)
	if b == nil {
		report(KindEventInvalid, "%s of bet %s, which round %s does not hold", what, id, r.ID)
	}
	return b
}

// placement checks a slip's bets as the game would have taken them: the
// round's state when they were placed (games.Placer), the working flag,
// and the commission charged (games.Charger).
type placement struct {
	pt      games.Paytable
	results []games.Result
	// open are the player's bets of the round still in play, then the
	// slip's earlier bets: a bet may stand behind either.
	open []games.Bet
	ok   bool // the round's results are known and parsed
}

func (f *fold) placement(r *roundState, pt games.Paytable, player string) *placement {
	pl := &placement{pt: pt}
	if _, isPlacer := pt.(games.Placer); !isPlacer {
		// Only a Placer reads the round's state: a Sic Bo slip costs no
		// walk over the round's bets.
		return pl
	}
	pl.results, pl.ok = f.results(r)
	for _, b := range r.Bets {
		if b.Player == player && b.Status == round.BetOpen {
			pl.open = append(pl.open, games.Bet{Code: b.Code, Stake: b.Stake, Since: b.Since, Working: b.Working})
		}
	}
	return pl
}

func (pl *placement) check(id string, b games.Bet, commission decimal.Decimal, scale int32, report reporter) {
	placer, isPlacer := pl.pt.(games.Placer)
	switch {
	case isPlacer && pl.ok:
		if err := placer.CheckPlacement(b, pl.results, pl.open); err != nil {
			report(KindEventInvalid, "bet %s (%s) placed after %d results: %s refuses it: %v", id, b.Code, b.Since, pl.pt.ID(), err)
		}
		pl.open = append(pl.open, b)
	case !isPlacer && b.Working:
		report(KindEventInvalid, "bet %s (%s) is working, paytable %s has no working flag", id, b.Code, pl.pt.ID())
	}
	want := decimal.Zero
	if charger, ok := pl.pt.(games.Charger); ok {
		want = charger.Charge(b, scale)
	}
	if !commission.Equal(want) {
		report(KindPayoutMismatch, "bet %s (%s, stake %s) was charged a commission of %s, %s charges %s", id, b.Code, b.Stake, commission, pl.pt.ID(), want)
	}
}

// results returns the round's results parsed by its paytable, and false
// when they cannot be (the paytable is unknown, or the game refuses one
// of them: both were reported when met).
func (f *fold) results(r *roundState) ([]games.Result, bool) {
	if r.parsed == nil && r.parseErr == nil {
		pt, err := f.paytable(r.Paytable, r.PaytableHash)
		if err == nil {
			r.parsed, err = replay.ParseResults(pt, r.Results)
		}
		r.parseErr = err
	}
	return r.parsed, r.parseErr == nil
}

// addResult records a result of r, once the game has checked it: it must
// parse (three dice 1..6 for Sic Bo, a face for the test games), and be
// possible after the round's earlier results (games.ResultChecker).
func (f *fold) addResult(r *roundState, raw []byte, report reporter) {
	prior, ok := f.results(r)
	r.RecordResult(raw, f)
	r.linked = f.linkedPool(r.Table)
	r.parsed, r.parseErr = nil, nil
	pt, err := f.paytable(r.Paytable, r.PaytableHash)
	if err != nil {
		return // reported at the table's opening
	}
	res, err := pt.ParseResult(raw)
	if err != nil {
		report(KindEventInvalid, "round %s: result %s is not a result of %s: %v", r.ID, raw, pt.Game(), err)
		return
	}
	if checker, isChecker := pt.(games.ResultChecker); isChecker && ok {
		if err := checker.CheckResult(res, prior); err != nil {
			report(KindEventInvalid, "round %s: result %s cannot follow %d results: %v", r.ID, raw, len(prior), err)
		}
	}
}

// correct applies a correction of r's last result, which must name the
// result in force and change it as the game sees it.
func (f *fold) correct(r *roundState, p *events.RoundResultCorrected, report reporter) {
	before, after := p.BeforeJSON(), p.AfterJSON()
	if n := len(r.Results); n > 0 && !bytes.Equal(r.Results[n-1], before) {
		report(KindEventInvalid, "correction of round %s states the result before %s, the result in force is %s", r.ID, before, r.Results[n-1])
	}
	if p.Correction != r.Correction+1 {
		report(KindEventInvalid, "correction %d of round %s follows correction %d", p.Correction, r.ID, r.Correction)
	}
	if pt, err := f.paytable(r.Paytable, r.PaytableHash); err == nil {
		a, errA := pt.ParseResult(after)
		b, errB := pt.ParseResult(before)
		switch {
		case errA != nil:
			report(KindEventInvalid, "correction of round %s: %s is not a result of %s: %v", r.ID, after, pt.Game(), errA)
		case errB == nil && a.Equal(b):
			report(KindEventInvalid, "correction of round %s: %s is the same result as %s", r.ID, after, before)
		}
	}
	r.CorrectResult(p)
	r.parsed, r.parseErr = nil, nil
}

func (f *fold) settleBet(s *step, p *events.BetSettled, report reporter) {
	if !games.Outcome(p.Outcome).Decided() {
		report(KindPayoutMismatch, "bet %s has outcome %q", p.Bet, p.Outcome)
	}
	r := f.round(p.Round, report, "settlement")
	var b *round.Bet
	if r != nil {
		b = f.bet(r, p.Bet, report, "settlement")
	}
	f.residue = replay.Recorded(p).ExactResidue()
	f.resettle(p, r, b, report)
	if r == nil {
		return
	}
	f.move(r, s.env.Type, report, "settlement")
	if n := len(r.Results); n > 0 && !bytes.Equal(r.Results[n-1], p.ResultJSON()) {
		report(KindEventInvalid, "bet %s settled on result %s, the round's result is %s", p.Bet, p.ResultJSON(), r.Results[n-1])
	}
	if p.Correction != r.Correction {
		report(KindEventInvalid, "bet %s settled under correction %d, the round is at correction %d", p.Bet, p.Correction, r.Correction)
	}
	if p.Paytable != r.Paytable || p.PaytableHash != r.PaytableHash {
		report(KindPaytableUnknown, "bet %s settled under paytable %s (%s), its round was opened under %s (%s)", p.Bet, p.Paytable, short(p.PaytableHash), r.Paytable, short(r.PaytableHash))
	}
	if r.Currency != "" && p.Currency != r.Currency {
		report(KindEventInvalid, "bet %s settled in %s on a %s table", p.Bet, p.Currency, r.Currency)
	}
	if b == nil {
		return
	}
	if b.Status != round.BetOpen {
		report(KindBetUnresolved, "bet %s settled again while %s (settled twice)", b.ID, b.Status)
	}
	checkBetMatches(b, p.Player, p.Code, p.Stake, report)
	if b.Slip != p.Slip {
		report(KindEventInvalid, "bet %s settled as part of slip %s, it was placed in slip %s", b.ID, p.Slip, b.Slip)
	}
	_ = r.SettleBet(p) // settled twice was reported above
	r.settled[b.ID] = p
}

// resettle settles the bet again and compares with what was recorded
// (replay.Resettle). A bet of a round the walk knows is settled as placed
// (its code, stake, the results before it and its working flag) against
// the round's results so far; a bet of a round opened before the range
// walked, from its settlement's own payload and result alone.
func (f *fold) resettle(p *events.BetSettled, r *roundState, b *round.Bet, report reporter) {
	pt, err := f.paytable(p.Paytable, p.PaytableHash)
	if err != nil {
		report(KindPaytableUnknown, "bet %s cannot be re-settled: %v", p.Bet, err)
		return
	}
	scale, ok := f.scale(p.Table, p.Currency)
	if !ok {
		report(KindPayoutMismatch, "bet %s cannot be re-settled: unknown currency %q", p.Bet, p.Currency)
		return
	}
	if _, together := pt.(games.RoundSettler); together {
		// Settled with its round: checked at round.settled, with every
		// bet of the round and the funds it recorded (settleTogether).
		return
	}
	var bet games.Bet
	var results []games.Result
	if r != nil && b != nil && len(r.Results) > 0 && r.Paytable == p.Paytable && r.PaytableHash == p.PaytableHash {
		if results, ok = f.results(r); !ok {
			report(KindPayoutMismatch, "bet %s cannot be re-settled: %v", p.Bet, r.parseErr)
			return
		}
		bet = games.Bet{Code: b.Code, Stake: b.Stake, Since: b.Since, Working: b.Working}
	} else {
		res, err := pt.ParseResult(p.ResultJSON())
		if err != nil {
			report(KindPayoutMismatch, "bet %s cannot be re-settled: %v", p.Bet, err)
			return
		}
		bet, results = games.Bet{Code: p.Code, Stake: p.Stake}, []games.Result{res}
	}
	st, diff, err := replay.Resettle(pt, bet, scale, results, replay.Recorded(p))
	if err == nil && diff == "" && p.ResidueExact == "" {
		f.residue = st.ExactResidue()
	}
	switch {
	case err != nil:
		report(KindPayoutMismatch, "bet %s cannot be re-settled: %v", p.Bet, err)
	case diff != "":
		report(KindPayoutMismatch, "bet %s (%s, stake %s, result %s): %s under %s", p.Bet, bet.Code, bet.Stake, p.ResultJSON(), diff, p.Paytable)
	}
}

// settleStep checks a round.step_settled: the result did not end the
// round, the bets it decided were settled, and the others stay open
// because the results so far do not decide them.
func (f *fold) settleStep(r *roundState, p *events.RoundStepSettled, report reporter) {
	if p.Results != len(r.Results) {
		report(KindEventInvalid, "round %s: step settled after %d results, the round has %d", r.ID, p.Results, len(r.Results))
	}
	pt, ptErr := f.paytable(r.Paytable, r.PaytableHash)
	results, ok := f.results(r)
	if ok && ptErr == nil && roundOver(pt, r, results) {
		report(KindEventInvalid, "round %s: its %d results end it under %s, yet it goes on", r.ID, len(results), pt.ID())
	}
	decided, open := 0, 0
	for _, b := range r.Bets {
		switch {
		case b.Status == round.BetSettled && b.Step == len(r.Results):
			decided++
		case b.Status == round.BetOpen:
			open++
			f.stillOpen(r, b, pt, results, ok && ptErr == nil, report)
		}
	}
	if p.Decided != decided || p.Open != open {
		report(KindTotalsMismatch, "round %s: step states %d bets decided and %d open, its bets give %d and %d", r.ID, p.Decided, p.Open, decided, open)
	}
}

// stillOpen reports an open bet the round's results decide: the ledger
// settles every bet a result decides before betting opens again.
func (f *fold) stillOpen(r *roundState, b *round.Bet, pt games.Paytable, results []games.Result, known bool, report reporter) {
	scale, ok := f.scale(r.Table, r.Currency)
	if !known || !ok {
		return
	}
	open := games.Settlement{Outcome: games.OutcomeOpen}
	st, _, err := replay.Resettle(pt, games.Bet{Code: b.Code, Stake: b.Stake, Since: b.Since, Working: b.Working}, scale, results, open)
	if err == nil && st.Outcome.Decided() {
		report(KindBetUnresolved, "bet %s (%s) is %s after %d results, yet it was not settled", b.ID, b.Code, st.Outcome, len(results))
	}
}

// takeDown checks a take-down: the bet is open, and its game lets it be
// taken down after the round's results (games.TakeDowner).
func (f *fold) takeDown(r *roundState, b *round.Bet, p *events.BetTakenDown, report reporter) {
	if b.Status != round.BetOpen {
		report(KindBetUnresolved, "bet %s taken down while %s", b.ID, b.Status)
	}
	checkBetMatches(b, p.Player, p.Code, p.Stake, report)
	if pt, err := f.paytable(r.Paytable, r.PaytableHash); err == nil {
		downer, ok := pt.(games.TakeDowner)
		results, known := f.results(r)
		switch {
		case !ok:
			report(KindEventInvalid, "bet %s taken down, paytable %s takes no bet down", b.ID, pt.ID())
		case known:
			var open []games.Bet
			for _, o := range r.Bets {
				if o != b && o.Player == b.Player && o.Status == round.BetOpen {
					open = append(open, games.Bet{Code: o.Code, Stake: o.Stake, Since: o.Since, Working: o.Working})
				}
			}
			if err := downer.CheckTakeDown(games.Bet{Code: b.Code, Stake: b.Stake, Since: b.Since, Working: b.Working}, results, open); err != nil {
				report(KindEventInvalid, "bet %s (%s) taken down after %d results: %v", b.ID, b.Code, len(results), err)
			}
		}
	}
	_ = r.TakeDownBet(p) // taken down while not open was reported above
}

func (f *fold) settleRound(p *events.RoundSettled, report reporter) {
	r := f.round(p.Round, report, "round.settled")
	if r == nil {
		return
	}
	f.move(r, events.TypeRoundSettled, report, "round.settled")
	if n := len(r.Results); n > 0 && !bytes.Equal(r.Results[n-1], p.ResultJSON()) {
		report(KindEventInvalid, "round %s settled on result %s, its result is %s", r.ID, p.ResultJSON(), r.Results[n-1])
	}
	if pt, err := f.paytable(r.Paytable, r.PaytableHash); err == nil {
		if results, ok := f.results(r); ok && len(results) > 0 && !roundOver(pt, r, results) {
			report(KindEventInvalid, "round %s settled, but its %d results do not end it under %s", r.ID, len(results), pt.ID())
		}
	}
	if p.Correction != r.Correction {
		report(KindEventInvalid, "round %s settled under correction %d, it is at correction %d", r.ID, p.Correction, r.Correction)
	}
	// The totals are over the bets settled: a bet taken down between two
	// results is neither staked nor returned by the round.
	staked, won, returned, residue := decimal.Zero, decimal.Zero, decimal.Zero, decimal.Zero
	for _, b := range r.Bets {
		if b.Status == round.BetTakenDown {
			continue
		}
		settled := r.settled[b.ID]
		if b.Status != round.BetSettled || settled == nil || settled.Correction != r.Correction {
			report(KindBetUnresolved, "round %s settled with bet %s %s", r.ID, b.ID, b.Status)
			continue
		}
		staked = staked.Add(b.Stake)
		won, returned, residue = won.Add(settled.Win), returned.Add(settled.Returned), residue.Add(settled.Residue)
	}
	if p.Bets != len(r.Bets) || !p.Staked.Equal(staked) || !p.Won.Equal(won) || !p.Returned.Equal(returned) || !p.Residue.Equal(residue) {
		report(KindTotalsMismatch, "round %s states %d bets, staked %s, won %s, returned %s, residue %s; its bets give %d, %s, %s, %s, %s",
			r.ID, p.Bets, p.Staked, p.Won, p.Returned, p.Residue, len(r.Bets), staked, won, returned, residue)
	}
	f.settleTogether(r, p, report)
	f.checkPass(r, p, report)
	if t := f.tables[r.Table]; t != nil && t.Active == r.ID {
		t.Active = ""
	}
	f.finish(r)
}

// settleTogether re-settles a round settled as a whole (games.RoundSettler):
// every bet of it and the round's transfers, from the paytable, with the
// funds the round recorded, which must be the bank's balance at its last
// result.
func (f *fold) settleTogether(r *roundState, p *events.RoundSettled, report reporter) {
	pt, err := f.paytable(r.Paytable, r.PaytableHash)
	if err != nil {
		return // reported when the round opened
	}
	rs, ok := pt.(games.RoundSettler)
	if !ok {
		if p.Funds != nil || len(p.Transfers) > 0 {
			report(KindEventInvalid, "round %s of %s states funds or transfers, its game settles bet by bet", r.ID, pt.ID())
		}
		return
	}
	if p.Funds == nil {
		report(KindEventInvalid, "round %s of %s was settled as a whole without its funds", r.ID, pt.ID())
		return
	}
	if f.complete && !p.Funds.Bank.Equal(r.AtResult.Bank) {
		report(KindPayoutMismatch, "round %s was settled with a bank of %s, the bank held %s at its last result", r.ID, p.Funds.Bank, r.AtResult.Bank)
	}
	results, ok := f.results(r)
	if !ok {
		return
	}
	var bets []games.Bet
	var recorded []games.Settlement
	var ids []string
	for _, b := range r.Bets {
		settled := r.settled[b.ID]
		if b.Status != round.BetSettled || settled == nil {
			continue
		}
		bets = append(bets, games.Bet{Code: b.Code, Stake: b.Stake, Since: b.Since, Working: b.Working})
		recorded = append(recorded, replay.Recorded(settled))
		ids = append(ids, b.ID)
	}
	funds, err := replay.RecordedFunds(f.paytables, p.Funds)
	if err != nil {
		report(KindPayoutMismatch, "round %s cannot be re-settled: %v", r.ID, err)
		return
	}
	f.checkPoolFunds(r, p.Funds, report)
	f.checkClosedFunds(r, p.Funds, report)
	_, diffs, tdiff, err := replay.ResettleRound(rs, bets, r.Scale, results, funds, recorded, p.Transfers)
	if err != nil {
		report(KindPayoutMismatch, "round %s cannot be re-settled: %v", r.ID, err)
		return
	}
	for i, d := range diffs {
		if d != "" {
			report(KindPayoutMismatch, "bet %s (%s, stake %s) of round %s: %s under %s", ids[i], bets[i].Code, bets[i].Stake, r.ID, d, pt.ID())
		}
	}
	if tdiff != "" {
		report(KindPayoutMismatch, "round %s: %s", r.ID, tdiff)
	}
}

// owesRefunds reports whether r is a cancelled round still refunding: some
// of its bets are open and the walk ended on one of its events. The ledger
// writes a cancellation with more bets than one atomic batch carries in
// several batches, and finishes an interrupted one before deciding any
// other command; so the round is in progress, as a settling round is.
// Once any other event follows, the open bets were never refunded.
func (f *fold) owesRefunds(r *roundState) bool {
	if r.Status != round.Cancelled || r.ID != f.lastRound {
		return false
	}
	for _, b := range r.Bets {
		if b.Status == round.BetOpen {
			return true
		}
	}
	return false
}

// finishIfRefunded finishes a cancelled round once every bet is refunded.
func (f *fold) finishIfRefunded(r *roundState) {
	for _, b := range r.Bets {
		if b.Status == round.BetOpen {
			return
		}
	}
	f.finish(r)
}

// finish keeps a finished round for corrections until more than
// round.FinishedRoundsKept rounds of its table have finished after it, as
// the ledger does.
func (f *fold) finish(r *roundState) {
	if r.done {
		return
	}
	r.done = true
	q := append(f.finishedQ[r.Table], r.ID)
	if len(q) > round.FinishedRoundsKept {
		delete(f.rounds, q[0])
		q = q[1:]
	}
	f.finishedQ[r.Table] = q
}

// move moves r's status by the round model's one lifecycle table
// (round.Round.Move), and reports an event the table does not allow in
// r's status; the status then stays as it was.
func (f *fold) move(r *roundState, t events.Type, report reporter, what string) {
	if before := r.Status; r.Move(t) != nil {
		report(KindEventInvalid, "%s on round %s while %s", what, r.ID, before)
	}
}

func checkBetMatches(b *round.Bet, player, code string, stake decimal.Decimal, report reporter) {
	if b.Player != player || b.Code != code || !b.Stake.Equal(stake) {
		report(KindEventInvalid, "bet %s names player %s, %s, stake %s; it was placed by %s on %s for %s", b.ID, player, code, stake, b.Player, b.Code, b.Stake)
	}
}

func sameLimits(a, b map[string]events.Limit) bool {
	if len(a) != len(b) {
		return false
	}
	for k, x := range a {
		y, ok := b[k]
		if !ok || !x.Min.Equal(y.Min) || !x.Max.Equal(y.Max) {
			return false
		}
	}
	return true
}

// short abbreviates a hash for messages.
func short(h string) string {
	if len(h) > 12 {
		return h[:12]
	}
	return h
}

func postingsString(ps []events.Posting) string {
	var b strings.Builder
	b.WriteByte('[')
	for i, p := range ps {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s→%s %s %s", p.From, p.To, p.Amount, p.Currency)
	}
	b.WriteByte(']')
	return b.String()
}

func flowsString(fs []flow) string {
	ps := make([]events.Posting, len(fs))
	for i, f := range fs {
		ps[i] = f.Posting
	}
	return postingsString(ps)
}

// finishChecks runs the checks that need the whole walk: every currency's
// balances sum to zero, and no cancelled round is left with bets neither
// refunded (unless the walk ended while it was still refunding them). They
// report at sequence 0 (or at the round's opening).
func (f *fold) finishChecks(report func(seq uint64, k Kind, format string, args ...any)) {
	if f.complete {
		sums := map[string]decimal.Decimal{}
		for k, v := range f.balances {
			sums[k.currency] = sums[k.currency].Add(v)
		}
		for _, c := range sortedKeys(sums) {
			if !sums[c].IsZero() {
				report(0, KindCurrencySumNonzero, "the balances in %s sum to %s", c, sums[c])
			}
		}
	}
	for _, id := range sortedKeys(f.rounds) {
		r := f.rounds[id]
		if r.Status != round.Cancelled || f.owesRefunds(r) {
			continue
		}
		for _, b := range r.Bets {
			if b.Status == round.BetOpen {
				report(r.placedSeq[b.ID], KindBetUnresolved, "bet %s of cancelled round %s was never refunded", b.ID, r.ID)
			}
		}
	}
}
