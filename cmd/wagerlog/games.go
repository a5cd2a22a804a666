package main

import (
	"github.com/wagerlog/wagerlog/games/sicbo"
	"github.com/wagerlog/wagerlog/ledger"
)

// paytables returns the catalog of every game's paytables, built once, as
// the ledger looks them up. New games add their catalogs here.
func paytables() ledger.PaytableFunc {
	m := map[string]ledger.Paytable{}
	for _, p := range sicbo.Paytables() {
		m[p.ID()] = p
	}
	return func(id string) (ledger.Paytable, error) {
		if p, ok := m[id]; ok {
			return p, nil
		}
		_, err := sicbo.Lookup(id) // the catalog's own "unknown paytable" error
		return nil, err
	}
}
