package blackjack

import "testing"

// TestResult_HandAlwaysWritten: a seat's card and a decision are written
// with their hand, 0 for the first; a dealer's card without one; a
// decision or a card sent without "hand" is on hand 0, and a card
// recorded before the hand was always written reads the same.
func TestResult_HandAlwaysWritten(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{"card":"8S","to":"seat:1"}`, `{"card":"8S","to":"seat:1","hand":0}`},
		{`{"card":"8S","to":"seat:1","hand":0}`, `{"card":"8S","to":"seat:1","hand":0}`},
		{`{"card":"5D","to":"seat:2","hand":1}`, `{"card":"5D","to":"seat:2","hand":1}`},
		{`{"card":"9H","to":"dealer"}`, `{"card":"9H","to":"dealer"}`},
		{`{"decision":"hit","seat":1}`, `{"decision":"hit","seat":1,"hand":0}`},
		{`{"decision":"stand","seat":3,"hand":1}`, `{"decision":"stand","seat":3,"hand":1}`},
	} {
		r, err := ParseResult([]byte(tc.in))
		if err != nil {
			t.Errorf("%s: %v", tc.in, err)
			continue
		}
		if got := string(r.JSON()); got != tc.want {
			t.Errorf("%s written %s, want %s", tc.in, got, tc.want)
		}
	}
	if _, err := ParseResult([]byte(`{"decision":"hit","hand":0}`)); err == nil {
		t.Error("a decision without its seat was taken")
	}
}
