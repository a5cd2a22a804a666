package blackjack

import (
	"fmt"
	"slices"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/cards"
	"github.com/wagerlog/wagerlog/games/kit"
)

// GameName is the game name of every blackjack paytable.
const GameName = "blackjack"

// HandsLimit bounds Settings.HandsMax: no table lets a seat split into
// more hands.
const HandsLimit = 8

// Line names a line of the paytable: what one way of winning pays.
type Line string

// Lines of a blackjack paytable; each is in the data exactly once.
const (
	// LineBlackjack: a main bet whose first two cards are an ace and a
	// ten-value card, not after a split, against a dealer without one.
	LineBlackjack Line = "blackjack"
	// LineWin: a hand that beats the dealer's (or stands when he busts).
	LineWin Line = "win"
	// LineInsurance: insurance when the dealer has a blackjack.
	LineInsurance Line = "insurance"
	// LinePerfectPair: the seat's first two cards are one rank and one
	// suit.
	LinePerfectPair Line = "perfect_pair"
	// LineColouredPair: one rank, two suits of one colour.
	LineColouredPair Line = "coloured_pair"
	// LineMixedPair: one rank, a red and a black card.
	LineMixedPair Line = "mixed_pair"
)

// allLines lists every line in listing order.
func allLines() []Line {
	return []Line{LineBlackjack, LineWin, LineInsurance, LinePerfectPair, LineColouredPair, LineMixedPair}
}

// Data is a paytable as data: everything that decides what a bet pays,
// which decisions the cards allow and what the dealer does. Every field is
// covered by the content hash, so a table with other settings plays under
// another paytable id or version.
type Data struct {
	// ID names the paytable, "blackjack/chile-2010".
	ID string `json:"id"`
	// Version counts revisions of the same id, from 1.
	Version int `json:"version"`
	// Game is always "blackjack".
	Game string `json:"game"`
	// Source cites the text the paytable transcribes.
	Source string `json:"source"`
	// Decks is the shoe's decks: no round shows a card more often, and the
	// exact figures are computed for it.
	Decks int `json:"decks"`
	// Rules are the paytable's lines, one per Line.
	Rules []Rule `json:"rules"`
	// Settings are the table's rules of play.
	Settings Settings `json:"settings"`
}

// Settings are a blackjack table's rules of play and limits that are not
// payouts.
type Settings struct {
	// DealerHitsSoft17 makes the dealer draw on a soft 17 (an ace counted
	// 11 and six more); by default he stands on every 17.
	DealerHitsSoft17 bool `json:"dealer_hits_soft_17"`
	// DoubleAfterSplit lets a split hand double on its first two cards.
	DoubleAfterSplit bool `json:"double_after_split"`
	// ResplitAces lets a split ace that receives another ace split again.
	ResplitAces bool `json:"resplit_aces"`
	// HandsMax is the most hands a seat may split into (2..HandsLimit).
	HandsMax int `json:"hands_max"`
	// SurrenderReturnPercent is the share of the stake a surrender
	// ("retiro") returns: "50" (seed 004, Black Jack 1.5 "Retiro").
	SurrenderReturnPercent string `json:"surrender_return_percent"`
	// InsuranceMaxPercent is the most insurance a seat takes, as a
	// percentage of its main bet: "50".
	InsuranceMaxPercent string `json:"insurance_max_percent"`
	// PerfectPairsMinPercent and PerfectPairsMaxPercent bound the Perfect
	// Pairs stake as percentages of the seat's main bet: "10" and "80"
	// (seed 004, Perfect Pairs amendment 8; see docs/games/blackjack.md for
	// the reading).
	PerfectPairsMinPercent string `json:"perfect_pairs_min_percent"`
	PerfectPairsMaxPercent string `json:"perfect_pairs_max_percent"`
	// CutCardMin and CutCardMax bound the cards the cut card leaves behind
	// it: 52 and 104 (seed 004, Black Jack 1.5 "Corte").
	CutCardMin int `json:"cut_card_min"`
	CutCardMax int `json:"cut_card_max"`
}

// Rule is one line of a paytable: what it pays.
type Rule = kit.Rule[Line]

// Odds are X:Y odds (the kit's): a winning bet wins X/Y of its stake
// and gets the stake back.
type Odds = kit.Odds

// OddsMax bounds both terms of odds.
const OddsMax = 1000

// Paytable is a validated, immutable blackjack paytable. Get one from New,
// Paytables or Lookup; a *Paytable is safe for concurrent use.
type Paytable struct {
	data Data
	kit.Canon
	kit.Rounds[Result, *Round]
	odds      map[Line]Odds
	surrender decimal.Decimal // fraction of the stake a surrender returns
	insMax    decimal.Decimal // fraction of the main bet
	ppMin     decimal.Decimal
	ppMax     decimal.Decimal
}

// New validates paytable data and returns the paytable. It returns an error
// wrapping ErrBadPaytable when the game is not "blackjack", the id or a
// name is empty, the version is below 1, the decks are not
// 1..cards.DecksMax, the rules are not one line per Line with valid odds,
// HandsMax is not 2..HandsLimit, a percentage is not a decimal in
// (0, 100] (the Perfect Pairs minimum may be 0 and must not exceed the
// maximum), or the cut card's bounds are not 0 < min ≤ max < the shoe. The
// data is copied.
func New(d Data) (*Paytable, error) {
	d.Rules = slices.Clone(d.Rules)
	if err := kit.CheckIdentity(d.ID, d.Game, GameName, d.Version); err != nil {
		return nil, err
	}
	bad := kit.Refusal[*Paytable](d.ID)
	s := d.Settings
	switch {
	case d.Decks < 1 || d.Decks > cards.DecksMax:
		return bad("%d decks, want 1..%d", d.Decks, cards.DecksMax)
	case s.HandsMax < 2 || s.HandsMax > HandsLimit:
		return bad("hands_max %d, want 2..%d", s.HandsMax, HandsLimit)
	case s.CutCardMin < 1 || s.CutCardMin > s.CutCardMax || s.CutCardMax >= d.Decks*cards.DeckSize:
		return bad("cut card bounds %d..%d, want 0 < min ≤ max < %d", s.CutCardMin, s.CutCardMax, d.Decks*cards.DeckSize)
	}
	odds, err := kit.IndexRules(d.Rules, allLines(), OddsMax, OddsMax)
	if err != nil {
		return bad("%v", err)
	}
	p := &Paytable{data: d, odds: odds}
	for _, f := range []struct {
		name, s string
		zero    bool
		to      *decimal.Decimal
	}{
		{"surrender_return_percent", s.SurrenderReturnPercent, false, &p.surrender},
		{"insurance_max_percent", s.InsuranceMaxPercent, false, &p.insMax},
		{"perfect_pairs_min_percent", s.PerfectPairsMinPercent, true, &p.ppMin},
		{"perfect_pairs_max_percent", s.PerfectPairsMaxPercent, false, &p.ppMax},
	} {
		if *f.to, err = kit.Percent(f.name, f.s, f.zero); err != nil {
			return bad("%v", err)
		}
	}
	if p.ppMin.Cmp(p.ppMax) > 0 {
		return bad("perfect pairs minimum %s%% above the maximum %s%%", s.PerfectPairsMinPercent, s.PerfectPairsMaxPercent)
	}
	p.Canon = kit.NewCanon(d.ID, d.Game, d.Version, d.Source, canonicalData(d))
	p.Rounds = kit.NewRounds("blackjack", ResultsMax, p.NewRound, ParseResult)
	return p, nil
}

// canonicalData is the data as it is hashed (kit.NewCanon): Data with
// its fields in declaration order and the rules sorted by line.
func canonicalData(d Data) Data {
	d.Rules = kit.SortRules(d.Rules)
	return d
}

// Decks returns the shoe's decks.
func (p *Paytable) Decks() int { return p.data.Decks }

// Settings returns the table's rules of play.
func (p *Paytable) Settings() Settings { return p.data.Settings }

// Data returns a copy of the paytable's data.
func (p *Paytable) Data() Data {
	d := p.data
	d.Rules = slices.Clone(d.Rules)
	return d
}

// Odds returns what a line pays.
func (p *Paytable) Odds(l Line) Odds { return p.odds[l] }

// Kinds returns the kinds of bet the paytable offers, in listing order.
func (p *Paytable) Kinds() []string { return kit.Strings(allKinds()) }

// BetKind validates a bet code and returns its kind. It returns an error
// wrapping ErrBadBetCode for a code that does not parse or names a hand
// beyond the table's HandsMax.
func (p *Paytable) BetKind(code string) (string, error) {
	b, err := p.bet(code)
	if err != nil {
		return "", err
	}
	return string(b.kind), nil
}

func (p *Paytable) bet(code string) (Bet, error) {
	b, err := ParseBet(code)
	if err != nil {
		return Bet{}, err
	}
	if b.hand >= p.data.Settings.HandsMax {
		return Bet{}, fmt.Errorf("%w: %q: a seat has at most %d hands at %s (0..%d)", ErrBadBetCode, code, p.data.Settings.HandsMax, p.data.ID, p.data.Settings.HandsMax-1)
	}
	return b, nil
}

// RTP returns the exact RTP of the bets that have one whatever the
// player's play: Perfect Pairs and insurance (knowing only the dealer's
// ace). The main bet, doubles and splits depend on play; their simulated
// figure under basic strategy is SimulateBasicStrategy's.
func (p *Paytable) RTP() []games.BetRTP {
	rs := ExactRTP(p)
	out := make([]games.BetRTP, len(rs))
	for i, r := range rs {
		out[i] = games.BetRTP{Code: r.Code, Kind: string(r.Kind), Pays: r.Pays, RTP: r.RTP}
	}
	return out
}

// CheckCut refuses a cut card that leaves fewer than CutCardMin or more
// than CutCardMax cards behind it (seed 004, Black Jack 1.5 "Corte": at
// least 52, at most 104).
func (p *Paytable) CheckCut(n int) error {
	if n < p.data.Settings.CutCardMin || n > p.data.Settings.CutCardMax {
		return fmt.Errorf("the cut card leaves %d cards behind it; %s allows %d..%d", n, p.ID(), p.data.Settings.CutCardMin, p.data.Settings.CutCardMax)
	}
	return nil
}
