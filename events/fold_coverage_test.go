package events

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
)

// foldSpec names the functions of one fold over the events and the event
// types it ignores on purpose. A fold handles a type when one of its
// functions has a case for the type's payload (case *events.BetPlaced) or
// names the type (events.TypeBetPlaced).
type foldSpec struct {
	name string
	dir  string // the package, from the module's root
	// funcs are "Recv.method" or "function" of the package, or
	// "dir/function" of another package the fold calls.
	funcs []string
	// ignored are the types the fold has no use for, each a decision:
	// a new type is in neither list and fails the test until its folds
	// are written or it is ignored here.
	ignored []Type
}

// folds are the folds of the events outside this package.
var folds = []foldSpec{
	{
		name: "ledger state", dir: "ledger",
		// A round's events are folded by the round model (round.Round.Apply).
		funcs: []string{"State.apply", "State.applyPool", "State.applySession", "round/Round.Apply", "round/StatusAfter"},
	},
	{
		name: "projections", dir: "projections",
		funcs: []string{"fold.apply", "fold.poolEvent", "fold.poolEntries", "fold.sessionEvent", "fold.sessionEntries", "fold.walletEntries"},
	},
	{
		name: "verifier", dir: "audit",
		funcs: []string{"fold.apply", "fold.applyPayload", "fold.applyPool", "fold.applySession", "poolFlows",
			"flowsOf", "payloadPlace", "payloadCurrency"},
	},
	{
		name: "round replay", dir: "replay",
		// A round's status moves with the round model's lifecycle table.
		funcs: []string{"Replay", "roundState.apply", "round/StatusAfter"},
		// The round replay reads one round's events: the cashier's, the
		// table's, the pools', the sessions' and the seals are not a
		// round's.
		ignored: []Type{TypeWalletDeposited, TypeWalletWithdrawn, TypeWalletAdjusted,
			TypeTableOpened, TypeTableLimitsChanged, TypeTableClosed, TypeLedgerSealed,
			TypeTableBankTaken, TypeTableBankReleased, TypeTableShoeStarted,
			TypeJackpotConfigured, TypeJackpotLinked, TypeJackpotUnlinked, TypeJackpotAdjusted, TypeJackpotDecommissioned, TypeJackpotSeatClosed, TypeJackpotSeatReopened, TypeJackpotDrawSeedRevealed, TypeCreditsExpired,
			TypeSessionOpened, TypeSessionClosed},
	},
}

// TestCatalog_FoldsCoverEveryType walks the catalog and checks that every
// fold of the events handles every type or ignores it in its declared
// list, so that a new event type cannot be written by the ledger and
// silently skipped by a reader.
func TestCatalog_FoldsCoverEveryType(t *testing.T) {
	payloadName := map[string]Type{} // "BetPlaced" → bet.placed
	for _, e := range catalog {
		payloadName[reflect.TypeOf(e.new()).Elem().Name()] = e.typ
	}
	typeConst := map[string]Type{} // "TypeBetPlaced" → bet.placed
	for name, typ := range payloadName {
		typeConst["Type"+name] = typ
	}
	for _, f := range folds {
		byDir := map[string][]string{}
		for _, fn := range f.funcs {
			dir, name := f.dir, fn
			if i := strings.LastIndex(fn, "/"); i >= 0 {
				dir, name = fn[:i], fn[i+1:]
			}
			byDir[dir] = append(byDir[dir], name)
		}
		handled := map[Type]bool{}
		for dir, funcs := range byDir {
			for typ := range foldTypes(t, filepath.Join("..", dir), funcs, payloadName, typeConst) {
				handled[typ] = true
			}
		}
		for _, e := range catalog {
			ign := slices.Contains(f.ignored, e.typ)
			switch {
			case handled[e.typ] && ign:
				t.Errorf("%s: handles %s but lists it as ignored", f.name, e.typ)
			case !handled[e.typ] && !ign:
				t.Errorf("%s: neither handles nor ignores %s", f.name, e.typ)
			}
		}
	}
}

// foldTypes returns the event types the named functions of the package in
// dir handle: a case of a type switch on a payload, or a Type constant.
func foldTypes(t *testing.T, dir string, funcs []string, payloadName, typeConst map[string]Type) map[Type]bool {
	t.Helper()
	fset := token.NewFileSet()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]bool{}
	handled := map[Type]bool{}
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range file.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil || !slices.Contains(funcs, funcName(fn)) {
				continue
			}
			found[funcName(fn)] = true
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				if x, ok := sel.X.(*ast.Ident); !ok || x.Name != "events" {
					return true
				}
				if typ, ok := payloadName[sel.Sel.Name]; ok {
					handled[typ] = true
				}
				if typ, ok := typeConst[sel.Sel.Name]; ok {
					handled[typ] = true
				}
				return true
			})
		}
	}
	var missing []string
	for _, f := range funcs {
		if !found[f] {
			missing = append(missing, f)
		}
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		t.Fatalf("%s: no function %v: update the fold's list", dir, missing)
	}
	return handled
}

// funcName is "Recv.method" for a method, the name for a function.
func funcName(fn *ast.FuncDecl) string {
	if fn.Recv == nil || len(fn.Recv.List) == 0 {
		return fn.Name.Name
	}
	rt := fn.Recv.List[0].Type
	if s, ok := rt.(*ast.StarExpr); ok {
		rt = s.X
	}
	if id, ok := rt.(*ast.Ident); ok {
		return id.Name + "." + fn.Name.Name
	}
	return fn.Name.Name
}

// TestCatalog_TypeOf checks that each payload names its own type, as a
// pointer (what the decoder returns) and as a value.
func TestCatalog_TypeOf(t *testing.T) {
	for _, e := range catalog {
		p := e.new()
		if got := TypeOf(p); got != e.typ {
			t.Errorf("TypeOf(%T) = %q, want %q", p, got, e.typ)
		}
		v := reflect.ValueOf(p).Elem().Interface().(Payload)
		if got := TypeOf(v); got != e.typ {
			t.Errorf("TypeOf(%T) = %q, want %q", v, got, e.typ)
		}
	}
	if TypeOf(nil) != "" {
		t.Error("TypeOf(nil) is not empty")
	}
}
