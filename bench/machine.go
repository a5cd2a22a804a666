package bench

import (
	"bufio"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
)

// procLinesMax bounds the lines read from a /proc file.
const procLinesMax = 10_000

// Machine describes where the figures were measured.
type Machine struct {
	Cores int    `json:"cores"`
	CPU   string `json:"cpu"`
	RAMMB int64  `json:"ram_mb"`
	Go    string `json:"go"`
	OS    string `json:"os"`
	// LoadStart and LoadEnd are the 1, 5 and 15 minute load averages when
	// the run started and ended: other work on the machine shows here.
	LoadStart string `json:"load_start"`
	LoadEnd   string `json:"load_end"`
}

// machine describes this machine. Fields it cannot learn (outside Linux)
// stay empty.
func machine() Machine {
	m := Machine{Cores: runtime.NumCPU(), Go: runtime.Version(), OS: runtime.GOOS + "/" + runtime.GOARCH, LoadStart: loadAvg()}
	m.CPU = procField("/proc/cpuinfo", "model name")
	if kb, ok := procKB("/proc/meminfo", "MemTotal"); ok {
		m.RAMMB = kb / 1024
	}
	return m
}

// loadAvg returns the three load averages of /proc/loadavg, or "".
func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return ""
	}
	return strings.Join(f[:3], " ")
}

// peakRSSMB returns the process's peak resident set size (VmHWM) in MiB:
// the whole process, the embedded NATS server included. ok is false where
// /proc/self/status does not exist.
func peakRSSMB() (float64, bool) {
	kb, ok := procKB("/proc/self/status", "VmHWM")
	return float64(kb) / 1024, ok
}

// procField returns the value of the first "name: value" line of a /proc
// file, or "".
func procField(path, name string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for i := 0; i < procLinesMax && sc.Scan(); i++ {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if ok && strings.TrimSpace(k) == name {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

// procKB returns a "name: N kB" value of a /proc file.
func procKB(path, name string) (int64, bool) {
	v := strings.TrimSuffix(procField(path, name), " kB")
	n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
	return n, err == nil && n > 0
}

// memoryLine describes the process's memory now, for the progress lines:
// resident memory split into anonymous (the Go heap, the embedded
// server's caches) and file-backed pages (the bbolt file's memory map,
// among others), the peak so far, and the Go heap.
func memoryLine() string {
	var b strings.Builder
	b.WriteString("memory:")
	for _, f := range []struct{ label, name string }{
		{"RSS", "VmRSS"}, {"anon", "RssAnon"}, {"file", "RssFile"}, {"peak RSS", "VmHWM"},
	} {
		if kb, ok := procKB("/proc/self/status", f.name); ok {
			b.WriteString(" " + f.label + " " + strconv.FormatInt(kb/1024, 10) + " MiB,")
		}
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.WriteString(" Go heap in use " + strconv.FormatUint(ms.HeapInuse>>20, 10) + " MiB, from the OS " + strconv.FormatUint(ms.Sys>>20, 10) + " MiB")
	return b.String()
}

// memoryLimitMiB returns the Go runtime's soft memory limit in MiB, 0 when
// there is none (the runtime's default, math.MaxInt64).
func memoryLimitMiB() int64 {
	limit := debug.SetMemoryLimit(-1) // -1 reads it without changing it
	if limit == math.MaxInt64 {
		return 0
	}
	return limit >> 20
}
