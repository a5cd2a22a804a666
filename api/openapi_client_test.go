//go:build openapi

// The validator (pb33f/libopenapi and its hundred packages, a few minutes
// of compilation on a fresh clone) is built only with the tag openapi:
// `go test -tags openapi -run '^TestOpenAPI_' ./api`, which CI runs
// (.ci/run).

package api_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"

	"github.com/wagerlog/wagerlog/ledger"
	"github.com/wagerlog/wagerlog/projections"
)

// The OpenAPI document, checked by an independent validator
// (pb33f/libopenapi-validator, which reads OpenAPI 3.1), and a typed client
// of the document that runs the README's walk-through: the client knows
// operations by their operationId and takes their method and path from the
// document, and every request it sends and every answer it gets is
// validated against the document.

// openAPIValidator loads the served document into the validator and fails
// on any fault the validator finds in the document itself.
func openAPIValidator(t *testing.T, e *env) (validator.Validator, map[string][2]string) {
	t.Helper()
	raw := e.must(200, "GET", "/v1/openapi.json", "", nil).body
	doc, err := libopenapi.NewDocument(raw)
	if err != nil {
		t.Fatalf("libopenapi: %v", err)
	}
	v, errs := validator.NewValidator(doc)
	if len(errs) > 0 {
		t.Fatalf("validator: %v", errs)
	}
	if ok, verrs := v.ValidateDocument(); !ok {
		for _, ve := range verrs {
			t.Errorf("document: %s: %s", ve.Message, ve.Reason)
			for _, se := range ve.SchemaValidationErrors {
				t.Errorf("  at %s: %s", se.FieldPath, se.Reason)
			}
		}
		t.FailNow()
	}
	// operationId → method, path.
	var d struct {
		Paths map[string]map[string]struct {
			ID string `json:"operationId"`
		} `json:"paths"`
	}
	mustJSON(t, raw, &d)
	ops := map[string][2]string{}
	for path, methods := range d.Paths {
		for m, op := range methods {
			ops[op.ID] = [2]string{strings.ToUpper(m), path}
		}
	}
	return v, ops
}

// TestOpenAPI_Valid checks the document with the independent validator.
func TestOpenAPI_Valid(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{})
	_, ops := openAPIValidator(t, e)
	if len(ops) == 0 {
		t.Fatal("no operations")
	}
}

// client is a typed client of the OpenAPI document.
type client struct {
	t    *testing.T
	e    *env
	v    validator.Validator
	ops  map[string][2]string
	keys int
}

// call runs operation op as role with the path parameters params (name,
// value, …), sends body as JSON, validates the request and the answer
// against the document, and decodes a success into out. It returns the
// status and the problem of an error answer.
func (c *client) call(op, role string, params []string, body, out any) (int, *problemBody) {
	c.t.Helper()
	mp, ok := c.ops[op]
	if !ok {
		c.t.Fatalf("the document has no operation %s", op)
	}
	path := mp[1]
	for i := 0; i+1 < len(params); i += 2 {
		path = strings.ReplaceAll(path, "{"+params[i]+"}", params[i+1])
	}
	var rd io.Reader
	var raw []byte
	if body != nil {
		var err error
		if raw, err = json.Marshal(body); err != nil {
			c.t.Fatal(err)
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(mp[0], c.e.srv.URL+path, rd)
	if err != nil {
		c.t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if role != "" {
		req.Header.Set("Authorization", "Bearer "+c.e.tokens[role])
	}
	if mp[0] == "POST" {
		c.keys++
		req.Header.Set("Idempotency-Key", fmt.Sprintf("client-%d", c.keys))
	}
	// The validator reads the request's body: give it a copy.
	vreq := req.Clone(req.Context())
	if raw != nil {
		vreq.Body = io.NopCloser(bytes.NewReader(raw))
	}
	if ok, errs := c.v.ValidateHttpRequest(vreq); !ok {
		for _, ve := range errs {
			c.t.Errorf("%s request: %s: %s", op, ve.Message, ve.Reason)
		}
	}
	res, err := c.e.srv.Client().Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer res.Body.Close()
	got, err := io.ReadAll(res.Body)
	if err != nil {
		c.t.Fatal(err)
	}
	res.Body = io.NopCloser(bytes.NewReader(got))
	vreq = req.Clone(req.Context())
	if raw != nil {
		vreq.Body = io.NopCloser(bytes.NewReader(raw))
	}
	if ok, errs := c.v.ValidateHttpResponse(vreq, res); !ok {
		for _, ve := range errs {
			c.t.Errorf("%s answer %d %s: %s: %s", op, res.StatusCode, got, ve.Message, ve.Reason)
			for _, se := range ve.SchemaValidationErrors {
				c.t.Errorf("  at %s: %s", se.FieldPath, se.Reason)
			}
		}
	}
	if res.StatusCode >= 400 {
		var p problemBody
		mustJSON(c.t, got, &p)
		return res.StatusCode, &p
	}
	if out != nil {
		mustJSON(c.t, got, out)
	}
	return res.StatusCode, nil
}

type problemBody struct {
	Code string `json:"code"`
}

// The typed requests of the walk-through, as the document describes them.
type (
	moneyRequest struct {
		Amount   string `json:"amount"`
		Currency string `json:"currency"`
	}
	limitBody struct {
		Min string `json:"min"`
		Max string `json:"max"`
	}
	openTableBody struct {
		Table    string               `json:"table"`
		Paytable string               `json:"paytable"`
		Currency string               `json:"currency"`
		Limits   map[string]limitBody `json:"limits"`
		Band     limitBody            `json:"band"`
		Dealer   string               `json:"dealer"`
	}
	betBody struct {
		Code  string `json:"code"`
		Stake string `json:"stake"`
	}
	slipBody struct {
		Player string    `json:"player"`
		Round  string    `json:"round,omitempty"`
		Bets   []betBody `json:"bets"`
	}
	diceBody struct {
		Dice [3]int `json:"dice"`
	}
)

// TestOpenAPI_ClientWalkthrough runs the README's walk-through with the
// typed client: deposit, open a table, open a round, a slip, close
// betting, the result, and the wallet read with min_seq (balance 160.00);
// then a refusal, whose problem the document describes too.
func TestOpenAPI_ClientWalkthrough(t *testing.T) {
	t.Parallel()
	e := newEnv(t, envOptions{})
	v, ops := openAPIValidator(t, e)
	c := &client{t: t, e: e, v: v, ops: ops}

	var res ledger.Result
	c.call("deposit", ledger.RoleCashier, []string{"player", "alice"}, moneyRequest{"100", "EUR"}, &res)
	c.call("openTable", ledger.RoleSupervisor, nil, openTableBody{
		Table: "t1", Paytable: "sicbo/live", Currency: "EUR",
		Limits: map[string]limitBody{"*": {"1", "500"}}, Band: limitBody{"1", "1000"}, Dealer: dealerActor,
	}, &res)
	var round ledger.Result
	if st, _ := c.call("openRound", ledger.RoleDealer, []string{"table", "t1"}, nil, &round); st != 201 || round.Round == "" {
		t.Fatalf("openRound: %d %+v", st, round)
	}
	var slip ledger.Result
	c.call("placeSlip", ledger.RoleFrontend, []string{"table", "t1"}, slipBody{Player: "alice", Bets: []betBody{{"small", "10"}, {"double:2", "5"}}}, &slip)
	if len(slip.Bets) != 2 || slip.Bets[1].Code != "double:2" {
		t.Fatalf("slip %+v", slip)
	}
	c.call("closeBetting", ledger.RoleDealer, []string{"table", "t1", "round", round.Round}, nil, &res)
	var result ledger.Result
	c.call("recordResult", ledger.RoleDealer, []string{"table", "t1", "round", round.Round}, diceBody{[3]int{2, 2, 5}}, &result)
	if result.Settlement == nil || !result.Settlement.Totals.Returned.Equal(dec("75")) {
		t.Fatalf("result %+v", result)
	}
	var wallet projections.BalanceList
	c.ops["getWalletMinSeq"] = [2]string{"GET", ops["getWallet"][1] + fmt.Sprintf("?min_seq=%d", result.LastSeq)}
	c.call("getWalletMinSeq", ledger.RoleFrontend, []string{"player", "alice"}, nil, &wallet)
	if len(wallet.Balances) != 1 || !wallet.Balances[0].Balance.Equal(dec("160")) {
		t.Fatalf("alice's wallet %+v, want 160", wallet)
	}

	// Reads of the round, the slip, the history, the board, the players.
	var rv projections.RoundView
	c.call("getRound", ledger.RoleAuditor, []string{"round", round.Round}, nil, &rv)
	c.call("getSlip", ledger.RoleFrontend, []string{"round", round.Round, "slip", slip.Slip}, nil, nil)
	c.call("playerBets", ledger.RoleFrontend, []string{"player", "alice"}, nil, nil)
	c.call("walletHistory", ledger.RoleCashier, []string{"player", "alice"}, nil, nil)
	c.call("board", ledger.RoleViewer, []string{"table", "t1"}, nil, nil)
	c.call("listPlayers", ledger.RoleFinance, nil, nil, nil)
	c.call("balances", ledger.RoleFinance, nil, nil, nil)
	c.call("listTables", ledger.RoleFinance, nil, nil, nil)
	c.call("listRounds", ledger.RoleFinance, []string{"table", "t1"}, nil, nil)

	// Refusals are problems the document describes, per route.
	if st, p := c.call("withdraw", ledger.RoleCashier, []string{"player", "alice"}, moneyRequest{"1000", "EUR"}, nil); st != 422 || p.Code != "insufficient_funds" {
		t.Fatalf("withdraw over the balance: %d %+v", st, p)
	}
	if st, p := c.call("getRound", ledger.RoleAuditor, []string{"round", "0190a0b0-0000-7000-8000-000000000000"}, nil, nil); st != 404 || p.Code != "not_found" {
		t.Fatalf("unknown round: %d %+v", st, p)
	}
}
