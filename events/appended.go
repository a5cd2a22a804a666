package events

// Appended is one event just stored, as the writer hands it to whoever
// watches its appends (the ledger's observers: the metrics, the
// projector's hand-off): the envelope, with its sequence, and the decoded
// payload (*BetPlaced, …). Neither side changes either once stored, so
// they may be shared without a copy.
type Appended struct {
	Env     *Envelope
	Payload Payload
}
