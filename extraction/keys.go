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
	steps  map[step]int32    // (parent path, segment name) -> path
	path   []string          // path -> "a/div.entry/p" ("" for the record root)
	bases  map[baseKey]int32 // (path, suffix) -> base key
	base   []string          // base key -> its string
	reps   map[repKey]string // (base key, k) -> base key with "[k]"
	// per base key, for the current record (valid when stamp is gen):
	seen  []int32 // values with the key so far
	last  []int32 // index of the key's last text value
	stamp []int32
	gen   int32
	join  []byte // recordValues' buffer for a value's further paragraphs
}

type step struct {
	parent int32
	name   string
}

type baseKey struct {
	path int32
	sfx  suffixKind
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
	return &keyer{name: name, steps: map[step]int32{}, path: []string{""},
		bases: map[baseKey]int32{}, reps: map[repKey]string{}}
}

// child is the path of node i below path parent.
func (k *keyer) child(parent int32, i int32) int32 {
	s := step{parent, k.name(i)}
	if l := k.labels[i]; l != "" {
		s.name += "=" + l // a labelled description: "dd=returns"
	}
	if id, ok := k.steps[s]; ok {
		return id
	}
	p := s.name
	if parent != 0 {
		p = k.path[parent] + "/" + s.name
	}
	id := int32(len(k.path))
	k.path = append(k.path, p)
	k.steps[s] = id
	return id
}

// key is the base key of a leaf of kind sfx at path.
func (k *keyer) key(path int32, sfx suffixKind) int32 {
	b := baseKey{path, sfx}
	if id, ok := k.bases[b]; ok {
		return id
	}
	s := k.path[path] + suffixes[sfx]
	id := int32(len(k.base))
	k.base = append(k.base, s)
	k.seen = append(k.seen, 0)
	k.last = append(k.last, 0)
	k.stamp = append(k.stamp, 0)
	k.bases[b] = id
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

// repeat is base key b for its n-th value: b's string, then "b[1]"…
func (k *keyer) repeat(b int32, n int) string {
	if n == 0 {
		return k.base[b]
	}
	r := repKey{b, int32(n)}
	if s, ok := k.reps[r]; ok {
		return s
	}
	s := k.base[b] + "[" + strconv.Itoa(n) + "]"
	k.reps[r] = s
	return s
}
