package ledger

import "encoding/json"

// StateJSON renders everything the state holds (the content of a checkpoint)
// as JSON, with amounts by value, so that two states built from the same
// events compare equal however they were built: live, from a checkpoint and
// a tail, or by a full replay.
func StateJSON(s *State) ([]byte, error) { return json.MarshalIndent(bodyOf(s), "", " ") }
