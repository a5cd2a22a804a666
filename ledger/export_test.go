package ledger

import (
	"encoding/json"
	"sort"
	"time"

	"github.com/shopspring/decimal"

	"github.com/wagerlog/wagerlog/events"
)

// StateJSON renders everything the state holds (everything a checkpoint
// holds) as JSON, with amounts by value, so that two states built from the
// same events compare equal however they were built: live, from a
// checkpoint and a tail, or by a full replay.
func StateJSON(s *State) ([]byte, error) { return json.MarshalIndent(bodyOf(s), "", " ") }

// checkpointBody is a view of every field of State, for StateJSON: exported
// fields, maps as sorted lists.
type checkpointBody struct {
	Limits    stateLimits
	LastSeq   uint64
	Head      events.Hash
	Balances  []ckBalance
	Tables    []*Table
	Rounds    []ckRound
	Finished  []ckFinished // oldest first
	FinishedQ []ckFinishedQ
	Idem      []ckIdem // in arrival order
	SealSeq   uint64
	SealTo    uint64
	SealAt    time.Time
	Pools     []*Pool
	Sessions  []*Session
}

type ckBalance struct {
	Account, Currency string
	Balance           decimal.Decimal
}

type ckRound struct {
	Round            *Round
	Work             ckWork
	Done             bool
	OpenSeq, LastSeq uint64
	Unloaded         bool
}

type ckWork struct {
	Actor          events.Actor
	Key, Req, Corr string
}

type ckFinished struct{ Round, Table string }

type ckFinishedQ struct {
	Table  string
	Rounds []string
}

type ckIdem struct {
	Key         idemKey
	Req         [8]byte
	At          int64
	First       uint64
	Span, Count uint32
}

// bodyOf lists the state's content for encoding. It shares the tables,
// rounds and bets with s: it must be encoded before s changes.
func bodyOf(s *State) checkpointBody {
	b := checkpointBody{
		Limits: s.lim, LastSeq: s.lastSeq, Head: s.head,
		SealSeq: s.sealSeq, SealTo: s.sealTo, SealAt: s.sealAt,
	}
	b.Balances = make([]ckBalance, 0, s.balances.len())
	s.balances.each(func(k balanceKey, v decimal.Decimal) {
		b.Balances = append(b.Balances, ckBalance{Account: k.account, Currency: k.currency, Balance: v})
	})
	sort.Slice(b.Balances, func(i, j int) bool {
		if b.Balances[i].Currency != b.Balances[j].Currency {
			return b.Balances[i].Currency < b.Balances[j].Currency
		}
		return b.Balances[i].Account < b.Balances[j].Account
	})
	b.Tables = make([]*Table, 0, len(s.tables))
	for _, t := range s.tables {
		b.Tables = append(b.Tables, t)
	}
	sort.Slice(b.Tables, func(i, j int) bool { return b.Tables[i].ID < b.Tables[j].ID })
	b.Rounds = make([]ckRound, 0, len(s.rounds))
	for _, r := range s.rounds {
		w := r.work
		b.Rounds = append(b.Rounds, ckRound{Round: r, Done: r.done, OpenSeq: r.openSeq, LastSeq: r.lastSeq, Unloaded: r.unloaded, Work: ckWork{
			Actor: w.actor, Key: w.key, Req: w.reqHash, Corr: w.corr,
		}})
	}
	sort.Slice(b.Rounds, func(i, j int) bool { return b.Rounds[i].Round.ID < b.Rounds[j].Round.ID })
	b.Finished = make([]ckFinished, len(s.finishedOrder))
	for i, id := range s.finishedOrder {
		b.Finished[i] = ckFinished{Round: id, Table: s.finished[id]}
	}
	b.FinishedQ = make([]ckFinishedQ, 0, len(s.finishedQ))
	for t, q := range s.finishedQ {
		b.FinishedQ = append(b.FinishedQ, ckFinishedQ{Table: t, Rounds: q})
	}
	sort.Slice(b.FinishedQ, func(i, j int) bool { return b.FinishedQ[i].Table < b.FinishedQ[j].Table })
	b.Idem = make([]ckIdem, 0, s.idem.len())
	s.idem.each(func(it idemItem) {
		e := it.ent
		b.Idem = append(b.Idem, ckIdem{Key: it.key, Req: e.req, At: e.at, First: e.first, Span: e.span, Count: e.events})
	})
	for _, p := range s.pools {
		b.Pools = append(b.Pools, p)
	}
	sort.Slice(b.Pools, func(i, j int) bool { return b.Pools[i].ID < b.Pools[j].ID })
	for _, se := range s.sessions {
		b.Sessions = append(b.Sessions, se)
	}
	sort.Slice(b.Sessions, func(i, j int) bool { return b.Sessions[i].Table < b.Sessions[j].Table })
	return b
}
