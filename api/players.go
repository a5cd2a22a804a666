package api

import "net/http"

// listPlayers answers GET /v1/wallets: the players with a wallet, by id,
// with their balances, one page at a time (for the cashier and finance).
func (s *Server) listPlayers(w http.ResponseWriter, r *http.Request, _ Principal) error {
	page, err := queryPage(r)
	if err != nil {
		return err
	}
	if err := s.waitMinSeq(r); err != nil {
		return err
	}
	v, err := s.cfg.Views.Players(page)
	return answer(w, v.Seq, v, err)
}
