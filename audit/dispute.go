package audit

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"sort"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/posting"
	"github.com/wagerlog/wagerlog/replay"
	"github.com/wagerlog/wagerlog/round"
)

// ErrRoundNotFound is returned by Dispute when no event of the stream
// belongs to the round asked for.
var ErrRoundNotFound = errors.New("audit: round not found")

// DisputeEventsMax bounds the events of one round a dispute report holds:
// a round of BetsPerSlipMax bets from thousands of players still fits.
const DisputeEventsMax = 200_000

// DisputeReport is what an auditor needs to settle a dispute about one
// round: every event in order with who did it, the dice and reshakes, each
// bet re-settled from its paytable beside what was paid, each player's
// balance before and after, and whether the log is intact.
type DisputeReport struct {
	Header   Header          `json:"header"`
	Round    DisputeRound    `json:"round"`
	Timeline []TimelineEntry `json:"timeline"`
	Dice     DiceRecord      `json:"dice"`
	Bets     []DisputeBet    `json:"bets"`
	// Steps are the results of a round of several (a craps hand, a
	// blackjack deal: every card and decision) in order, each checked
	// again against the rules (Allowed: a decision the cards allow, with
	// its bet), with the bets it decided and those still open after it.
	Steps   []replay.Step   `json:"steps,omitempty"`
	Players []PlayerBalance `json:"players"`
	Totals  DisputeTotals   `json:"totals"`
	Chain   DisputeChain    `json:"chain"`
	// render holds what rendering needs beyond the data.
	render renderInfo

	// SalesClosed is what the round's sales close posted (a bingo game's
	// prizes to the pool), recorded and re-computed from the bets sold,
	// and Announcement the hall's announcement then (replay.RoundReplay's);
	// absent for a game that posts nothing at close.
	SalesClosed  *replay.TransfersCheck `json:"sales_closed,omitempty"`
	Announcement string                 `json:"announcement,omitempty"`
	// Complementary are the pass's complementary draws, drawn again once
	// their seed is revealed (audit/dispute_draw.go); absent for a round
	// that drew none.
	Complementary *DisputeDraws `json:"complementary,omitempty"`
}

// DisputeRound describes the round.
type DisputeRound struct {
	ID           string    `json:"id"`
	Table        string    `json:"table"`
	Number       int64     `json:"number"`
	Game         string    `json:"game"`
	Paytable     string    `json:"paytable"`
	PaytableHash string    `json:"paytable_hash"`
	Currency     string    `json:"currency"`
	Dealer       string    `json:"dealer"`
	Status       string    `json:"status"`
	OpenedAt     time.Time `json:"opened_at"`
	// FinishedAt is when the round was last settled or cancelled.
	FinishedAt time.Time `json:"finished_at,omitzero"`
	// FirstSeq and LastSeq are the round's first and last events.
	FirstSeq uint64 `json:"first_seq"`
	LastSeq  uint64 `json:"last_seq"`
}

// TimelineEntry is one event of the round.
type TimelineEntry struct {
	Seq     uint64       `json:"seq"`
	At      time.Time    `json:"at"`
	Type    events.Type  `json:"type"`
	Actor   events.Actor `json:"actor"`
	Summary string       `json:"summary"`
	// Hash is the event's chain hash.
	Hash string `json:"hash"`
}

// DiceRecord is the round's result history.
type DiceRecord struct {
	// Recorded is the result as the dealer first entered it; InForce the
	// result after any correction.
	Recorded   *[3]int       `json:"recorded,omitempty"`
	RecordedBy *events.Actor `json:"recorded_by,omitempty"`
	InForce    *[3]int       `json:"in_force,omitempty"`
	// Results are the results in force of a game that does not throw
	// three dice, in order (several for a round of several results, as a
	// craps hand); RecordedBy entered the first.
	Results     []json.RawMessage `json:"results,omitempty"`
	Reshakes    []ReshakeEntry    `json:"reshakes"`
	Corrections []CorrectionEntry `json:"corrections"`
}

// ReshakeEntry is one reshake (not a result).
type ReshakeEntry struct {
	Seq    uint64       `json:"seq"`
	At     time.Time    `json:"at"`
	Reason string       `json:"reason"`
	Note   string       `json:"note,omitempty"`
	Actor  events.Actor `json:"actor"`
}

// CorrectionEntry is one correction of the result.
type CorrectionEntry struct {
	Seq    uint64    `json:"seq"`
	At     time.Time `json:"at"`
	Number int       `json:"number"`
	Before [3]int    `json:"before"`
	After  [3]int    `json:"after"`
	// BeforeResult and AfterResult hold a result that is not three dice.
	BeforeResult json.RawMessage `json:"before_result,omitempty"`
	AfterResult  json.RawMessage `json:"after_result,omitempty"`
	Reason       string          `json:"reason"`
	Actor        events.Actor    `json:"actor"`
}

// DisputeBet is one settlement (or refund) of one bet, recorded beside
// recomputed. A bet settled, reversed by a correction and settled again has
// one row per settlement; InForce marks the one that stands.
type DisputeBet struct {
	Bet       string          `json:"bet"`
	Slip      string          `json:"slip"`
	Player    string          `json:"player"`
	Code      string          `json:"code"`
	Name      string          `json:"name,omitempty"`
	Stake     decimal.Decimal `json:"stake"`
	Currency  string          `json:"currency"`
	PlacedSeq uint64          `json:"placed_seq"`
	// Seq is the settlement's (or refund's) sequence; 0 for an open bet.
	Seq        uint64  `json:"seq,omitempty"`
	Correction int     `json:"correction"`
	Dice       *[3]int `json:"dice,omitempty"`
	// Result is the result that decided the bet when it is not three
	// dice.
	Result json.RawMessage `json:"result,omitempty"`
	// Outcome is won, lost, push, refunded, taken_down or open.
	Outcome string `json:"outcome"`
	// Rule is the paytable rule the recomputation applied; RecordedRule
	// the one the settlement names.
	Rule               string          `json:"rule,omitempty"`
	RecordedRule       string          `json:"recorded_rule,omitempty"`
	RecomputedWin      decimal.Decimal `json:"recomputed_win"`
	RecomputedReturned decimal.Decimal `json:"recomputed_returned"`
	RecordedWin        decimal.Decimal `json:"recorded_win"`
	RecordedReturned   decimal.Decimal `json:"recorded_returned"`
	// RecomputedCommission and RecordedCommission are what the
	// settlement kept of the win (baccarat's banker bet; zero for most
	// bets): returned = stake + win − commission.
	RecomputedCommission decimal.Decimal `json:"recomputed_commission"`
	RecordedCommission   decimal.Decimal `json:"recorded_commission"`
	// Residue is what the settlement posted to the rounding account
	// (nothing since only whole smallest units are posted, docs/AUDIT.md
	// "Rounding"); ResidueExact is the residue not paid, exactly (a
	// decimal, or a fraction of the unit when it has no finite decimal
	// form): the re-computation's when it matches, else the record's.
	Residue      decimal.Decimal `json:"residue"`
	ResidueExact string          `json:"residue_exact"`
	residue      *big.Rat
	// Match is true when the recorded amounts equal the recomputed ones.
	Match bool `json:"match"`
	// InForce is false for a settlement a correction reversed.
	InForce    bool   `json:"in_force"`
	ReversedAt uint64 `json:"reversed_seq,omitempty"`
	Note       string `json:"note,omitempty"`
}

// PlayerBalance is one player's wallet around the round.
type PlayerBalance struct {
	Player   string `json:"player"`
	Currency string `json:"currency"`
	// Before is the wallet just before the player's first event of the
	// round; After just after the last event of the round that moved it.
	Before decimal.Decimal `json:"before"`
	After  decimal.Decimal `json:"after"`
	// Staked, Returned and Refunded are the round's flows for the player
	// (Returned net of reversed settlements).
	Staked   decimal.Decimal `json:"staked"`
	Returned decimal.Decimal `json:"returned"`
	Refunded decimal.Decimal `json:"refunded"`
	// Commission is what the house charged the player in the round (on
	// placing bets, or on wins, net of reversed settlements; a win's
	// commission is already out of Returned); TakenDown the stakes the
	// player took down between two results.
	Commission decimal.Decimal `json:"commission,omitzero"`
	TakenDown  decimal.Decimal `json:"taken_down,omitzero"`
	// CreditsStaked is the part of Staked paid with promotional credits,
	// net of its refunds: it never was in the wallet. Complementary is
	// the complementary prizes the round's draws paid into the wallet
	// (audit/dispute_draw.go).
	CreditsStaked decimal.Decimal `json:"credits_staked,omitzero"`
	Complementary decimal.Decimal `json:"complementary,omitzero"`
	// charged is the part of Commission charged on placing bets, the one
	// the other flows do not already hold.
	charged decimal.Decimal
	// Other is what moved the wallet between Before and After outside the
	// round (other tables, the cashier): After − Before − round flows.
	Other decimal.Decimal `json:"other"`
}

// DisputeTotals add up the settlements in force.
type DisputeTotals struct {
	// Currency is the round's, that of every amount here.
	Currency string          `json:"currency"`
	Bets     int             `json:"bets"`
	Staked   decimal.Decimal `json:"staked"`
	Won      decimal.Decimal `json:"won"`
	Returned decimal.Decimal `json:"returned"`
	Residue  decimal.Decimal `json:"residue"`
	// ResidueExact adds up the bets' exact residues.
	ResidueExact string          `json:"residue_exact"`
	Refunded     decimal.Decimal `json:"refunded"`
	// Mismatches counts the settlements whose recorded amounts differ from
	// the recomputed ones.
	Mismatches int `json:"mismatches"`
}

// DisputeChain tells whether the log holding the round is intact.
type DisputeChain struct {
	VerificationSummary
	// RoundIntact is true when none of the round's events is changed,
	// missing, out of the chain or otherwise in violation.
	RoundIntact bool `json:"round_intact"`
	// Seal is the first seal after the round's last event, which proves
	// the round's events with the chain head.
	Seal *SealRef `json:"seal,omitempty"`
}

// SealRef is a seal that covers a round.
type SealRef struct {
	Seq    uint64 `json:"seq"`
	ToSeq  uint64 `json:"to_seq"`
	Head   string `json:"head"`
	Signed bool   `json:"signed"`
	KeyID  string `json:"key_id,omitempty"`
	// Verified is set when a public key was given: whether the signature
	// verified with it and the head matched the chain.
	Verified *bool `json:"verified,omitempty"`
}

// Dispute builds the dispute report of one round by walking the stream as
// it is now (so the chain, and every later correction of the round, is
// part of it). The walk gathers the round's events, what only it knows
// (each player's wallet around the round, the chain and the seals) and
// the round's header; the bets are replayed and re-settled by the one
// round replay engine, replay.Replay, the same that answers `wagerlog
// replay round`.
func Dispute(ctx context.Context, src Source, round string, opts Options) (*DisputeReport, error) {
	obs := &disputeObserver{round: round, opts: opts, players: map[string]*playerAcc{}, bets: map[string][]int{}, events: map[uint64]bool{},
		commission: map[string]decimal.Decimal{}}
	w, err := walkAll(ctx, src, opts, obs)
	if err != nil {
		return nil, err
	}
	if obs.n == 0 {
		return nil, fmt.Errorf("%w: %q", ErrRoundNotFound, round)
	}
	return obs.report(w), nil
}

// disputeObserver collects the round's events as the walk passes them.
type disputeObserver struct {
	round   string
	opts    Options
	rep     DisputeReport
	n       int
	bets    map[string][]int // bet → its rows in rep.Bets
	players map[string]*playerAcc
	order   []string
	// seal is the first seal after the round's last event so far.
	seal    *events.LedgerSealed
	sealSeq uint64
	// events holds the sequences of the round's events; evs the events
	// themselves, for the replay.
	events map[uint64]bool
	evs    []replay.RoundEvent
	scales map[string]int32
	// meta is the round as the walk knew it, for the replay.
	meta replay.RoundMeta
	pts  *games.Catalog
	// drawn is the round's jackpot.drawn, drawn again at its seed's
	// reveal (audit/dispute_draw.go).
	drawn *events.JackpotDrawn
	// names is the round's paytable when its game names its bets.
	names interface{ Name(string) string }
	// commission is each bet's commission on the settlement in force, which
	// a reversal gives back to the player.
	commission map[string]decimal.Decimal
}

// playerAcc is a player's row while the walk goes.
type playerAcc struct {
	PlayerBalance
	seen bool
}

func (o *disputeObserver) observe(s *step, f *fold) {
	e := &s.env
	o.observeDraw(s, f)
	if p, ok := s.payload.(*events.LedgerSealed); ok && o.n > 0 && o.seal == nil && p.ToSeq >= o.rep.Round.LastSeq {
		o.seal, o.sealSeq = p, s.raw.Seq
		return
	}
	if e.Round != o.round || o.n >= DisputeEventsMax {
		return
	}
	o.n++
	o.events[s.raw.Seq] = true
	o.seal = nil // a later event of the round needs a later seal
	r := &o.rep.Round
	if r.FirstSeq == 0 {
		r.FirstSeq = s.raw.Seq
	}
	r.LastSeq = s.raw.Seq
	if rs := f.rounds[o.round]; rs != nil {
		r.ID, r.Table, r.Number, r.Status = rs.ID, rs.Table, rs.Number, string(rs.Status)
		r.Paytable, r.PaytableHash, r.Currency, r.OpenedAt = rs.Paytable, rs.PaytableHash, rs.Currency, rs.OpenedAt
		if t := f.tables[rs.Table]; t != nil {
			r.Game, r.Dealer = t.Game, t.Dealer
			o.scales = map[string]int32{t.Currency: t.Scale}
			o.meta = replay.RoundMeta{Round: rs.ID, Table: rs.Table, Currency: t.Currency, Scale: t.Scale}
		}
		if o.names == nil {
			if pt, err := f.paytable(rs.Paytable, rs.PaytableHash); err == nil {
				o.names, _ = pt.(interface{ Name(string) string })
			}
		}
	}
	o.pts = f.paytables
	// The walk has checked the chain already (its violations are the
	// report's chain section): the replay is given each event as linked.
	o.evs = append(o.evs, replay.RoundEvent{Env: s.env, Payload: s.payload, Hash: e.Hash, HashOK: true, Prev: e.PrevHash})
	o.rep.Timeline = append(o.rep.Timeline, TimelineEntry{
		Seq: s.raw.Seq, At: e.OccurredAt, Type: e.Type, Actor: e.Actor, Summary: summarize(s.payload, f, s.env.Table), Hash: e.Hash.String(),
	})
	o.touchPlayers(s, f)
	switch p := s.payload.(type) {
	case *events.RoundReshake:
		o.rep.Dice.Reshakes = append(o.rep.Dice.Reshakes, ReshakeEntry{Seq: s.raw.Seq, At: e.OccurredAt, Reason: p.Reason, Note: p.Note, Actor: e.Actor})
	case *events.RoundResult:
		a := e.Actor
		if o.rep.Dice.RecordedBy == nil {
			o.rep.Dice.RecordedBy = &a
		}
		if p.Result == nil {
			d := p.Dice
			o.rep.Dice.Recorded, o.rep.Dice.InForce = &d, &d
		} else {
			o.rep.Dice.Results = append(o.rep.Dice.Results, p.Result)
		}
	case *events.RoundResultCorrected:
		if p.AfterResult == nil {
			d := p.After
			o.rep.Dice.InForce = &d
		} else if n := len(o.rep.Dice.Results); n > 0 {
			o.rep.Dice.Results[n-1] = p.AfterResult
		}
		o.rep.Dice.Corrections = append(o.rep.Dice.Corrections, CorrectionEntry{Seq: s.raw.Seq, At: e.OccurredAt, Number: p.Correction,
			Before: p.Before, After: p.After, BeforeResult: p.BeforeResult, AfterResult: p.AfterResult, Reason: p.Reason, Actor: e.Actor})
	case *events.BetPlaced:
		pb := o.player(p.Player, p.Currency)
		for _, b := range p.Bets {
			pb.Staked = pb.Staked.Add(b.Stake)
			pb.Commission = pb.Commission.Add(b.Commission)
			pb.charged = pb.charged.Add(b.Commission)
			if p.Funding != "" {
				pb.CreditsStaked = pb.CreditsStaked.Add(b.Stake)
			}
		}
	case *events.BetSettled:
		pb := o.player(p.Player, p.Currency)
		pb.Returned = pb.Returned.Add(p.Returned)
		pb.Commission = pb.Commission.Add(p.Commission)
		if !p.Commission.IsZero() {
			o.commission[p.Bet] = p.Commission
		}
	case *events.BetSettlementReversed:
		pb := o.player(p.Player, p.Currency)
		pb.Returned = pb.Returned.Sub(p.Returned)
		pb.Commission = pb.Commission.Sub(o.commission[p.Bet])
		delete(o.commission, p.Bet)
	case *events.BetRefunded:
		pb := o.player(p.Player, p.Currency)
		pb.Refunded = pb.Refunded.Add(p.Stake)
		if p.Funding != "" {
			pb.CreditsStaked = pb.CreditsStaked.Sub(p.Stake)
		}
	case *events.BetTakenDown:
		pb := o.player(p.Player, p.Currency)
		pb.TakenDown = pb.TakenDown.Add(p.Stake)
	case *events.RoundSettled, *events.RoundCancelled:
		r.FinishedAt = e.OccurredAt
	}
}

// betRows builds the report's bet rows from the round's replay: a row
// per bet placed, in the order placed, filled by the bet's settlement,
// refund or take-down as the replay re-computed it; one more row for each
// settlement after a reversal, the reversed one kept and marked.
func (o *disputeObserver) betRows(rr *replay.RoundReplay) {
	o.rep.Steps = rr.Steps
	o.rep.SalesClosed, o.rep.Announcement = rr.SalesClosed, rr.Announcement
	k := 0
	next := func() (replay.BetCheck, bool) {
		if k >= len(rr.Bets) {
			return replay.BetCheck{}, false
		}
		k++
		return rr.Bets[k-1], true
	}
	for _, ev := range rr.Events {
		switch p := ev.Payload.(type) {
		case *events.BetPlaced:
			for _, b := range p.Bets {
				name := ""
				if o.names != nil {
					name = o.names.Name(b.Code)
				}
				o.bets[b.Bet] = append(o.bets[b.Bet], len(o.rep.Bets))
				o.rep.Bets = append(o.rep.Bets, DisputeBet{
					Bet: b.Bet, Slip: p.Slip, Player: p.Player, Code: b.Code, Name: name, Stake: b.Stake, Currency: p.Currency,
					PlacedSeq: ev.Seq, Outcome: string(round.BetOpen), InForce: true,
					RecomputedWin: decimal.Zero, RecomputedReturned: decimal.Zero, RecordedWin: decimal.Zero, RecordedReturned: decimal.Zero, Residue: decimal.Zero,
					ResidueExact:         exactAmount(nil, o.scaleOf(p.Currency)),
					RecomputedCommission: decimal.Zero, RecordedCommission: decimal.Zero,
				})
			}
		case *events.BetSettled:
			if c, ok := next(); ok {
				o.settled(c)
			}
		case *events.BetRefunded:
			if c, ok := next(); ok {
				o.givenBack(c, string(round.BetRefunded), "refunded: the round was cancelled")
			}
		case *events.BetTakenDown:
			if c, ok := next(); ok {
				o.givenBack(c, string(round.BetTakenDown), "taken down by the player between two results")
			}
		case *events.BetSettlementReversed:
			if rows := o.bets[p.Bet]; len(rows) > 0 {
				last := &o.rep.Bets[rows[len(rows)-1]]
				last.InForce, last.ReversedAt = false, ev.Seq
			}
		}
	}
}

// openRow returns the bet's row still waiting for a settlement, or a new
// row for a bet settled again after a reversal.
func (o *disputeObserver) openRow(bet string) *DisputeBet {
	rows := o.bets[bet]
	if len(rows) == 0 {
		return nil
	}
	last := &o.rep.Bets[rows[len(rows)-1]]
	if last.Outcome == string(round.BetOpen) {
		return last
	}
	row := *last
	row.Seq, row.Outcome, row.InForce, row.ReversedAt, row.Note = 0, string(round.BetOpen), true, 0, ""
	o.bets[bet] = append(rows, len(o.rep.Bets))
	o.rep.Bets = append(o.rep.Bets, row)
	return &o.rep.Bets[len(o.rep.Bets)-1]
}

// settled fills a bet's row with a settlement and its re-computation.
func (o *disputeObserver) settled(c replay.BetCheck) {
	row := o.openRow(c.Bet)
	if row == nil {
		return
	}
	row.Seq, row.Correction, row.Outcome = c.Seq, c.Correction, c.Recorded.Outcome
	if len(c.Result) == 0 {
		d := c.Dice
		row.Dice = &d
	} else {
		row.Result = c.Result
	}
	row.RecordedRule, row.RecordedWin, row.RecordedReturned, row.Residue = c.Recorded.Rule, c.Recorded.Win, c.Recorded.Returned, c.Recorded.Residue
	row.Rule, row.RecomputedWin, row.RecomputedReturned = c.Recomputed.Rule, orZero(c.Recomputed.Win), orZero(c.Recomputed.Returned)
	row.residue = exactResidue(c.Recorded)
	if c.Match && c.Recomputed.Outcome != "" {
		row.residue = exactResidue(c.Recomputed)
	}
	row.ResidueExact = exactAmount(row.residue, o.scaleOf(row.Currency))
	row.RecordedCommission, row.RecomputedCommission = orZero(c.Recorded.Commission), orZero(c.Recomputed.Commission)
	row.Match = c.Match
	if !c.Match {
		row.Note = c.Problem
	}
}

// givenBack fills a bet's row with a refund or a take-down: the stake
// back, as placed.
func (o *disputeObserver) givenBack(c replay.BetCheck, outcome, note string) {
	row := o.openRow(c.Bet)
	if row == nil {
		return
	}
	row.Seq, row.Outcome = c.Seq, outcome
	// A refund or a take-down names its rule like a settlement
	// (round.RuleRefunded, RuleTakenDown), recorded and recomputed.
	row.RecordedRule, row.Rule = c.Recorded.Rule, c.Recomputed.Rule
	row.RecordedReturned, row.RecomputedReturned = c.Recorded.Returned, row.Stake
	row.Match = c.Match
	row.Note = note
	if !c.Match {
		row.Note = note + "; " + c.Problem
	}
}

func orZero(d decimal.Decimal) decimal.Decimal {
	if d.IsZero() {
		return decimal.Zero
	}
	return d
}

// touchPlayers records the wallet balances of the players the event moves:
// the first time, the balance before; every time, the balance after.
func (o *disputeObserver) touchPlayers(s *step, f *fold) {
	for _, p := range s.env.Postings {
		for _, a := range []string{p.From, p.To} {
			player, ok := posting.IsWallet(a)
			if !ok {
				continue
			}
			pb := o.player(player, p.Currency)
			pb.Currency = p.Currency
			if !pb.seen {
				pb.Before, pb.seen = s.before[acct{a, p.Currency}], true
			}
			pb.After = f.balance(a, p.Currency)
		}
	}
}

// player returns a player's row, in the order players first appear.
func (o *disputeObserver) player(player, currency string) *playerAcc {
	k := player + "\x00" + currency
	pb := o.players[k]
	if pb == nil {
		pb = &playerAcc{PlayerBalance: PlayerBalance{Player: player, Currency: currency, Before: decimal.Zero, After: decimal.Zero,
			Commission: decimal.Zero, TakenDown: decimal.Zero,
			Staked: decimal.Zero, Returned: decimal.Zero, Refunded: decimal.Zero, Other: decimal.Zero,
			CreditsStaked: decimal.Zero, Complementary: decimal.Zero}}
		o.players[k] = pb
		o.order = append(o.order, k)
	}
	return pb
}

// report finishes the report once the walk is over.
func (o *disputeObserver) report(w *walker) *DisputeReport {
	rep := &o.rep
	r := &rep.Round
	if len(o.evs) > 0 {
		if o.meta.Round == "" {
			o.meta.Round = o.round
		}
		o.betRows(replay.Replay(o.meta, o.evs, o.pts))
		o.evs = nil
	}
	rep.Header = Header{
		Title:    fmt.Sprintf("Dispute report: table %s round %d (%s)", r.Table, r.Number, r.ID),
		Operator: o.opts.Operator, GeneratedAt: o.opts.now().UTC(), Through: w.chain.Seq(),
	}
	if r.ID == "" {
		r.ID = o.round
	}
	rep.Totals = DisputeTotals{Currency: rep.Round.Currency, Staked: decimal.Zero, Won: decimal.Zero, Returned: decimal.Zero, Residue: decimal.Zero, Refunded: decimal.Zero}
	bets := map[string]bool{}
	residue := new(big.Rat)
	for _, b := range rep.Bets {
		if !bets[b.Bet] {
			bets[b.Bet] = true
			rep.Totals.Bets++
			rep.Totals.Staked = rep.Totals.Staked.Add(b.Stake)
		}
		if !b.Match && b.Outcome != string(round.BetOpen) {
			rep.Totals.Mismatches++
		}
		if !b.InForce {
			continue
		}
		switch b.Outcome {
		case string(round.BetRefunded):
			rep.Totals.Refunded = rep.Totals.Refunded.Add(b.RecordedReturned)
		case string(round.BetOpen), string(round.BetTakenDown):
		default:
			rep.Totals.Won = rep.Totals.Won.Add(b.RecordedWin)
			rep.Totals.Returned = rep.Totals.Returned.Add(b.RecordedReturned)
			rep.Totals.Residue = rep.Totals.Residue.Add(b.Residue)
			if b.residue != nil {
				residue.Add(residue, b.residue)
			}
		}
	}
	rep.Totals.ResidueExact = exactAmount(residue, o.scaleOf(rep.Round.Currency))
	rep.Players = make([]PlayerBalance, 0, len(o.order))
	for _, k := range o.order {
		pb := o.players[k].PlayerBalance
		// Stakes paid with credits, and their refunds, never moved the
		// wallet; complementary cash prizes did.
		flows := pb.Returned.Add(pb.Refunded).Add(pb.TakenDown).Sub(pb.Staked).Sub(pb.charged).Add(pb.CreditsStaked).Add(pb.Complementary)
		pb.Other = pb.After.Sub(pb.Before).Sub(flows)
		rep.Players = append(rep.Players, pb)
	}
	if rep.Timeline == nil {
		rep.Timeline = []TimelineEntry{}
	}
	if rep.Dice.Reshakes == nil {
		rep.Dice.Reshakes = []ReshakeEntry{}
	}
	if rep.Dice.Corrections == nil {
		rep.Dice.Corrections = []CorrectionEntry{}
	}
	if rep.Bets == nil {
		rep.Bets = []DisputeBet{}
	}
	// Each bet's settlements together, bets in the order placed.
	first := map[string]int{}
	for i, b := range rep.Bets {
		if _, ok := first[b.Bet]; !ok {
			first[b.Bet] = i
		}
	}
	sort.SliceStable(rep.Bets, func(i, j int) bool { return first[rep.Bets[i].Bet] < first[rep.Bets[j].Bet] })
	o.chain(w)
	rep.render = renderInfo{scales: o.scales, loc: o.opts.location()}
	return rep
}

// chain fills the chain status: the violations in the round's span of the
// stream, whether the round's own events are intact, and its seal.
func (o *disputeObserver) chain(w *walker) {
	r := o.rep.Round
	inSpan := func(seq uint64) bool {
		return seq >= r.FirstSeq && seq <= r.LastSeq || seq == o.sealSeq && o.seal != nil
	}
	c := DisputeChain{VerificationSummary: w.summary(inSpan), RoundIntact: true}
	for _, v := range c.Violations {
		if o.events[v.Seq] || v.Kind == KindSequenceGap && inSpan(v.Seq) {
			c.RoundIntact = false
		}
	}
	if o.seal != nil {
		ref := &SealRef{Seq: o.sealSeq, ToSeq: o.seal.ToSeq, Head: o.seal.Head.String(), Signed: o.seal.Signature != "", KeyID: o.seal.KeyID}
		if o.opts.PublicKey != nil {
			ok := events.VerifySeal(o.opts.PublicKey, o.seal) == nil
			for _, v := range c.Violations {
				if v.Seq == o.sealSeq {
					ok = false
				}
			}
			ref.Verified = &ok
		}
		c.Seal = ref
	}
	o.rep.Chain = c
}

// exactResidue is a settlement's exact residue: the one it records, else
// its residue (exact in every event that records none but a 7:6 payout's
// in a stream written before the ledger recorded residues exactly).
func exactResidue(s replay.Settlement) *big.Rat {
	if s.ResidueExact != "" {
		if r, ok := replay.ParseResidue(s.ResidueExact); ok {
			return r
		}
	}
	return s.Residue.Rat()
}

// scaleOf is the scale of the round's currency (2 when unknown).
func (o *disputeObserver) scaleOf(currency string) int32 {
	if s, ok := o.scales[currency]; ok {
		return s
	}
	return 2
}
