// Package testsize says at which size the tests run, so that `go test
// ./...` (the README's test command) stays within a few minutes on two
// cores while every property is still exercised.
//
// By default the tests run small: each property test draws fewer random
// rounds, hands or games, and the few tests that only make sense at full
// size (an exhaustive enumeration, a simulation whose figures are pinned,
// child processes killed in a loop) are skipped with the reason. Built
// with the tag slow (`go test -tags slow ./...`, which .ci/run runs after
// the default suite) they run at full size. `-short` keeps them small even
// with the tag.
package testsize
