package errcode_test

import (
	"errors"
	"fmt"
	"net/http"
	"testing"

	"github.com/wagerlog/wagerlog/errcode"
)

func TestError_Declaration(t *testing.T) {
	errA := errcode.New("a_code", http.StatusConflict, "A title", "a message")
	if errA.Error() != "a message" || errA.Code() != "a_code" || errA.ErrorCode() != "a_code" ||
		errA.Status() != http.StatusConflict || errA.Title() != "A title" {
		t.Fatalf("declaration read back as %q %q %d %q", errA.Error(), errA.Code(), errA.Status(), errA.Title())
	}
	wrapped := fmt.Errorf("context: %w", errA)
	if !errors.Is(wrapped, errA) {
		t.Fatal("a wrapped declaration does not match itself")
	}
	if got := errcode.Of(wrapped); got != errA {
		t.Fatalf("Of(wrapped) = %v, want the declaration", got)
	}
	if got := errcode.Of(errors.New("plain")); got != nil {
		t.Fatalf("Of(plain error) = %v, want nil", got)
	}
}

func TestError_Like(t *testing.T) {
	errA := errcode.New("a_code", http.StatusServiceUnavailable, "A title", "a message")
	errB := errA.Like("another cause")
	if errB.Code() != errA.Code() || errB.Status() != errA.Status() || errB.Title() != errA.Title() {
		t.Fatal("Like does not keep the code, status and title")
	}
	if errB.Error() != "another cause" {
		t.Fatalf("Like's message = %q", errB.Error())
	}
	if errors.Is(errB, errA) || errors.Is(errA, errB) {
		t.Fatal("two declarations of one code match each other: callers could not tell them apart")
	}
}
