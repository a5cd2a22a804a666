package jetstream

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
)

// serverLogger adapts the embedded nats-server's logger interface to slog.
// Without a logger the server drops every message, including the fatal
// "Can't start JetStream" that would otherwise leave it running silently
// without JetStream. Fatalf does not exit the process (the server's own
// logger would): it logs at error level and remembers the message, so Open
// can report it.
type serverLogger struct {
	log *slog.Logger

	mu    sync.Mutex
	fatal string // the last fatal message, for Open's error
}

// failed reports whether the server logged a fatal error.
func (l *serverLogger) failed() bool { return l.lastFatal() != "" }

func (l *serverLogger) emit(level slog.Level, format string, v []any) {
	ctx := context.Background()
	if !l.log.Enabled(ctx, level) {
		return
	}
	l.log.Log(ctx, level, fmt.Sprintf(format, v...), "component", "nats-server")
}

// Noticef logs at info level.
func (l *serverLogger) Noticef(format string, v ...any) { l.emit(slog.LevelInfo, format, v) }

// Warnf logs at warn level.
func (l *serverLogger) Warnf(format string, v ...any) { l.emit(slog.LevelWarn, format, v) }

// Errorf logs at error level.
func (l *serverLogger) Errorf(format string, v ...any) { l.emit(slog.LevelError, format, v) }

// Debugf logs at debug level.
func (l *serverLogger) Debugf(format string, v ...any) { l.emit(slog.LevelDebug, format, v) }

// Tracef logs below debug level.
func (l *serverLogger) Tracef(format string, v ...any) { l.emit(slog.LevelDebug-4, format, v) }

// Fatalf logs at error level and records the message; it never exits.
func (l *serverLogger) Fatalf(format string, v ...any) {
	msg := fmt.Sprintf(format, v...)
	l.mu.Lock()
	l.fatal = msg
	l.mu.Unlock()
	l.log.Error(msg, "component", "nats-server", "fatal", true)
}

// lastFatal returns the last fatal message, or "".
func (l *serverLogger) lastFatal() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.fatal
}
