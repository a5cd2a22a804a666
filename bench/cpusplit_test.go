package bench

import (
	"bytes"
	"testing"

	"github.com/google/pprof/profile"
)

// TestCPUSplit writes a profile whose stacks run in known parts, and reads
// the split back.
func TestCPUSplit(t *testing.T) {
	p := &profile.Profile{
		SampleType: []*profile.ValueType{{Type: "samples", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}},
		PeriodType: &profile.ValueType{Type: "cpu", Unit: "nanoseconds"},
		Period:     10_000_000,
	}
	loc := map[string]*profile.Location{}
	at := func(name string) *profile.Location {
		if l, ok := loc[name]; ok {
			return l
		}
		f := &profile.Function{ID: uint64(len(p.Function) + 1), Name: name}
		p.Function = append(p.Function, f)
		l := &profile.Location{ID: uint64(len(p.Location) + 1), Line: []profile.Line{{Function: f}}}
		p.Location = append(p.Location, l)
		loc[name] = l
		return l
	}
	sample := func(ns int64, stack ...string) { // leaf first, as pprof stores them
		s := &profile.Sample{Value: []int64{ns / 10_000_000, ns}}
		for _, name := range stack {
			s.Location = append(s.Location, at(name))
		}
		p.Sample = append(p.Sample, s)
	}
	// A handler: request handling, except its call into the ledger.
	sample(30_000_000, "encoding/json.Unmarshal", "github.com/wagerlog/wagerlog/api.(*Server).placeSlip", "net/http.(*conn).serve")
	sample(10_000_000, "syscall.Syscall", "net/http.(*conn).serve")
	sample(20_000_000, "runtime.chansend", "github.com/wagerlog/wagerlog/ledger.(*Ledger).Execute", "github.com/wagerlog/wagerlog/api.(*Server).placeSlip", "net/http.(*conn).serve")
	// The projector's reads through the NATS client are the projector's.
	sample(40_000_000, "github.com/wagerlog/wagerlog/projections.(*fold).apply", "github.com/nats-io/nats.go/jetstream.(*pullConsumer).Consume.func1")
	sample(50_000_000, "github.com/nats-io/nats-server/v2/server.(*fileStore).StoreMsg")
	sample(60_000_000, "github.com/nats-io/nats.go.(*Conn).readLoop")
	sample(70_000_000, "runtime.scanobject", "runtime.gcBgMarkWorker")
	sample(80_000_000, "runtime.schedule")
	var buf bytes.Buffer
	if err := p.Write(&buf); err != nil {
		t.Fatal(err)
	}
	got, err := cpuSplit(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]float64{
		"request": 40_000, "ledger": 20_000, "projector": 40_000, "jetstream": 50_000,
		"nats_client": 60_000, "gc": 70_000, "other": 80_000,
	}
	if len(got) != len(want) {
		t.Fatalf("parts %v, want %v", got, want)
	}
	for part, us := range want {
		if got[part] != us {
			t.Errorf("%s: %v µs, want %v", part, got[part], us)
		}
	}
	if _, err := cpuSplit([]byte("not a profile")); err == nil {
		t.Error("a damaged profile read without an error")
	}
}
