package bench

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
)

// profiler writes a CPU profile of each phase into a directory, and heap
// profiles, when Config.ProfileDir is set; otherwise it does nothing.
type profiler struct {
	dir string
	cpu *os.File
	// capture holds the profile of a phase started with capture, when
	// there is no directory to write it to.
	capture *bytes.Buffer
}

// file returns a new file for a profile, or nil without a directory.
func (p *profiler) file(name string) (*os.File, error) {
	if p.dir == "" {
		return nil, nil
	}
	if err := os.MkdirAll(p.dir, 0o750); err != nil {
		return nil, fmt.Errorf("bench: profile: %w", err)
	}
	f, err := os.Create(filepath.Join(p.dir, name))
	if err != nil {
		return nil, fmt.Errorf("bench: profile: %w", err)
	}
	return f, nil
}

// start starts the CPU profile of a phase (phase.cpu.pprof).
func (p *profiler) start(phase string) error {
	f, err := p.file(phase + ".cpu.pprof")
	if f == nil || err != nil {
		return err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return fmt.Errorf("bench: CPU profile of %s: %w", phase, err)
	}
	p.cpu = f
	return nil
}

// stop ends the CPU profile started last.
func (p *profiler) stop() error {
	if p.cpu == nil {
		return nil
	}
	pprof.StopCPUProfile()
	err := p.cpu.Close()
	p.cpu = nil
	return err
}

// captureStart starts a CPU profile of phase that captureStop returns,
// written to the directory too when there is one.
func (p *profiler) captureStart(phase string) error {
	if p.dir != "" {
		return p.start(phase)
	}
	p.capture = new(bytes.Buffer)
	if err := pprof.StartCPUProfile(p.capture); err != nil {
		p.capture = nil
		return fmt.Errorf("bench: CPU profile of %s: %w", phase, err)
	}
	return nil
}

// captureStop stops the profile captureStart started and returns it.
func (p *profiler) captureStop() ([]byte, error) {
	if p.capture != nil {
		pprof.StopCPUProfile()
		b := p.capture.Bytes()
		p.capture = nil
		return b, nil
	}
	if p.cpu == nil {
		return nil, nil
	}
	name := p.cpu.Name()
	if err := p.stop(); err != nil {
		return nil, err
	}
	return os.ReadFile(name)
}

// heap writes a heap profile (name.heap.pprof) after a collection, so
// that it shows what is live.
func (p *profiler) heap(name string) error {
	f, err := p.file(name + ".heap.pprof")
	if f == nil || err != nil {
		return err
	}
	runtime.GC()
	if err := pprof.WriteHeapProfile(f); err != nil {
		f.Close()
		return fmt.Errorf("bench: heap profile: %w", err)
	}
	return f.Close()
}

// ingestProfile is where the ingest phase's CPU profile goes: Config's
// writer, else a file of the profile directory, else nowhere.
func (p *profiler) ingestProfile(w io.Writer) (io.Writer, func() error, error) {
	if w != nil {
		return w, func() error { return nil }, nil
	}
	f, err := p.file("ingest.cpu.pprof")
	if f == nil || err != nil {
		return nil, func() error { return nil }, err
	}
	return f, f.Close, nil
}
