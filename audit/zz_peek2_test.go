package audit_test

import "bytes"

func splitLines(a []byte) [][]byte { return bytes.Split(bytes.TrimRight(a, "\n"), []byte("\n")) }
func contains(l []byte, s string) bool { return bytes.Contains(l, []byte(s)) }
