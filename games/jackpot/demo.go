package jackpot

import "encoding/json"

// DemoPool returns the parameters of the catalog's example pool (IDPool1)
// under id: the pool `serve --demo` links its progressive tables to
// (games.DemoPooler).
func (Parser) DemoPool(id string) (json.RawMessage, error) {
	p, err := Lookup(IDPool1)
	if err != nil {
		return nil, err
	}
	ps := p.Params()
	ps.Pool = id
	q, err := New(ps)
	if err != nil {
		return nil, err
	}
	return q.CanonicalJSON(), nil
}
