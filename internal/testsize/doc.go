// Package testsize says at which size the tests run, so that `go test
// ./...` (the README's test command) stays within a few minutes on two
// cores while every property is still exercised.
//
// By default the tests run small: each property test draws fewer random
// rounds, hands, steps or checks, a big round has fewer bets, a demo run
// stops sooner, and a simulation whose full-size figures are pinned checks
// those figures only at full size. Built with the tag slow (`go test -tags
// slow ./...`, which .ci/run runs after the default suite) they run at full
// size. `-short` keeps them small even with the tag.
package testsize
