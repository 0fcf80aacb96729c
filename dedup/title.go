package dedup

import "slices"

// TitleSig is the signature of a page title's words: the set of its
// words (lower-cased runs of letters and digits, as SimHash reads them)
// that are not numbers, hashed; never 0. Two titles have the same
// signature when they differ in numbers, case, punctuation or word order
// only ("Events on 2024-05-12" and "Events on 2024-05-13"), and different
// ones when a word differs ("Keys in std::collections::btree_map" and
// "IterMut in std::option"). A near-duplicate's title must sign as its
// original's: generated API pages (every iterator struct of rustdoc,
// StringBuilder and StringBuffer of a Javadoc) share most of their text
// but are distinct documents, which their titles tell. Safe for
// concurrent use.
func TitleSig(title string) uint64 {
	s, _ := scratchPool.Get().(*scratch)
	if s == nil {
		s = &scratch{}
	}
	defer s.release()
	words := appendWordHashes(s.words[:0], title)
	words = slices.DeleteFunc(words, func(h uint64) bool { return h == numberWord })
	slices.Sort(words)
	words = slices.Compact(words)
	s.words = words
	const offset, prime = 14695981039346656037, 1099511628211
	sig := uint64(offset)
	for _, w := range words {
		sig = (sig ^ w) * prime
		sig ^= sig >> 29
	}
	if sig == 0 {
		return 1
	}
	return sig
}
