//go:build slow

package testsize

// slow is true in a build with the tag slow: the tests run at full size.
const slow = true
