package testgames

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strconv"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/kit"
)

// HighCard is a small game complete as a registry game is: its paytable
// publishes canonical JSON, rules, its largest multiple and its rounding
// (games.Publisher); it answers its own `wagerlog settle --jsonl` line
// (games.LineSettler); it declares a demo table and plays it
// (games.Demoer); its board has rows (games.BoardRower) and a renderer
// module and stylesheet it ships (games.BoardViewer, games.BoardStyler). It is in no registry: a test adds
// it to registry.New()'s games (registry.With) to show that every edge
// serves a new game with no edge changed.
//
// The rules, simple enough to check by hand: a round draws one card, and
// only its rank counts, ace (1) to king (13), each equally likely (13
// outcomes). "high" wins 1:1 on 8 to king, "low" wins 1:1 on ace to 6, and
// a seven loses both; "seven" pays 21:2 on a seven, a payout that is no
// whole multiple, so a stake of 0.01 leaves a residue. Wins are rounded
// down to the currency's scale.
type HighCard struct{}

// HighCardName is the game's name.
const HighCardName = "highcard"

// HighCardID is the id of its one paytable.
const HighCardID = "highcard/test"

// HighCardDemoTable is the id of its demo table.
const HighCardDemoTable = "demo-highcard"

// Limits of the game's input.
const (
	// HighCardScaleMax is the largest currency scale it settles in.
	HighCardScaleMax = 8
	// HighCardLineBytesMax bounds a settle line (a valid one is about
	// 80 bytes).
	HighCardLineBytesMax = 512
	// highCardResultBytesMax bounds a result's JSON ({"rank":13}).
	highCardResultBytesMax = 64
	// highCardBetCodeMax bounds a refused bet code in an error.
	highCardBetCodeMax = 32
)

// The ranks of a card: ace is 1, king 13, seven the rank both even-money
// bets lose on.
const (
	rankMin   = 1
	rankSeven = 7
	rankMax   = 13
)

// HighCardLine names a line of the paytable, which is also its one bet's
// code and kind.
type HighCardLine string

// Lines of the paytable.
const (
	HighCardHigh  HighCardLine = "high"
	HighCardLow   HighCardLine = "low"
	HighCardSeven HighCardLine = "seven"
)

// highCardLines lists the lines in listing order.
func highCardLines() []HighCardLine { return []HighCardLine{HighCardHigh, HighCardLow, HighCardSeven} }

// covers reports whether line wins on rank: the one statement of the rules,
// which Settle and RTP both use.
func (l HighCardLine) covers(rank int) bool {
	switch l {
	case HighCardHigh:
		return rank > rankSeven
	case HighCardLow:
		return rank < rankSeven
	case HighCardSeven:
		return rank == rankSeven
	}
	return false
}

// highCardData is the paytable as data, its rules in canonical order:
// every member is in the hashed bytes.
type highCardData struct {
	ID      string                   `json:"id"`
	Version int                      `json:"version"`
	Game    string                   `json:"game"`
	Source  string                   `json:"source"`
	Ranks   int                      `json:"ranks"`
	Rules   []kit.Rule[HighCardLine] `json:"rules"`
}

// HighCardPaytable is the game's paytable; immutable.
type HighCardPaytable struct {
	kit.Canon
	data highCardData
	odds map[HighCardLine]kit.Odds
}

// NewHighCardPaytable returns the game's paytable.
func NewHighCardPaytable() *HighCardPaytable {
	d := highCardData{
		ID: HighCardID, Version: 1, Game: HighCardName,
		Source: "wagerlog test game (internal/testgames): proves the edges serve a game added through the registry",
		Ranks:  rankMax,
		Rules: kit.SortRules([]kit.Rule[HighCardLine]{
			{Line: HighCardHigh, Odds: kit.Odds{Win: 1, Per: 1}, Name: "high: 8 to king"},
			{Line: HighCardLow, Odds: kit.Odds{Win: 1, Per: 1}, Name: "low: ace to 6"},
			{Line: HighCardSeven, Odds: kit.Odds{Win: 21, Per: 2}, Name: "seven"},
		}),
	}
	odds, err := kit.IndexRules(d.Rules, highCardLines(), 100, 10)
	if err != nil {
		panic(fmt.Sprintf("testgames: highcard paytable: %v", err))
	}
	return &HighCardPaytable{Canon: kit.NewCanon(d.ID, d.Game, d.Version, d.Source, d), data: d, odds: odds}
}

// Kinds lists the bet kinds: one per line.
func (p *HighCardPaytable) Kinds() []string { return kit.Strings(highCardLines()) }

// BetKind takes high, low and seven, each its own kind.
func (p *HighCardPaytable) BetKind(code string) (string, error) {
	if _, ok := p.odds[HighCardLine(code)]; !ok {
		return "", kit.BetCodeErrorf(code, highCardBetCodeMax, kit.ErrBadBetCode, "want high, low or seven")
	}
	return code, nil
}

// Rank is the game's result: the rank of the card drawn, {"rank":1..13}.
type Rank int

// JSON encodes the rank.
func (r Rank) JSON() []byte { return fmt.Appendf(nil, `{"rank":%d}`, int(r)) }

// String writes the rank as a card's: A, 2..10, J, Q, K.
func (r Rank) String() string {
	switch r {
	case 1:
		return "A"
	case 11:
		return "J"
	case 12:
		return "Q"
	case 13:
		return "K"
	}
	return strconv.Itoa(int(r))
}

// Equal compares ranks.
func (r Rank) Equal(o games.Result) bool { q, ok := o.(Rank); return ok && q == r }

// HighCardRuleRank is the rule a rank outside ace..king breaks.
const HighCardRuleRank = "rank"

// ParseResult reads {"rank":N} strictly, N from 1 (ace) to 13 (king).
func (p *HighCardPaytable) ParseResult(raw []byte) (games.Result, error) {
	var v struct {
		Rank *int `json:"rank"`
	}
	if err := kit.DecodeResult(raw, highCardResultBytesMax, &v, `a highcard result is {"rank":1..13}`); err != nil {
		return nil, err
	}
	if v.Rank == nil || *v.Rank < rankMin || *v.Rank > rankMax {
		return nil, kit.ResultErrorf(HighCardRuleRank, `a highcard result is {"rank":1..13}`)
	}
	return Rank(*v.Rank), nil
}

// RoundOver: a round is one card.
func (p *HighCardPaytable) RoundOver(rs []games.Result) bool { return len(rs) > 0 }

// Settle settles a bet on the round's card: a win pays stake × X/Y
// rounded down to the scale, the part cut off is the residue.
func (p *HighCardPaytable) Settle(b games.Bet, scale int32, rs []games.Result) (games.Settlement, error) {
	if scale < 0 || scale > HighCardScaleMax {
		return games.Settlement{}, fmt.Errorf("%w: %d, want 0..%d", kit.ErrBadScale, scale, HighCardScaleMax)
	}
	if _, err := p.BetKind(b.Code); err != nil {
		return games.Settlement{}, err
	}
	if err := kit.CheckStake(b.Stake, scale); err != nil {
		return games.Settlement{}, err
	}
	if len(rs) <= b.Since {
		return games.Settlement{Outcome: games.OutcomeOpen}, nil
	}
	rank, ok := rs[len(rs)-1].(Rank)
	if !ok || rank < rankMin || rank > rankMax {
		return games.Settlement{}, kit.ResultErrorf(HighCardRuleRank, "%v is not a highcard rank", rs[len(rs)-1])
	}
	line := HighCardLine(b.Code)
	odds := p.odds[line]
	zero := decimal.New(0, -scale)
	if !line.covers(int(rank)) {
		return games.Settlement{Outcome: games.OutcomeLost, Win: zero, Returned: zero, Residue: zero,
			Rule: fmt.Sprintf("%s loses (the card is %s)", b.Code, rank)}, nil
	}
	exact := b.Stake.Mul(odds.Multiple())
	win := exact.RoundDown(scale)
	return games.Settlement{Outcome: games.OutcomeWon, Win: win, Returned: b.Stake.Add(win), Residue: exact.Sub(win),
		Rule: fmt.Sprintf("%s pays %s (the card is %s)", b.Code, odds, rank)}, nil
}

// RTP enumerates the 13 ranks for each bet.
func (p *HighCardPaytable) RTP() []games.BetRTP {
	out := make([]games.BetRTP, 0, len(p.data.Rules))
	for _, line := range highCardLines() {
		odds := p.odds[line]
		wins := int64(highCardWins(line))
		// A win returns the stake and X/Y of it: (1 + X/Y) on each
		// winning rank, nothing on the others.
		rtp := new(big.Rat).Mul(new(big.Rat).Add(big.NewRat(1, 1), odds.Rat()), big.NewRat(wins, rankMax))
		out = append(out, games.BetRTP{Code: string(line), Kind: string(line), Pays: odds.String(), RTP: rtp})
	}
	return out
}

// highCardWins counts the ranks that win line.
func highCardWins(line HighCardLine) int {
	n := 0
	for r := rankMin; r <= rankMax; r++ {
		if line.covers(r) {
			n++
		}
	}
	return n
}

// Rules returns the paytable's lines as JSON (games.Publisher).
func (p *HighCardPaytable) Rules() []byte { return kit.MustJSON(p.data.Rules) }

// MaxMultiple returns the largest X/Y of the lines: seven's 21/2.
func (p *HighCardPaytable) MaxMultiple() *big.Rat {
	var odds []kit.Odds
	for _, r := range p.data.Rules {
		odds = append(odds, r.Odds)
	}
	return kit.MaxMultiple(odds...)
}

// Rounding names the rounding of wins: down to the currency's scale.
func (p *HighCardPaytable) Rounding() string { return kit.RoundDown }

// Listing counts the ranks of the 13 that win each bet, in the order of
// RTP.
func (p *HighCardPaytable) Listing() games.Listing {
	l := games.Listing{Form: games.ListingOutcomes, Outcomes: rankMax}
	for _, line := range highCardLines() {
		for _, r := range p.data.Rules {
			if r.Line == line {
				l.Bets = append(l.Bets, games.BetListing{Code: string(line), Name: r.Name, Wins: highCardWins(line), Outcomes: rankMax})
			}
		}
	}
	return l
}

// Name returns "highcard".
func (HighCard) Name() string { return HighCardName }

// Paytables returns the game's one paytable.
func (HighCard) Paytables() []games.Paytable {
	return []games.Paytable{NewHighCardPaytable()}
}

// HighCardStats are the statistics of a highcard board: how many of its
// cards were high, low and sevens.
type HighCardStats struct {
	Results int `json:"results"`
	High    int `json:"high"`
	Low     int `json:"low"`
	Seven   int `json:"seven"`
}

// BoardGame names the game.
func (HighCardStats) BoardGame() string { return HighCardName }

// Board counts the board's high, low and seven cards; an entry of another
// game is skipped (derived data must not fail on a damaged entry).
func (HighCard) Board(_ games.Paytable, entries []games.BoardEntry) games.BoardStats {
	var s HighCardStats
	for _, e := range entries {
		r, ok := e.Result.(Rank)
		if !ok {
			continue
		}
		s.Results++
		switch {
		case HighCardHigh.covers(int(r)):
			s.High++
		case HighCardLow.covers(int(r)):
			s.Low++
		default:
			s.Seven++
		}
	}
	return s
}

// BoardRow writes a board row's members: the card and its side,
// {"rank":"9","side":"high"}.
func (HighCard) BoardRow(r games.Result) []byte {
	rank, ok := r.(Rank)
	if !ok {
		return nil
	}
	side := string(HighCardSeven)
	for _, l := range []HighCardLine{HighCardHigh, HighCardLow} {
		if l.covers(int(rank)) {
			side = string(l)
		}
	}
	return fmt.Appendf(nil, `{"rank":%q,"side":%q}`, rank.String(), side)
}

// highCardModule is the dashboard's renderer of the game's board.
//
//go:embed highcard.js
var highCardModule []byte

// BoardModule returns the board's renderer, highcard.js beside this file
// (games.BoardViewer).
func (HighCard) BoardModule() []byte { return highCardModule }

// highCardStyle is the stylesheet of the game's board.
//
//go:embed highcard.css
var highCardStyle []byte

// BoardStyle returns the board's stylesheet, highcard.css beside this
// file (games.BoardStyler).
func (HighCard) BoardStyle() []byte { return highCardStyle }

// DemoTables returns the game's demo table: demo-highcard, stakes up to 50.
func (HighCard) DemoTables() []games.DemoTable {
	return []games.DemoTable{{
		ID: HighCardDemoTable, Paytable: HighCardID,
		Limits: map[string]games.DemoLimit{"*": games.DemoLimitUpTo(50)},
		Player: highCardDemo{},
	}}
}

// highCardDemo plays a round of one card per Play.
type highCardDemo struct{}

// Play plays one round: bets on any of the three lines, then a card.
func (highCardDemo) Play(ctx context.Context, d games.DemoDealer, rng *rand.Rand) error {
	lines := highCardLines()
	bet := func(rng *rand.Rand) string { return string(lines[rng.IntN(len(lines))]) }
	draw := func(rng *rand.Rand) json.RawMessage { return Rank(rankMin + rng.IntN(rankMax)).JSON() }
	return games.PlayDemoRound(ctx, d, rng, bet, draw)
}

// HighCardLineRequest is the game's settle line:
//
//	{"paytable":"highcard/test","bet":"seven","stake":"0.01","rank":7}
//
// "paytable" and "scale" default to the run's.
type HighCardLineRequest struct {
	Paytable string         `json:"paytable"`
	Bet      string         `json:"bet"`
	Stake    jsontext.Value `json:"stake"`
	Scale    *int32         `json:"scale"`
	Rank     int            `json:"rank"`
}

// HighCardLineAnswer answers a settle line: the kit's head of a one-bet
// answer, then the card. An error has Outcome "error", its Code and a
// Message.
type HighCardLineAnswer struct {
	kit.SeatAnswer
	Rank  int    `json:"rank,omitempty"`
	Scale *int32 `json:"scale,omitempty"`
	Line  int    `json:"line,omitzero"`
}

// LineBytesMax bounds the game's settle lines (games.LineSettler).
func (HighCard) LineBytesMax() int { return HighCardLineBytesMax }

// SettleLine answers one settle line with the code the ledger settles
// with (ParseResult, then Settle).
func (HighCard) SettleLine(req games.LineRequest) []byte {
	a := settleHighCardLine(req)
	a.Line = req.Number
	return kit.MarshalLine(a)
}

func settleHighCardLine(req games.LineRequest) HighCardLineAnswer {
	fail := func(err error) HighCardLineAnswer {
		return HighCardLineAnswer{SeatAnswer: kit.SeatAnswerError(err)}
	}
	var r HighCardLineRequest
	head := kit.LineHead{Paytable: &r.Paytable, Scale: &r.Scale, Stake: &r.Stake}
	lookup := func(id string) (*HighCardPaytable, error) {
		if id != HighCardID {
			return nil, fmt.Errorf("%w %q", games.ErrUnknownPaytable, id)
		}
		return NewHighCardPaytable(), nil
	}
	pt, stake, scale, err := kit.ReadLine(req.Line, HighCardLineBytesMax, &r, head, req.Paytable, req.Scale, lookup, kit.ErrBadStake)
	if err != nil {
		return fail(err)
	}
	result, err := pt.ParseResult(Rank(r.Rank).JSON())
	if err != nil {
		return fail(err)
	}
	s, err := pt.Settle(games.Bet{Code: r.Bet, Stake: stake}, scale, []games.Result{result})
	if err != nil {
		return fail(err)
	}
	a := HighCardLineAnswer{SeatAnswer: kit.SeatAnswerOf(s, scale), Rank: r.Rank, Scale: &scale}
	a.Paytable, a.PaytableHash, a.Bet, a.Stake = pt.ID(), pt.Hash(), r.Bet, stake.StringFixed(scale)
	return a
}

// errHighCardFlags is the flag form's answer: the game's bets are
// settled with --jsonl.
var errHighCardFlags error = &games.Sentinel{Msg: "invalid request: highcard bets are settled with --jsonl", Code: kit.CodeInvalidRequest}

// RefuseFlags refuses the flag form (kit.FlagRefuser).
func (HighCard) RefuseFlags() error { return errHighCardFlags }
