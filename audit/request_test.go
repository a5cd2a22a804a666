package audit_test

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/wagerlog/wagerlog/audit"
)

func TestBuildReport(t *testing.T) {
	sc := newScenario(t)
	opts := reportOptions(t)
	ctx := context.Background()
	r, f, err := audit.BuildReport(ctx, sc.store, audit.ReportRegulator, map[string][]string{
		"period": {"day:2026-11-02"}, "format": {"csv"}, "large_win": {"CLP=2000"}, "time_zone": {"Europe/Madrid"},
	}, opts)
	if err != nil || f != audit.FormatCSV {
		t.Fatalf("regulator: %v, format %s", err, f)
	}
	var buf bytes.Buffer
	if err := audit.Render(&buf, r, f); err != nil {
		t.Fatal(err)
	}
	// The CSV is a zip of one file per table: large_wins.csv lists them.
	zr, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		t.Fatal(err)
	}
	var wins []byte
	for _, f := range zr.File {
		if f.Name == "large_wins.csv" {
			rc, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			wins, _ = io.ReadAll(rc)
			rc.Close()
		}
	}
	if !strings.Contains(string(wins), "\n58,") || strings.Contains(string(wins), "\n13,") {
		t.Fatalf("the CLP threshold and the day were not applied:\n%s", wins)
	}
	if _, _, err := audit.BuildReport(ctx, sc.store, audit.ReportDispute, map[string][]string{"round": {sc.rounds["r1"]}}, opts); err != nil {
		t.Fatalf("dispute: %v", err)
	}
	for name, tc := range map[string]struct {
		kind   string
		params map[string][]string
		want   error
	}{
		"unknown kind":      {"weekly", nil, audit.ErrBadRequest},
		"unknown parameter": {audit.ReportRegulator, map[string][]string{"period": {"day:2026-11-01"}, "colour": {"red"}}, audit.ErrBadRequest},
		"repeated":          {audit.ReportRegulator, map[string][]string{"period": {"day:2026-11-01", "day:2026-11-02"}}, audit.ErrBadRequest},
		"no period":         {audit.ReportReconcile, map[string][]string{}, audit.ErrBadRequest},
		"both periods":      {audit.ReportReconcile, map[string][]string{"period": {"day:2026-11-01"}, "from": {"2026-11-01"}, "to": {"2026-11-01"}}, audit.ErrBadRequest},
		"bad period":        {audit.ReportReconcile, map[string][]string{"from": {"2026-11-05"}, "to": {"2026-11-01"}}, audit.ErrBadPeriod},
		"bad format":        {audit.ReportReconcile, map[string][]string{"period": {"day:2026-11-01"}, "format": {"docx"}}, audit.ErrBadRequest},
		"bad zone":          {audit.ReportReconcile, map[string][]string{"period": {"day:2026-11-01"}, "time_zone": {"Mars/Olympus"}}, audit.ErrBadRequest},
		"bad large win":     {audit.ReportRegulator, map[string][]string{"period": {"day:2026-11-01"}, "large_win": {"EUR=lots"}}, audit.ErrBadRequest},
		"no round":          {audit.ReportDispute, map[string][]string{}, audit.ErrBadRequest},
		"unknown round":     {audit.ReportDispute, map[string][]string{"round": {"nope"}}, audit.ErrRoundNotFound},
	} {
		if _, _, err := audit.BuildReport(ctx, sc.store, tc.kind, tc.params, opts); !errors.Is(err, tc.want) {
			t.Errorf("%s: err %v, want %v", name, err, tc.want)
		}
	}
}

func TestParseLargeWins(t *testing.T) {
	m, err := audit.ParseLargeWins("300, CLP=250000")
	if err != nil || len(m) != 2 || !m["*"].Equal(dec("300")) || !m["CLP"].Equal(dec("250000")) {
		t.Fatalf("%v %v", m, err)
	}
	for _, bad := range []string{"-1", "EUR=", "eur=10", "EURO=10", "1e999"} {
		if _, err := audit.ParseLargeWins(bad); !errors.Is(err, audit.ErrBadRequest) {
			t.Errorf("%q: %v", bad, err)
		}
	}
}
