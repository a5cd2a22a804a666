package api

import (
	"os"
	"testing"

	"github.com/wagerlog/wagerlog/ledger"
)

// TestRoutes_OnePerCommand checks that every declared command has exactly
// one route, the one it declares, so that a new command cannot be left
// out of the API, its roles or its OpenAPI document.
func TestRoutes_OnePerCommand(t *testing.T) {
	byName := map[string]int{}
	for _, rt := range routes() {
		if rt.command == nil {
			continue
		}
		byName[rt.command.Name]++
		if rt.method+" "+rt.path != rt.command.Route {
			t.Errorf("%s: route %s %s, declared %s", rt.command.Name, rt.method, rt.path, rt.command.Route)
		}
	}
	for _, s := range ledger.Commands() {
		if byName[s.Name] != 1 {
			t.Errorf("command %s has %d routes, want 1", s.Name, byName[s.Name])
		}
		delete(byName, s.Name)
	}
	for name := range byName {
		t.Errorf("route for %s, a command the ledger does not declare", name)
	}
}

// TestOpenAPI_Dump writes the document to $WAGERLOG_OPENAPI_DUMP, to
// compare the documents of two builds byte for byte.
func TestOpenAPI_Dump(t *testing.T) {
	path := os.Getenv("WAGERLOG_OPENAPI_DUMP")
	if path == "" {
		t.Skip("WAGERLOG_OPENAPI_DUMP not set")
	}
	doc, err := buildOpenAPI(routes())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, doc, 0o644); err != nil {
		t.Fatal(err)
	}
}
