package bench

import (
	"errors"
	"fmt"
	"net/http"
	"testing"

	"github.com/wagerlog/wagerlog/api"
	"github.com/wagerlog/wagerlog/ledger"
)

// TestClassify_ErrorsNotCodes checks that the casino sorts the ledger's
// errors and the API's answers alike, by the declared errors.
func TestClassify_ErrorsNotCodes(t *testing.T) {
	problem := func(e error) error {
		d := ledger.Lookup(e)
		return &problemError{status: d.Status(), p: api.Problem{Code: d.Code(), Status: d.Status()}}
	}
	for _, tc := range []struct {
		err   error
		out   outcome
		known bool
	}{
		{nil, placed, true},
		{fmt.Errorf("x: %w", ledger.ErrRoundNotOpen), notOpen, true},
		{ledger.ErrRoundFinished, notOpen, true},
		{ledger.ErrOverloaded, overloaded, true},
		{problem(ledger.ErrRoundNotOpen), notOpen, true},
		{problem(ledger.ErrOverloaded), overloaded, true},
		{ledger.ErrInsufficientFunds, placed, false},
		{problem(ledger.ErrInsufficientFunds), placed, false},
		{&problemError{status: http.StatusInternalServerError, p: api.Problem{Code: "internal"}}, placed, false},
		{errors.New("other"), placed, false},
	} {
		out, known := classify(tc.err)
		if out != tc.out || known != tc.known {
			t.Errorf("classify(%v) = %v, %v; want %v, %v", tc.err, out, known, tc.out, tc.known)
		}
	}
}
