package api_test

import (
	"encoding/json"
	"net/http/httptest"
	"sort"
	"strings"
	"testing"

	"github.com/wagerlog/wagerlog/api"
)

// TestOpenAPI_MatchesMux checks the served OpenAPI document against the
// mux both ways: every operation of the document is what the mux matches
// for a request to it, and every pattern the mux serves is in the document.
func TestOpenAPI_MatchesMux(t *testing.T) {
	e := newEnv(t, envOptions{})
	r := e.must(200, "GET", "/v1/openapi.json", "", nil)
	var doc struct {
		OpenAPI string                                `json:"openapi"`
		Paths   map[string]map[string]json.RawMessage `json:"paths"`
	}
	mustJSON(t, r.body, &doc)
	if doc.OpenAPI != api.OpenAPIVersion {
		t.Fatalf("openapi %q", doc.OpenAPI)
	}
	inDoc := map[string]bool{}
	ids := map[string]bool{}
	for path, ops := range doc.Paths {
		for method, raw := range ops {
			pattern := strings.ToUpper(method) + " " + path
			inDoc[pattern] = true
			// A request to the path with sample ids must land on this
			// very pattern.
			url := strings.NewReplacer("{player}", "p1", "{table}", "t1", "{round}", "0190a0b0-0000-7000-8000-000000000000",
				"{slip}", "0190a0b0-0000-7000-8000-000000000001", "{bet}", "0190a0b0-0000-7000-8000-000000000002", "{kind}", "regulator", "{pool}", "jp-1", "{session}", "s1").Replace(path)
			if strings.Contains(url, "{") {
				t.Errorf("%s: a wildcard the test does not know", pattern)
				continue
			}
			if got := e.api.MuxPattern(httptest.NewRequest(strings.ToUpper(method), url, nil)); got != pattern {
				t.Errorf("document has %s; the mux matches %q for %s %s", pattern, got, strings.ToUpper(method), url)
			}
			var op struct {
				ID        string                     `json:"operationId"`
				Responses map[string]json.RawMessage `json:"responses"`
				Security  []map[string][]string      `json:"security"`
				Roles     []string                   `json:"x-roles"`
			}
			mustJSON(t, raw, &op)
			if op.ID == "" || ids[op.ID] || op.Responses["default"] == nil || op.Security == nil {
				t.Errorf("%s: operationId %q (duplicate %v), responses %v, security %v", pattern, op.ID, ids[op.ID], len(op.Responses), op.Security)
			}
			ids[op.ID] = true
		}
	}
	patterns := e.api.Patterns()
	for _, p := range patterns {
		if !inDoc[p] {
			t.Errorf("the mux serves %s, the document does not list it", p)
		}
	}
	if len(patterns) != len(inDoc) || len(inDoc) != len(api.Routes()) {
		t.Errorf("mux %d patterns, document %d operations, %d routes", len(patterns), len(inDoc), len(api.Routes()))
	}
	// The schemas of request bodies are present and closed.
	var full map[string]any
	mustJSON(t, r.body, &full)
	schemas := full["components"].(map[string]any)["schemas"].(map[string]any)
	names := make([]string, 0, len(schemas))
	for n := range schemas {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, want := range []string{"Problem", "ledger.Result", "api.slipRequest", "projections.RoundView", "projections.Board"} {
		if schemas[want] == nil {
			t.Errorf("schema %s missing; have %v", want, names)
		}
	}
}
