package audit

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/shopspring/decimal"
)

// The report kinds, as the CLI and the API name them.
const (
	ReportDispute   = "dispute"
	ReportReconcile = "reconcile"
	ReportRegulator = "regulator"
)

// ErrBadRequest is returned by BuildReport for an unknown report kind or a
// parameter that is missing, repeated or malformed. The API answers it as
// invalid_query.
var ErrBadRequest = errors.New("audit: bad report request")

// Limits of a report request.
const (
	// LargeWinsCurrenciesMax bounds the currencies of a large-win list.
	LargeWinsCurrenciesMax = 64
	// paramBytesMax bounds one parameter's value.
	paramBytesMax = 256
)

// ParseLargeWins reads large-win thresholds: one amount for every currency
// ("300"), or thresholds by currency ("EUR=300,CLP=250000"; "*=…" for the
// others).
func ParseLargeWins(s string) (map[string]decimal.Decimal, error) {
	out := map[string]decimal.Decimal{}
	if s == "" {
		return out, nil
	}
	parts := strings.Split(s, ",")
	if len(parts) > LargeWinsCurrenciesMax {
		return nil, fmt.Errorf("%w: large_win: %d thresholds, over the limit of %d", ErrBadRequest, len(parts), LargeWinsCurrenciesMax)
	}
	for _, part := range parts {
		cur, amount, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			cur, amount = "*", cur
		}
		d, err := decimal.NewFromString(amount)
		if err != nil || d.IsNegative() || d.Exponent() < -thresholdPlacesMax || d.GreaterThan(decimal.New(1, 18)) {
			return nil, fmt.Errorf("%w: large_win: %q is not an amount", ErrBadRequest, amount)
		}
		if cur != "*" && (len(cur) != 3 || strings.ToUpper(cur) != cur) {
			return nil, fmt.Errorf("%w: large_win: %q is not a currency code", ErrBadRequest, cur)
		}
		out[cur] = d
	}
	return out, nil
}

// BuildReport builds the report of a kind from request parameters (the
// API's query string):
//
//	format     json (default), csv or html
//	round      the round (dispute)
//	period     day:DATE, month:YYYY-MM, ytd:DATE or FROM..TO (reconcile, regulator)
//	from, to   the period's first and last days instead of period
//	time_zone  IANA zone dividing the days (default: opts.Location)
//	large_win  large-win thresholds (regulator; see ParseLargeWins)
//	operator   the operator's name in the header
//
// It returns ErrBadRequest for a bad kind or parameter, ErrRoundNotFound
// for an unknown round and ErrBadPeriod for a bad period.
func BuildReport(ctx context.Context, src Source, kind string, params map[string][]string, opts Options) (Report, Format, error) {
	get := func(name string) (string, error) {
		v := params[name]
		switch {
		case len(v) == 0:
			return "", nil
		case len(v) > 1:
			return "", fmt.Errorf("%w: %s is given %d times", ErrBadRequest, name, len(v))
		case len(v[0]) > paramBytesMax:
			return "", fmt.Errorf("%w: %s is longer than %d bytes", ErrBadRequest, name, paramBytesMax)
		}
		return v[0], nil
	}
	known := map[string]bool{"format": true, "round": true, "period": true, "from": true, "to": true, "time_zone": true, "large_win": true, "operator": true, "min_seq": true}
	for name := range params {
		if !known[name] {
			return nil, "", fmt.Errorf("%w: unknown parameter %q", ErrBadRequest, name)
		}
	}
	vals := map[string]string{}
	for name := range known {
		v, err := get(name)
		if err != nil {
			return nil, "", err
		}
		vals[name] = v
	}
	format := FormatJSON
	if vals["format"] != "" {
		f, err := ParseFormat(vals["format"])
		if err != nil {
			return nil, "", fmt.Errorf("%w: %v", ErrBadRequest, err)
		}
		format = f
	}
	if z := vals["time_zone"]; z != "" {
		loc, err := time.LoadLocation(z)
		if err != nil {
			return nil, "", fmt.Errorf("%w: time_zone %q: %v", ErrBadRequest, z, err)
		}
		opts.Location = loc
	}
	if vals["operator"] != "" {
		opts.Operator = vals["operator"]
	}
	if vals["large_win"] != "" {
		lw, err := ParseLargeWins(vals["large_win"])
		if err != nil {
			return nil, "", err
		}
		opts.LargeWins = lw
	}
	switch kind {
	case ReportDispute:
		if vals["round"] == "" {
			return nil, "", fmt.Errorf("%w: a dispute report needs round", ErrBadRequest)
		}
		r, err := Dispute(ctx, src, vals["round"], opts)
		if err != nil {
			return nil, "", err
		}
		return r, format, nil
	case ReportReconcile, ReportRegulator:
		p, err := periodOf(vals["period"], vals["from"], vals["to"], opts.location())
		if err != nil {
			return nil, "", err
		}
		if kind == ReportReconcile {
			r, err := Reconcile(ctx, src, p, opts)
			if err != nil {
				return nil, "", err
			}
			return r, format, nil
		}
		r, err := Regulator(ctx, src, p, opts)
		if err != nil {
			return nil, "", err
		}
		return r, format, nil
	}
	return nil, "", fmt.Errorf("%w: unknown report %q (want %s, %s or %s)", ErrBadRequest, kind, ReportDispute, ReportReconcile, ReportRegulator)
}

// periodOf reads a period given as a spec or as from and to.
func periodOf(spec, from, to string, loc *time.Location) (Period, error) {
	switch {
	case spec != "" && (from != "" || to != ""):
		return Period{}, fmt.Errorf("%w: give period or from and to, not both", ErrBadRequest)
	case spec != "":
		return ParsePeriod(spec, loc)
	case from == "" || to == "":
		return Period{}, fmt.Errorf("%w: a period is required: period=… or from=…&to=…", ErrBadRequest)
	}
	return NewPeriod(from, to, loc)
}

// thresholdPlacesMax bounds the decimals of a large-win threshold (no
// currency has more).
const thresholdPlacesMax = 8
