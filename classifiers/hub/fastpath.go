package hub

import (
	"strings"
	"unicode/utf8"

	"github.com/crawl-project/crawl/text"
)

// maybeBoiler reports whether a class word could be a boiler word's
// (boilerToken): whether its first three or last three bytes, ASCII case
// ignored, are those of one of boilerWords (a key of the first or last
// two, then a bit of the third byte). Most class words are not, and are
// then rejected without comparing them to every word ("reference" starts
// as "related" does, but not with "rel"); a true may be a false alarm (the
// keys fold some other bytes onto letters), which boilerToken settles.
func maybeBoiler(tok string) bool {
	if len(tok) < 3 { // the shortest boiler word has three letters
		return false
	}
	k := len(tok)
	return boilerEnds[0][pairKey(tok[0], tok[1])]>>(tok[2]&31)&1 != 0 ||
		boilerEnds[1][pairKey(tok[k-2], tok[k-1])]>>(tok[k-3]&31)&1 != 0
}

// pairKey maps two bytes to 10 bits, an ASCII letter's case ignored.
func pairKey(a, b byte) int { return int(a&31)<<5 | int(b&31) }

// boilerEnds holds, by the pairKey of boilerWords' first two ([0]) and
// last two ([1]) letters, the bits (&31) of their third and third-last.
var boilerEnds = func() (t [2][1 << 10]uint32) {
	for _, w := range boilerWords {
		k := len(w)
		t[0][pairKey(w[0], w[1])] |= 1 << (w[2] & 31)
		t[1][pairKey(w[k-2], w[k-1])] |= 1 << (w[k-3] & 31)
	}
	return t
}()

// classSep marks the bytes that split a class or id value into words
// (boilerplateElement).
var classSep = [256]bool{' ': true, '-': true, '_': true}

// indexAnyOf is strings.IndexAny for a few ASCII chars: one
// strings.IndexByte per char, each over what is left before the best
// index so far, instead of strings.IndexAny's set built for every call.
func indexAnyOf(s, chars string) int {
	best := -1
	for j := 0; j < len(chars); j++ {
		if i := strings.IndexByte(s, chars[j]); i >= 0 {
			best, s = i, s[:i]
		}
	}
	return best
}

// trimSpace is strings.TrimSpace, without its loops when s neither starts
// nor ends with a space or a non-ASCII byte (an href nearly always).
func trimSpace(s string) string {
	if k := len(s); k > 0 && s[0] < utf8.RuneSelf && s[k-1] < utf8.RuneSelf && !text.IsASCIISpace(s[0]) && !text.IsASCIISpace(s[k-1]) {
		return s
	}
	return strings.TrimSpace(s)
}

// hrefScheme returns the index of the ':' ending href's scheme: the first
// ':', when it is not the first byte and no '/', '?' or '#' comes before
// it; else -1 (strings.ContainsAny's set is not built per call).
func hrefScheme(href string) int {
	i := strings.IndexByte(href, ':')
	if i <= 0 {
		return -1
	}
	for _, c := range []byte(href[:i]) {
		if c == '/' || c == '?' || c == '#' {
			return -1
		}
	}
	return i
}

// notPlainFile marks the bytes that keep an href's part before '#' from
// being a plain file name in the page's directory (selfPlace).
var notPlainFile = [256]bool{':': true, '/': true, '?': true, '%': true, '\\': true}

// plainFile reports whether s holds none of ":/?%\" (strings.ContainsAny
// negated, without the set built per call).
func plainFile(s string) bool {
	for i := 0; i < len(s); i++ {
		if notPlainFile[s[i]] {
			return false
		}
	}
	return true
}

// indexSchemeSep is strings.Index(u, "://"), answered without a search
// for a URL that starts with "http://" or "https://" (every link the
// crawler gives): no ':' comes before their own.
func indexSchemeSep(u string) int {
	switch {
	case len(u) >= 7 && u[:7] == "http://":
		return 4
	case len(u) >= 8 && u[:8] == "https://":
		return 5
	}
	return strings.Index(u, "://")
}
