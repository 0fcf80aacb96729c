package queue

import "hash/maphash"

// Recent remembers the 64-bit hashes of URLs recently confirmed to be in
// the frontier table, so that links seen again and again (navigation bars,
// related-story boxes) skip the SQLite lookup a Bloom positive otherwise
// needs. It keeps two generations of at most limit/2 hashes each: memory is
// bounded, and what it forgets costs only a lookup. A hash collision would
// make an unseen URL look seen: with 64-bit hashes and at most limit
// entries the chance per lookup is below limit/2^64 (about 1e-14 at the
// default).
type Recent struct {
	seed       maphash.Seed
	limit      int
	cur, older map[uint64]struct{}
}

// DefaultRecent is the size of the SQLite backend's Recent.
const DefaultRecent = 1 << 18

// NewRecent returns a Recent of at most limit hashes.
func NewRecent(limit int) *Recent {
	return &Recent{seed: maphash.MakeSeed(), limit: limit, cur: make(map[uint64]struct{})}
}

func (r *Recent) hash(url string) uint64 { return maphash.String(r.seed, url) }

// Has reports whether url was added recently.
func (r *Recent) Has(url string) bool {
	h := r.hash(url)
	if _, ok := r.cur[h]; ok {
		return true
	}
	_, ok := r.older[h]
	return ok
}

// Add remembers url.
func (r *Recent) Add(url string) {
	if len(r.cur) >= r.limit/2 {
		r.older, r.cur = r.cur, make(map[uint64]struct{}, r.limit/2)
	}
	r.cur[r.hash(url)] = struct{}{}
}
