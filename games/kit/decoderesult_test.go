package kit

import (
	"strings"
	"testing"
)

func TestDecodeResult(t *testing.T) {
	const shape = `a test result is {"n":1}`
	var v struct {
		N int `json:"n"`
	}
	t.Run("OK", func(t *testing.T) {
		if err := DecodeResult([]byte(`{"n":7}`), 16, &v, shape); err != nil || v.N != 7 {
			t.Fatalf("%d, %v", v.N, err)
		}
	})
	t.Run("Err", func(t *testing.T) {
		for raw, want := range map[string]string{
			`{"n":1,"m":2}`:             `invalid result: result_shape: a test result is {"n":1}: `,
			`{"N":1}`:                   `invalid result: result_shape: a test result is {"n":1}: `,
			`{"n":1}{`:                  `invalid result: result_shape: a test result is {"n":1}: `,
			`{"n":1111111111111111111}`: "invalid result: result_shape: a result of 25 bytes is over the 16-byte limit",
		} {
			err := DecodeResult([]byte(raw), 16, &v, shape)
			if err == nil || !strings.HasPrefix(err.Error(), want) || BrokenRule(err) != RuleResultShape {
				t.Errorf("%s: %v, want %s…", raw, err, want)
			}
		}
	})
}
