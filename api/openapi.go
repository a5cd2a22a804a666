package api

import (
	"encoding/json"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/games"
	"github.com/wagerlog/wagerlog/projections"
)

// OpenAPIVersion is the version of the OpenAPI specification the document
// follows.
const OpenAPIVersion = "3.1.0"

// obj is a JSON object of the document.
type obj = map[string]any

// buildOpenAPI renders the OpenAPI document of rts. Schemas are derived
// from the Go types of the request and answer bodies, so they follow the
// code.
func buildOpenAPI(rts []route) ([]byte, error) {
	g := &schemaGen{defs: obj{}}
	paths := obj{}
	for _, rt := range rts {
		p, _ := paths[rt.path].(obj)
		if p == nil {
			p = obj{}
			paths[rt.path] = p
		}
		p[strings.ToLower(rt.method)] = g.operation(rt)
	}
	g.defs["Problem"] = g.schema(reflect.TypeOf(Problem{}))
	doc := obj{
		"openapi": OpenAPIVersion,
		"info": obj{
			"title":       "wagerlog API",
			"version":     "1",
			"description": "Event-sourced bet ledger for live casino table games. Errors are RFC 9457 problems with a stable code (docs/ERRORS.md); roles per route are in x-roles (docs/API.md).",
		},
		"paths": paths,
		"components": obj{
			"schemas": g.defs,
			"securitySchemes": obj{
				"bearer": obj{"type": "http", "scheme": "bearer", "description": "a token from the tokens file (wagerlog token add)"},
			},
		},
	}
	return json.MarshalIndent(doc, "", "  ")
}

type schemaGen struct {
	defs obj
}

func (g *schemaGen) operation(rt route) obj {
	op := obj{
		"operationId": rt.id,
		"summary":     rt.summary,
		"tags":        []string{rt.tag},
	}
	var params []obj
	for _, name := range rt.pathParams() {
		params = append(params, obj{"name": name, "in": "path", "required": true, "schema": obj{"type": "string"}})
	}
	for _, q := range rt.query {
		params = append(params, obj{"name": q.name, "in": "query", "required": false, "description": q.doc, "schema": obj{"type": q.typ}})
	}
	if rt.write() {
		params = append(params, obj{"name": "Idempotency-Key", "in": "header", "required": true,
			"description": "unique per command (up to 255 printable characters); the same key and body return the original result, another body idempotency_conflict",
			"schema":      obj{"type": "string", "maxLength": 255}})
	}
	if params != nil {
		op["parameters"] = params
	}
	if rt.body != nil {
		op["requestBody"] = obj{"required": false, "content": obj{"application/json": obj{"schema": g.schema(reflect.TypeOf(rt.body))}}}
	}
	status := rt.status
	if status == 0 {
		status = http.StatusOK
	}
	ok := obj{"description": http.StatusText(status)}
	switch {
	case rt.resp != nil:
		ok["content"] = obj{"application/json": obj{"schema": g.schema(reflect.TypeOf(rt.resp))}}
	case rt.id == "metrics":
		ok["content"] = obj{"text/plain": obj{"schema": obj{"type": "string"}}}
	case rt.id == "boardStream":
		ok["content"] = obj{"text/event-stream": obj{"schema": obj{"type": "string"}}}
	default:
		ok["content"] = obj{"application/json": obj{"schema": obj{}}}
	}
	responses := obj{
		strconv.Itoa(status): ok,
		"default": obj{"description": "an error (see docs/ERRORS.md for every code)",
			"content": obj{ProblemContentType: obj{"schema": obj{"$ref": "#/components/schemas/Problem"}}}},
	}
	// One response per status the route can answer, naming its codes: a
	// client generated from the document knows what to switch on.
	codes := rt.codes()
	byStatus := map[int][]string{}
	for _, c := range codes {
		byStatus[StatusOf(c)] = append(byStatus[StatusOf(c)], c)
	}
	for st, cs := range byStatus {
		responses[strconv.Itoa(st)] = obj{
			"description": http.StatusText(st) + ": code " + strings.Join(cs, ", "),
			"content": obj{ProblemContentType: obj{"schema": obj{"allOf": []obj{
				{"$ref": "#/components/schemas/Problem"},
				{"type": "object", "properties": obj{"code": obj{"type": "string", "enum": cs}}},
			}}}},
		}
	}
	op["x-problem-codes"] = codes
	if !rt.public {
		op["security"] = []obj{{"bearer": []string{}}}
		op["x-roles"] = rt.allowed()
	} else {
		op["security"] = []obj{}
	}
	op["responses"] = responses
	if rt.publicBoard {
		op["x-public-with-flag"] = "--public-board"
	}
	if rt.command != nil {
		op["x-command"] = rt.command.Name
	}
	return op
}

var (
	typeDecimal    = reflect.TypeOf(decimal.Decimal{})
	typeTime       = reflect.TypeOf(time.Time{})
	typeDuration   = reflect.TypeOf(time.Duration(0))
	typeBoardRow   = reflect.TypeOf(projections.BoardResult{})
	typeBoardStats = reflect.TypeFor[games.BoardStats]()
	typeStateView  = reflect.TypeFor[games.StateView]()
	typeRawJSON    = reflect.TypeFor[json.RawMessage]()
	typeHash       = reflect.TypeFor[events.Hash]()
)

// schema returns the JSON schema of t; named structs go to the components
// and are referenced.
func (g *schemaGen) schema(t reflect.Type) obj {
	switch t {
	case typeDecimal:
		return obj{"type": "string", "pattern": `^-?[0-9]+(\.[0-9]+)?$`, "description": "decimal amount as a string (a JSON number is accepted on input and read exactly)"}
	case typeTime:
		return obj{"type": "string", "format": "date-time"}
	case typeDuration:
		return obj{"type": "integer", "description": "nanoseconds"}
	case typeRawJSON:
		return obj{"description": "any JSON value, as the game reads and writes it (a result such as {\"dice\":[2,2,5]}, a pool's parameters, a session's terms)"}
	case typeHash:
		return obj{"type": "string", "pattern": "^[0-9a-f]{64}$", "description": "SHA-256 chain hash, hex"}
	case typeBoardRow:
		// A row carries its game's members besides these (see
		// projections.BoardResult).
		return obj{"type": "object", "required": []string{"round", "number", "at", "seq"}, "additionalProperties": true,
			"description": "a completed round on the board, with its game's members between number and at: Sic Bo dice, total, size, parity; roulette pocket, colour; punto banco winner, player, banker (the points), natural; craps dice, total; a game without rows its result as result",
			"properties": obj{
				"round": obj{"type": "string"}, "number": obj{"type": "integer"},
				"at": obj{"type": "string", "format": "date-time"}, "seq": obj{"type": "integer"}, "corrected": obj{"type": "boolean"},
			}}
	}
	switch t.Kind() {
	case reflect.Pointer:
		return g.schema(t.Elem())
	case reflect.String:
		return obj{"type": "string"}
	case reflect.Bool:
		return obj{"type": "boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return obj{"type": "integer"}
	case reflect.Float32, reflect.Float64:
		return obj{"type": "number"}
	case reflect.Slice:
		return obj{"type": "array", "items": g.schema(t.Elem())}
	case reflect.Array:
		return obj{"type": "array", "items": g.schema(t.Elem()), "minItems": t.Len(), "maxItems": t.Len()}
	case reflect.Map:
		if t.Elem() == typeRawJSON {
			// A game's members (a result's), each any JSON value.
			return obj{"type": "object", "additionalProperties": true}
		}
		return obj{"type": "object", "additionalProperties": g.schema(t.Elem())}
	case reflect.Interface:
		if t == typeBoardStats {
			return obj{"type": []string{"object", "null"}, "description": "the statistics of the table's game (docs/GAMES.md): Sic Bo big/small, odd/even, triples, faces, hot/cold, totals; roulette last, red/black/green, odd/even, low/high, dozens, columns, hot/cold, numbers; craps last rolls, points made, seven-outs, totals, hot/cold, point, shooter; null when this build does not know the table's game"}
		}
		if t == typeStateView {
			return obj{"type": "object", "description": "the game's state of the round in progress (games.Stater; docs/GAMES.md): craps point, come_out, rolls, points_made, last, over; blackjack phase, turn, dealer, seats (hands, cards and decisions with at, their position in the round); War phase, deciding, dealer, burned, seats; bingo balls, drawn, last, grid, void; absent for a game without one"}
		}
	case reflect.Struct:
		name := schemaName(t)
		if name == "" {
			return g.object(t)
		}
		if _, ok := g.defs[name]; !ok {
			g.defs[name] = obj{} // placeholder against recursion
			g.defs[name] = g.object(t)
		}
		return obj{"$ref": "#/components/schemas/" + name}
	}
	return obj{}
}

// schemaName qualifies a type's name with its package ("ledger.Result"),
// since several packages use the same short names.
func schemaName(t reflect.Type) string {
	if t.Name() == "" {
		return ""
	}
	pkg := t.PkgPath()
	if i := strings.LastIndex(pkg, "/"); i >= 0 {
		pkg = pkg[i+1:]
	}
	return pkg + "." + t.Name()
}

// object returns the schema of a struct, with embedded structs' members
// promoted as encoding/json does.
func (g *schemaGen) object(t reflect.Type) obj {
	props := obj{}
	var required []string
	g.fields(t, props, &required)
	o := obj{"type": "object", "properties": props, "additionalProperties": false}
	if len(required) > 0 {
		o["required"] = required
	}
	return o
}

func (g *schemaGen) fields(t reflect.Type, props obj, required *[]string) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				g.fields(ft, props, required)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		props[name] = g.schema(f.Type)
		if !strings.Contains(opts, "omitempty") && !strings.Contains(opts, "omitzero") {
			*required = append(*required, name)
		}
	}
}
