package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/posting"
)

// demoDealer is the demo's games.DemoDealer at one table: each step a
// ledger command with the actor of its role (the table's dealer for the
// round, a supervisor, the players' frontend), as a real table would
// send it.
type demoDealer struct {
	d *demo
	t *demoTable
}

var _ games.DemoDealer = (*demoDealer)(nil)

func (dd *demoDealer) Paytable() games.Paytable { return dd.t.paytable }

func (dd *demoDealer) Players() []string { return demoPlayers() }

func (dd *demoDealer) frontend() ledger.Meta {
	return ledger.Meta{Actor: demoActor(ledger.RoleFrontend)}
}

func (dd *demoDealer) dealer() ledger.Meta { return ledger.Meta{Actor: dd.t.dealer} }

func (dd *demoDealer) supervisor() ledger.Meta {
	return ledger.Meta{Actor: demoActor(ledger.RoleSupervisor)}
}

// active returns the table's round in progress, "" for none.
func (dd *demoDealer) active(ctx context.Context) (string, error) {
	tv, _, err := dd.d.table(ctx, dd.t.ID)
	return tv.Active, err
}

func (dd *demoDealer) Round(ctx context.Context) (games.DemoRound, bool, error) {
	var (
		r  ledger.Round
		ok bool
	)
	err := dd.d.led.Inspect(ctx, func(s *ledger.State) {
		tv, _ := s.Table(dd.t.ID)
		if tv.Active != "" {
			r, ok = s.Round(tv.Active)
		}
	})
	if err != nil || !ok {
		return games.DemoRound{}, false, err
	}
	out := games.DemoRound{ID: r.ID}
	for _, raw := range r.Results {
		res, err := dd.t.paytable.ParseResult(raw)
		if err != nil {
			return games.DemoRound{}, false, fmt.Errorf("result %s: %w", raw, err)
		}
		out.Results = append(out.Results, res)
	}
	for _, b := range r.Bets {
		if b.Status == ledger.BetOpen {
			out.Bets = append(out.Bets, games.DemoBet{ID: b.ID, Player: b.Player, Code: b.Code, Stake: b.Stake, Since: b.Since, Working: b.Working})
		}
	}
	return out, true, nil
}

func (dd *demoDealer) OpenRound(ctx context.Context) error {
	if _, err := dd.d.led.Execute(ctx, &ledger.OpenRound{Meta: dd.dealer(), Table: dd.t.ID}); err != nil {
		return fmt.Errorf("open round: %w", err)
	}
	return nil
}

func (dd *demoDealer) Place(ctx context.Context, player string, bets []games.DemoBet) (bool, error) {
	round, err := dd.active(ctx)
	if err != nil {
		return false, err
	}
	reqs := make([]ledger.BetRequest, len(bets))
	for i, b := range bets {
		reqs[i] = ledger.BetRequest{Code: b.Code, Stake: b.Stake, Working: b.Working}
	}
	_, err = dd.d.led.Execute(ctx, &ledger.PlaceSlip{Meta: dd.frontend(), Table: dd.t.ID, Round: round, Player: player, Bets: reqs})
	switch {
	case errors.Is(err, ledger.ErrInsufficientFunds):
		return false, nil
	case err != nil:
		return false, fmt.Errorf("slip of %s: %w", player, err)
	}
	return true, nil
}

func (dd *demoDealer) TakeDown(ctx context.Context, player, bet string) error {
	round, err := dd.active(ctx)
	if err != nil {
		return err
	}
	if _, err := dd.d.led.Execute(ctx, &ledger.TakeDown{Meta: dd.frontend(), Table: dd.t.ID, Round: round, Player: player, Bet: bet}); err != nil {
		return fmt.Errorf("take down %s: %w", bet, err)
	}
	return nil
}

func (dd *demoDealer) CloseBetting(ctx context.Context) error {
	round, err := dd.active(ctx)
	if err != nil {
		return err
	}
	if _, err := dd.d.led.Execute(ctx, &ledger.CloseBetting{Meta: dd.dealer(), Table: dd.t.ID, Round: round}); err != nil {
		return fmt.Errorf("close betting: %w", err)
	}
	return nil
}

func (dd *demoDealer) Reshake(ctx context.Context, reason string) error {
	round, err := dd.active(ctx)
	if err != nil {
		return err
	}
	if _, err := dd.d.led.Execute(ctx, &ledger.Reshake{Meta: dd.dealer(), Table: dd.t.ID, Round: round, Reason: reason}); err != nil {
		return fmt.Errorf("reshake: %w", err)
	}
	return nil
}

func (dd *demoDealer) Record(ctx context.Context, result json.RawMessage) error {
	round, err := dd.active(ctx)
	if err != nil {
		return err
	}
	if _, err := dd.d.led.Execute(ctx, &ledger.RecordResult{Meta: dd.dealer(), Table: dd.t.ID, Round: round, Result: result}); err != nil {
		return fmt.Errorf("record result %s: %w", result, err)
	}
	dd.d.log.Debug("demo result recorded", "table", dd.t.ID, "round", round, "result", string(result))
	return nil
}

func (dd *demoDealer) Cancel(ctx context.Context, reason string) error {
	round, err := dd.active(ctx)
	if err != nil || round == "" {
		return err
	}
	if _, err := dd.d.led.Execute(ctx, &ledger.Cancel{Meta: dd.supervisor(), Table: dd.t.ID, Round: round, Reason: reason}); err != nil {
		return fmt.Errorf("cancel: %w", err)
	}
	return nil
}

func (dd *demoDealer) EnsureShoe(ctx context.Context, cut int) error {
	tv, _, err := dd.d.table(ctx, dd.t.ID)
	if err != nil {
		return err
	}
	if tv.Shoe > 0 && !tv.ShoeOver {
		return nil
	}
	if _, err := dd.d.led.Execute(ctx, &ledger.StartShoe{Meta: dd.dealer(), Table: dd.t.ID, CutCards: cut}); err != nil {
		return fmt.Errorf("start shoe: %w", err)
	}
	return nil
}

func (dd *demoDealer) StartShoe(ctx context.Context, cut int) error {
	if _, err := dd.d.led.Execute(ctx, &ledger.StartShoe{Meta: dd.dealer(), Table: dd.t.ID, CutCards: cut}); err != nil {
		return fmt.Errorf("start shoe: %w", err)
	}
	return nil
}

func (dd *demoDealer) Bank(ctx context.Context) (string, decimal.Decimal, map[string]decimal.Decimal, error) {
	var (
		banker  string
		bank    decimal.Decimal
		wallets = map[string]decimal.Decimal{}
	)
	err := dd.d.led.Inspect(ctx, func(s *ledger.State) {
		tv, _ := s.Table(dd.t.ID)
		banker = tv.Banker
		bank = s.Balance(posting.BankAccount(dd.t.ID), demoCurrency)
		for _, p := range demoPlayers() {
			wallets[p] = s.Balance(posting.WalletAccount(p), demoCurrency)
		}
	})
	return banker, bank, wallets, err
}

func (dd *demoDealer) TakeBank(ctx context.Context, player string, amount decimal.Decimal) error {
	if _, err := dd.d.led.Execute(ctx, &ledger.TakeBank{Meta: dd.dealer(), Table: dd.t.ID, Player: player, Amount: amount}); err != nil {
		return fmt.Errorf("%s takes the bank with %s: %w", player, amount, err)
	}
	return nil
}

func (dd *demoDealer) ReleaseBank(ctx context.Context) error {
	if _, err := dd.d.led.Execute(ctx, &ledger.ReleaseBank{Meta: dd.dealer(), Table: dd.t.ID}); err != nil {
		return fmt.Errorf("release the bank: %w", err)
	}
	return nil
}

func (dd *demoDealer) Session(ctx context.Context) (string, int, int64, error) {
	var (
		id     string
		played int
		rounds int64
	)
	err := dd.d.led.Inspect(ctx, func(s *ledger.State) {
		if se := s.OpenSessionOf(dd.t.ID); se != nil {
			id, played = se.ID, se.Rounds
		}
		if tv, ok := s.Table(dd.t.ID); ok {
			rounds = tv.Rounds
		}
	})
	return id, played, rounds, err
}

func (dd *demoDealer) OpenSession(ctx context.Context, id string, terms json.RawMessage) error {
	if _, err := dd.d.led.Execute(ctx, &ledger.OpenSession{Meta: dd.supervisor(), Table: dd.t.ID, Session: id, Terms: terms}); err != nil {
		return fmt.Errorf("open session %s: %w", id, err)
	}
	return nil
}

func (dd *demoDealer) CloseSession(ctx context.Context, id, reason string) error {
	if _, err := dd.d.led.Execute(ctx, &ledger.CloseSession{Meta: dd.dealer(), Table: dd.t.ID, Session: id, Reason: reason}); err != nil {
		return fmt.Errorf("close session %s: %w", id, err)
	}
	return nil
}
