package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/wagerlog/wagerlog/api"
)

// tokensFileName is the tokens file in the data directory when --tokens is
// not given.
const tokensFileName = "tokens"

func (m *Main) tokenCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "token",
		Short: "Manage the API's bearer tokens (the tokens file stores only their SHA-256)",
	}
	var role, actor, file, dataDir string
	add := &cobra.Command{
		Use:   "add",
		Short: "Create a token for a role and actor, print it once, store its hash",
		Long: `Create a random bearer token for --role and --actor, append the line
role:actor:sha256-hex to the tokens file (created with mode 0600 when missing),
and print the token on standard output. The token itself is not stored
anywhere: copy it now. Restart serve to load the new token.

Roles: ` + strings.Join(api.Roles(), ", ") + `. A dealer's actor id is the
dealer id a table names when it is opened.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			path := tokensPath(file, dataDir)
			token, line, err := api.NewToken(role, actor)
			if err != nil {
				return err
			}
			if err := appendTokenLines(path, []string{line}); err != nil {
				return err
			}
			fmt.Fprintf(m.Stderr, "added %s token for %s to %s; it is shown only now:\n", role, actor, path)
			_, err = fmt.Fprintln(m.Stdout, token)
			return err
		},
	}
	add.Flags().StringVar(&role, "role", "", "role: "+strings.Join(api.Roles(), ", "))
	add.Flags().StringVar(&actor, "actor", "", "actor id (1..64 letters, digits, '_' or '-'); a dealer's is its dealer id")
	add.Flags().StringVar(&file, "tokens", "", "tokens file (default <data-dir>/tokens)")
	add.Flags().StringVar(&dataDir, "data-dir", "data", "data directory, for the default tokens file")
	_ = add.MarkFlagRequired("role")
	_ = add.MarkFlagRequired("actor")
	cmd.AddCommand(add)
	return cmd
}

// tokensPath returns the tokens file: file when given, else the one in the
// data directory.
func tokensPath(file, dataDir string) string {
	if file != "" {
		return file
	}
	return filepath.Join(dataDir, tokensFileName)
}

// loadTokens reads and parses a tokens file.
func loadTokens(path string) (*api.Tokens, error) {
	if err := checkNotWritableByOthers(path); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	t, err := api.ParseTokens(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

// appendTokenLines appends lines to the tokens file, creating it (mode
// 0600) when missing, and checks that the result still parses.
func appendTokenLines(path string, lines []string) error {
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return err
		}
	}
	old, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	if len(old) > 0 {
		if _, err := api.ParseTokens(bytes.NewReader(old)); err != nil {
			return fmt.Errorf("%s: %w (fix it before adding tokens)", path, err)
		}
	}
	var b bytes.Buffer
	if len(old) == 0 {
		b.WriteString("# wagerlog API tokens: role:actor-id:sha256-hex of the token (see docs/API.md)\n")
	} else if old[len(old)-1] != '\n' {
		b.WriteByte('\n')
	}
	for _, l := range lines {
		b.WriteString(l + "\n")
	}
	if _, err := api.ParseTokens(io.MultiReader(bytes.NewReader(old), bytes.NewReader(b.Bytes()))); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return err
	}
	if _, err := f.Write(b.Bytes()); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// devTokens creates the tokens file with one token per role (actor
// "<role>-1") and returns the tokens, for --dev-tokens on a first start.
func devTokens(path string) ([][3]string, error) {
	var out [][3]string
	var lines []string
	for _, role := range api.Roles() {
		actor := role + "-1"
		tok, line, err := api.NewToken(role, actor)
		if err != nil {
			return nil, err
		}
		out = append(out, [3]string{role, actor, tok})
		lines = append(lines, line)
	}
	return out, appendTokenLines(path, lines)
}

// devToken is one token of the --dev-tokens-out file.
type devToken struct {
	Actor string `json:"actor"`
	Token string `json:"token"`
}

// writeDevTokens writes the tokens --dev-tokens made to path as JSON, keyed
// by role, readable by its owner only: the file holds the tokens
// themselves, unlike the tokens file (jq -r .cashier.token FILE).
func writeDevTokens(path string, toks [][3]string) error {
	out := map[string]devToken{}
	for _, t := range toks {
		out[t[0]] = devToken{Actor: t[1], Token: t[2]}
	}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	// An existing file keeps its mode through O_TRUNC: make it 0600.
	if err := f.Chmod(0o600); err != nil {
		f.Close()
		return err
	}
	if _, err := f.Write(append(b, '\n')); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
