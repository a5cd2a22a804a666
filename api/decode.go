package api

import (
	"bytes"
	encjson "encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"reflect"
	"strconv"
	"strings"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/projections"
)

// decodeOptions are the rules of every request body: member names match
// exactly ("Amount" is not "amount"), unknown members and duplicate names
// are refused (as the events' own decoder refuses them), and every amount
// goes through ledger.ParseAmount, the one parser of outside amounts.
var decodeOptions = json.JoinOptions(
	json.MatchCaseInsensitiveNames(false),
	json.RejectUnknownMembers(true),
	jsontext.AllowDuplicateNames(false),
	json.WithUnmarshalers(json.UnmarshalFromFunc(decodeAmount)),
)

// decodeAmount reads a decimal.Decimal member: a JSON string or a JSON
// number, whose text must be a plain decimal (ledger.ParseAmount). A JSON
// number is read from its text, never through a float.
func decodeAmount(dec *jsontext.Decoder, d *decimal.Decimal) error {
	tok, err := dec.ReadToken()
	if err != nil {
		return err
	}
	switch tok.Kind() {
	case '"', '0':
		v, err := ledger.ParseAmount(tok.String())
		if err != nil {
			return err
		}
		*d = v
		return nil
	}
	return fmt.Errorf("an amount is a decimal string, not a JSON %s", kindName(tok.Kind()))
}

// decodeBody decodes the request's JSON body into v. An empty body decodes
// as {}; a body of null is refused like any other non-object. Unknown or
// duplicate members, members named in another case, trailing data, a body
// over RequestBytesMax and a content type other than JSON are refused.
func decodeBody(r *http.Request, v any) error {
	body, err := readBody(r)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(body, v, decodeOptions); err != nil {
		if errors.Is(err, ledger.ErrInvalidAmount) {
			return &Error{Code: "invalid_amount", Detail: amountErrorText(err), Err: ledger.ErrInvalidAmount}
		}
		return &Error{Code: CodeInvalidJSON, Detail: jsonErrorText(err), Err: err}
	}
	return nil
}

// readBody checks the content type and reads the body, which must be one
// JSON object (or nothing, read as {}).
func readBody(r *http.Request) ([]byte, error) {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		mt, _, err := mime.ParseMediaType(ct)
		if err != nil || (mt != "application/json" && !strings.HasSuffix(mt, "+json")) {
			return nil, apiErr(CodeUnsupportedMediaType, fmt.Sprintf("Content-Type %q: send application/json", ct))
		}
	}
	var body []byte
	if r.Body != nil {
		var err error
		body, err = io.ReadAll(r.Body)
		if err != nil {
			var tooLarge *http.MaxBytesError
			if errors.As(err, &tooLarge) {
				return nil, apiErr(CodeRequestTooLarge, fmt.Sprintf("the body is over the %d-byte limit", RequestBytesMax))
			}
			return nil, &Error{Code: CodeInvalidJSON, Detail: "reading the body failed", Err: err}
		}
	}
	trimmed := bytes.TrimSpace(body)
	if len(trimmed) == 0 {
		return []byte("{}"), nil
	}
	// json.Unmarshal would take null as "leave v alone", a body that says
	// nothing at all: a client that sends it has a bug worth telling.
	if trimmed[0] != '{' {
		return nil, apiErr(CodeInvalidJSON, "the body must be one JSON object")
	}
	return body, nil
}

// decodeResult reads a result body: one JSON object whose members are the
// game's (its paytable parses and validates them), plus "reason" when
// withReason. Duplicate members and names that differ only in case are
// refused here; the game refuses members that are not its own.
func decodeResult(r *http.Request, withReason bool) (encjson.RawMessage, string, error) {
	var members map[string]jsontext.Value
	if err := decodeBody(r, &members); err != nil {
		return nil, "", err
	}
	reason := ""
	for name := range members {
		if name != "reason" && strings.EqualFold(name, "reason") {
			return nil, "", apiErr(CodeInvalidJSON, fmt.Sprintf("unknown member %q (member names are exact: \"reason\")", cut(name)))
		}
	}
	if raw, ok := members["reason"]; ok && withReason {
		if err := json.Unmarshal(raw, &reason); err != nil {
			return nil, "", apiErr(CodeInvalidJSON, "member \"reason\" must be a string")
		}
		delete(members, "reason")
	}
	res, err := json.Marshal(members, json.Deterministic(true))
	if err != nil {
		return nil, "", &Error{Code: CodeInvalidJSON, Detail: "the result does not encode", Err: err}
	}
	return res, reason, nil
}

// jsonErrorText says what is wrong with a body, without echoing it.
func jsonErrorText(err error) string {
	var sem *json.SemanticError
	var syn *jsontext.SyntacticError
	switch {
	case errors.Is(err, jsontext.ErrDuplicateName):
		if errors.As(err, &syn) {
			return fmt.Sprintf("the body names member %s twice", pointerName(syn.JSONPointer))
		}
		return "the body names a member twice"
	case errors.As(err, &sem) && errors.Is(err, json.ErrUnknownName):
		return fmt.Sprintf("unknown member %s (member names are exact and case-sensitive; unknown members are refused, never ignored)", pointerName(sem.JSONPointer))
	case errors.As(err, &syn):
		if errors.Is(err, io.ErrUnexpectedEOF) {
			return "the JSON body ends too early"
		}
		return fmt.Sprintf("not JSON at byte %d: %v", syn.ByteOffset, syn.Err)
	case errors.As(err, &sem):
		where := "the body"
		if sem.JSONPointer != "" {
			where = "member " + pointerName(sem.JSONPointer)
		}
		if sem.Err != nil {
			msg := sem.Err.Error()
			if len(msg) > 200 {
				msg = msg[:200] + "..."
			}
			return fmt.Sprintf("%s: %s", where, msg)
		}
		if sem.GoType != nil && sem.JSONKind != 0 {
			return fmt.Sprintf("%s must be %s, got a JSON %s", where, jsonTypeName(sem.GoType.Kind()), kindName(sem.JSONKind))
		}
		return where + " has the wrong type"
	}
	return "invalid JSON body"
}

// amountErrorText is the ledger's sentence about an amount, with the
// member it came from.
func amountErrorText(err error) string {
	var sem *json.SemanticError
	msg := err.Error()
	if errors.As(err, &sem) && sem.Err != nil {
		msg = sem.Err.Error()
		if sem.JSONPointer != "" {
			msg = "member " + pointerName(sem.JSONPointer) + ": " + msg
		}
	}
	return msg
}

// pointerName renders a JSON pointer as a member path ("bets/0/stake").
func pointerName(p jsontext.Pointer) string {
	s := strings.TrimPrefix(string(p), "/")
	return strconv.Quote(cut(s))
}

func kindName(k jsontext.Kind) string {
	switch k {
	case 'n':
		return "null"
	case 'f', 't':
		return "boolean"
	case '"':
		return "string"
	case '0':
		return "number"
	case '{':
		return "object"
	case '[':
		return "array"
	}
	return "value"
}

func jsonTypeName(k reflect.Kind) string {
	switch k {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "a boolean"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Map, reflect.Struct:
		return "an object"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return "a number"
	}
	return k.String()
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
