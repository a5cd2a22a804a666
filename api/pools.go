package api

import (
	"encoding/json"
	"net/http"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/projections"
)

// Progressive pools (seed 004, section 6): configuring, linking and adjusting a pool
// are ledger commands (their roles are the ledger's, ledger/roles.go);
// a pool's amount, history and last prizes are read from the projections,
// and its amount live by server-sent events for a table's display.

type poolConfigRequest struct {
	Pool     string `json:"pool"`
	Currency string `json:"currency"`
	// Params are the pool's parameters (games/jackpot.Params as JSON).
	Params json.RawMessage `json:"params"`
	Reason string          `json:"reason,omitempty"`
}

type poolTableRequest struct {
	Table  string `json:"table"`
	Reason string `json:"reason,omitempty"`
}

type poolAdjustRequest struct {
	// Account is jackpot:<pool>:main or jackpot:<pool>:reserve:<name>.
	Account string `json:"account"`
	// Amount is signed: positive comes from the casino, negative goes back.
	Amount decimal.Decimal `json:"amount"`
	Reason string          `json:"reason"`
}

type poolDecommissionRequest struct {
	// To is the pool that receives the balances; empty for the casino.
	To     string `json:"to,omitempty"`
	Reason string `json:"reason"`
}

// Read roles of the pools: the amount and the winners are a display's
// (every role, and the public board); the movements the regulator's.
var rolesPoolHistory = []string{ledger.RoleAuditor, ledger.RoleFinance, ledger.RoleSupervisor}

// poolRoutes are the pools' endpoints, listed by routes.
func poolRoutes() []route {
	page := []param{qMinSeq, qCursor, qLimit}
	return []route{
		commandRoute(&ledger.ConfigurePool{}, route{id: "configurePool", tag: "pools", summary: "Configure a progressive pool (a new pool, or a higher version of its parameters between the rounds of its linked tables)", body: poolConfigRequest{}, resp: ledger.Result{}, handler: (*Server).configurePool}),
		commandRoute(&ledger.LinkPool{}, route{id: "linkPool", tag: "pools", summary: "Link a table to the pool: its progressive bets go there", body: poolTableRequest{}, resp: ledger.Result{}, handler: (*Server).linkPool}),
		commandRoute(&ledger.UnlinkPool{}, route{id: "unlinkPool", tag: "pools", summary: "Unlink a table from the pool between its rounds", body: poolTableRequest{}, resp: ledger.Result{}, handler: (*Server).unlinkPool}),
		commandRoute(&ledger.AdjustPool{}, route{id: "adjustPool", tag: "pools", summary: "Adjust one of the pool's accounts (signed amount, with a reason)", body: poolAdjustRequest{}, resp: ledger.Result{}, handler: (*Server).adjustPool}),
		commandRoute(&ledger.DecommissionPool{}, route{id: "decommissionPool", tag: "pools", summary: "Decommission a pool without linked tables: its balances go to another pool or the casino", body: poolDecommissionRequest{}, resp: ledger.Result{}, handler: (*Server).decommissionPool}),
		commandRoute(&ledger.CloseSeat{}, route{id: "closeSeat", tag: "pools", summary: "Close a seat of a table to progressive bets (an irregular play, a faulty bet light; with a reason)", body: seatRequest{}, resp: ledger.Result{}, handler: (*Server).closeSeat}),
		commandRoute(&ledger.ReopenSeat{}, route{id: "reopenSeat", tag: "pools", summary: "Reopen a closed seat to progressive bets", body: seatRequest{}, resp: ledger.Result{}, handler: (*Server).reopenSeat}),
		commandRoute(&ledger.ExpireCredits{}, route{id: "expireCredits", tag: "wallets", summary: "Return a player's expired promotional credits to where the paying pool's parameters say", body: creditsExpireRequest{}, resp: ledger.Result{}, handler: (*Server).expireCredits}),
		{method: "GET", path: "/v1/pools/{pool}", id: "getPool", tag: "pools", summary: "A pool: parameters, linked tables, balances (the main pool is the amount a display shows) and last winners", roles: rolesAll, publicBoard: true, query: []param{qMinSeq}, resp: projections.PoolView{}, handler: (*Server).getPool},
		{method: "GET", path: "/v1/pools/{pool}/history", id: "poolHistory", tag: "pools", summary: "Every movement of the pool's accounts, newest first", roles: rolesPoolHistory, query: page, resp: projections.PoolPage{}, handler: (*Server).poolHistory},
		{method: "GET", path: "/v1/pools/{pool}/tables/{table}/prizes", id: "poolTablePrizes", tag: "pools", summary: "A linked table's last 50 progressive prizes, newest first", roles: rolesAll, publicBoard: true, query: []param{qMinSeq}, resp: []projections.PoolEntry{}, handler: (*Server).poolTablePrizes},
		{method: "GET", path: "/v1/pools/{pool}/stream", id: "poolStream", tag: "pools", summary: "The pool live (server-sent events: `event: pool` on connect and on every change)", roles: rolesAll, publicBoard: true, extra: []string{"overloaded"}, handler: (*Server).poolStream},
	}
}

// seatRequest is the body of a seat's close or reopen.
type seatRequest struct {
	Seat   int    `json:"seat"`
	Reason string `json:"reason,omitempty"`
}

func (s *Server) closeSeat(w http.ResponseWriter, r *http.Request, who Principal) error {
	return write(s, w, r, who, 0, func(m ledger.Meta, q *seatRequest) (ledger.Command, error) {
		t, err := pathID(r, "table")
		return &ledger.CloseSeat{Meta: m, Table: t, Seat: q.Seat, Reason: q.Reason}, err
	})
}

func (s *Server) reopenSeat(w http.ResponseWriter, r *http.Request, who Principal) error {
	return write(s, w, r, who, 0, func(m ledger.Meta, q *seatRequest) (ledger.Command, error) {
		t, err := pathID(r, "table")
		return &ledger.ReopenSeat{Meta: m, Table: t, Seat: q.Seat, Reason: q.Reason}, err
	})
}

func (s *Server) configurePool(w http.ResponseWriter, r *http.Request, who Principal) error {
	return write(s, w, r, who, 0, func(m ledger.Meta, q *poolConfigRequest) (ledger.Command, error) {
		return &ledger.ConfigurePool{Meta: m, Pool: q.Pool, Currency: q.Currency, Params: q.Params, Reason: q.Reason}, nil
	})
}

func (s *Server) linkPool(w http.ResponseWriter, r *http.Request, who Principal) error {
	return write(s, w, r, who, 0, func(m ledger.Meta, q *poolTableRequest) (ledger.Command, error) {
		p, err := pathID(r, "pool")
		return &ledger.LinkPool{Meta: m, Pool: p, Table: q.Table}, err
	})
}

func (s *Server) unlinkPool(w http.ResponseWriter, r *http.Request, who Principal) error {
	return write(s, w, r, who, 0, func(m ledger.Meta, q *poolTableRequest) (ledger.Command, error) {
		p, err := pathID(r, "pool")
		return &ledger.UnlinkPool{Meta: m, Pool: p, Table: q.Table, Reason: q.Reason}, err
	})
}

func (s *Server) adjustPool(w http.ResponseWriter, r *http.Request, who Principal) error {
	return write(s, w, r, who, 0, func(m ledger.Meta, q *poolAdjustRequest) (ledger.Command, error) {
		p, err := pathID(r, "pool")
		return &ledger.AdjustPool{Meta: m, Pool: p, Account: q.Account, Amount: q.Amount, Reason: q.Reason}, err
	})
}

func (s *Server) decommissionPool(w http.ResponseWriter, r *http.Request, who Principal) error {
	return write(s, w, r, who, 0, func(m ledger.Meta, q *poolDecommissionRequest) (ledger.Command, error) {
		p, err := pathID(r, "pool")
		return &ledger.DecommissionPool{Meta: m, Pool: p, To: q.To, Reason: q.Reason}, err
	})
}

func (s *Server) getPool(w http.ResponseWriter, r *http.Request, _ Principal) error {
	p, err := pathID(r, "pool")
	if err != nil {
		return err
	}
	if err := s.waitMinSeq(r); err != nil {
		return err
	}
	v, err := s.cfg.Views.Pool(p)
	return answer(w, v.Seq, v, err)
}

func (s *Server) poolHistory(w http.ResponseWriter, r *http.Request, _ Principal) error {
	p, err := pathID(r, "pool")
	if err != nil {
		return err
	}
	pg, err := queryPage(r)
	if err != nil {
		return err
	}
	if err := s.waitMinSeq(r); err != nil {
		return err
	}
	v, err := s.cfg.Views.PoolHistory(p, pg)
	return answer(w, v.Seq, v, err)
}

func (s *Server) poolTablePrizes(w http.ResponseWriter, r *http.Request, _ Principal) error {
	p, err := pathID(r, "pool")
	if err != nil {
		return err
	}
	t, err := pathID(r, "table")
	if err != nil {
		return err
	}
	if err := s.waitMinSeq(r); err != nil {
		return err
	}
	v, err := s.cfg.Views.PoolPrizes(p, t)
	return answer(w, s.cfg.Views.LastSeq(), v, err)
}

// poolStream serves a pool as server-sent events, as boardStream serves a
// board: `event: pool` with the pool as JSON on connect and after every
// change of it, a comment line every heartbeat.
func (s *Server) poolStream(w http.ResponseWriter, r *http.Request, _ Principal) error {
	pool, err := pathID(r, "pool")
	if err != nil {
		return err
	}
	return s.liveStream(w, r, "pool", projections.PoolSubject(pool), func() (uint64, any, error) {
		v, err := s.cfg.Views.Pool(pool)
		return v.Seq, v, err
	})
}

// creditsExpireRequest is the body of a credits expiry.
type creditsExpireRequest struct {
	Currency string `json:"currency"`
}

func (s *Server) expireCredits(w http.ResponseWriter, r *http.Request, who Principal) error {
	return write(s, w, r, who, 0, func(m ledger.Meta, q *creditsExpireRequest) (ledger.Command, error) {
		p, err := pathID(r, "player")
		return &ledger.ExpireCredits{Meta: m, Player: p, Currency: q.Currency}, err
	})
}
