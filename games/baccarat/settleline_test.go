package baccarat

import (
	"encoding/json"
	"testing"
)

// TestSettleLine pins the auditors' contract of settle --jsonl: the
// issue's two request lines, a caballo, and a bad deal answered with the
// rule it breaks.
func TestSettleLine(t *testing.T) {
	for _, tt := range []struct {
		name, line string
		want       map[string]any
	}{
		{"punto banco banker", `{"paytable":"baccarat/punto-banco","bet":"banker","stake":"10","player":["4S","9H","7D"],"banker":["KC","5H","3S"]}`,
			map[string]any{"outcome": "won", "win": "10.00", "commission": "0.50", "returned": "19.50", "paytable_hash": goldenHashPuntoBanco, "stake": "10.00"}},
		{"punto banco stake as a number", `{"paytable":"baccarat/punto-banco","bet":"player","stake":10,"player":["4S","9H","7D"],"banker":["KC","5H","3S"],"scale":0}`,
			map[string]any{"outcome": "lost", "win": "0", "returned": "0", "stake": "10"}},
		{"deux tableaux tableau:1", `{"paytable":"baccarat/deux-tableaux-1979","bet":"tableau:1","stake":"10","tableaux":[["4S","3H"],["6C","KD"]],"banker":["3H","KC","8D"]}`,
			map[string]any{"outcome": "won", "win": "10.00", "returned": "20.00", "paytable_hash": goldenHashDeuxTableaux}},
		{"deux tableaux a_caballo", `{"paytable":"baccarat/deux-tableaux-1979","bet":"a_caballo","stake":"10","tableaux":[["4S","3H"],["2C","KD","KS"]],"banker":["5H","KC"]}`,
			map[string]any{"outcome": "push", "win": "0.00", "returned": "10.00"}},
		{"bad deal", `{"paytable":"baccarat/punto-banco","bet":"banker","stake":"10","player":["4S","9H","7D"],"banker":["KC","7H","3S"]}`,
			map[string]any{"outcome": "error", "code": "invalid_result", "rule": "banker_drawing_table"}},
		{"bad deal, deux tableaux", `{"paytable":"baccarat/deux-tableaux-1979","bet":"tableau:2","stake":"10","tableaux":[["4S","3H"],["6C","KD","2S"]],"banker":["3H","KC","8D"]}`,
			map[string]any{"outcome": "error", "code": "invalid_result", "rule": "player_stands_6_7"}},
		{"other form's members", `{"paytable":"baccarat/punto-banco","bet":"banker","stake":"10","tableaux":[["4S","3H"],["6C","KD"]],"banker":["3H","KC","8D"]}`,
			map[string]any{"outcome": "error", "code": "invalid_result", "rule": "result_shape"}},
		{"unknown member", `{"paytable":"baccarat/punto-banco","bet":"banker","stake":"10","dice":[1,2,3]}`,
			map[string]any{"outcome": "error", "code": "invalid_request"}},
		{"unknown paytable", `{"paytable":"baccarat/macao","bet":"banker","stake":"10"}`,
			map[string]any{"outcome": "error", "code": "unknown_paytable"}},
		{"bad bet", `{"paytable":"baccarat/deux-tableaux-1979","bet":"banker","stake":"10","tableaux":[["4S","3H"],["6C","KD"]],"banker":["3H","KC","8D"]}`,
			map[string]any{"outcome": "error", "code": "bet_not_offered"}},
		{"bad stake", `{"paytable":"baccarat/punto-banco","bet":"banker","stake":"ten","player":["4S","9H","7D"],"banker":["KC","5H","3S"]}`,
			map[string]any{"outcome": "error", "code": "invalid_amount"}},
		{"empty", `  `, map[string]any{"outcome": "error", "code": "invalid_request"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b, err := json.Marshal(SettleLine([]byte(tt.line), "", 2))
			if err != nil {
				t.Fatal(err)
			}
			var got map[string]any
			if err := json.Unmarshal(b, &got); err != nil {
				t.Fatal(err)
			}
			for k, v := range tt.want {
				if got[k] != v {
					t.Errorf("%s = %v, want %v (answer %s)", k, got[k], v, b)
				}
			}
			if _, ok := got["line"]; ok {
				t.Errorf("line set by SettleLine: %s", b)
			}
		})
	}
}
