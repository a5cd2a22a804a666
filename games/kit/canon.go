package kit

import (
	"fmt"
	"slices"

	"github.com/wagerlog/wagerlog/games"
)

// MustJSON is games.CanonicalJSON of v for data whose encoding cannot
// fail: a paytable's rules, plain structs of strings and numbers. An
// error is a programming error, and panics.
func MustJSON(v any) []byte {
	b, err := games.CanonicalJSON(v)
	if err != nil {
		panic(fmt.Sprintf("kit: canonical JSON of %T: %v", v, err))
	}
	return b
}

// Canon is what every paytable carries beside its rules: its identity,
// its canonical JSON and the hash of it. A game's Paytable embeds it and
// so answers ID, Game, Version, Source, Hash and CanonicalJSON
// (games.Paytable, games.Publisher) from one home. The zero Canon is no
// paytable's; get one from NewCanon.
type Canon struct {
	id, game, source string
	version          int
	canonical        []byte
	hash             string
}

// NewCanon returns the Canon of a paytable whose data, its lists already
// in their canonical order, is data: its canonical JSON
// (games.CanonicalJSON) and hash (games.ContentHash). Every recorded
// paytable_hash depends on these bytes.
func NewCanon(id, game string, version int, source string, data any) Canon {
	b := MustJSON(data)
	return Canon{id: id, game: game, source: source, version: version, canonical: b, hash: games.ContentHash(b)}
}

// ID returns the paytable's id, "<game>/<variant>".
func (c Canon) ID() string { return c.id }

// Game returns the paytable's game name.
func (c Canon) Game() string { return c.game }

// Version returns the paytable's version, from 1.
func (c Canon) Version() int { return c.version }

// Source cites the text the paytable transcribes.
func (c Canon) Source() string { return c.source }

// Hash returns the hex SHA-256 of CanonicalJSON. Events carry it, so a bet
// is always settled with the paytable it was accepted under.
func (c Canon) Hash() string { return c.hash }

// CanonicalJSON returns the bytes that Hash digests, so an auditor can
// check the hash with any sha256 tool.
func (c Canon) CanonicalJSON() []byte { return slices.Clone(c.canonical) }

// BadPaytable returns an error wrapping ErrBadPaytable that names the
// paytable and says why its data is refused: `invalid paytable "id":
// reason`, the words of every game's New.
func BadPaytable(id, format string, args ...any) error {
	return fmt.Errorf("%w %q: %s", ErrBadPaytable, id, fmt.Sprintf(format, args...))
}

// Refusal returns the refusal a game's New words its errors with: a
// function that returns P's zero value and BadPaytable(id, format,
// args...).
func Refusal[P any](id string) func(format string, args ...any) (P, error) {
	return func(format string, args ...any) (P, error) {
		var zero P
		return zero, BadPaytable(id, format, args...)
	}
}

// CheckIdentity checks the identity a paytable's data starts with, what
// every game's New checks first and in this order: a non-empty id, the
// game's name (game must be want), a version of 1 or more. Its error is a
// BadPaytable.
func CheckIdentity(id, game, want string, version int) error {
	switch {
	case id == "":
		return BadPaytable(id, "empty id")
	case game != want:
		return BadPaytable(id, "game %q, want %q", game, want)
	case version < 1:
		return BadPaytable(id, "version %d, want 1 or more", version)
	}
	return nil
}
