// Package baccarat holds the rules of baccarat in its two forms: punto
// banco, banked by the house, and baccarat à deux tableaux, banked by a
// player, as the Spanish catalogue of games of 9 October 1979 rules it
// ("bacará a dos paños", seeds/002_7cad45b1f661326b.txt). It parses and
// checks the cards of a coup, settles bets, settles a whole coup against a
// player's bank with the casino's cagnotte, computes exact figures by
// enumerating the shoe, and keeps the statistics board. It does no I/O and
// keeps no state.
//
// # Cards and points
//
// A card is written as the dealer draws it, rank then suit: "9H", "TS"
// (ten is T; "10H" is refused with a hint). Tens and faces count 0, the ace
// 1; a hand's point is its sum modulo 10; two cards of 8 or 9 are a natural
// ("abatir"). A hand has two or three cards. A result is the whole coup:
// {"player":[…],"banker":[…]} in punto banco, {"tableaux":[[…],[…]],
// "banker":[…]} in deux tableaux, parsed strictly (exact member names, no
// unknown or duplicate members) and checked against the drawing rules; a
// broken rule is a *ResultError whose Rule names it (code invalid_result).
// No card may appear more often than the paytable's shoe holds it.
//
// # Drawing rules
//
// Punto banco has no choices: a natural on either side ends the coup; the
// player draws on 0..5 and stands on 6 and 7; the banker follows the
// standard tableau (PuntoBancoBanker).
//
// In deux tableaux the cards go to tableau 1, tableau 2 and the banker
// (seed 002). The punter who holds a tableau's cards draws on 0..4, stands
// on 6 and 7, and chooses on 5: seed 002 VIII treats saying "no" with less
// than five and asking for a card with six or more as errors to put right,
// and keeps the first word said with five. The banker's table ("cuadro de
// jugadas de la banca") is cited but not printed by the seed; the package
// uses the chemin de fer table, whose two optional cases (3 against a 9, 5
// against a 4) are the seed's "dos supuestos opcionales" (BankerTable). The
// seed binds the banker when the table says the same for both tableaux,
// leaves him free when it says draw on one and stand on the other, and,
// when one tableau abates, makes him follow the table against the other
// and draw in the optional cases (DeuxBanker). A banker's natural ends the
// coup; a tableau's natural does not draw; with both tableaux natural the
// banker does not draw. The banker's final point counts against both
// tableaux ("el banquero habrá de enseñar su punto en los dos paños").
//
// # Void plays and the shoe
//
// Seed 002 VIII voids a coup for stuck cards (the whole coup), for cards
// lost unseen (the tableau that lost them, or both when they were the
// banker's) and for an irregular deal that cannot be put right (the
// tableau it concerns, or both). A result records it as "void":
// {"tableaux":[1],"reason":"cards_lost_unseen"}; a void tableau's cards are
// kept as recorded and not judged, and every stake on it is returned. The
// cut card, 10 cards from the end, ends the shoe after the coup in progress:
// "cut_card":true on that coup (ShoeOver).
//
// # Bets and money
//
// Punto banco: player 1:1, banker 1:1 less the commission, tie 8:1; player
// and banker push on a tie. The commission (5%) is on the win, rounded up
// to the currency's smallest unit, and reported in Settlement.Commission,
// apart from the win: Returned = stake + Win − Commission. The ledger posts
// it to the table's commission account, never to the house's win.
//
// Deux tableaux: tableau:1 and tableau:2 win 1:1 from the bank when the
// tableau beats the banker, lose to the bank when it is lower, push on a
// tie; a_caballo is split in halves with the odd unit on tableau 1
// (SplitACaballo); line:1 and line:2 play half (SplitLine). The bank is a
// player's money in custody (TakeBank, GiveUpBank). CheckBets refuses bets
// whose playing shares exceed the bank; SettleCoup settles a coup against
// it and takes the cagnotte, CagnotteRate (5% by default: the seed leaves
// it to the table) of the bank's positive net win over the coup, rounded
// up, as the transfers it lists between symbolic accounts.
//
// Wins are rounded down to the scale with the cut-off part in Residue, as
// in every game; no line of the catalog makes one.
//
// # Exact figures
//
// PuntoBancoRTP enumerates every deal of an 8-deck shoe without
// replacement, by value with multiplicities: house edges banker 1.0579%,
// player 1.2351%, tie 14.3596%. DeuxRTP does the same for nine cards of the
// deux tableaux shoe under a stated reference play and gives the bank's
// edge and the expected cagnotte per unit of bank exposed. docs/games/baccarat.md
// lists the figures, the sources and each reading of the seed.
//
// # In the catalog
//
// Game is baccarat with both forms. games/registry lists PuntoBanco, the
// same game offering only punto banco: deux tableaux waits until the
// ledger settles a round against a player's bank (docs/games/baccarat.md). Both
// give the board's statistics (Board) and each row's members (BoardRow:
// winner, points, natural). Shoe and DealPuntoBanco deal coups from a
// shoe the caller shuffles (the demo of `wagerlog serve --demo`).
//
// # Errors
//
// Every error wraps one sentinel (ErrBadResult, ErrBadBetCode,
// ErrBetNotOffered, ErrBadStake, ErrBadScale, ErrBetsExceedBank,
// ErrUnknownPaytable, ErrBadPaytable) and, but for ErrBadPaytable, has an
// ErrorCode that errors.As finds: invalid_result, invalid_bet_code,
// bet_not_offered, invalid_amount, invalid_scale, bets_exceed_bank,
// unknown_paytable.
package baccarat
