package baccarat

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
)

func TestSettleCoup(t *testing.T) {
	pt, _ := Lookup(IDDeuxTableaux1979)
	split := DeuxCoup{Tableaux: [2]Hand{literalHand("4S", "3H"), literalHand("2C", "KD", "KS")}, Banker: literalHand("5H", "KC")} // 1 wins, 2 loses
	bankBoth := DeuxCoup{Tableaux: [2]Hand{literalHand("4S", "KH", "AC"), literalHand("2C", "KD", "KS")}, Banker: literalHand("6H", "KC")}
	for _, tt := range []struct {
		name                     string
		bank                     string
		bets                     []games.Bet
		coup                     DeuxCoup
		net, cagnotte, bankAfter string
	}{
		{"banker wins both", "100", []games.Bet{{Code: "tableau:1", Stake: dec("10")}, {Code: "tableau:2", Stake: dec("20")}}, bankBoth, "30", "1.50", "128.50"},
		{"wins more on one than loses on the other", "100", []games.Bet{{Code: "tableau:1", Stake: dec("10")}, {Code: "tableau:2", Stake: dec("30")}}, split, "20", "1.00", "119.00"},
		{"loses more than wins: no cagnotte", "100", []games.Bet{{Code: "tableau:1", Stake: dec("30")}, {Code: "tableau:2", Stake: dec("10")}}, split, "-20", "0", "80"},
		{"even: no cagnotte", "100", []games.Bet{{Code: "a_caballo", Stake: dec("20")}}, split, "0", "0", "100"},
		{"cagnotte rounded up", "1", []games.Bet{{Code: "tableau:2", Stake: dec("0.10")}}, split, "0.10", "0.01", "1.09"},
		{"bank exactly covered", "40", []games.Bet{{Code: "tableau:1", Stake: dec("30")}, {Code: "line:2", Stake: dec("20")}}, split, "-20", "0", "20"},
		{"no bets", "0", nil, split, "0", "0", "0"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cs, err := SettleCoup(pt, dec(tt.bank), tt.bets, 2, tt.coup)
			if err != nil {
				t.Fatal(err)
			}
			if !cs.BankNet.Equal(dec(tt.net)) || !cs.Cagnotte.Equal(dec(tt.cagnotte)) || !cs.BankAfter.Equal(dec(tt.bankAfter)) {
				t.Fatalf("net %s cagnotte %s bank %s, want %s %s %s", cs.BankNet, cs.Cagnotte, cs.BankAfter, tt.net, tt.cagnotte, tt.bankAfter)
			}
			sum := cs.Tableaux[0].BankNet.Add(cs.Tableaux[1].BankNet)
			if !sum.Equal(cs.BankNet) {
				t.Errorf("tableaux' nets %s + %s != %s", cs.Tableaux[0].BankNet, cs.Tableaux[1].BankNet, cs.BankNet)
			}
			checkTransfers(t, cs, tt.bets)
		})
	}
}

// checkTransfers checks that the transfers move each stake out of the
// stakes exactly once, pay each bet what it returns, and change the bank by
// BankNet − Cagnotte.
func checkTransfers(t *testing.T, cs CoupSettlement, bets []games.Bet) {
	t.Helper()
	fromStakes := make([]decimal.Decimal, len(bets))
	toPunter := make([]decimal.Decimal, len(bets))
	for i := range bets {
		fromStakes[i], toPunter[i] = decimal.Zero, decimal.Zero
	}
	bank, cagnotte := decimal.Zero, decimal.Zero
	for _, tr := range cs.Transfers {
		if tr.Amount.Sign() <= 0 {
			t.Fatalf("transfer of %s", tr.Amount)
		}
		switch tr.From {
		case AccountStakes:
			fromStakes[tr.Bet] = fromStakes[tr.Bet].Add(tr.Amount)
		case AccountBank:
			bank = bank.Sub(tr.Amount)
		default:
			t.Fatalf("transfer from %s", tr.From)
		}
		switch tr.To {
		case AccountPunter:
			toPunter[tr.Bet] = toPunter[tr.Bet].Add(tr.Amount)
		case AccountBank:
			bank = bank.Add(tr.Amount)
		case AccountCagnotte:
			cagnotte = cagnotte.Add(tr.Amount)
		default:
			t.Fatalf("transfer to %s", tr.To)
		}
	}
	for i, b := range bets {
		if !fromStakes[i].Equal(b.Stake) || !toPunter[i].Equal(cs.Bets[i].Returned) {
			t.Fatalf("bet %d: %s out of the stakes, %s to the punter; stake %s returned %s", i, fromStakes[i], toPunter[i], b.Stake, cs.Bets[i].Returned)
		}
	}
	if !bank.Equal(cs.BankNet.Sub(cs.Cagnotte)) || !cagnotte.Equal(cs.Cagnotte) {
		t.Fatalf("bank moved %s, cagnotte %s; settlement says %s − %s", bank, cagnotte, cs.BankNet, cs.Cagnotte)
	}
}

func TestCheckBets(t *testing.T) {
	pt, _ := Lookup(IDDeuxTableaux1979)
	pb, _ := Lookup(IDPuntoBanco)
	bets := []games.Bet{{Code: "tableau:1", Stake: dec("30")}, {Code: "a_caballo", Stake: dec("10")}, {Code: "line:2", Stake: dec("20.01")}}
	exposed, err := CheckBets(pt, dec("50"), bets, 2)
	if err != nil || !exposed.Equal(dec("50")) {
		t.Fatalf("exposed %s, %v; want 30 + 10 + 10 (20.01 on the line plays 10.00)", exposed, err)
	}
	if _, err := CheckBets(pt, dec("49.99"), bets, 2); !errors.Is(err, ErrBetsExceedBank) || ErrorCode(err) != CodeBetsExceedBank {
		t.Errorf("over the bank: %v", err)
	}
	for name, err := range map[string]error{
		"bad code": func() error {
			_, err := CheckBets(pt, dec("50"), []games.Bet{{Code: "tableau:3", Stake: dec("1")}}, 2)
			return err
		}(),
		"punto banco":   func() error { _, err := CheckBets(pb, dec("50"), nil, 2); return err }(),
		"negative bank": func() error { _, err := CheckBets(pt, dec("-1"), nil, 2); return err }(),
		"scale":         func() error { _, err := CheckBets(pt, dec("1"), nil, -1); return err }(),
		"since": func() error {
			_, err := CheckBets(pt, dec("50"), []games.Bet{{Code: "tableau:1", Stake: dec("1"), Since: 1}}, 2)
			return err
		}(),
	} {
		if ErrorCode(err) == "" {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestBankTransfers(t *testing.T) {
	tr, err := TakeBank(dec("500"), 2)
	if err != nil || tr.From != AccountBanker || tr.To != AccountBank || !tr.Amount.Equal(dec("500")) {
		t.Fatalf("%+v, %v", tr, err)
	}
	if _, err := TakeBank(dec("0"), 2); !errors.Is(err, ErrBadStake) {
		t.Errorf("an empty bank: %v", err)
	}
	if g := GiveUpBank(dec("12.50")); len(g) != 1 || g[0].To != AccountBanker || !g[0].Amount.Equal(dec("12.50")) {
		t.Errorf("give up: %+v", g)
	}
	if g := GiveUpBank(decimal.Zero); g != nil {
		t.Errorf("give up an empty bank: %+v", g)
	}
	cut := DeuxCoup{Tableaux: [2]Hand{literalHand("4S", "3H"), literalHand("6C", "KD")}, Banker: literalHand("3H", "KC", "8D"), CutCard: true}
	if ShoeOver(nil) || !ShoeOver([]games.Result{cut}) {
		t.Error("the cut card ends the shoe after its coup")
	}
}

// dealDeux deals a coup from a fresh shuffled shoe as the rules allow,
// choosing at random where the rules leave a choice; now and then a void
// play or the cut card.
func dealDeux(r *rand.Rand, decks int) DeuxCoup {
	shoe := make([]Card, 0, 52*decks)
	for range decks {
		for i := range len(Ranks) {
			for j := range len(Suits) {
				shoe = append(shoe, MustCard(string([]byte{Ranks[i], Suits[j]})))
			}
		}
	}
	next := 0
	draw := func() Card {
		j := next + r.IntN(len(shoe)-next)
		shoe[next], shoe[j] = shoe[j], shoe[next]
		next++
		return shoe[next-1]
	}
	var c DeuxCoup
	for range 2 {
		c.Tableaux[0] = append(c.Tableaux[0], draw())
		c.Tableaux[1] = append(c.Tableaux[1], draw())
		c.Banker = append(c.Banker, draw())
	}
	decide := func(ch Choice) bool { return ch == Draw || (ch == Either && r.IntN(2) == 0) }
	if !c.Banker.Natural() {
		var st [2]TableauState
		for i := range 2 {
			h := c.Tableaux[i]
			st[i] = TableauState{Natural: h.Natural(), Third: NoCard}
			if !h.Natural() && decide(Tableau(h.Point())) {
				c.Tableaux[i] = append(h, draw())
				st[i].Third = Value(c.Tableaux[i][2])
			}
		}
		if decide(DeuxBanker(c.Banker.Point(), st)) {
			c.Banker = append(c.Banker, draw())
		}
	}
	switch r.IntN(40) {
	case 0:
		c.Void = &Void{[2]bool{true, true}, VoidCardsStuck}
	case 1:
		c.Void = &Void{[2]bool{r.IntN(2) == 0, true}, VoidLostUnseen}
	case 2:
		c.Void = &Void{[2]bool{true, false}, VoidIrregularDeal}
	}
	c.CutCard = r.IntN(60) == 0
	return c
}

// TestSettleCoup_Conservation plays many coups with a player's bank and a
// table of punters, and checks after every coup that no money appears or
// disappears (wallets + stakes + bank + cagnotte are constant), that the
// bank never goes below zero, that bets above the bank are refused, and
// that the cagnotte is taken only from a positive net win.
func TestSettleCoup_Conservation(t *testing.T) {
	pt, _ := Lookup(IDDeuxTableaux1979)
	r := rand.New(rand.NewPCG(16, 1979))
	const scale = 2
	codes := []string{"tableau:1", "tableau:2", "a_caballo", "line:1", "line:2"}
	punters := make([]decimal.Decimal, 8)
	for i := range punters {
		punters[i] = dec("1000.00")
	}
	banker := dec("5000.00") // the banker's wallet
	bank, cagnotte := decimal.Zero, decimal.Zero
	total := func() decimal.Decimal {
		s := banker.Add(bank).Add(cagnotte)
		for _, p := range punters {
			s = s.Add(p)
		}
		return s
	}
	start := total()
	refused := 0
	for coup := range 3000 {
		if bank.Sign() == 0 || r.IntN(50) == 0 {
			// The banker gives up the bank and puts up a new one.
			for _, tr := range GiveUpBank(bank) {
				bank, banker = bank.Sub(tr.Amount), banker.Add(tr.Amount)
			}
			amount := decimal.New(int64(1+r.IntN(30000)), -scale)
			if amount.Cmp(banker) > 0 {
				amount = banker
			}
			if amount.Sign() == 0 {
				break
			}
			tr, err := TakeBank(amount, scale)
			if err != nil {
				t.Fatal(err)
			}
			banker, bank = banker.Sub(tr.Amount), bank.Add(tr.Amount)
		}
		var bets []games.Bet
		owners := []int{}
		for range r.IntN(6) {
			who := r.IntN(len(punters))
			stake := decimal.New(int64(1+r.IntN(5000)), -scale)
			if stake.Cmp(punters[who]) > 0 {
				continue
			}
			bets = append(bets, games.Bet{Code: codes[r.IntN(len(codes))], Stake: stake})
			owners = append(owners, who)
		}
		c := dealDeux(r, pt.Decks())
		if err := c.Check(pt.Decks()); err != nil {
			t.Fatalf("coup %d: dealt %s: %v", coup, c, err)
		}
		cs, err := SettleCoup(pt, bank, bets, scale, c)
		if errors.Is(err, ErrBetsExceedBank) {
			refused++
			continue
		}
		if err != nil {
			t.Fatalf("coup %d: %v", coup, err)
		}
		// Placement: stakes leave the wallets; then the transfers.
		stakes := decimal.Zero
		for i, b := range bets {
			punters[owners[i]] = punters[owners[i]].Sub(b.Stake)
			stakes = stakes.Add(b.Stake)
		}
		for _, tr := range cs.Transfers {
			switch tr.From {
			case AccountStakes:
				stakes = stakes.Sub(tr.Amount)
			case AccountBank:
				bank = bank.Sub(tr.Amount)
			}
			switch tr.To {
			case AccountPunter:
				punters[owners[tr.Bet]] = punters[owners[tr.Bet]].Add(tr.Amount)
			case AccountBank:
				bank = bank.Add(tr.Amount)
			case AccountCagnotte:
				cagnotte = cagnotte.Add(tr.Amount)
			}
		}
		switch {
		case !stakes.IsZero():
			t.Fatalf("coup %d: %s left in the stakes", coup, stakes)
		case bank.Sign() < 0:
			t.Fatalf("coup %d: bank %s", coup, bank)
		case !bank.Equal(cs.BankAfter):
			t.Fatalf("coup %d: bank %s, settlement says %s", coup, bank, cs.BankAfter)
		case !total().Equal(start):
			t.Fatalf("coup %d: money %s, started with %s", coup, total(), start)
		case cs.Cagnotte.Sign() > 0 && cs.BankNet.Sign() <= 0:
			t.Fatalf("coup %d: cagnotte %s on a net of %s", coup, cs.Cagnotte, cs.BankNet)
		case cs.Cagnotte.Cmp(decimal.Max(cs.BankNet, decimal.Zero)) > 0:
			t.Fatalf("coup %d: cagnotte %s above the net win %s", coup, cs.Cagnotte, cs.BankNet)
		}
	}
	if refused == 0 {
		t.Error("no coup had bets above the bank")
	}
	if cagnotte.Sign() <= 0 {
		t.Error("no cagnotte in 3000 coups")
	}
	t.Logf("cagnotte %s, bank %s, refused %d", cagnotte, bank, refused)
}
