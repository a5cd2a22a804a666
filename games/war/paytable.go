package war

import (
	"fmt"
	"slices"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/cards"
	"github.com/wagerlog/wagerlog/games/kit"
)

// GameName is the game name of every War paytable.
const GameName = "war"

// BurnMax bounds Settings.BurnBeforeWar.
const BurnMax = 5

// Line names a line of the paytable.
type Line string

// Lines of a War paytable; each is in the data exactly once.
const (
	// LineMain: the seat's card beats the dealer's.
	LineMain Line = "main"
	// LineWar: the raise, when the seat's war card is equal or higher.
	LineWar Line = "war"
	// LineTie: the tie side bet, when the first cards tie.
	LineTie Line = "tie"
)

// allLines lists every line in listing order.
func allLines() []Line { return []Line{LineMain, LineWar, LineTie} }

// Data is a paytable as data; every field is covered by the content hash.
type Data struct {
	ID       string   `json:"id"`
	Version  int      `json:"version"`
	Game     string   `json:"game"`
	Source   string   `json:"source"`
	Decks    int      `json:"decks"`
	Rules    []Rule   `json:"rules"`
	Settings Settings `json:"settings"`
}

// Settings are the table's rules that are not payouts.
type Settings struct {
	// SurrenderReturnPercent is the share of the main bet a surrender on a
	// tie returns: "50".
	SurrenderReturnPercent string `json:"surrender_return_percent"`
	// BurnBeforeWar is the cards burned before the war cards: 3.
	BurnBeforeWar int `json:"burn_before_war"`
	// CutCardMin is the fewest cards the cut card leaves behind it: 52
	// (seed 004, War 4.4 "Inicio del juego").
	CutCardMin int `json:"cut_card_min"`
}

// Rule is one line of a paytable.
type Rule = kit.Rule[Line]

// Odds are X:Y odds (the kit's): a winning bet wins X/Y of its stake
// and gets the stake back.
type Odds = kit.Odds

// OddsMax bounds both terms of odds.
const OddsMax = 1000

// Paytable is a validated, immutable War paytable. Get one from New,
// Paytables or Lookup; a *Paytable is safe for concurrent use.
type Paytable struct {
	data Data
	kit.Canon
	kit.Rounds[Result, *Round]
	odds      map[Line]Odds
	surrender decimal.Decimal
}

// New validates paytable data and returns the paytable. It returns an error
// wrapping ErrBadPaytable when the game is not "war", the id or a name is
// empty, the version is below 1, the decks are not 1..cards.DecksMax, the
// rules are not one line per Line with valid odds, the surrender share is
// not a percentage in (0, 100], the burn is not 0..BurnMax or the cut card
// minimum is not 1..the shoe. The data is copied.
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
	case s.BurnBeforeWar < 0 || s.BurnBeforeWar > BurnMax:
		return bad("burn_before_war %d, want 0..%d", s.BurnBeforeWar, BurnMax)
	case s.CutCardMin < 1 || s.CutCardMin >= d.Decks*cards.DeckSize:
		return bad("cut_card_min %d, want 1..%d", s.CutCardMin, d.Decks*cards.DeckSize-1)
	}
	odds, err := kit.IndexRules(d.Rules, allLines(), OddsMax, OddsMax)
	if err != nil {
		return bad("%v", err)
	}
	p := &Paytable{data: d, odds: odds}
	if p.surrender, err = kit.Percent("surrender_return_percent", s.SurrenderReturnPercent, false); err != nil {
		return bad("%v", err)
	}
	p.Canon = kit.NewCanon(d.ID, d.Game, d.Version, d.Source, canonicalData(d))
	p.Rounds = kit.NewRounds("War", ResultsMax, p.NewRound, ParseResult)
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

// Settings returns the table's rules.
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

// BetKind validates a bet code and returns its kind (ErrBadBetCode).
func (p *Paytable) BetKind(code string) (string, error) {
	b, err := ParseBet(code)
	if err != nil {
		return "", err
	}
	return string(b.kind), nil
}

// RTP returns the exact RTP of the main bet (going to war on every tie),
// the raise (given a tie) and the tie bet: see ExactRTP.
func (p *Paytable) RTP() []games.BetRTP {
	f := ExactRTP(p)
	out := make([]games.BetRTP, 0, 3)
	for _, r := range []BetRTP{f.Main, f.War, f.Tie} {
		out = append(out, games.BetRTP{Code: r.Code, Kind: string(r.Kind), Pays: r.Pays, RTP: r.RTP})
	}
	return out
}

// rankOf orders War's ranks: the two lowest, the ace highest.
func rankOf(c cards.Card) int { return strings.IndexByte("23456789TJQKA", byte(c.Rank())) }

// CheckCut refuses a cut card that leaves fewer than CutCardMin cards
// behind it (seed 004, War 4.4: at least 52), or none of the shoe before
// it.
func (p *Paytable) CheckCut(n int) error {
	if n < p.data.Settings.CutCardMin || n >= p.data.Decks*cards.DeckSize {
		return fmt.Errorf("the cut card leaves %d cards behind it; %s allows %d..%d", n, p.ID(), p.data.Settings.CutCardMin, p.data.Decks*cards.DeckSize-1)
	}
	return nil
}
