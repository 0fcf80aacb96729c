package hub

import (
	"math/bits"
	"strings"
)

// Link features for the per-host link model (linkmodel.go): what is known
// of a link before its page is fetched, hashed into linkDim buckets
// without allocating. Every feature is an indicator (weight 1); the URL
// SVM's logit is the model's one real-valued input and is not hashed.
//
//	d  each directory segment of the path (up to 6)
//	D  the whole directory
//	n  the number of directory segments
//	F  "/" when the path ends in '/' (a directory's default page)
//	e  the file name's extension
//	t  each token of the file name's stem split at non-alphanumerics, digit
//	   runs as '9' (up to 6)
//	s  the stem's shape: letter runs 'a', digit runs '9', other bytes kept
//	q  the URL has a query
//	a  each of the anchor's first 5 words, lower case, digit runs as '9'
//	N  the shape of the anchor's leading numbering ("5.1. Foo" → "9.9.")
//	L  log2(1 + anchor length in bytes)
//	r  where the link leads from its parent's directory: same, child,
//	   up (an ancestor), other, or another host
//	p  the parent page's label (hub, topic, unknown)
//	R  r and p together

const (
	linkBits     = 12
	linkDim      = 1 << linkBits
	maxLinkFeats = 32
	maxDirFeats  = 6
	maxTokFeats  = 6
	maxAnchorWds = 5
)

// linkVec is a link's hashed features: indexes into a host model's weights.
type linkVec struct {
	idx [maxLinkFeats]uint16
	n   uint8
}

// parent labels for the p and R features
const (
	parentUnknown = 'u'
	parentHub     = 'h'
	parentTopic   = 't'
)

// FNV-1a, 32 bits (link features) and 64 bits (link keys, row cells).
const (
	fnvOffset   = 2166136261
	fnvPrime    = 16777619
	fnv64Offset = 14695981039346656037
	fnv64Prime  = 1099511628211
)

func (v *linkVec) add(h uint32) {
	if int(v.n) < maxLinkFeats {
		v.idx[v.n] = uint16((h ^ h>>linkBits ^ h>>(2*linkBits)) & (linkDim - 1))
		v.n++
	}
}

func fnvByte(h uint32, b byte) uint32 { return (h ^ uint32(b)) * fnvPrime }

func fnv64Byte(h uint64, b byte) uint64 { return (h ^ uint64(b)) * fnv64Prime }

func fnv64String(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		h = fnv64Byte(h, s[i])
	}
	return h
}

func fnvString(h uint32, s string) uint32 {
	for i := 0; i < len(s); i++ {
		h = fnvByte(h, s[i])
	}
	return h
}

// addTagged adds the feature tag+s.
func (v *linkVec) addTagged(tag byte, s string) {
	v.add(fnvString(fnvByte(fnvOffset, tag), s))
}

// wordByte: ASCII letters and digits, and every byte of a non-ASCII rune.
func wordByte(b byte) bool {
	return b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= 0x80
}

func lowerByte(b byte) byte {
	if b >= 'A' && b <= 'Z' {
		return b + 'a' - 'A'
	}
	return b
}

// addWord adds tag+word lower-cased with digit runs as '9'.
func (v *linkVec) addWord(tag byte, w string) {
	h := fnvByte(fnvOffset, tag)
	for i := 0; i < len(w); i++ {
		b := w[i]
		if isDigit(b) {
			if i > 0 && isDigit(w[i-1]) {
				continue
			}
			b = '9'
		}
		h = fnvByte(h, lowerByte(b))
	}
	v.add(h)
}

// addWords adds each alphanumeric word of s (at most limit) as tag.
func (v *linkVec) addWords(tag byte, s string, limit int) {
	for i, n := 0, 0; i < len(s) && n < limit; {
		for i < len(s) && !wordByte(s[i]) {
			i++
		}
		j := i
		for j < len(s) && wordByte(s[j]) {
			j++
		}
		if j > i {
			v.addWord(tag, s[i:j])
			n++
		}
		i = j
	}
}

// addShape adds tag+the shape of s: letter runs 'a', digit runs '9', other
// bytes as they are (at most 16 runs).
func (v *linkVec) addShape(tag byte, s string) {
	h := fnvByte(fnvOffset, tag)
	var last byte
	for i, runs := 0, 0; i < len(s) && runs < 16; i++ {
		c := s[i]
		switch {
		case isDigit(c):
			c = '9'
		case wordByte(c):
			c = 'a'
		}
		if c == last && (c == '9' || c == 'a') {
			continue
		}
		h, last = fnvByte(h, c), c
		runs++
	}
	v.add(h)
}

// splitPath returns the host and the path of u (query and fragment cut)
// and whether u has a query; u need not have a scheme.
//
// The path's '?' and '#' are found with strings.IndexByte (sixteen bytes
// a step), the host's end with a table (splitPathRef in the tests is the
// byte loop this replaced).
func splitPath(u string) (host, path string, query bool) {
	if i := indexSchemeSep(u); i >= 0 {
		u = u[i+3:]
		j := 0
		for j < len(u) && !authorityEnd[u[j]] {
			j++
		}
		host, u = u[:j], u[j:]
	}
	q := strings.IndexByte(u, '?')
	if q < 0 {
		if f := strings.IndexByte(u, '#'); f >= 0 {
			return host, u[:f], false
		}
		return host, u, false
	}
	if f := strings.IndexByte(u[:q], '#'); f >= 0 {
		return host, u[:f], false
	}
	return host, u[:q], true
}

// authorityEnd marks the bytes that end a URL's authority for splitPath.
var authorityEnd = [256]bool{'/': true, '?': true, '#': true}

// dirOf is path up to and including its last '/'.
func dirOf(path string) string {
	for i := len(path) - 1; i >= 0; i-- {
		if path[i] == '/' {
			return path[:i+1]
		}
	}
	return ""
}

// linkFeatures fills v with the features of a link to u with anchor text
// anchor found on the page parent (which was labelled parentLabel), at
// ctx in it (linkcontext.go; nil when unknown).
func linkFeatures(v *linkVec, u, anchor, parent string, parentLabel byte, ctx *linkCtx) {
	p := placeOf(parent)
	linkFeaturesFrom(v, u, anchor, &p, parentLabel, ctx)
}

// linkFeaturesFrom is linkFeatures given the parent's place (placeOf),
// which the links of one page share.
func linkFeaturesFrom(v *linkVec, u, anchor string, parent *parentPlace, parentLabel byte, ctx *linkCtx) {
	v.n = 0
	if ctx != nil {
		for _, f := range ctx.f {
			v.add(f)
		}
	} else {
		v.add(fnvByte(fnvOffset, '?'))
	}
	host, path, query := splitPath(u)
	dir := dirOf(path)
	file := path[len(dir):]
	nd := 0
	for i := 0; i < len(dir); {
		for i < len(dir) && dir[i] == '/' {
			i++
		}
		j := i
		for j < len(dir) && dir[j] != '/' {
			j++
		}
		if j > i {
			if nd < maxDirFeats {
				v.addTagged('d', dir[i:j])
			}
			nd++
		}
		i = j
	}
	v.addTagged('D', dir)
	v.add(fnvByte(fnvByte(fnvOffset, 'n'), byte(min(nd, 255))))
	stem, ext := file, ""
	for i := len(file) - 1; i > 0; i-- {
		if file[i] == '.' {
			stem, ext = file[:i], file[i+1:]
			break
		}
	}
	if file == "" {
		v.addTagged('F', "/")
	} else {
		v.addWord('e', ext)
		v.addWords('t', stem, maxTokFeats)
		v.addShape('s', stem)
	}
	if query {
		v.addTagged('q', "")
	}
	v.addWords('a', anchor, maxAnchorWds)
	v.addShape('N', leadingNumber(anchor))
	v.add(fnvByte(fnvByte(fnvOffset, 'L'), byte(bits.Len(uint(len(anchor))))))
	rel := parent.relation(host, dir)
	v.add(fnvByte(fnvByte(fnvOffset, 'r'), rel))
	v.add(fnvByte(fnvByte(fnvOffset, 'p'), parentLabel))
	v.add(fnvByte(fnvByte(fnvByte(fnvOffset, 'R'), rel), parentLabel))
}

// leadingNumber is the anchor's leading run of digits, dots, spaces and
// list punctuation, up to its first letter ("5.1. Foo" → "5.1. ").
func leadingNumber(anchor string) string {
	i := 0
	for i < len(anchor) {
		c := anchor[i]
		if !isDigit(c) && c != '.' && c != ' ' && c != ')' && c != '-' && c != ':' {
			break
		}
		i++
	}
	return anchor[:i]
}

// parentPlace is a parent page's URL split for relation: its host and
// directory. A page's links share it (linkLabeler.parentOf).
type parentPlace struct {
	url       string
	host, dir string
}

// placeOf splits parent ("": no parent).
func placeOf(parent string) parentPlace {
	p := parentPlace{url: parent}
	if parent != "" {
		ph, pp, _ := splitPath(parent)
		p.host, p.dir = ph, dirOf(pp)
	}
	return p
}

// relation of a link (host, directory dir) to the parent page p: 's'
// same directory, 'c' a subdirectory, 'u' an ancestor directory, 'o'
// another directory, 'x' another host, '-' no parent.
func (p *parentPlace) relation(host, dir string) byte {
	if p.url == "" {
		return '-'
	}
	if p.host != host {
		return 'x'
	}
	pd := p.dir
	switch {
	case pd == dir:
		return 's'
	case len(dir) > len(pd) && dir[:len(pd)] == pd:
		return 'c'
	case len(pd) > len(dir) && pd[:len(dir)] == dir:
		return 'u'
	}
	return 'o'
}
