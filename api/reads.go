package api

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"

	"github.com/wagerlog/wagerlog/posting"
	"github.com/wagerlog/wagerlog/projections"
)

// PrefixMax is the longest account prefix a balances query may name.
const PrefixMax = 80

// waitMinSeq honours ?min_seq=N: it waits (at most MinSeqWaitMax) until the
// projections have applied N. A sequence the ledger has not written yet is
// refused at once rather than waited for.
func (s *Server) waitMinSeq(r *http.Request) error {
	seq, err := queryUint(r, "min_seq")
	if err != nil || seq == 0 {
		return err
	}
	if s.cfg.Views.LastSeq() >= seq {
		return nil
	}
	// A read replica does not know how far the writer is: it waits.
	if last := s.lastSeq(); !s.cfg.ReadOnly && seq > last {
		return apiErr(CodeInvalidQuery, fmt.Sprintf("min_seq %d is beyond the stream's last sequence %d", seq, last))
	}
	ctx, cancel := context.WithTimeout(r.Context(), MinSeqWaitMax)
	defer cancel()
	if err := s.cfg.Views.WaitFor(ctx, seq); err != nil {
		return &Error{Code: CodeProjectionLag, Detail: fmt.Sprintf("the projections have applied %d, not yet min_seq %d; retry", s.cfg.Views.LastSeq(), seq), Err: err}
	}
	return nil
}

// answer writes a projections answer valid at seq.
func answer(w http.ResponseWriter, seq uint64, v any, err error) error {
	if err != nil {
		return err
	}
	w.Header().Set(SeqHeader, strconv.FormatUint(seq, 10))
	return writeJSON(w, http.StatusOK, v)
}

func (s *Server) getWallet(w http.ResponseWriter, r *http.Request, _ Principal) error {
	player, err := pathID(r, "player")
	if err != nil {
		return err
	}
	if err := s.waitMinSeq(r); err != nil {
		return err
	}
	list, err := s.ownBalances(posting.WalletAccount(player))
	if err != nil {
		return err
	}
	// The promotional credits are shown apart: they pay only progressive
	// bets and are never withdrawn (ledger/credits.go).
	credits, err := s.ownBalances(posting.CreditsAccount(player))
	if err != nil {
		return err
	}
	return answer(w, list.Seq, WalletAnswer{BalanceList: list, Credits: credits.Balances}, nil)
}

// WalletAnswer is GET /v1/wallets/{player}: the wallet's balances, one per
// currency, and the player's promotional credits apart (absent when the
// player never had any).
type WalletAnswer struct {
	projections.BalanceList
	Credits []projections.AccountBalance `json:"credits,omitempty"`
}

// ownBalances returns account's balances in every currency.
func (s *Server) ownBalances(account string) (projections.BalanceList, error) {
	list, err := s.cfg.Views.Balances(account)
	if err != nil {
		return list, err
	}
	// The prefix also matches longer player ids ("p1" matches "p10"); keep
	// this player's rows. They sort first, so a truncated list still holds
	// them all.
	own := list.Balances[:0]
	for _, b := range list.Balances {
		if b.Account == account {
			own = append(own, b)
		}
	}
	list.Balances, list.Truncated = own, false
	return list, nil
}

func (s *Server) walletHistory(w http.ResponseWriter, r *http.Request, _ Principal) error {
	player, page, err := s.playerPage(r)
	if err != nil {
		return err
	}
	v, err := s.cfg.Views.WalletHistory(player, page)
	return answer(w, v.Seq, v, err)
}

func (s *Server) playerBets(w http.ResponseWriter, r *http.Request, _ Principal) error {
	player, page, err := s.playerPage(r)
	if err != nil {
		return err
	}
	v, err := s.cfg.Views.PlayerBets(player, page)
	return answer(w, v.Seq, v, err)
}

func (s *Server) playerPage(r *http.Request) (string, projections.Page, error) {
	player, err := pathID(r, "player")
	if err != nil {
		return "", projections.Page{}, err
	}
	page, err := queryPage(r)
	if err != nil {
		return "", projections.Page{}, err
	}
	return player, page, s.waitMinSeq(r)
}

func (s *Server) balances(w http.ResponseWriter, r *http.Request, _ Principal) error {
	prefix := r.URL.Query().Get("prefix")
	if len(prefix) > PrefixMax {
		return apiErr(CodeInvalidQuery, fmt.Sprintf("prefix is over %d bytes", PrefixMax))
	}
	if err := s.waitMinSeq(r); err != nil {
		return err
	}
	zero := false
	switch z := r.URL.Query().Get("zero"); z {
	case "", "false":
	case "true":
		zero = true
	default:
		return apiErr(CodeInvalidQuery, fmt.Sprintf("zero %q must be true or false", cut(z)))
	}
	v, err := s.cfg.Views.Balances(prefix)
	if err == nil && !zero {
		// As wagerlog replay balances lists them (projections.OmitZero).
		v.Balances = projections.OmitZero(v.Balances)
	}
	return answer(w, v.Seq, v, err)
}

func (s *Server) listTables(w http.ResponseWriter, r *http.Request, _ Principal) error {
	if err := s.waitMinSeq(r); err != nil {
		return err
	}
	v, err := s.cfg.Views.Tables()
	return answer(w, v.Seq, v, err)
}

func (s *Server) getTable(w http.ResponseWriter, r *http.Request, _ Principal) error {
	table, err := pathID(r, "table")
	if err != nil {
		return err
	}
	if err := s.waitMinSeq(r); err != nil {
		return err
	}
	v, err := s.cfg.Views.Table(table)
	return answer(w, v.Seq, v, err)
}

func (s *Server) getTableState(w http.ResponseWriter, r *http.Request, _ Principal) error {
	table, err := pathID(r, "table")
	if err != nil {
		return err
	}
	if err := s.waitMinSeq(r); err != nil {
		return err
	}
	v, err := s.cfg.Views.TableState(table)
	return answer(w, v.Seq, v, err)
}

func (s *Server) listRounds(w http.ResponseWriter, r *http.Request, _ Principal) error {
	table, err := pathID(r, "table")
	if err != nil {
		return err
	}
	page, err := queryPage(r)
	if err != nil {
		return err
	}
	if err := s.waitMinSeq(r); err != nil {
		return err
	}
	v, err := s.cfg.Views.Rounds(table, page)
	return answer(w, v.Seq, v, err)
}

func (s *Server) getRound(w http.ResponseWriter, r *http.Request, _ Principal) error {
	round, err := pathUUID(r, "round")
	if err != nil {
		return err
	}
	if err := s.waitMinSeq(r); err != nil {
		return err
	}
	v, err := s.cfg.Views.Round(round)
	return answer(w, v.Seq, v, err)
}

// SlipView is a bet slip: its bets as the round holds them.
type SlipView struct {
	Seq      uint64                 `json:"seq"`
	Slip     string                 `json:"slip"`
	Round    string                 `json:"round"`
	Table    string                 `json:"table"`
	Player   string                 `json:"player"`
	Currency string                 `json:"currency"`
	Status   string                 `json:"round_status"`
	Dice     *[3]int                `json:"dice,omitempty"`
	Result   json.RawMessage        `json:"result,omitempty"`
	Bets     []projections.RoundBet `json:"bets"`
}

func (s *Server) getSlip(w http.ResponseWriter, r *http.Request, _ Principal) error {
	round, err := pathUUID(r, "round")
	if err != nil {
		return err
	}
	slip, err := pathUUID(r, "slip")
	if err != nil {
		return err
	}
	if err := s.waitMinSeq(r); err != nil {
		return err
	}
	rv, err := s.cfg.Views.Round(round)
	if err != nil {
		return err
	}
	out := SlipView{Seq: rv.Seq, Slip: slip, Round: rv.ID, Table: rv.Table, Currency: rv.Currency, Status: rv.Status, Dice: rv.Dice, Result: rv.Result, Bets: []projections.RoundBet{}}
	for _, b := range rv.Bets {
		if b.Slip == slip {
			out.Player = b.Player
			out.Bets = append(out.Bets, b)
		}
	}
	if len(out.Bets) == 0 {
		return apiErr(CodeNotFound, fmt.Sprintf("round %s has no slip %s", round, slip))
	}
	return answer(w, out.Seq, out, nil)
}

func (s *Server) board(w http.ResponseWriter, r *http.Request, _ Principal) error {
	table, err := pathID(r, "table")
	if err != nil {
		return err
	}
	if err := s.waitMinSeq(r); err != nil {
		return err
	}
	v, err := s.cfg.Views.Board(table)
	return answer(w, v.Seq, v, err)
}

func (s *Server) dailyReport(w http.ResponseWriter, r *http.Request, _ Principal) error {
	q := r.URL.Query()
	table := q.Get("table")
	if table != "" {
		if _, err := pathIDValue("table", table); err != nil {
			return err
		}
	}
	if len(q.Get("from")) > 10 || len(q.Get("to")) > 10 {
		return apiErr(CodeInvalidQuery, "from and to are dates, YYYY-MM-DD")
	}
	if err := s.waitMinSeq(r); err != nil {
		return err
	}
	v, err := s.cfg.Views.Daily(q.Get("from"), q.Get("to"), table)
	return answer(w, v.Seq, v, err)
}
