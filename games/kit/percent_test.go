package kit

import (
	"math/big"
	"testing"
)

func TestRatPercent(t *testing.T) {
	for _, tt := range []struct {
		x      *big.Rat
		places int32
		want   string
	}{
		{big.NewRat(1, 3), 2, "33.33"},
		{big.NewRat(2, 3), 2, "66.67"},
		{big.NewRat(1, 37), 4, "2.7027"},
		{big.NewRat(-1, 8), 1, "-12.5"},
	} {
		if got := RatPercent(tt.x, tt.places).String(); got != tt.want {
			t.Errorf("RatPercent(%s, %d) = %s, want %s", tt.x, tt.places, got, tt.want)
		}
	}
}

func TestPercent100(t *testing.T) {
	for _, tt := range []struct {
		n, of int
		want  string
	}{
		{1, 3, "33.33"}, {2, 3, "66.67"}, {1, 8, "12.50"}, {1, 200, "0.50"}, {1, 400, "0.25"},
		{0, 5, "0.00"}, {5, 0, "0.00"}, {-1, 5, "0.00"}, {7, 7, "100.00"},
	} {
		if got := Percent100(tt.n, tt.of).StringFixed(2); got != tt.want {
			t.Errorf("Percent100(%d, %d) = %s, want %s", tt.n, tt.of, got, tt.want)
		}
	}
}
