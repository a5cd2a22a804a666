package api

import (
	"bufio"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/wagerlog/wagerlog/events"
	"github.com/wagerlog/wagerlog/ledger"
)

// Limits of a tokens file.
const (
	// TokensMax is the most tokens a tokens file may hold; every request
	// compares its token with each of them.
	TokensMax = 10_000
	// TokenLineMax is the longest line of a tokens file.
	TokenLineMax = 512
	// TokenBytesMax is the longest bearer token accepted in a request.
	TokenBytesMax = 256
	// tokenRandomBytes is the entropy of a generated token.
	tokenRandomBytes = 32
	// TokenPrefix starts every generated token, so that a leaked one is easy
	// to recognise (by secret scanners, for example).
	TokenPrefix = "wlt_"
)

// Roles returns the roles a token may carry: every ledger role but the
// ledger's own system role. It returns a new slice on every call.
func Roles() []string {
	return []string{
		ledger.RoleDealer, ledger.RoleSupervisor, ledger.RoleCashier, ledger.RoleFrontend,
		ledger.RoleAuditor, ledger.RoleFinance, ledger.RoleViewer,
	}
}

// ErrTokensFile is returned (wrapped, with the line number) when a tokens
// file does not parse.
var ErrTokensFile = errors.New("api: bad tokens file")

// Principal is who a token speaks for: a role and an actor id, recorded as
// the author of every event its commands raise.
type Principal struct {
	Role  string
	Actor string
}

// Tokens is a parsed tokens file: the SHA-256 of each token with its
// principal. The tokens themselves are never stored.
//
// The file has one token per line, `role:actor-id:sha256-hex`, where the
// hash is the lower-case hex SHA-256 of the whole token as presented in the
// Authorization header. Blank lines and lines starting with '#' are ignored.
// `wagerlog token add` appends lines in this format.
type Tokens struct {
	entries []tokenEntry
}

type tokenEntry struct {
	hash [sha256.Size]byte
	who  Principal
}

// ParseTokens reads a tokens file.
func ParseTokens(r io.Reader) (*Tokens, error) {
	t := &Tokens{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, TokenLineMax), TokenLineMax)
	seen := map[[sha256.Size]byte]bool{}
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if len(t.entries) == TokensMax {
			return nil, fmt.Errorf("%w: line %d: more than %d tokens", ErrTokensFile, n, TokensMax)
		}
		e, err := parseTokenLine(line)
		if err != nil {
			return nil, fmt.Errorf("%w: line %d: %v", ErrTokensFile, n, err)
		}
		if seen[e.hash] {
			return nil, fmt.Errorf("%w: line %d: the same token hash appears twice", ErrTokensFile, n)
		}
		seen[e.hash] = true
		t.entries = append(t.entries, e)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%w: after line %d: %v", ErrTokensFile, n, err)
	}
	return t, nil
}

func parseTokenLine(line string) (tokenEntry, error) {
	parts := strings.Split(line, ":")
	if len(parts) != 3 {
		return tokenEntry{}, errors.New("want role:actor-id:sha256-hex")
	}
	role, actor, sum := parts[0], parts[1], parts[2]
	if !ValidRole(role) {
		return tokenEntry{}, fmt.Errorf("unknown role %q (roles: %s)", role, strings.Join(Roles(), ", "))
	}
	if !events.ValidID(actor) {
		return tokenEntry{}, fmt.Errorf("actor id %q must be 1..64 letters, digits, '_' or '-'", actor)
	}
	var e tokenEntry
	b, err := hex.DecodeString(sum)
	if err != nil || len(b) != sha256.Size || strings.ToLower(sum) != sum {
		return tokenEntry{}, errors.New("the hash must be 64 lower-case hex digits")
	}
	copy(e.hash[:], b)
	e.who = Principal{Role: role, Actor: actor}
	return e, nil
}

// ValidRole reports whether role is one a token may carry.
func ValidRole(role string) bool {
	for _, r := range Roles() {
		if r == role {
			return true
		}
	}
	return false
}

// Len returns the number of tokens.
func (t *Tokens) Len() int {
	if t == nil {
		return 0
	}
	return len(t.entries)
}

// Lookup returns the principal of a presented token. The token's SHA-256 is
// compared with every entry in constant time, and the loop never stops
// early, so the time taken says nothing about which entry matched.
func (t *Tokens) Lookup(token string) (Principal, bool) {
	if t == nil || token == "" || len(token) > TokenBytesMax {
		return Principal{}, false
	}
	sum := sha256.Sum256([]byte(token))
	var who Principal
	found := 0
	for i := range t.entries {
		if subtle.ConstantTimeCompare(sum[:], t.entries[i].hash[:]) == 1 {
			who = t.entries[i].who
			found = 1
		}
	}
	return who, found == 1
}

// NewToken returns a fresh random token and the tokens-file line that
// admits it as role and actor. The token is shown once; only its hash is
// stored.
func NewToken(role, actor string) (token, line string, err error) {
	if !ValidRole(role) {
		return "", "", fmt.Errorf("unknown role %q (roles: %s)", role, strings.Join(Roles(), ", "))
	}
	if !events.ValidID(actor) {
		return "", "", fmt.Errorf("actor id %q must be 1..64 letters, digits, '_' or '-'", actor)
	}
	b := make([]byte, tokenRandomBytes)
	if _, err := rand.Read(b); err != nil {
		return "", "", err
	}
	token = TokenPrefix + base64.RawURLEncoding.EncodeToString(b)
	return token, TokenLine(role, actor, token), nil
}

// TokenLine returns the tokens-file line that admits token as role and
// actor.
func TokenLine(role, actor, token string) string {
	sum := sha256.Sum256([]byte(token))
	return role + ":" + actor + ":" + hex.EncodeToString(sum[:])
}
