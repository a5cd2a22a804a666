package api

import (
	"net/http"

	"github.com/wagerlog/wagerlog/ledger"
)

// claimRequest is a player's call of a prize on one of their bets (a
// bingo card's line or bingo), entered by the hall's caller.
type claimRequest struct {
	// Prize is "line" or "bingo".
	Prize string `json:"prize"`
}

// claim records a call and the game's verdict (bingo.claimed): the ledger
// checks it against its own detection and never pays on it.
func (s *Server) claim(w http.ResponseWriter, r *http.Request, who Principal) error {
	return write(s, w, r, who, 0, func(m ledger.Meta, q *claimRequest) (ledger.Command, error) {
		t, round, err := tableRound(r)
		if err != nil {
			return nil, err
		}
		bet, err := pathUUID(r, "bet")
		return &ledger.Claim{Meta: m, Table: t, Round: round, Bet: bet, Prize: q.Prize}, err
	})
}
