package events

import (
	"errors"
	"regexp"
	"strings"
	"testing"
)

// FuzzValidID holds ValidID to the rule as a regular expression: the same
// answer for every string.
func FuzzValidID(f *testing.F) {
	rule := regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$`)
	for _, s := range []string{"", "a", "-a", "_a", "a-", "a_b", "é", "a\n", "a b", "ab\x00", strings.Repeat("z", IDMax), strings.Repeat("z", IDMax+1)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := ValidID(s), rule.MatchString(s); got != want {
			t.Fatalf("ValidID(%q) = %v, the rule says %v", s, got, want)
		}
	})
}

func TestValidID(t *testing.T) {
	tests := []struct {
		id   string
		want bool
	}{
		{"sicbo-1", true},
		{"p-0042", true},
		{"T_01", true},
		{"7", true},
		{"0-_", true},
		{strings.Repeat("a", IDMax), true},
		{strings.Repeat("a", IDMax+1), false},
		{"", false},
		{"-sicbo", false}, // must start with a letter or digit
		{"_sicbo", false},
		// '.', '*' and '>' are NATS subject separators and wildcards; spaces
		// and control characters split or end a subject.
		{"sicbo.1", false},
		{"sicbo*", false},
		{"*", false},
		{">", false},
		{"sicbo>", false},
		{"sicbo 1", false},
		{" sicbo", false},
		{"sicbo\t1", false},
		{"sicbo\n", false}, // $ must not match before a trailing newline
		{"sicbo\r\n", false},
		{"sicbo\x00", false},
		{"mesa-ñ", false}, // letters outside ASCII
		{"ｓｉｃｂｏ", false},
		{"sicbo-١", false}, // a non-ASCII digit
		{"sicbo/1", false},
		{"sicbo:1", false},
		{"$sys", false},
	}
	for _, tt := range tests {
		if got := ValidID(tt.id); got != tt.want {
			t.Errorf("ValidID(%q) = %v, want %v", tt.id, got, tt.want)
		}
	}
}

// subjectOK reports whether s is a literal NATS subject: non-empty tokens
// separated by '.', with no wildcard or white space.
func subjectOK(s string) bool {
	for tok := range strings.SplitSeq(s, ".") {
		if tok == "" || strings.ContainsAny(tok, "*> \t\r\n") {
			return false
		}
	}
	return true
}

func TestSubjectFor(t *testing.T) {
	const prefix = "wagerlog.casino1"
	for _, typ := range Types() {
		t.Run(string(typ), func(t *testing.T) {
			e := sampleEnvelope(t, typ, newV7(t))
			var want string
			switch typ {
			case TypeWalletDeposited, TypeWalletWithdrawn, TypeWalletAdjusted, TypeCreditsExpired:
				want = "wagerlog.casino1.cashier"
			case TypeLedgerSealed:
				want = "wagerlog.casino1.seal"
			case TypeJackpotConfigured, TypeJackpotLinked, TypeJackpotUnlinked, TypeJackpotAdjusted, TypeJackpotDecommissioned, TypeJackpotDrawSeedRevealed:
				want = "wagerlog.casino1.jackpot"
			default:
				want = "wagerlog.casino1.table.sicbo-1"
			}
			got, err := SubjectFor(prefix, &e)
			if err != nil || got != want {
				t.Fatalf("SubjectFor = %q, %v; want %q", got, err, want)
			}
			if !subjectOK(got) || !strings.HasPrefix(got, strings.TrimSuffix(AllSubjects(prefix), ">")) {
				t.Errorf("%q is not a literal subject under %s", got, AllSubjects(prefix))
			}
			// Cashier and seal events do not depend on a table.
			if !isTableType(typ) {
				e.Table = "not a table"
				if again, err := SubjectFor(prefix, &e); err != nil || again != want {
					t.Errorf("with a bad table: %q, %v; want %q", again, err, want)
				}
			}
		})
	}
}

func TestSubjectFor_Err(t *testing.T) {
	for _, table := range []string{"", "sicbo.1", "*", ">", "sicbo 1", strings.Repeat("t", IDMax+1)} {
		for _, typ := range []Type{TypeTableOpened, TypeBetPlaced, TypeRoundResult, TypeBetSettlementReversed} {
			e := sampleEnvelope(t, typ, newV7(t))
			e.Table = table
			if got, err := SubjectFor("wagerlog", &e); !errors.Is(err, ErrMalformed) {
				t.Errorf("%s on table %q: %q, %v; want ErrMalformed", typ, table, got, err)
			}
		}
	}
	e := sampleEnvelope(t, TypeBetPlaced, newV7(t))
	e.Type = "bet.withdrawn"
	if _, err := SubjectFor("wagerlog", &e); !errors.Is(err, ErrUnknownType) {
		t.Errorf("unknown type: %v, want ErrUnknownType", err)
	}
}

func TestSubjects(t *testing.T) {
	if got := TableSubject("w", "sicbo-1"); got != "w.table.sicbo-1" {
		t.Errorf("TableSubject = %q", got)
	}
	if got := CashierSubject("w"); got != "w.cashier" {
		t.Errorf("CashierSubject = %q", got)
	}
	if got := SealSubject("w"); got != "w.seal" {
		t.Errorf("SealSubject = %q", got)
	}
	if got := AllSubjects("w"); got != "w.>" {
		t.Errorf("AllSubjects = %q", got)
	}
}
