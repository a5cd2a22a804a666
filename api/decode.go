package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/google/uuid"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/projections"
)

// decodeBody decodes the request's JSON body into v. An empty body decodes
// as {}. Unknown members, trailing data, a body over RequestBytesMax and a
// content type other than JSON are refused.
func decodeBody(r *http.Request, v any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		mt, _, err := mime.ParseMediaType(ct)
		if err != nil || (mt != "application/json" && !strings.HasSuffix(mt, "+json")) {
			return apiErr(CodeUnsupportedMediaType, fmt.Sprintf("Content-Type %q: send application/json", ct))
		}
	}
	var body []byte
	if r.Body != nil {
		var err error
		body, err = io.ReadAll(r.Body)
		if err != nil {
			var tooLarge *http.MaxBytesError
			if errors.As(err, &tooLarge) {
				return apiErr(CodeRequestTooLarge, fmt.Sprintf("the body is over the %d-byte limit", RequestBytesMax))
			}
			return &Error{Code: CodeInvalidJSON, Detail: "reading the body failed", Err: err}
		}
	}
	if len(bytes.TrimSpace(body)) == 0 {
		body = []byte("{}")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return apiErr(CodeInvalidJSON, jsonErrorText(err))
	}
	if _, err := dec.Token(); err != io.EOF {
		return apiErr(CodeInvalidJSON, "the body holds more than one JSON value")
	}
	// encoding/json keeps the last of two members with one name; a body
	// that names a member twice is ambiguous, and refused as the events'
	// own decoder refuses it.
	if !jsontext.Value(body).IsValid() {
		return apiErr(CodeInvalidJSON, "the body names a member twice")
	}
	return nil
}

// decodeResult reads a result body: one JSON object whose members are the
// game's (its paytable parses and validates them), plus "reason" when
// withReason. Duplicate members are refused here; the game refuses members
// that are not its own.
func decodeResult(r *http.Request, withReason bool) (json.RawMessage, string, error) {
	var members map[string]json.RawMessage
	if err := decodeBody(r, &members); err != nil {
		return nil, "", err
	}
	reason := ""
	if withReason {
		if raw, ok := members["reason"]; ok {
			if err := json.Unmarshal(raw, &reason); err != nil {
				return nil, "", apiErr(CodeInvalidJSON, "member \"reason\" must be a string")
			}
			delete(members, "reason")
		}
	}
	res, err := json.Marshal(members)
	if err != nil {
		return nil, "", &Error{Code: CodeInvalidJSON, Detail: "the result does not encode", Err: err}
	}
	return res, reason, nil
}

// jsonErrorText says what is wrong with a body, without echoing it.
func jsonErrorText(err error) string {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return fmt.Sprintf("not JSON: %v (at byte %d)", syn, syn.Offset)
	case errors.As(err, &typ):
		if typ.Field != "" {
			return fmt.Sprintf("member %q must be %s, got a JSON %s", typ.Field, typ.Type, typ.Value)
		}
		return fmt.Sprintf("the body must be a JSON object, got a JSON %s", typ.Value)
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return "the JSON body ends too early"
	}
	msg := err.Error()
	if strings.HasPrefix(msg, "json: unknown field ") {
		return "unknown member " + strings.TrimPrefix(msg, "json: unknown field ")
	}
	// Errors of a member's own decoder (a decimal that does not parse, a
	// bad duration): their text names the value, cut short.
	if len(msg) > 200 {
		msg = msg[:200] + "..."
	}
	return "invalid value: " + msg
}

// pathID returns the path wildcard name, checked as a table, player or
// dealer id.
func pathID(r *http.Request, name string) (string, error) {
	return pathIDValue(name, r.PathValue(name))
}

// pathIDValue checks v as a table, player or dealer id.
func pathIDValue(name, v string) (string, error) {
	if !events.ValidID(v) {
		return "", &Error{Code: "invalid_id", Detail: fmt.Sprintf("%s %q must be 1..64 letters, digits, '_' or '-'", name, cut(v)), Err: ledger.ErrInvalidID}
	}
	return v, nil
}

// pathUUID returns the path wildcard name, checked as a round, slip or bet
// id.
func pathUUID(r *http.Request, name string) (string, error) {
	v := r.PathValue(name)
	u, err := uuid.Parse(v)
	if err != nil || u.String() != v {
		return "", &Error{Code: "invalid_id", Detail: fmt.Sprintf("%s %q must be a UUID in lower-case canonical form", name, cut(v)), Err: ledger.ErrInvalidID}
	}
	return v, nil
}

// queryUint reads an optional unsigned integer query parameter.
func queryUint(r *http.Request, name string) (uint64, error) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return 0, nil
	}
	n, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		return 0, apiErr(CodeInvalidQuery, fmt.Sprintf("%s %q must be an unsigned integer", name, cut(v)))
	}
	return n, nil
}

// CursorMax is the longest page cursor accepted.
const CursorMax = 256

// queryPage reads cursor and limit.
func queryPage(r *http.Request) (projections.Page, error) {
	q := r.URL.Query()
	p := projections.Page{Cursor: q.Get("cursor"), Limit: PageLimitDefault}
	if len(p.Cursor) > CursorMax {
		return projections.Page{}, apiErr(CodeInvalidQuery, fmt.Sprintf("cursor is over %d bytes", CursorMax))
	}
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > PageLimitMax {
			return projections.Page{}, apiErr(CodeInvalidQuery, fmt.Sprintf("limit %q must be 1..%d", cut(v), PageLimitMax))
		}
		p.Limit = n
	}
	return p, nil
}

// cut shortens an echoed value so that an absurd input cannot bloat an
// answer or a log.
func cut(s string) string {
	const max = 80
	if len(s) > max {
		return s[:max] + "..."
	}
	return s
}
