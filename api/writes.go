package api

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/ledger"
)

// Request bodies of the write routes. Ids named in the path are not
// repeated in the body; amounts are decimal strings ("10.50"); a JSON
// number is accepted too and read exactly, never through a float.

type cashRequest struct {
	Amount    decimal.Decimal `json:"amount"`
	Currency  string          `json:"currency"`
	Reference string          `json:"reference,omitempty"`
}

type adjustRequest struct {
	// Amount is signed: positive credits the wallet, negative debits it.
	Amount   decimal.Decimal `json:"amount"`
	Currency string          `json:"currency"`
	Reason   string          `json:"reason"`
}

type openTableRequest struct {
	Table    string                  `json:"table"`
	Paytable string                  `json:"paytable"`
	Currency string                  `json:"currency"`
	Limits   map[string]ledger.Limit `json:"limits"`
	Band     ledger.Limit            `json:"band"`
	Dealer   string                  `json:"dealer"`
}

type limitsRequest struct {
	Limits map[string]ledger.Limit `json:"limits"`
	Reason string                  `json:"reason,omitempty"`
}

type shoeRequest struct {
	// CutCards is how many cards the cut card leaves behind it.
	CutCards int `json:"cut_cards"`
}

type reasonRequest struct {
	Reason string `json:"reason,omitempty"`
}

type noteRequest struct {
	Note string `json:"note,omitempty"`
}

type emptyRequest struct{}

type openRoundRequest struct {
	// BettingWindow is a Go duration ("30s"); empty means betting stays
	// open until the dealer closes it.
	BettingWindow string `json:"betting_window,omitempty"`
}

type reshakeRequest struct {
	// Reason is one of events.ReshakeReasons: dice_overlapping,
	// dice_not_flat, fewer_than_three (Sic Bo), ball_left_wheel
	// (roulette), die_left_table (craps) or other.
	Reason string `json:"reason"`
	Note   string `json:"note,omitempty"`
}

// resultRequest is the body of a result: the members of the table's game,
// as `wagerlog paytable` and docs/GAMES.md give them ({"dice":[2,2,5]} for
// Sic Bo, {"pocket":"00"} for roulette). It names the shape for the
// OpenAPI document; the round's paytable decodes the body.
type resultRequest map[string]json.RawMessage

// correctRequest is the body of a correction: the members of the corrected
// result, and "reason".
type correctRequest map[string]json.RawMessage

type takeDownRequest struct {
	// Player is the bet's player: a frontend takes down only its own
	// player's bet.
	Player string `json:"player"`
}

type slipRequest struct {
	Player string `json:"player"`
	// Round is optional: empty means the round open now. Naming it makes
	// sure a late slip does not land on the next round.
	Round string              `json:"round,omitempty"`
	Bets  []ledger.BetRequest `json:"bets"`
	// Print asks the ledger to print the bets from a seed instead (bingo
	// cards: series, from, to, seed, stake).
	Print *ledger.PrintRequest `json:"print,omitempty"`
	// Funding is "credits" for a slip paid with the player's promotional
	// credits: progressive bets only (posting.FundingCredits).
	Funding string `json:"funding,omitempty"`
}

// SeqHeader carries the last stream sequence of a write's events, or the
// sequence a read's answer is valid at.
const SeqHeader = "Wagerlog-Seq"

// meta builds a command's Meta from the caller and the request.
func meta(r *http.Request, who Principal) (ledger.Meta, error) {
	key := r.Header.Get("Idempotency-Key")
	if key == "" {
		return ledger.Meta{}, apiErr(CodeIdempotencyKeyMissing, "every write needs an Idempotency-Key header (any unique string up to 255 characters); retry with the same key to learn the outcome")
	}
	if len(key) > ledger.IdempotencyKeyMax {
		return ledger.Meta{}, &Error{Code: "invalid_request", Detail: fmt.Sprintf("Idempotency-Key is %d bytes, over the %d-byte limit", len(key), ledger.IdempotencyKeyMax), Err: ledger.ErrInvalidRequest}
	}
	for _, c := range []byte(key) {
		if c < 0x21 || c > 0x7e {
			return ledger.Meta{}, &Error{Code: "invalid_request", Detail: "Idempotency-Key must be printable ASCII without spaces", Err: ledger.ErrInvalidRequest}
		}
	}
	return ledger.Meta{
		Actor:          events.Actor{ID: who.Actor, Role: who.Role},
		IdempotencyKey: key,
		CorrelationID:  requestIDOf(r.Context()),
	}, nil
}

// execute runs c on the ledger and answers its Result with status.
func (s *Server) execute(w http.ResponseWriter, r *http.Request, c ledger.Command, status int) error {
	ctx, cancel := context.WithTimeout(r.Context(), CommandTimeout)
	defer cancel()
	res, err := s.cfg.Ledger.Execute(ctx, c)
	if err != nil {
		if ctx.Err() != nil {
			return &Error{Code: CodeTimeout, Detail: "no answer from the ledger in time; the command may still be applied: retry with the same Idempotency-Key to learn its outcome", Err: err}
		}
		return err
	}
	w.Header().Set(SeqHeader, strconv.FormatUint(res.LastSeq, 10))
	if status == 0 {
		status = http.StatusOK
	}
	return s.writeResult(w, status, &res)
}

// write decodes the body into req, then builds and executes the command.
func write[T any](s *Server, w http.ResponseWriter, r *http.Request, who Principal, status int, build func(m ledger.Meta, req *T) (ledger.Command, error)) error {
	var req T
	if err := decodeBody(r, &req); err != nil {
		return err
	}
	m, err := meta(r, who)
	if err != nil {
		return err
	}
	c, err := build(m, &req)
	if err != nil {
		return err
	}
	return s.execute(w, r, c, status)
}

func (s *Server) deposit(w http.ResponseWriter, r *http.Request, who Principal) error {
	return write(s, w, r, who, 0, func(m ledger.Meta, q *cashRequest) (ledger.Command, error) {
		p, err := pathID(r, "player")
		return &ledger.Deposit{Meta: m, Player: p, Amount: q.Amount, Currency: q.Currency, Reference: q.Reference}, err
	})
}

func (s *Server) withdraw(w http.ResponseWriter, r *http.Request, who Principal) error {
	return write(s, w, r, who, 0, func(m ledger.Meta, q *cashRequest) (ledger.Command, error) {
		p, err := pathID(r, "player")
		return &ledger.Withdraw{Meta: m, Player: p, Amount: q.Amount, Currency: q.Currency, Reference: q.Reference}, err
	})
}

func (s *Server) adjust(w http.ResponseWriter, r *http.Request, who Principal) error {
	return write(s, w, r, who, 0, func(m ledger.Meta, q *adjustRequest) (ledger.Command, error) {
		p, err := pathID(r, "player")
		return &ledger.Adjust{Meta: m, Player: p, Amount: q.Amount, Currency: q.Currency, Reason: q.Reason}, err
	})
}

func (s *Server) openTable(w http.ResponseWriter, r *http.Request, who Principal) error {
	return write(s, w, r, who, http.StatusCreated, func(m ledger.Meta, q *openTableRequest) (ledger.Command, error) {
		return &ledger.OpenTable{Meta: m, Table: q.Table, Paytable: q.Paytable, Currency: q.Currency, Limits: q.Limits, Band: q.Band, Dealer: q.Dealer}, nil
	})
}

func (s *Server) changeLimits(w http.ResponseWriter, r *http.Request, who Principal) error {
	return write(s, w, r, who, 0, func(m ledger.Meta, q *limitsRequest) (ledger.Command, error) {
		t, err := pathID(r, "table")
		return &ledger.ChangeLimits{Meta: m, Table: t, Limits: q.Limits, Reason: q.Reason}, err
	})
}

func (s *Server) startShoe(w http.ResponseWriter, r *http.Request, who Principal) error {
	return write(s, w, r, who, http.StatusCreated, func(m ledger.Meta, q *shoeRequest) (ledger.Command, error) {
		t, err := pathID(r, "table")
		return &ledger.StartShoe{Meta: m, Table: t, CutCards: q.CutCards}, err
	})
}

func (s *Server) closeTable(w http.ResponseWriter, r *http.Request, who Principal) error {
	return write(s, w, r, who, 0, func(m ledger.Meta, q *reasonRequest) (ledger.Command, error) {
		t, err := pathID(r, "table")
		return &ledger.CloseTable{Meta: m, Table: t, Reason: q.Reason}, err
	})
}

func (s *Server) openRound(w http.ResponseWriter, r *http.Request, who Principal) error {
	return write(s, w, r, who, http.StatusCreated, func(m ledger.Meta, q *openRoundRequest) (ledger.Command, error) {
		t, err := pathID(r, "table")
		if err != nil {
			return nil, err
		}
		var window time.Duration
		if q.BettingWindow != "" {
			if window, err = time.ParseDuration(q.BettingWindow); err != nil {
				return nil, &Error{Code: "invalid_request", Detail: fmt.Sprintf("betting_window %q is not a duration such as \"30s\"", cut(q.BettingWindow)), Err: ledger.ErrInvalidRequest}
			}
		}
		return &ledger.OpenRound{Meta: m, Table: t, BettingWindow: window}, nil
	})
}

// tableRound reads the {table} and {round} wildcards.
func tableRound(r *http.Request) (string, string, error) {
	t, err := pathID(r, "table")
	if err != nil {
		return "", "", err
	}
	round, err := pathUUID(r, "round")
	return t, round, err
}

func (s *Server) closeBetting(w http.ResponseWriter, r *http.Request, who Principal) error {
	return write(s, w, r, who, 0, func(m ledger.Meta, _ *emptyRequest) (ledger.Command, error) {
		t, round, err := tableRound(r)
		return &ledger.CloseBetting{Meta: m, Table: t, Round: round}, err
	})
}

func (s *Server) reshake(w http.ResponseWriter, r *http.Request, who Principal) error {
	return write(s, w, r, who, 0, func(m ledger.Meta, q *reshakeRequest) (ledger.Command, error) {
		t, round, err := tableRound(r)
		return &ledger.Reshake{Meta: m, Table: t, Round: round, Reason: q.Reason, Note: q.Note}, err
	})
}

// recordResult takes the result as the body, the game's own JSON object
// ({"dice":[2,2,5]}, {"pocket":"00"}); the round's paytable parses it.
func (s *Server) recordResult(w http.ResponseWriter, r *http.Request, who Principal) error {
	res, _, err := decodeResult(r, false)
	if err != nil {
		return err
	}
	m, err := meta(r, who)
	if err != nil {
		return err
	}
	t, round, err := tableRound(r)
	if err != nil {
		return err
	}
	return s.execute(w, r, &ledger.RecordResult{Meta: m, Table: t, Round: round, Result: res}, 0)
}

func (s *Server) pause(w http.ResponseWriter, r *http.Request, who Principal) error {
	return write(s, w, r, who, 0, func(m ledger.Meta, q *reasonRequest) (ledger.Command, error) {
		t, round, err := tableRound(r)
		return &ledger.Pause{Meta: m, Table: t, Round: round, Reason: q.Reason}, err
	})
}

func (s *Server) resume(w http.ResponseWriter, r *http.Request, who Principal) error {
	return write(s, w, r, who, 0, func(m ledger.Meta, q *noteRequest) (ledger.Command, error) {
		t, round, err := tableRound(r)
		return &ledger.Resume{Meta: m, Table: t, Round: round, Note: q.Note}, err
	})
}

func (s *Server) cancel(w http.ResponseWriter, r *http.Request, who Principal) error {
	return write(s, w, r, who, 0, func(m ledger.Meta, q *reasonRequest) (ledger.Command, error) {
		t, round, err := tableRound(r)
		return &ledger.Cancel{Meta: m, Table: t, Round: round, Reason: q.Reason}, err
	})
}

// correct takes the corrected result's members and a "reason" in one
// object ({"dice":[4,5,6],"reason":"dealer typo"}).
func (s *Server) correct(w http.ResponseWriter, r *http.Request, who Principal) error {
	res, reason, err := decodeResult(r, true)
	if err != nil {
		return err
	}
	m, err := meta(r, who)
	if err != nil {
		return err
	}
	t, round, err := tableRound(r)
	if err != nil {
		return err
	}
	return s.execute(w, r, &ledger.CorrectResult{Meta: m, Table: t, Round: round, Result: res, Reason: reason}, 0)
}

// takeDown takes an open bet down between two results, where its game
// allows it (craps place, buy, lay, odds): the stake goes back to the
// wallet.
func (s *Server) takeDown(w http.ResponseWriter, r *http.Request, who Principal) error {
	return write(s, w, r, who, 0, func(m ledger.Meta, q *takeDownRequest) (ledger.Command, error) {
		t, round, err := tableRound(r)
		if err != nil {
			return nil, err
		}
		bet, err := pathUUID(r, "bet")
		return &ledger.TakeDown{Meta: m, Table: t, Round: round, Player: q.Player, Bet: bet}, err
	})
}

func (s *Server) placeSlip(w http.ResponseWriter, r *http.Request, who Principal) error {
	return write(s, w, r, who, http.StatusCreated, func(m ledger.Meta, q *slipRequest) (ledger.Command, error) {
		t, err := pathID(r, "table")
		if err != nil {
			return nil, err
		}
		if len(q.Bets) > ledger.BetsPerSlipMax {
			return nil, &Error{Code: "invalid_request", Detail: fmt.Sprintf("%d bets is over the limit of %d per slip", len(q.Bets), ledger.BetsPerSlipMax), Err: ledger.ErrInvalidRequest}
		}
		return &ledger.PlaceSlip{Meta: m, Table: t, Round: q.Round, Player: q.Player, Bets: q.Bets, Print: q.Print, Funding: q.Funding}, nil
	})
}
