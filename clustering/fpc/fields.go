package fpc

import (
	"unicode"
	"unicode/utf8"
)

// Class and id values are split into fields and anchor texts folded to
// single spaces as strings.Fields would (at unicode.IsSpace), and hashed
// with FNV-1a as they are split, without the strings.

// asciiSpace marks the ASCII bytes unicode.IsSpace holds white space.
var asciiSpace = [utf8.RuneSelf]bool{'\t': true, '\n': true, '\v': true, '\f': true, '\r': true, ' ': true}

// spaceAt reports whether s[i:] starts with white space (unicode.IsSpace,
// a rune decoded as strings.Fields decodes it), and the length of that
// first rune.
func spaceAt(s string, i int) (bool, int) {
	if c := s[i]; c < utf8.RuneSelf {
		return asciiSpace[c], 1
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	return unicode.IsSpace(r), size
}

// hashField continues the FNV-1a hash h over the field that starts at
// s[i], up to the next white space or the end of s, and returns the hash
// and where the field ends. ASCII bytes take the short way.
func hashField(h uint64, s string, i int) (uint64, int) {
	for i < len(s) {
		// A run of printable ASCII bytes ('!' to 0x7f), in a tight loop
		// (ranging over the bytes neither copies them nor checks bounds).
		j := len(s)
		for k, c := range []byte(s[i:]) {
			if c-'!' > 0x7f-'!' {
				j = i + k
				break
			}
			h = (h ^ uint64(c)) * fnvPrime
		}
		if i = j; i == len(s) {
			break
		}
		c := s[i]
		if !spaceOrWide[c] { // an ASCII control byte that is not white space
			h = (h ^ uint64(c)) * fnvPrime
			i++
			continue
		}
		if c < utf8.RuneSelf { // ASCII white space
			break
		}
		space, size := spaceAt(s, i)
		if space {
			break
		}
		h = fnvAdd(h, s[i:i+size])
		i += size
	}
	return h, i
}

// appendFieldHashes appends, for each field of s as strings.Fields splits
// it (at unicode.IsSpace), the FNV-1a hash of the field continued from
// prefix: fnvAdd(prefix, field), without the strings.
func appendFieldHashes(dst []uint64, prefix uint64, s string) []uint64 {
	for i := 0; i < len(s); {
		if c := s[i]; spaceOrWide[c] { // else a field starts: no call
			if c < utf8.RuneSelf {
				i++
				continue
			}
			if space, size := spaceAt(s, i); space {
				i += size
				continue
			}
		}
		var h uint64
		h, i = hashField(prefix, s, i)
		dst = append(dst, h)
	}
	return dst
}

// joinedFieldsHash is the FNV-1a hash of the fields of s (as
// appendFieldHashes splits them) joined by single spaces, and whether s
// has a field.
func joinedFieldsHash(s string) (uint64, bool) { return moreFields(fnvOffset, false, s) }

// moreFields continues joinedFieldsHash over the fields of s: h and any
// are the hash and whether there was a field so far (then a space goes
// before the next field).
func moreFields(h uint64, any bool, s string) (uint64, bool) {
	for i := 0; i < len(s); {
		if c := s[i]; spaceOrWide[c] { // as in appendFieldHashes
			if c < utf8.RuneSelf {
				i++
				continue
			}
			if space, size := spaceAt(s, i); space {
				i += size
				continue
			}
		}
		if any { // the space between two fields
			h = (h ^ ' ') * fnvPrime
		}
		h, i = hashField(h, s, i)
		any = true
	}
	return h, any
}
