package audit

import (
	"cmp"
	"slices"
)

// sortedKeys returns a map's keys in order, so that reports list things in
// the same order on every run.
func sortedKeys[K cmp.Ordered, V any](m map[K]V) []K {
	out := make([]K, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// sortedStrings sorts a slice of strings in place and returns it.
func sortedStrings(s []string) []string {
	slices.Sort(s)
	return s
}
