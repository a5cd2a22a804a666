package kit

import (
	"fmt"

	"github.com/wagerlog/wagerlog/games"
)

// MustJSON is games.CanonicalJSON of v for data whose encoding cannot
// fail: a paytable's rules, plain structs of strings and numbers. An
// error is a programming error, and panics.
func MustJSON(v any) []byte {
	b, err := games.CanonicalJSON(v)
	if err != nil {
		panic(fmt.Sprintf("kit: canonical JSON of %T: %v", v, err))
	}
	return b
}
