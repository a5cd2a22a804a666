package api

import (
	"sort"

	"github.com/wagerlog/wagerlog/errcode"
	"github.com/wagerlog/wagerlog/ledger"
)

// Which problem codes each route can answer, for the OpenAPI document (one
// response per status, listing its codes) and for the tests, which check
// that every code a route really answers is among them (the fuzz target
// of the API asserts it on every request). A write route answers its
// command's declared refusals (ledger.CommandSpec.Errors); the status and
// title of every code are its declaration's (status.go).

// codesWrite are what every write can answer besides its command's own:
// the body, the key, the role, the replica, and the ledger's conditions
// (ledger.EveryCommandErrors).
var codesWrite = append([]string{CodeInvalidJSON, CodeRequestTooLarge, CodeUnsupportedMediaType, CodeIdempotencyKeyMissing,
	CodeReadOnly, CodeTimeout}, codesOf(ledger.EveryCommandErrors())...)

// codesOf returns the codes of declared errors.
func codesOf(errs []*errcode.Error) []string {
	out := make([]string, len(errs))
	for i, e := range errs {
		out[i] = e.Code()
	}
	return out
}

// codes returns every code the route can answer, sorted.
func (rt route) codes() []string {
	set := map[string]bool{CodeInvalidPath: true, CodeMethodNotAllowed: true, CodeInternal: true}
	add := func(cs ...string) {
		for _, c := range cs {
			set[c] = true
		}
	}
	if !rt.public {
		add(CodeUnauthenticated, CodeForbidden)
	}
	if len(rt.query) > 0 {
		add(CodeInvalidQuery)
	}
	for _, q := range rt.query {
		if q.name == qMinSeq.name {
			add(CodeProjectionLag)
		}
	}
	if len(rt.pathParams()) > 0 {
		add(ledger.ErrInvalidID.Code(), CodeNotFound)
	}
	switch {
	case rt.write():
		add(codesWrite...)
		add(codesOf(rt.command.Errors)...)
	case rt.body != nil:
		add(CodeInvalidJSON, CodeRequestTooLarge, CodeUnsupportedMediaType)
	}
	if !rt.public {
		// Reads wait on the projections and the ledger, which may be
		// closing or slow.
		add(ledger.ErrUnavailable.Code(), CodeTimeout)
	}
	add(rt.extra...)
	out := make([]string, 0, len(set))
	for c := range set {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}
