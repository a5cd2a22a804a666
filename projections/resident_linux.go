//go:build linux

package projections

import "syscall"

// releaseMap tells the kernel that the process no longer needs the
// resident pages of size bytes of a shared file map at addr
// (MADV_DONTNEED): they leave the process's resident set and stay in the
// page cache. The address is passed as a number to the system call, never
// turned back into a Go pointer.
func releaseMap(addr uintptr, size int64) error {
	if addr == 0 || size <= 0 {
		return nil
	}
	_, _, errno := syscall.Syscall(syscall.SYS_MADVISE, addr, uintptr(size), syscall.MADV_DONTNEED)
	if errno != 0 {
		return errno
	}
	return nil
}
