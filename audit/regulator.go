package audit

import (
	"context"
	"fmt"
	"math/big"
	"sort"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/round"
)

// Limits of the regulator report.
const (
	// SignificantEventsMax bounds the significant events listed; the rest
	// are counted.
	SignificantEventsMax = 10_000
	// LargeWinsMax bounds the large wins listed; the rest are counted.
	LargeWinsMax = 10_000
)

// Significant-event kinds beyond the event types.
const (
	// SignificantLargeWin is a win at or above the large-win threshold.
	SignificantLargeWin = "large_win"
)

// RegulatorReport is the regulator's view of a period (GLI-19 2.8.3, 2.8.8,
// 2.9): game performance per game, paytable and table with the actual RTP
// beside the exact theoretical RTP of the bets actually placed, large wins,
// significant events with who did them and the values before and after,
// the limits in force, games interrupted at the end of the period, and the
// verification of the stream the report was made from.
type RegulatorReport struct {
	Header Header    `json:"header"`
	Games  []GameRow `json:"games"`
	// RTPByKind is the actual and theoretical RTP per bet kind, with the
	// bets counted and a confidence interval (regulator_rtp.go).
	RTPByKind []KindRTP `json:"rtp_by_kind"`
	// Days has one row per day and currency, and an explicit "no activity"
	// row for a day without any event.
	Days          []RegulatorDay `json:"days"`
	LargeWins     []LargeWin     `json:"large_wins"`
	LargeWinsMore int            `json:"large_wins_more,omitempty"`
	// LargeWinThresholds are the thresholds by currency ("*" for any
	// other).
	LargeWinThresholds map[string]decimal.Decimal `json:"large_win_thresholds"`
	SignificantEvents  []SignificantEvent         `json:"significant_events"`
	SignificantMore    int                        `json:"significant_events_more,omitempty"`
	// Limits are the tables and their limits at the end of the period.
	Limits []TableLimits `json:"limits"`
	// Interrupted are the rounds in progress at the end of the period, with
	// the funds their bets hold (GLI-19 2.9.2 i).
	Interrupted  []OpenRound         `json:"interrupted"`
	Verification VerificationSummary `json:"verification"`
	// Pools are the progressive pools' lines (regulator_pool.go).
	Pools  []PoolReport `json:"pools,omitempty"`
	render renderInfo
}

// GameRow is the performance of one paytable on one table in one currency
// over the period. A flow counts when its event happened: stakes when
// placed, wins when settled, a correction's reversal when corrected (so a
// period can show a negative count when it corrects an earlier one).
type GameRow struct {
	Game         string `json:"game"`
	Paytable     string `json:"paytable"`
	PaytableHash string `json:"paytable_hash"`
	Table        string `json:"table"`
	Currency     string `json:"currency"`

	// RoundsPlayed counts rounds settled for the first time; corrected
	// rounds are counted again under RoundsCorrected only.
	RoundsPlayed    int `json:"rounds_played"`
	RoundsCancelled int `json:"rounds_cancelled"`
	RoundsCorrected int `json:"rounds_corrected"`
	Reshakes        int `json:"reshakes"`

	BetsPlaced int             `json:"bets_placed"`
	Staked     decimal.Decimal `json:"staked"`
	// BetsSettled and the amounts after it are the settlements in force:
	// a reversed settlement is subtracted.
	BetsSettled   int             `json:"bets_settled"`
	SettledStakes decimal.Decimal `json:"settled_stakes"`
	Won           decimal.Decimal `json:"won"`
	Returned      decimal.Decimal `json:"returned"`
	// Residue is what the settlements posted to the rounding account:
	// nothing since only whole smallest units are posted (docs/AUDIT.md,
	// "Rounding"), the residues themselves in older streams.
	// ResidueExact is the residue the rounding did not pay, exactly: a
	// decimal when it has a finite form ("0.005"), else a reduced
	// fraction of the unit ("4997/120").
	Residue      decimal.Decimal `json:"residue"`
	ResidueExact string          `json:"residue_exact"`
	BetsRefunded int             `json:"bets_refunded"`
	Refunded     decimal.Decimal `json:"refunded"`
	// GGR is gross gaming revenue: settled stakes minus what was returned
	// to players. The rounding residue is not paid to players and stays in
	// GGR; it is shown apart.
	GGR decimal.Decimal `json:"ggr"`
	// ActualRTP is Returned / SettledStakes; TheoreticalRTP is Σ stake ·
	// RTP(bet) / Σ stake over the same settlements, with each bet's exact
	// RTP under its paytable (bets of a game without exact RTPs are left
	// out of it). Nil without settled stakes.
	ActualRTP      *Ratio `json:"actual_rtp,omitempty"`
	TheoreticalRTP *Ratio `json:"theoretical_rtp,omitempty"`
	// theo is Σ stake · RTP(bet) over the settlements whose bet has an
	// exact RTP, theoStake the stakes of those settlements.
	theo, theoStake *big.Rat
	// residue adds up the exact residues (ResidueExact).
	residue *big.Rat
}

// RegulatorDay is one day and currency of the period.
type RegulatorDay struct {
	Date          string          `json:"date"`
	NoActivity    bool            `json:"no_activity"`
	Currency      string          `json:"currency,omitempty"`
	Events        int             `json:"events"`
	RoundsPlayed  int             `json:"rounds_played"`
	BetsPlaced    int             `json:"bets_placed"`
	Staked        decimal.Decimal `json:"staked"`
	SettledStakes decimal.Decimal `json:"settled_stakes"`
	Returned      decimal.Decimal `json:"returned"`
	Refunded      decimal.Decimal `json:"refunded"`
	GGR           decimal.Decimal `json:"ggr"`
}

// LargeWin is a win at or above the threshold (GLI-19 2.8.8, 2.9.4).
type LargeWin struct {
	Seq      uint64          `json:"seq"`
	At       time.Time       `json:"at"`
	Table    string          `json:"table"`
	Round    string          `json:"round"`
	Player   string          `json:"player"`
	Bet      string          `json:"bet"`
	Code     string          `json:"code"`
	Stake    decimal.Decimal `json:"stake"`
	Win      decimal.Decimal `json:"win"`
	Currency string          `json:"currency"`
	Paytable string          `json:"paytable"`
	Rule     string          `json:"rule"`
	// Actor is who recorded the result that paid it.
	Actor events.Actor `json:"actor"`
	// ReversedSeq is set when a correction later reversed the win.
	ReversedSeq uint64 `json:"reversed_seq,omitempty"`
}

// SignificantEvent is a system alteration or notable event (GLI-19 2.8.8,
// 2.9.5): when, what, who did it, why, and the value before and after.
type SignificantEvent struct {
	Seq    uint64       `json:"seq"`
	At     time.Time    `json:"at"`
	Kind   string       `json:"kind"`
	Table  string       `json:"table,omitempty"`
	Round  string       `json:"round,omitempty"`
	Player string       `json:"player,omitempty"`
	Actor  events.Actor `json:"actor"`
	Reason string       `json:"reason,omitempty"`
	Before string       `json:"before,omitempty"`
	After  string       `json:"after,omitempty"`
	Detail string       `json:"detail"`
}

// TableLimits is a table with its rules and limits.
type TableLimits struct {
	Table        string     `json:"table"`
	Game         string     `json:"game"`
	Paytable     string     `json:"paytable"`
	PaytableHash string     `json:"paytable_hash"`
	Currency     string     `json:"currency"`
	Status       string     `json:"status"`
	Dealer       string     `json:"dealer"`
	Limits       []LimitRow `json:"limits"`
	Band         LimitRow   `json:"band"`
}

// LimitRow is the stake limit of one bet kind ("*" for the others).
type LimitRow struct {
	Kind string          `json:"kind"`
	Min  decimal.Decimal `json:"min"`
	Max  decimal.Decimal `json:"max"`
}

// Regulator builds the regulator report of a period by walking the stream
// as it is now.
func Regulator(ctx context.Context, src Source, p Period, opts Options) (*RegulatorReport, error) {
	o := &regulatorObserver{
		t: newPeriodTracker(p), opts: opts, rtp: rtpCache{}, games: map[gameKey]*GameRow{},
		days: map[string]map[string]*RegulatorDay{}, largeWins: map[string]int{}, residues: map[string]*big.Rat{}, kinds: map[kindKey]*kindAcc{},
		rep: &RegulatorReport{LargeWins: []LargeWin{}, SignificantEvents: []SignificantEvent{}, Limits: []TableLimits{}, Interrupted: []OpenRound{}},
	}
	o.t.onStart = o.pools.start
	o.t.onDay = func(string, *fold) {}
	o.t.onDayEnd = func(string, *fold) {}
	o.t.onClose = o.close
	w, err := walkAll(ctx, src, opts, o)
	if err != nil {
		return nil, err
	}
	o.t.close(w.fold)
	return o.report(w, p), nil
}

type gameKey struct{ table, paytable, hash, currency string }

type regulatorObserver struct {
	// f is the walk's fold, kept by observe for the texts of significant
	// events (their amounts take the currency's decimals).
	f         *fold
	t         *periodTracker
	opts      Options
	rtp       rtpCache
	games     map[gameKey]*GameRow
	days      map[string]map[string]*RegulatorDay // day → currency → row
	largeWins map[string]int                      // bet → index in rep.LargeWins
	// residues are the exact residues of the settlements in force that
	// have one, by bet, taken back when a correction reverses them.
	residues map[string]*big.Rat
	kinds    map[kindKey]*kindAcc
	rep      *RegulatorReport
	pools    poolReports
	// status is the round's status before the event at hand.
	status string
}

func (o *regulatorObserver) before(s *step, f *fold) {
	o.t.before(s, f)
	o.status = ""
	if r := f.rounds[s.env.Round]; r != nil {
		o.status = string(r.Status)
	}
}

// game returns the row of a table's paytable in a currency.
func (o *regulatorObserver) game(f *fold, table, paytable, hash, currency string) *GameRow {
	k := gameKey{table, paytable, hash, currency}
	g := o.games[k]
	if g == nil {
		z := decimal.Zero
		g = &GameRow{Paytable: paytable, PaytableHash: hash, Table: table, Currency: currency,
			Staked: z, SettledStakes: z, Won: z, Returned: z, Residue: z, Refunded: z, GGR: z, theo: new(big.Rat), theoStake: new(big.Rat), residue: new(big.Rat)}
		if pt, err := f.paytable(paytable, hash); err == nil {
			g.Game = pt.Game()
		} else if t := f.tables[table]; t != nil {
			g.Game = t.Game
		}
		o.games[k] = g
	}
	return g
}

// roundGame returns the row of the round's paytable.
func (o *regulatorObserver) roundGame(f *fold, round string) *GameRow {
	r := f.rounds[round]
	if r == nil {
		return nil
	}
	return o.game(f, r.Table, r.Paytable, r.PaytableHash, r.Currency)
}

func (o *regulatorObserver) day(currency string) *RegulatorDay {
	d := o.days[o.t.cur]
	if d == nil {
		d = map[string]*RegulatorDay{}
		o.days[o.t.cur] = d
	}
	r := d[currency]
	if r == nil {
		z := decimal.Zero
		r = &RegulatorDay{Date: o.t.cur, Currency: currency, Staked: z, SettledStakes: z, Returned: z, Refunded: z, GGR: z}
		d[currency] = r
	}
	return r
}

func (o *regulatorObserver) observe(s *step, f *fold) {
	o.f = f
	if !o.t.in {
		return
	}
	o.pools.observe(s)
	switch p := s.payload.(type) {
	case *events.BetPlaced:
		if g := o.roundGame(f, p.Round); g != nil {
			g.BetsPlaced += len(p.Bets)
			g.Staked = g.Staked.Add(p.Total)
		}
		d := o.day(p.Currency)
		d.BetsPlaced += len(p.Bets)
		d.Staked = d.Staked.Add(p.Total)
	case *events.BetSettled:
		g := o.game(f, p.Table, p.Paytable, p.PaytableHash, p.Currency)
		o.settle(f, g, p.Code, p.Paytable, p.PaytableHash, p.Currency, p.Stake, p.Win, p.Returned, p.Residue, 1)
		if f.residue != nil && f.residue.Sign() != 0 {
			g.residue.Add(g.residue, f.residue)
			o.residues[p.Bet] = new(big.Rat).Set(f.residue)
		}
		o.largeWin(s, p)
	case *events.BetSettlementReversed:
		if r := f.rounds[p.Round]; r != nil {
			g := o.game(f, r.Table, r.Paytable, r.PaytableHash, p.Currency)
			o.settle(f, g, p.Code, r.Paytable, r.PaytableHash, p.Currency, p.Stake, p.Win, p.Returned, p.Residue, -1)
			if x, ok := o.residues[p.Bet]; ok {
				g.residue.Sub(g.residue, x)
				delete(o.residues, p.Bet)
			}
		}
		if i, ok := o.largeWins[p.Bet]; ok && o.rep.LargeWins[i].ReversedSeq == 0 {
			o.rep.LargeWins[i].ReversedSeq = s.raw.Seq
		}
	case *events.BetRefunded:
		if g := o.roundGame(f, p.Round); g != nil {
			g.BetsRefunded++
			g.Refunded = g.Refunded.Add(p.Stake)
		}
		d := o.day(p.Currency)
		d.Refunded = d.Refunded.Add(p.Stake)
	case *events.RoundSettled:
		if p.Correction == 0 {
			if g := o.roundGame(f, p.Round); g != nil {
				g.RoundsPlayed++
				o.day(g.Currency).RoundsPlayed++
			}
		}
	case *events.RoundCancelled:
		if g := o.roundGame(f, p.Round); g != nil {
			g.RoundsCancelled++
		}
		o.significant(s, SignificantEvent{Reason: p.Reason, Before: o.status, After: string(round.Cancelled)})
	case *events.RoundResultCorrected:
		if g := o.roundGame(f, p.Round); g != nil {
			g.RoundsCorrected++
		}
		o.significant(s, SignificantEvent{Reason: p.Reason, Before: resultString(p.Before, p.BeforeResult), After: resultString(p.After, p.AfterResult)})
	case *events.RoundReshake:
		if g := o.roundGame(f, p.Round); g != nil {
			g.Reshakes++
		}
	case *events.RoundPaused:
		o.significant(s, SignificantEvent{Reason: p.Reason, Before: o.status, After: string(round.Paused)})
	case *events.RoundResumed:
		after := ""
		if r := f.rounds[p.Round]; r != nil {
			after = string(r.Status)
		}
		o.significant(s, SignificantEvent{Reason: p.Note, Before: string(round.Paused), After: after})
	case *events.WalletAdjusted:
		o.significant(s, SignificantEvent{Player: p.Player, Reason: p.Reason,
			Before: f.amountText(s.env.Table, p.Currency, p.BalanceBefore) + " " + p.Currency, After: f.amountText(s.env.Table, p.Currency, p.BalanceAfter) + " " + p.Currency})
	case *events.TableLimitsChanged:
		o.significant(s, SignificantEvent{Reason: p.Reason, Before: limitsString(p.Before), After: limitsString(p.After)})
	case *events.TableOpened:
		o.significant(s, SignificantEvent{Before: "closed", After: fmt.Sprintf("open: %s %s (%s), %s", p.Game, p.Paytable, short(p.PaytableHash), limitsString(p.Limits))})
	case *events.TableClosed:
		o.significant(s, SignificantEvent{Reason: p.Reason, Before: "open", After: "closed"})
	}
}

// settle adds (sign 1) or takes back (sign −1) one settlement.
func (o *regulatorObserver) settle(f *fold, g *GameRow, code, paytable, hash, currency string, stake, win, returned, residue decimal.Decimal, sign int) {
	if sign < 0 {
		stake, win, returned, residue = stake.Neg(), win.Neg(), returned.Neg(), residue.Neg()
	}
	g.BetsSettled += sign
	g.SettledStakes = g.SettledStakes.Add(stake)
	g.Won = g.Won.Add(win)
	g.Returned = g.Returned.Add(returned)
	g.Residue = g.Residue.Add(residue)
	if pt, err := f.paytable(paytable, hash); err == nil {
		r := o.rtp.of(pt, code)
		if r != nil {
			g.theo.Add(g.theo, new(big.Rat).Mul(ratOf(stake), r))
			g.theoStake.Add(g.theoStake, ratOf(stake))
		}
		// The kind's row takes the amounts with their own sign.
		o.kind(pt, g, code, stake.Abs(), returned.Abs(), sign, r)
	}
	d := o.day(currency)
	d.SettledStakes = d.SettledStakes.Add(stake)
	d.Returned = d.Returned.Add(returned)
}

func (o *regulatorObserver) largeWin(s *step, p *events.BetSettled) {
	th, ok := o.opts.largeWin(p.Currency)
	if !ok || !th.IsPositive() || p.Win.LessThan(th) {
		return
	}
	lw := LargeWin{Seq: s.raw.Seq, At: s.env.OccurredAt, Table: p.Table, Round: p.Round, Player: p.Player, Bet: p.Bet,
		Code: p.Code, Stake: p.Stake, Win: p.Win, Currency: p.Currency, Paytable: p.Paytable, Rule: p.Rule, Actor: s.env.Actor}
	if len(o.rep.LargeWins) >= LargeWinsMax {
		o.rep.LargeWinsMore++
	} else {
		o.largeWins[p.Bet] = len(o.rep.LargeWins)
		o.rep.LargeWins = append(o.rep.LargeWins, lw)
	}
	o.significant(s, SignificantEvent{Kind: SignificantLargeWin, Player: p.Player, After: o.f.amountText(p.Table, p.Currency, p.Win) + " " + p.Currency,
		Detail: fmt.Sprintf("bet %s on %s, stake %s %s, wins %s: %s", p.Bet, p.Code, o.f.amountText(p.Table, p.Currency, p.Stake), p.Currency, o.f.amountText(p.Table, p.Currency, p.Win), p.Rule)})
}

// significant lists one significant event; Kind and Detail default to the
// event's type and summary.
func (o *regulatorObserver) significant(s *step, ev SignificantEvent) {
	if len(o.rep.SignificantEvents) >= SignificantEventsMax {
		o.rep.SignificantMore++
		return
	}
	ev.Seq, ev.At, ev.Table, ev.Round, ev.Actor = s.raw.Seq, s.env.OccurredAt, s.env.Table, s.env.Round, s.env.Actor
	if ev.Kind == "" {
		ev.Kind = string(s.env.Type)
	}
	if ev.Detail == "" {
		ev.Detail = summarize(s.payload, o.f, s.env.Table)
	}
	o.rep.SignificantEvents = append(o.rep.SignificantEvents, ev)
}

// close takes the tables' limits and the games in progress at the end of
// the period.
func (o *regulatorObserver) close(f *fold) {
	for _, id := range sortedKeys(f.tables) {
		t := f.tables[id]
		tl := TableLimits{Table: t.ID, Game: t.Game, Paytable: t.Paytable, PaytableHash: t.PaytableHash, Currency: t.Currency,
			Status: "open", Dealer: t.Dealer, Limits: []LimitRow{}, Band: LimitRow{Kind: "band", Min: t.Band.Min, Max: t.Band.Max}}
		if t.Closed {
			tl.Status = "closed"
		}
		for _, k := range sortedKeys(t.Limits) {
			tl.Limits = append(tl.Limits, LimitRow{Kind: k, Min: t.Limits[k].Min, Max: t.Limits[k].Max})
		}
		o.rep.Limits = append(o.rep.Limits, tl)
	}
	o.rep.Interrupted = openRounds(f)
	if ps := o.pools.close(f); len(ps) > 0 {
		o.rep.Pools = ps
	}
}

func (o *regulatorObserver) report(w *walker, p Period) *RegulatorReport {
	rep := o.rep
	pp := p
	rep.Header = Header{Title: "Regulator report: game performance and significant events", Operator: o.opts.Operator,
		Period: &pp, GeneratedAt: o.opts.now().UTC(), Through: w.chain.Seq()}
	rep.LargeWinThresholds = map[string]decimal.Decimal{}
	for c, v := range o.opts.LargeWins {
		rep.LargeWinThresholds[c] = v
	}
	keys := make([]gameKey, 0, len(o.games))
	for k := range o.games {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := o.games[keys[i]], o.games[keys[j]]
		if a.Game != b.Game {
			return a.Game < b.Game
		}
		if a.Paytable != b.Paytable {
			return a.Paytable < b.Paytable
		}
		if a.Table != b.Table {
			return a.Table < b.Table
		}
		if a.Currency != b.Currency {
			return a.Currency < b.Currency
		}
		return a.PaytableHash < b.PaytableHash
	})
	rep.Games = make([]GameRow, 0, len(keys))
	for _, k := range keys {
		g := o.games[k]
		g.GGR = g.SettledStakes.Sub(g.Returned)
		g.ActualRTP = ratio(ratOf(g.Returned), ratOf(g.SettledStakes))
		g.TheoreticalRTP = ratio(g.theo, g.theoStake)
		g.ResidueExact = exactAmount(g.residue, w.fold.scaleOr(g.Table, g.Currency))
		rep.Games = append(rep.Games, *g)
	}
	rep.RTPByKind = o.kindRows()
	rep.Days = []RegulatorDay{}
	// A period in progress lists its days up to today only.
	for _, d := range p.DaysThrough(o.opts.now()) {
		rows := o.days[d]
		if len(rows) == 0 {
			z := decimal.Zero
			rep.Days = append(rep.Days, RegulatorDay{Date: d, NoActivity: o.t.events[d] == 0, Events: o.t.events[d],
				Staked: z, SettledStakes: z, Returned: z, Refunded: z, GGR: z})
			continue
		}
		for _, c := range sortedKeys(rows) {
			r := rows[c]
			r.Events = o.t.events[d]
			r.GGR = r.SettledStakes.Sub(r.Returned)
			rep.Days = append(rep.Days, *r)
		}
	}
	rep.Verification = w.summary(o.t.concerns)
	rep.render = renderInfo{scales: w.fold.scalesInUse(), loc: p.Start.Location()}
	return rep
}
