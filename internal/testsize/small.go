//go:build !slow

package testsize

// slow is false without the tag slow: the tests run small.
const slow = false
