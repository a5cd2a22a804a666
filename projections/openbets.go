package projections

// openBetsMax bounds the bet records a Store keeps between batches
// (openBets): about 700 bytes each, some 11 MiB at most. The bets of a
// casino's open rounds are a few thousand; a round of more bets than this
// reads the rest back from the file, as every settlement did before.
const openBetsMax = 16_384

// openBets holds the records of bets that are still open after the last
// committed batch, as that batch wrote them. A settlement in a later batch
// takes its bet from here instead of reading the record back from the file
// and decoding it, which was about a fifth of the fold's own work in a
// rebuild, where a round's bets and their settlements often fall in two
// transactions (docs/BENCHMARKS.md, "Open bets kept between batches"). The
// records hold the same values the file does, so what a batch writes does
// not depend on where it found them. Only the applier touches it
// (Store.applyMu).
type openBets struct {
	m map[betID]*betRecord
	// taken counts the settlements that found their bet here.
	taken uint64
}

// get returns the kept record of the bet, nil when none is kept.
func (o *openBets) get(id betID) *betRecord {
	b := o.m[id]
	if b != nil {
		o.taken++
	}
	return b
}

// committed keeps the open bets among those a committed batch touched and
// forgets the others. The records are the batch's own and no longer its
// once it is committed: the next batch may take and change them.
func (o *openBets) committed(f *fold) {
	if o.m == nil {
		o.m = make(map[betID]*betRecord)
	}
	for _, id := range f.betOrder {
		b := f.bets[id]
		if b.Status != BetOpen {
			delete(o.m, id)
			continue
		}
		if _, kept := o.m[id]; kept || len(o.m) < openBetsMax {
			o.m[id] = b
		}
	}
}

// reset forgets every record: after a batch that failed (its folds may
// have changed kept records that the file does not hold), and when the
// file is swapped.
func (o *openBets) reset() { o.m = nil }
