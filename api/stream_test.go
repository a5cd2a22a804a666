package api_test

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/wagerlog/wagerlog/ledger"
)

// sseEvent is one server-sent event, or a comment.
type sseEvent struct {
	event, data, comment string
}

// openStream connects to a board stream and returns its events as they come.
func (e *env) openStream(ctx context.Context, table, role string) (<-chan sseEvent, *http.Response) {
	e.t.Helper()
	return e.openSSE(ctx, "/v1/tables/"+table+"/board/stream", role)
}

// openSSE connects to a stream at path and returns its events as they come.
func (e *env) openSSE(ctx context.Context, path, role string) (<-chan sseEvent, *http.Response) {
	e.t.Helper()
	r, _ := http.NewRequestWithContext(ctx, "GET", e.srv.URL+path, nil)
	r.Header.Set("Authorization", "Bearer "+e.tokens[role])
	res, err := e.srv.Client().Do(r)
	if err != nil {
		e.t.Fatal(err)
	}
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/event-stream" {
		e.t.Fatalf("stream: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	out := make(chan sseEvent, 16)
	go func() {
		defer close(out)
		defer res.Body.Close()
		sc := bufio.NewScanner(res.Body)
		var ev sseEvent
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == "":
				out <- ev
				ev = sseEvent{}
			case strings.HasPrefix(line, ":"):
				ev.comment = strings.TrimSpace(line[1:])
			case strings.HasPrefix(line, "event: "):
				ev.event = line[len("event: "):]
			case strings.HasPrefix(line, "data: "):
				ev.data = line[len("data: "):]
			}
		}
	}()
	return out, res
}

func next(t testing.TB, ch <-chan sseEvent) (sseEvent, bool) {
	t.Helper()
	select {
	case ev, ok := <-ch:
		return ev, ok
	case <-time.After(30 * time.Second):
		t.Fatal("no event from the stream in 30 s")
	}
	return sseEvent{}, false
}

// TestBoardStream sends the board on connect and again when a round
// completes, sends heartbeats, and ends when the server closes.
func TestBoardStream(t *testing.T) {
	e := newEnv(t, envOptions{heartbeat: 20 * time.Millisecond})
	e.deposit("hank", "50")
	e.openTable("t1")
	e.waitProjected()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	events, _ := e.openStream(ctx, "t1", ledger.RoleViewer)

	ev, _ := next(t, events)
	var b boardAnswer
	if ev.event != "board" || json.Unmarshal([]byte(ev.data), &b) != nil || b.Table != "t1" || len(b.Results) != 0 {
		t.Fatalf("first event %+v", ev)
	}

	round := e.openRound("t1")
	e.slip("t1", round, "hank", bet{"big", "5"})
	e.must(200, "POST", e.roundPath("t1", round, "close-betting"), ledger.RoleDealer, nil)
	e.must(200, "POST", e.roundPath("t1", round, "result"), ledger.RoleDealer, map[string]any{"dice": []int{6, 5, 4}})
	heartbeats := 0
	for {
		ev, ok := next(t, events)
		if !ok {
			t.Fatal("stream ended before the new board")
		}
		if ev.comment == "heartbeat" {
			heartbeats++
			continue
		}
		if ev.event != "board" {
			t.Fatalf("event %+v", ev)
		}
		if err := json.Unmarshal([]byte(ev.data), &b); err != nil {
			t.Fatal(err)
		}
		if len(b.Results) == 1 {
			if b.Results[0].Dice != [3]int{6, 5, 4} || b.Results[0].Size != "big" {
				t.Fatalf("board after the round: %+v", b.Results[0])
			}
			break
		}
	}
	// Heartbeats flow while nothing changes.
	for heartbeats < 2 {
		ev, ok := next(t, events)
		if !ok {
			t.Fatal("stream ended")
		}
		if ev.comment == "heartbeat" {
			heartbeats++
		}
	}
	// Closing the API ends the stream: the client sees the end.
	e.api.Close()
	for {
		if _, ok := next(t, events); !ok {
			break
		}
	}
}

// TestBoardStream_UnknownTable answers a problem, not an empty stream.
func TestBoardStream_UnknownTable(t *testing.T) {
	e := newEnv(t, envOptions{})
	r := e.req("GET", "/v1/tables/nope/board/stream", ledger.RoleViewer, nil)
	if r.status != 404 || r.problem(t).Code != "not_found" {
		t.Fatalf("stream of an unknown table: %s", r)
	}
}
