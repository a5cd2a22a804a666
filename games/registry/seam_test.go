package registry_test

import (
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/wagerlog/wagerlog/games/registry"
)

// moduleRoot is the repository's root, two levels above this package.
func moduleRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("no go.mod at %s: %v", root, err)
	}
	return root
}

// concreteGames lists the packages whose values this registry hands to
// the catalog as games (NewCatalog) and as the pools' rules (WithPools):
// the concrete games. The shared packages the registry also uses (the
// games kit) are not among them. Only the registry, the games' own
// packages and their tests may import a concrete game.
func concreteGames(t *testing.T, root string) map[string]bool {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(root, "games", "registry", "registry.go"), nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	paths := map[string]string{}
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		paths[path.Base(p)] = p
	}
	out := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || (sel.Sel.Name != "NewCatalog" && sel.Sel.Name != "WithPools") {
			return true
		}
		// The games may be listed in the call or in a slice the call
		// appends to: every value of a package's type in its arguments.
		for _, arg := range call.Args {
			ast.Inspect(arg, func(n ast.Node) bool {
				lit, ok := n.(*ast.CompositeLit)
				if !ok {
					return true
				}
				if ts, ok := lit.Type.(*ast.SelectorExpr); ok {
					if x, ok := ts.X.(*ast.Ident); ok && paths[x.Name] != "" {
						out[paths[x.Name]] = true
					}
				}
				return true
			})
		}
		return true
	})
	if len(out) < len(registry.New().Games()) {
		t.Fatalf("registry.go hands %d game packages to the catalog, want one per game of the catalog and the pools' rules", len(out))
	}
	return out
}

// goFiles walks root's Go files, skipping testdata and hidden folders.
func goFiles(t *testing.T, root string, fn func(rel string)) {
	t.Helper()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); path != root && (n == "testdata" || strings.HasPrefix(n, ".") || n == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(path, ".go") {
			rel, _ := filepath.Rel(root, path)
			fn(filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestSeam_OnlyTheRegistryImportsAGame fails when a package outside
// games/ (other than a test file) imports a concrete game package: the
// generic layers and the edges receive the catalog and name no game
// (docs/ARCHITECTURE.md, "The game seam").
func TestSeam_OnlyTheRegistryImportsAGame(t *testing.T) {
	root := moduleRoot(t)
	concrete := concreteGames(t, root)
	fset := token.NewFileSet()
	checked := 0
	goFiles(t, root, func(rel string) {
		if strings.HasPrefix(rel, "games/") || strings.HasSuffix(rel, "_test.go") {
			return
		}
		f, err := parser.ParseFile(fset, filepath.Join(root, rel), nil, parser.ImportsOnly)
		if err != nil {
			t.Errorf("%s: %v", rel, err)
			return
		}
		checked++
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if concrete[p] {
				t.Errorf("%s imports the game package %s: go through games/registry and the games interfaces", rel, p)
			}
		}
	})
	if checked < 100 {
		t.Fatalf("checked %d files outside games/, want the whole module", checked)
	}
}

// gameWords returns a pattern matching any game's name as a word, from
// the registry's catalog (not a list kept here).
func gameWords(t *testing.T) *regexp.Regexp {
	t.Helper()
	var names []string
	for _, g := range registry.New().Games() {
		names = append(names, regexp.QuoteMeta(strings.ToLower(g.Name())))
	}
	if len(names) < 8 {
		t.Fatalf("the catalog has %d games", len(names))
	}
	return regexp.MustCompile(`(?i)\b(` + strings.Join(names, "|") + `)\b`)
}

// TestSeam_EdgesNameNoGame fails when the code of cmd/, api/ or the
// dashboard names a game: in Go, an identifier or a word-like string
// literal (comments and prose may cite a game as an example); in the
// dashboard's files, anywhere.
func TestSeam_EdgesNameNoGame(t *testing.T) {
	root := moduleRoot(t)
	words := gameWords(t)
	checked := 0
	goFiles(t, root, func(rel string) {
		if !(strings.HasPrefix(rel, "cmd/") || strings.HasPrefix(rel, "api/")) || strings.HasSuffix(rel, "_test.go") {
			return
		}
		src, err := os.ReadFile(filepath.Join(root, rel))
		if err != nil {
			t.Fatal(err)
		}
		checked++
		fset := token.NewFileSet()
		var s scanner.Scanner
		s.Init(fset.AddFile(rel, -1, len(src)), src, nil, 0)
		for {
			pos, tok, lit := s.Scan()
			if tok == token.EOF {
				break
			}
			// A string with a space is prose (a route's description, a
			// metric's help), which may cite a game as an example, as a
			// comment may; an identifier or a word-like string is code.
			prose := tok == token.STRING && strings.ContainsAny(lit, " ")
			if (tok == token.IDENT || tok == token.STRING) && !prose && words.MatchString(splitIdent(lit)) {
				t.Errorf("%s: %q names a game", fset.Position(pos), lit)
			}
		}
	})
	static := filepath.Join(root, "api", "dashboard", "static")
	entries, err := os.ReadDir(static)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		src, err := os.ReadFile(filepath.Join(static, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		checked++
		for i, line := range strings.Split(string(src), "\n") {
			if m := words.FindString(splitIdent(line)); m != "" {
				t.Errorf("api/dashboard/static/%s:%d names the game %q", e.Name(), i+1, m)
			}
		}
	}
	if checked < 20 {
		t.Fatalf("checked %d files, want every file of cmd/, api/ and the dashboard", checked)
	}
}

// splitIdent puts word breaks into camel case and snake case, so that
// isRoulette and demo_craps name their games as words.
func splitIdent(s string) string {
	var b strings.Builder
	for i, r := range s {
		if i > 0 && r >= 'A' && r <= 'Z' {
			b.WriteByte(' ')
		}
		if r == '_' {
			r = ' '
		}
		b.WriteRune(r)
	}
	return b.String()
}
