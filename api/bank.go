package api

import (
	"net/http"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/ledger"
)

// The player's bank of a player-banked table (baccarat à deux tableaux):
// taking it puts the amount in custody in bank:<table>, giving it up hands
// the balance back. Both are between rounds, by the table's dealer or a
// supervisor (ledger.TakeBank, ledger.ReleaseBank).

type bankRequest struct {
	// Player takes the bank; Amount moves from their wallet into it.
	Player string          `json:"player"`
	Amount decimal.Decimal `json:"amount"`
}

func (s *Server) takeBank(w http.ResponseWriter, r *http.Request, who Principal) error {
	return write(s, w, r, who, http.StatusCreated, func(m ledger.Meta, q *bankRequest) (ledger.Command, error) {
		t, err := pathID(r, "table")
		return &ledger.TakeBank{Meta: m, Table: t, Player: q.Player, Amount: q.Amount}, err
	})
}

func (s *Server) releaseBank(w http.ResponseWriter, r *http.Request, who Principal) error {
	return write(s, w, r, who, 0, func(m ledger.Meta, _ *emptyRequest) (ledger.Command, error) {
		t, err := pathID(r, "table")
		return &ledger.ReleaseBank{Meta: m, Table: t}, err
	})
}
