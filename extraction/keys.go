package extraction

import "strconv"

// keyer builds the column keys of a page's records (fields.go): a leaf's
// key is its tag.class path from the record root plus a suffix ("/text",
// "@href", "@src") and, for its k-th repeat in the record, "[k]". The
// records of a page share their paths, so paths and keys are interned
// (each string built once per page) and the per-record repeat counts are
// kept in slices indexed by key, not in maps of strings.
type keyer struct {
	name func(i int32) string // segment name of node i
	// labels: a description's field label, "" for a label's own term
	// (labels.go); nil when the page's records have none
	labels map[int32]string
	inline []bool           // inlineMarks of the page's tree
	names  map[string]int32 // step name -> its number (interned, so steps are keyed by two numbers)
	steps  map[uint64]int32 // (parent path, step name's number) -> path
	path   []string         // path -> "a/div.entry/p" ("" for the record root)
	bases  []int32          // path*len(suffixes) + suffix -> base key + 1 (0: none yet)
	base   []string         // base key -> its string
	reps   map[repKey]keyID // (base key, k) -> base key with "[k]"
	// ids: every key string of the page has a dense id (value.id), so
	// that columns count keys in slices, not string maps
	baseID []int32          // base key -> its id
	ids    map[string]int32 // key string -> its id (a string is one key, however made)
	moreID int32            // moreKey's id, 0 until given
	// per base key, for the current record (valid when stamp is gen):
	seen  []int32 // values with the key so far
	last  []int32 // index of the key's last text value
	stamp []int32
	gen   int32
	join  []byte // recordValues' buffer for a value's further paragraphs
	run   []byte // runs' buffer for a run's text
}

// keyID is a key string and its id.
type keyID struct {
	s  string
	id int32
}

// idOf returns the id of key string s, a new one (from 1) the first
// time: it runs once a key of the page, not once a value.
func (k *keyer) idOf(s string) int32 {
	id, ok := k.ids[s]
	if !ok {
		id = int32(len(k.ids) + 1)
		k.ids[s] = id
	}
	return id
}

// more returns moreKey and its id.
func (k *keyer) more() (string, int32) {
	if k.moreID == 0 {
		k.moreID = k.idOf(moreKey)
	}
	return moreKey, k.moreID
}

type repKey struct {
	base int32
	k    int32
}

// suffixKind is what a key's leaf is.
type suffixKind uint8

const (
	sfxText suffixKind = iota
	sfxHref
	sfxSrc
	sfxRootText // text right at the record root: "text"
)

var suffixes = [...]string{sfxText: "/text", sfxHref: "@href", sfxSrc: "@src", sfxRootText: "text"}

func newKeyer(name func(int32) string) *keyer {
	return &keyer{name: name, names: map[string]int32{}, steps: map[uint64]int32{}, path: []string{""},
		reps: map[repKey]keyID{}, ids: map[string]int32{}}
}

// child is the path of node i below path parent.
func (k *keyer) child(parent int32, i int32) int32 {
	name := k.name(i)
	if l := k.labels[i]; l != "" {
		name += "=" + l // a labelled description: "dd=returns"
	}
	n, ok := k.names[name]
	if !ok {
		n = int32(len(k.names))
		k.names[name] = n
	}
	s := uint64(uint32(parent))<<32 | uint64(uint32(n))
	if id, ok := k.steps[s]; ok {
		return id
	}
	p := name
	if parent != 0 {
		p = k.path[parent] + "/" + name
	}
	id := int32(len(k.path))
	k.path = append(k.path, p)
	k.steps[s] = id
	return id
}

// key is the base key of a leaf of kind sfx at path.
func (k *keyer) key(path int32, sfx suffixKind) int32 {
	b := int(path)*len(suffixes) + int(sfx)
	if b < len(k.bases) && k.bases[b] > 0 {
		return k.bases[b] - 1
	}
	s := k.path[path] + suffixes[sfx]
	id := int32(len(k.base))
	k.base = append(k.base, s)
	k.baseID = append(k.baseID, k.idOf(s))
	k.seen = append(k.seen, 0)
	k.last = append(k.last, 0)
	k.stamp = append(k.stamp, 0)
	if b >= len(k.bases) {
		k.bases = append(k.bases, make([]int32, b+1-len(k.bases))...)
	}
	k.bases[b] = id + 1
	return id
}

// record starts a new record: every count back to zero.
func (k *keyer) record() { k.gen++ }

// count returns how many values base key b had so far in the record, and
// counts one more.
func (k *keyer) count(b int32) int {
	if k.stamp[b] != k.gen {
		k.stamp[b], k.seen[b], k.last[b] = k.gen, 0, 0
	}
	n := k.seen[b]
	k.seen[b]++
	return int(n)
}

// repeat is base key b for its n-th value: b's string, then "b[1]"…,
// with its id.
func (k *keyer) repeat(b int32, n int) (string, int32) {
	if n == 0 {
		return k.base[b], k.baseID[b]
	}
	r := repKey{b, int32(n)}
	if v, ok := k.reps[r]; ok {
		return v.s, v.id
	}
	rs := k.base[b] + "[" + strconv.Itoa(n) + "]"
	v := keyID{rs, k.idOf(rs)}
	k.reps[r] = v
	return v.s, v.id
}
