package hub

import (
	"math/bits"
	"strings"
	"unicode/utf8"
)

// nonSpaceRunes counts the runes of s that are not isSpaceRune (an
// invalid byte counts as one): eight ASCII bytes at a time (asciiSpaces),
// other runes decoded.
func nonSpaceRunes(s string) int {
	n := 0
	for i := 0; i < len(s); {
		if i+8 <= len(s) {
			w := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
				uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
			if w&hiBits == 0 {
				n += 8 - asciiSpaces(w)
				i += 8
				continue
			}
		}
		if c := s[i]; c < utf8.RuneSelf {
			if !spaceByte[c] {
				n++
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if !isSpaceRune(r) {
			n++
		}
		i += size
	}
	return n
}

const (
	hiBits = 0x8080808080808080
	loBits = 0x7f7f7f7f7f7f7f7f
	ones   = 0x0101010101010101
)

// asciiSpaces counts the bytes of w, eight ASCII bytes, that are white
// space (spaceByte: 0x20, or 0x09 to 0x0d): a byte's high bit marks it in
// each test, and no test carries or borrows from one byte into the next
// (every byte is below 0x80, or has its high bit set first).
func asciiSpaces(w uint64) int {
	x := w ^ 0x20*ones
	blank := ^((x&loBits + loBits) | x) & hiBits // x's byte is 0: w's is ' '
	ge9 := (w | hiBits) - 0x09*ones              // high bit set: the byte is ≥ 0x09
	ge14 := (w | hiBits) - 0x0e*ones             // ≥ 0x0e
	ctl := ge9 &^ ge14 & hiBits
	return bits.OnesCount64(blank | ctl)
}

// spaceByte marks the ASCII runes isSpaceRune reports.
var spaceByte = [utf8.RuneSelf]bool{' ': true, '\t': true, '\n': true, '\r': true, '\f': true, '\v': true}

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

// endsWithSegment reports whether path ends with "/"+seg, without
// building that string.
func endsWithSegment(path, seg string) bool {
	k := len(path) - len(seg)
	return k > 0 && path[k-1] == '/' && path[k:] == seg
}
