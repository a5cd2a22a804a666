package kit

import (
	"encoding/json"
	"fmt"
)

// MarshalLine encodes a settle line's answer as `wagerlog settle --jsonl`
// writes it: encoding/json's compact form, HTML escaped, no line ending.
// The answers are the auditors' contract, so every game encodes them here
// alike. Answers are plain structs of strings and numbers: an error is a
// programming error, and panics.
func MarshalLine(answer any) []byte {
	b, err := json.Marshal(answer)
	if err != nil {
		panic(fmt.Sprintf("kit: settle answer %T: %v", answer, err))
	}
	return b
}
