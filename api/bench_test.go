package api_test

import (
	"fmt"
	"testing"

	"github.com/wagerlog/wagerlog/ledger"
)

// BenchmarkAPI_Deposit measures a deposit through HTTP, the ledger and
// JetStream (fsync on every write), clients in parallel so that the ledger
// groups their commands.
func BenchmarkAPI_Deposit(b *testing.B) {
	e := newEnv(b, envOptions{})
	b.SetParallelism(16)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			r := e.req("POST", "/v1/wallets/bench/deposit", ledger.RoleCashier, map[string]string{"amount": "1", "currency": "EUR"})
			if r.status != 200 {
				panic(fmt.Sprint(r))
			}
		}
	})
}

// BenchmarkAPI_ReadWallet measures a wallet read from the projections.
func BenchmarkAPI_ReadWallet(b *testing.B) {
	e := newEnv(b, envOptions{})
	e.deposit("bench", "1")
	e.waitProjected()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if r := e.req("GET", "/v1/wallets/bench", ledger.RoleFrontend, nil); r.status != 200 {
				panic(fmt.Sprint(r))
			}
		}
	})
}
