//go:build !linux

package bingo

// threadCPU is not measured outside Linux.
func threadCPU() (int64, bool) { return 0, false }
