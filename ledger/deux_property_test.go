package ledger_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
	"pgregory.net/rapid"

	"github.com/wagerlog/wagerlog/audit"
	"github.com/wagerlog/wagerlog/events/jetstream"
	"github.com/wagerlog/wagerlog/games/baccarat"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// deuxPropCoups is how many coups one check plays.
const deuxPropCoups = 20

// deuxCard is a card the test deals, with its point value.
type deuxCard struct {
	code  string
	value int
}

func (c deuxCard) String() string { return c.code }

func drawDeuxCard(rt *rapid.T) deuxCard {
	const ranks, suits = "A23456789TJQK", "SHDC"
	r := rapid.IntRange(0, len(ranks)-1).Draw(rt, "rank")
	s := rapid.IntRange(0, len(suits)-1).Draw(rt, "suit")
	return deuxCard{code: string(ranks[r]) + string(suits[s]), value: min(r+1, 10) % 10}
}

func deuxPoint(h []deuxCard) int {
	p := 0
	for _, c := range h {
		p += c.value
	}
	return p % 10
}

// deuxModelCoup is a coup as the test deals it, with what it decides per
// tableau: +1 the punters win, −1 the bank wins, 0 a tie or a void.
type deuxModelCoup struct {
	json    string
	outcome [2]int
	void    bool
}

// dealDeux deals a coup by seed 002's rules as the test reads them: a
// banker's natural ends the coup; a tableau with a natural stands, draws on
// 0..4, chooses on 5, stands on 6 and 7; the banker follows
// baccarat.DeuxBanker, choosing where it leaves him free. Sometimes a
// tableau (or the whole coup) is void, and sometimes the cut card comes
// out.
func dealDeux(rt *rapid.T) deuxModelCoup {
	var t [2][]deuxCard
	for i := range t {
		t[i] = []deuxCard{drawDeuxCard(rt), drawDeuxCard(rt)}
	}
	bk := []deuxCard{drawDeuxCard(rt), drawDeuxCard(rt)}
	if deuxPoint(bk) < 8 {
		var st [2]baccarat.TableauState
		for i := range t {
			p := deuxPoint(t[i])
			switch {
			case p >= 8:
				st[i] = baccarat.TableauState{Natural: true, Third: baccarat.NoCard}
				continue
			case p <= 4, p == 5 && rapid.Bool().Draw(rt, "draw on 5"):
				t[i] = append(t[i], drawDeuxCard(rt))
				st[i] = baccarat.TableauState{Third: t[i][2].value}
			default:
				st[i] = baccarat.TableauState{Third: baccarat.NoCard}
			}
		}
		switch baccarat.DeuxBanker(deuxPoint(bk), st) {
		case baccarat.Draw:
			bk = append(bk, drawDeuxCard(rt))
		case baccarat.Either:
			if rapid.Bool().Draw(rt, "banker draws") {
				bk = append(bk, drawDeuxCard(rt))
			}
		}
	}
	var c deuxModelCoup
	var voids []string
	reason := ""
	switch rapid.IntRange(0, 19).Draw(rt, "void") {
	case 0:
		voids, reason = []string{"1"}, baccarat.VoidLostUnseen
	case 1:
		voids, reason = []string{"2"}, baccarat.VoidIrregularDeal
	case 2:
		voids, reason = []string{"1", "2"}, baccarat.VoidCardsStuck
	}
	for i := range t {
		void := len(voids) == 2 || (len(voids) == 1 && voids[0] == fmt.Sprint(i+1))
		switch p, b := deuxPoint(t[i]), deuxPoint(bk); {
		case void:
		case p > b:
			c.outcome[i] = 1
		case p < b:
			c.outcome[i] = -1
		}
	}
	hand := func(h []deuxCard) string {
		s := make([]string, len(h))
		for i, x := range h {
			s[i] = `"` + x.code + `"`
		}
		return "[" + strings.Join(s, ",") + "]"
	}
	c.json = fmt.Sprintf(`{"tableaux":[%s,%s],"banker":%s`, hand(t[0]), hand(t[1]), hand(bk))
	if reason != "" {
		c.void = true
		c.json += fmt.Sprintf(`,"void":{"tableaux":[%s],"reason":%q}`, strings.Join(voids, ","), reason)
	}
	if rapid.IntRange(0, 9).Draw(rt, "cut card") == 0 {
		c.json += `,"cut_card":true`
	}
	c.json += "}"
	return c
}

// deuxModelBet is a placed bet as the test settles it on its own.
type deuxModelBet struct {
	player string
	code   string
	cents  int64
}

// shares returns what of the bet plays on each tableau and what does
// not, in cents: a caballo's odd cent on tableau 1, a line bet's half
// (rounded down) on its tableau.
func (b deuxModelBet) shares() (on [2]int64, aside int64) {
	switch b.code {
	case "tableau:1":
		on[0] = b.cents
	case "tableau:2":
		on[1] = b.cents
	case "a_caballo":
		on[1] = b.cents / 2
		on[0] = b.cents - on[1]
	case "line:1":
		on[0] = b.cents / 2
		aside = b.cents - on[0]
	case "line:2":
		on[1] = b.cents / 2
		aside = b.cents - on[1]
	}
	return on, aside
}

// TestLedger_DeuxTableauxProperty plays shoes of baccarat à deux tableaux
// through the real ledger: players take and give up the bank, the others
// bet on the tableaux, a caballo and the line (refused above the bank or
// the wallet), the coups are dealt by the drawing rules with voids (by a
// supervisor) and cut cards, some coups are cancelled. After every coup
// the test's own settlement (each share 1:1 against the banker's point,
// the cagnotte 5% of the bank's positive net win rounded up to the cent)
// matches every wallet, the bank and the cagnotte; the bank is never below
// zero; the money is conserved (wallets + bank + cagnotte = the deposits,
// the house and in-play at zero). At the end the state after a restart is
// the same and the verifier finds the stream clean.
func TestLedger_DeuxTableauxProperty(t *testing.T) {
	t.Parallel()
	rapidDefaults(t)
	players := []string{"p1", "p2", "p3", "p4"}
	codes := []string{"tableau:1", "tableau:2", "a_caballo", "line:1", "line:2"}
	const table = "pa" // one of propTables, so the snapshot compares it
	seen := map[string]int{}
	rapid.Check(t, func(rt *rapid.T) {
		h := newHarness(rapidTB{TB: t, rt: rt})
		wallet := map[string]int64{}
		for _, p := range players {
			h.deposit(p, "300")
			wallet[p] = 30000
		}
		openDeuxTable(h, table)
		var bank, cagnotte int64
		banker := ""
		shoeOver := true
		sup := ledger.Meta{Actor: supervisor}
		for range deuxPropCoups {
			if banker != "" && rapid.IntRange(0, 5).Draw(rt, "give up") == 0 {
				h.must(&ledger.ReleaseBank{Meta: ledger.Meta{Actor: dealer}, Table: table})
				wallet[banker] += bank
				bank, banker = 0, ""
				seen["released"]++
			}
			if banker == "" {
				p := rapid.SampledFrom(players).Draw(rt, "banker")
				cents := int64(rapid.IntRange(1, 400).Draw(rt, "bank")) * 50
				_, err := h.exec(&ledger.TakeBank{Meta: ledger.Meta{Actor: dealer}, Table: table, Player: p, Amount: decimal.New(cents, -2)})
				switch {
				case cents > wallet[p]:
					if ledger.CodeOf(err) != "insufficient_funds" {
						rt.Fatalf("a bank of %d cents from a wallet of %d: %v", cents, wallet[p], err)
					}
					continue
				case err != nil:
					rt.Fatalf("take the bank: %v", err)
				}
				banker, bank = p, cents
				wallet[p] -= cents
				seen["taken"]++
			}
			// The model draws each coup from a full shoe of its own, so
			// each round is dealt from a new shoe: the ledger counts a
			// shoe's cards across its rounds (rule shoe_count).
			h.must(&ledger.StartShoe{Meta: ledger.Meta{Actor: dealer}, Table: table, CutCards: baccarat.CutCardsBehind})
			shoeOver = false
			round := h.openRound(table)
			var bets []deuxModelBet
			var staked int64
			for _, p := range players {
				for range rapid.IntRange(0, 2).Draw(rt, "bets") {
					b := deuxModelBet{player: p, code: rapid.SampledFrom(codes).Draw(rt, "code"), cents: int64(rapid.IntRange(10, 4000).Draw(rt, "stake"))}
					_, err := h.exec(placeSlip(table, round, p, ledger.BetRequest{Code: b.code, Stake: decimal.New(b.cents, -2)}))
					switch {
					case p == banker:
						if ledger.CodeOf(err) != "bet_refused" {
							rt.Fatalf("the banker's bet: %v", err)
						}
						continue
					case staked+b.cents > bank:
						if ledger.CodeOf(err) != "bet_refused" {
							rt.Fatalf("stakes %d + %d over a bank of %d: %v", staked, b.cents, bank, err)
						}
						seen["over the bank"]++
						continue
					case b.cents > wallet[p]:
						if ledger.CodeOf(err) != "insufficient_funds" {
							rt.Fatalf("a stake of %d from a wallet of %d: %v", b.cents, wallet[p], err)
						}
						continue
					case err != nil:
						rt.Fatalf("bet %+v: %v", b, err)
					}
					bets = append(bets, b)
					staked += b.cents
					wallet[p] -= b.cents
				}
			}
			h.closeBetting(table, round)
			if rapid.IntRange(0, 19).Draw(rt, "cancel") == 0 {
				// Void for both tableaux, as the round's cancel: every
				// stake back.
				h.must(&ledger.Cancel{Meta: sup, Table: table, Round: round, Reason: "cards_stuck"})
				for _, b := range bets {
					wallet[b.player] += b.cents
				}
				seen["cancelled"]++
			} else {
				c := dealDeux(rt)
				if _, err := baccarat.ParseDeuxCoup([]byte(c.json), 6); err != nil {
					// A card more often than six decks hold it: deal
					// again. Any other refusal is the test's dealing or the
					// package's rules gone wrong.
					var re *baccarat.ResultError
					if !errors.As(err, &re) || re.Rule != baccarat.RuleShoe {
						rt.Fatalf("the test dealt %s: %v", c.json, err)
					}
					h.must(&ledger.Cancel{Meta: sup, Table: table, Round: round, Reason: "misdeal"})
					for _, b := range bets {
						wallet[b.player] += b.cents
					}
					continue
				}
				actor := dealer
				if c.void {
					actor = supervisor
					seen["void"]++
				}
				h.must(&ledger.RecordResult{Meta: ledger.Meta{Actor: actor}, Table: table, Round: round, Result: []byte(c.json)})
				var net int64 // the bank's, in cents
				for _, b := range bets {
					on, back := b.shares()
					for i, share := range on {
						switch c.outcome[i] {
						case 1:
							back += 2 * share
							net -= share
						case 0:
							back += share
						case -1:
							net += share
						}
					}
					wallet[b.player] += back
				}
				var cut int64
				if net > 0 {
					cut = (net*5 + 99) / 100 // 5%, rounded up to the cent
					seen["cagnotte"]++
				}
				bank += net - cut
				cagnotte += cut
				if bank < 0 {
					rt.Fatalf("the model's bank went below zero: %d", bank)
				}
				shoeOver = strings.Contains(c.json, "cut_card")
				if shoeOver {
					seen["shoes"]++
				}
				seen["coups"]++
			}
			// Every wallet, the bank and the cagnotte as the model says;
			// the house and in-play untouched; nothing created or lost.
			want := map[string]int64{posting.BankAccount(table): bank, posting.CommissionAccount(table): cagnotte,
				posting.HouseAccount(table): 0, posting.InPlayAccount(table): 0}
			total := bank + cagnotte
			for _, p := range players {
				want[posting.WalletAccount(p)] = wallet[p]
				total += wallet[p]
			}
			if total != int64(len(players))*30000 {
				rt.Fatalf("the model lost money: %d", total)
			}
			for acc, cents := range want {
				if got := h.balance(acc); !got.Equal(decimal.New(cents, -2)) {
					rt.Fatalf("%s is %s, the model says %s (round %s)", acc, got, decimal.New(cents, -2), round)
				}
			}
		}
		if banker != "" {
			h.must(&ledger.ReleaseBank{Meta: ledger.Meta{Actor: dealer}, Table: table})
		}
		var problem string
		h.inspect(func(s *ledger.State) { problem = booksError(s.Balances()) })
		if problem != "" {
			rt.Fatal(problem)
		}
		before := h.snapshot()
		h.restart()
		if after := h.snapshot(); !reflect.DeepEqual(after, before) {
			rt.Fatalf("state after a restart differs:\n got %+v\nwant %+v", after, before)
		}
		rep, err := audit.Verify(context.Background(), h.store, 0, 0, audit.Options{Games: h.opts.Games, SubjectPrefix: jetstream.DefaultSubjectPrefix})
		if err != nil {
			rt.Fatal(err)
		}
		if !rep.Clean {
			rt.Fatalf("verify: %+v", rep.Violations)
		}
		checkReadersAgree(rapidTB{TB: t, rt: rt}, h)
	})
	t.Logf("over every check: %v", seen)
	if seen["cagnotte"] == 0 || seen["void"] == 0 || seen["shoes"] == 0 || seen["released"] == 0 || seen["over the bank"] == 0 {
		t.Errorf("the checks did not play every case: %v", seen)
	}
}
