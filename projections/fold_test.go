package projections

import (
	"bytes"
	"errors"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// memKV is a map standing in for the bbolt transaction: the folds need
// nothing more.
type memKV map[string][]byte

func (m memKV) load(bucket, key []byte) []byte { return m[string(bucket)+"/"+string(key)] }

func (m memKV) put(bucket, key, value []byte) error {
	m[string(bucket)+"/"+string(key)] = append([]byte(nil), value...)
	return nil
}

// TestFold_WithoutFile folds a real stream into a map, batch by batch, and
// checks that the map holds exactly what the bbolt store holds.
func TestFold_WithoutFile(t *testing.T) {
	h := newHarness(t)
	playScenario(h, 5, 20)
	raws := readRaw(t, h.Stream)

	m := memKV{}
	for i := 0; i < len(raws); i += 50 {
		f := newFold(m, time.UTC, DefaultBoardSize, 50)
		for _, raw := range raws[i:min(i+50, len(raws))] {
			d, err := decode(nil, raw, nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := f.apply(&d); err != nil {
				t.Fatal(err)
			}
		}
		if err := f.write(m.put); err != nil {
			t.Fatal(err)
		}
	}

	s := openProj(t, "", Options{})
	applyAll(t, s, raws, 200)
	onFile := 0
	err := s.view(func(tx *bolt.Tx, _ uint64) error {
		for _, b := range allBuckets {
			if bytes.Equal(b, bucketMeta) {
				continue
			}
			err := tx.Bucket(b).ForEach(func(k, v []byte) error {
				onFile++
				mv, ok := m[string(b)+"/"+string(k)]
				if !ok {
					return errors.New("missing in the map: " + string(b) + "/" + string(k))
				}
				if !bytes.Equal(mv, v) {
					return errors.New("differs: " + string(b) + "/" + string(k))
				}
				return nil
			})
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if onFile != len(m) || onFile < 100 {
		t.Fatalf("%d records on file, %d in the map", onFile, len(m))
	}
}
