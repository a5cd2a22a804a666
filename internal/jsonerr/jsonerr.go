// Package jsonerr words the errors of github.com/go-json-experiment/json
// the same way in every process.
//
// That library words a semantic error with "cannot" or "unable to",
// picked once per process from a map's random iteration order (its
// errors.go, errorModalVerb: "Hyrum-proof the error message by
// deliberately switching between equivalent renderings"). wagerlog puts
// those messages in answers that are compared byte for byte: the lines of
// settle --jsonl (the auditors' contract), a refused result's reason, a
// malformed event in verify's report. So every error of the library passes
// through Stable before its text is used, and reads "cannot" on every run,
// as encoding/json has always written it.
package jsonerr

import "strings"

const (
	// randomized is the library's other wording of its modal verb.
	randomized = "json: unable to "
	// stable is the wording every answer uses.
	stable = "json: cannot "
)

// Stable returns err worded the same in every process: an error whose
// message is err's with "json: unable to " read as "json: cannot ", and
// which unwraps to err (errors.Is and errors.As see through it). It
// returns err itself, nil included, when its message has nothing to
// change.
func Stable(err error) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	if !strings.Contains(msg, randomized) {
		return err
	}
	return &stableError{msg: strings.ReplaceAll(msg, randomized, stable), err: err}
}

type stableError struct {
	msg string
	err error
}

func (e *stableError) Error() string { return e.msg }
func (e *stableError) Unwrap() error { return e.err }
