package api_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/wagerlog/wagerlog/api"
)

// TestOpenAPI_ProblemCodesPerRoute: every operation has one response per
// status its codes have, whose schema names exactly those codes, and the
// cursor parameter points at the next member of the previous page.
func TestOpenAPI_ProblemCodesPerRoute(t *testing.T) {
	e := newEnv(t, envOptions{})
	raw := e.must(200, "GET", "/v1/openapi.json", "", nil).body
	if bytes.Contains(raw, []byte("next_cursor")) {
		t.Error("the document still names next_cursor; pages answer next")
	}
	var doc struct {
		Paths map[string]map[string]struct {
			ID         string   `json:"operationId"`
			Codes      []string `json:"x-problem-codes"`
			Parameters []struct {
				Name, Description string
			} `json:"parameters"`
			Responses map[string]struct {
				Content map[string]struct {
					Schema struct {
						AllOf []struct {
							Properties struct {
								Code struct {
									Enum []string `json:"enum"`
								} `json:"code"`
							} `json:"properties"`
						} `json:"allOf"`
					} `json:"schema"`
				} `json:"content"`
			} `json:"responses"`
		} `json:"paths"`
	}
	mustJSON(t, raw, &doc)
	routes := map[string][]string{}
	for _, rt := range api.Routes() {
		routes[rt.ID] = rt.Codes
	}
	for path, ops := range doc.Paths {
		for method, op := range ops {
			if strings.Join(op.Codes, ",") != strings.Join(routes[op.ID], ",") || len(op.Codes) == 0 {
				t.Errorf("%s %s: x-problem-codes %v, route %v", method, path, op.Codes, routes[op.ID])
			}
			listed := map[string]bool{}
			for status, r := range op.Responses {
				pc, ok := r.Content[api.ProblemContentType]
				if !ok || status == "default" {
					continue
				}
				for _, part := range pc.Schema.AllOf {
					for _, c := range part.Properties.Code.Enum {
						if fmt.Sprint(api.StatusOf(c)) != status {
							t.Errorf("%s %s: code %s under %s, its status is %d", method, path, c, status, api.StatusOf(c))
						}
						listed[c] = true
					}
				}
			}
			for _, c := range op.Codes {
				if !listed[c] {
					t.Errorf("%s %s: code %s has no response", method, path, c)
				}
			}
			for _, p := range op.Parameters {
				if p.Name == "cursor" && !strings.Contains(p.Description, "next") {
					t.Errorf("%s %s: cursor says %q", method, path, p.Description)
				}
			}
		}
	}
	// A write documents its command's refusals; a read its query's.
	if c := strings.Join(routes["deposit"], ","); !strings.Contains(c, "wallet_limit") || !strings.Contains(c, "invalid_amount") || !strings.Contains(c, "idempotency_conflict") {
		t.Errorf("deposit codes %s", c)
	}
	if c := strings.Join(routes["playerBets"], ","); !strings.Contains(c, "invalid_query") || !strings.Contains(c, "projection_lag") || strings.Contains(c, "wallet_limit") {
		t.Errorf("playerBets codes %s", c)
	}
}
