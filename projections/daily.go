package projections

import (
	"bytes"
	"fmt"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/wagerlog/wagerlog/games"
)

// Daily returns the daily totals from day from to day to (inclusive, both
// "YYYY-MM-DD" in the store's time zone, at most DailyDaysMax days), for one
// table or for every table when table is "". Rows are sorted by day, table,
// currency and bet code.
func (s *Store) Daily(from, to, table string) (DailyReport, error) {
	out := DailyReport{From: from, To: to, Location: s.opts.Location.String(), Rows: []DailyTotals{}}
	f, err := time.Parse(time.DateOnly, from)
	if err != nil {
		return out, fmt.Errorf("%w: from %q is not YYYY-MM-DD", ErrBadQuery, from)
	}
	t, err := time.Parse(time.DateOnly, to)
	if err != nil {
		return out, fmt.Errorf("%w: to %q is not YYYY-MM-DD", ErrBadQuery, to)
	}
	if t.Before(f) {
		return out, fmt.Errorf("%w: to %s is before from %s", ErrBadQuery, to, from)
	}
	if days := int(t.Sub(f).Hours()/24) + 1; days > DailyDaysMax {
		return out, fmt.Errorf("%w: %d days is over the limit of %d", ErrBadQuery, days, DailyDaysMax)
	}
	err = s.view(func(tx *bolt.Tx, seq uint64) error {
		out.Seq = seq
		c := tx.Bucket(bucketDaily).Cursor()
		end := []byte(to + "\x01") // just past every key of day to
		for k, v := c.Seek([]byte(from)); k != nil && bytes.Compare(k, end) < 0; k, v = c.Next() {
			if table != "" {
				parts := bytes.SplitN(k, []byte{0}, 3)
				if len(parts) < 3 || string(parts[1]) != table {
					continue
				}
			}
			if len(out.Rows) == DailyRowsMax {
				out.Truncated = true
				break
			}
			var d DailyTotals
			if err := decodeJSON(bucketDaily, k, v, &d); err != nil {
				return err
			}
			out.Rows = append(out.Rows, d)
		}
		if err := s.dailySales(tx, &out); err != nil {
			return err
		}
		return s.dailySessions(tx, &out)
	})
	return out, err
}

// dailySales fills out.Sales from the rows of tables whose paytable sells
// items (games.Seller). A table this build does not know is left out.
func (s *Store) dailySales(tx *bolt.Tx, out *DailyReport) error {
	sells := map[string]bool{}
	for _, d := range out.Rows {
		seller, known := sells[d.Table]
		if !known {
			v := tx.Bucket(bucketTables).Get([]byte(d.Table))
			if v != nil {
				var t TableInfo
				if err := decodeJSON(bucketTables, []byte(d.Table), v, &t); err != nil {
					return err
				}
				_, pt := s.gameOf(t.Paytable)
				_, seller = pt.(games.Seller)
			}
			sells[d.Table] = seller
		}
		if !seller {
			continue
		}
		prizes := d.Paid.Sub(d.ReversedPaid)
		out.Sales = append(out.Sales, DailySales{
			Day: d.Day, Table: d.Table, Currency: d.Currency, Kind: d.Code,
			Sold: d.Bets, Sales: d.Staked, Prizes: prizes, Refunds: d.Refunds, Refunded: d.Refunded,
			HallShare: d.Staked.Sub(prizes).Sub(d.Refunded),
		})
	}
	return nil
}
