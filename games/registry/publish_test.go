package registry_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"testing"

	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/games/registry"
)

// TestNew_Published checks that every paytable of the registry publishes
// what an edge shows (games.Publisher): canonical bytes whose SHA-256 is
// its hash, rules, a largest multiple above zero, a rounding policy, and
// a listing of bets it offers.
func TestNew_Published(t *testing.T) {
	for _, pt := range registry.New().Paytables() {
		pub, ok := pt.(games.Publisher)
		if !ok {
			t.Errorf("%s: %T is no games.Publisher", pt.ID(), pt)
			continue
		}
		sum := sha256.Sum256(pub.CanonicalJSON())
		if got := hex.EncodeToString(sum[:]); got != pt.Hash() {
			t.Errorf("%s: sha256(canonical) = %s, Hash() = %s", pt.ID(), got, pt.Hash())
		}
		var canon map[string]any
		if err := json.Unmarshal(pub.CanonicalJSON(), &canon); err != nil || canon["id"] != pt.ID() {
			t.Errorf("%s: canonical JSON is not the paytable's object (id %v): %v", pt.ID(), canon["id"], err)
		}
		var rules any
		if err := json.Unmarshal(pub.Rules(), &rules); err != nil || rules == nil {
			t.Errorf("%s: rules %s: %v", pt.ID(), pub.Rules(), err)
		}
		if m := pub.MaxMultiple(); m == nil || m.Sign() <= 0 {
			t.Errorf("%s: max multiple %v", pt.ID(), m)
		}
		if pub.Rounding() == "" {
			t.Errorf("%s: no rounding", pt.ID())
		}
		offered := map[string]bool{}
		for _, r := range pt.RTP() {
			offered[r.Code] = true
		}
		l := pub.Listing()
		for _, b := range l.Bets {
			if !offered[b.Code] {
				t.Errorf("%s: listing of %q, a bet its RTP does not list", pt.ID(), b.Code)
			}
			if l.Form == games.ListingOutcomes && (b.Wins+b.Halves > b.Outcomes || b.Outcomes == 0) {
				t.Errorf("%s: %s wins %d and halves %d of %d outcomes", pt.ID(), b.Code, b.Wins, b.Halves, b.Outcomes)
			}
		}
	}
}
