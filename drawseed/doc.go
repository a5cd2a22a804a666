// Package drawseed keeps the secret seeds that progressive pools'
// complementary prizes are drawn from (seed 004_11b2de8449360267.txt,
// 6.5.1 "Premios complementarios"; ledger.DrawSeeds), as files of a
// directory beside the ledger's data: one file per seed, named by its
// commitment (the hex SHA-256 of the seed, games.DrawCommitment), holding the seed in hex,
// readable by the server's user only.
//
// The seeds are kept out of the stream on purpose: the stream records a
// seed's commitment before the seed draws anything, and its bytes only
// when the seed is replaced (jackpot.draw_seed_revealed). Anyone reading
// the stream, a read replica or an auditor, can therefore not predict a
// draw, and can draw every past prize again once its seed is revealed.
// A seed file lost is a pool whose passes cannot be settled (the ledger
// refuses their results with draw_seed_unavailable), so the directory is
// backed up with the data directory and its files are never edited.
package drawseed
