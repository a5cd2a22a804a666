package bingo

import (
	"syscall"
	"unsafe"
)

// threadCPU returns the CPU time the calling OS thread has used, so a
// benchmark on a loaded machine can report the work a ball costs apart
// from the time it waited for a core. The caller locks its goroutine to
// its thread.
func threadCPU() (int64, bool) {
	const clockThreadCPUTimeID = 3 // CLOCK_THREAD_CPUTIME_ID
	var ts syscall.Timespec
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0, false
	}
	return ts.Nano(), true
}
