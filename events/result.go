package events

import "encoding/json"

// The first release knew one game, Sic Bo, and recorded its results as
// three dice in the payloads' "dice" members. Every later game records its
// result as its own JSON object in "result". A result of exactly three dice
// 1..6 keeps the first form, so that a Sic Bo stream written by any release
// reads the same, and the events of the same commands are the same bytes.

// diceJSONLen is the length of {"dice":[a,b,c]} with one-digit faces.
const diceJSONLen = len(`{"dice":[1,2,3]}`)

// ResultMembers splits a game's result JSON into the payload members that
// record it: three dice 1..6 written exactly as {"dice":[a,b,c]} go to
// dice; anything else to result, unchanged.
func ResultMembers(raw []byte) (dice [3]int, result json.RawMessage) {
	if len(raw) == diceJSONLen && string(raw[:9]) == `{"dice":[` && string(raw[14:]) == `]}` &&
		raw[10] == ',' && raw[12] == ',' {
		ok := true
		for i, at := range []int{9, 11, 13} {
			c := raw[at]
			if c < '1' || c > '6' {
				ok = false
				break
			}
			dice[i] = int(c - '0')
		}
		if ok {
			return dice, nil
		}
		dice = [3]int{}
	}
	return dice, json.RawMessage(raw)
}

// ResultJSONOf is the inverse of ResultMembers: the result a payload
// records in dice or result, as its game's JSON object.
func ResultJSONOf(dice [3]int, result json.RawMessage) []byte { return resultJSON(dice, result) }

func resultJSON(dice [3]int, result json.RawMessage) []byte {
	if len(result) > 0 || dice == [3]int{} {
		return result
	}
	return []byte{'{', '"', 'd', 'i', 'c', 'e', '"', ':', '[',
		byte('0' + dice[0]), ',', byte('0' + dice[1]), ',', byte('0' + dice[2]), ']', '}'}
}
