package extraction

import (
	"bytes"
	"strings"

	"golang.org/x/net/html"
)

// The hidden check of the page's tree (page.reset's stm.Options.Skip):
// elements a reader does not see by their own markup.

// hidden reports whether an element is not rendered by its own markup: the
// hidden attribute, an inline style with display:none or
// visibility:hidden, or a class token that style sheets conventionally
// hide (hiddenClass: Bootstrap's d-none, sr-only and invisible, "hidden",
// "noDisplay", gi-docgen's default-hide...): closed dialogs, collapsed
// menus and sections, templates of pop-ups, results held back for a "show
// more" button. Its text is not on the page
// a reader sees, so it is neither records nor the page's content. Style
// sheets themselves are not read.
func hidden(n *html.Node) bool {
	var c classCache
	return c.hidden(n)
}

// classCache is hidden with the class test of recent class attributes
// kept in a small direct-mapped table: a page repeats a few hundred class
// attributes ("reference internal", "n", "sig-name descname") on
// thousands of elements, and comparing one with the slot's (length, then
// memory) costs less than scanning its tokens again. A slot holds the
// attribute it was computed for, so a hit is exact.
type classCache struct {
	class [classSlots]string
	hides [classSlots]bool
}

// classSlots is the size of classCache's table (a power of two).
const classSlots = 128

// hidden is the package function hidden, its class test cached.
func (cc *classCache) hidden(n *html.Node) bool {
	for _, a := range n.Attr {
		switch a.Key {
		case "hidden":
			return true
		case "class":
			if cc.hasHiddenClass(a.Val) {
				return true
			}
		case "style":
			if styleHides(a.Val) {
				return true
			}
		}
	}
	return false
}

// hasHiddenClass is the package function, cached.
func (cc *classCache) hasHiddenClass(class string) bool {
	h := uint(len(class)) * 0x9E37
	if len(class) > 0 {
		h ^= uint(class[0])<<5 ^ uint(class[len(class)-1])<<9 ^ uint(class[len(class)/2])<<1
	}
	h = (h ^ h>>7) & (classSlots - 1)
	if cc.class[h] == class { // the zero slot holds "", which hides nothing
		return cc.hides[h]
	}
	v := hasHiddenClass(class)
	cc.class[h], cc.hides[h] = class, v
	return v
}

// hiddenClasses are the class tokens of hidden elements (any case).
var hiddenClasses = []string{"hidden", "hide", "d-none", "nodisplay", "no-display", "display-none",
	"is-hidden", "invisible", "sr-only", "visually-hidden", "screen-reader-text", "default-hide"}

// hiddenLen reports whether a hidden class has n bytes
// (TestHiddenLen holds it to hiddenClasses).
func hiddenLen(n int) bool {
	switch n {
	case 4, 6, 7, 9, 10, 12, 15, 18:
		return true
	}
	return false
}

// hasHiddenClass reports whether the class attribute value holds one of
// hiddenClasses, without allocating (it runs on every element).
func hasHiddenClass(class string) bool {
	if !mayHide(class) {
		return false
	}
	for i := 0; i < len(class); {
		c := class[i]
		if isClassSpace(c) {
			i++
			continue
		}
		j := i + 1    // a token starts at i
		if c < 0x80 { // an ASCII rune folds to ASCII only: the quick rejection holds
			switch c | 0x20 { // every hidden class starts with one of these letters
			case 'h', 'd', 'n', 'i', 's', 'v':
			default:
				for j < len(class) && !isClassSpace(class[j]) {
					j++ // the token's end, its bytes unread
				}
				i = j
				continue
			}
		}
		high := c // the token's bytes ORed: 0x80 set when one is not ASCII
		for j < len(class) && !isClassSpace(class[j]) {
			high |= class[j]
			j++
		}
		tok := class[i:j]
		i = j
		if len(tok) < 4 || len(tok) > 18 {
			continue
		}
		ascii := high < 0x80
		if ascii && !hiddenLen(len(tok)) {
			continue // only ASCII folds to ASCII byte for byte: lengths compare
		}
		for _, h := range hiddenClasses {
			if (!ascii || len(tok) == len(h)) && strings.EqualFold(tok, h) {
				return true
			}
		}
	}
	return false
}

// hideLetters marks d, v and y in either case: every hidden class holds
// one of them (TestHideLetters), and no other rune folds to them, so a
// class attribute without them holds no hidden class.
var hideLetters = [256]bool{'d': true, 'D': true, 'v': true, 'V': true, 'y': true, 'Y': true}

// mayHide reports whether class holds a byte of hideLetters: most class
// attributes ("reference internal", "pre", "n") are rejected by one scan.
func mayHide(class string) bool {
	for i := 0; i < len(class); i++ {
		if hideLetters[class[i]] {
			return true
		}
	}
	return false
}

func isClassSpace(c byte) bool {
	return c <= ' ' && (c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r')
}

// styleHides reports whether an inline style sets display:none or
// visibility:hidden (any case, any white space inside). An ASCII style
// of up to 256 bytes without its white space is checked without
// allocating; others go through strings.Fields.
func styleHides(style string) bool {
	var buf [256]byte
	n := 0
	for i := 0; i < len(style); i++ {
		c := style[i]
		switch {
		case c >= 0x80 || n == len(buf):
			v := strings.ToLower(strings.Join(strings.Fields(style), ""))
			return strings.Contains(v, "display:none") || strings.Contains(v, "visibility:hidden")
		case c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r':
			continue
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		}
		buf[n] = c
		n++
	}
	v := buf[:n]
	return bytes.Contains(v, []byte("display:none")) || bytes.Contains(v, []byte("visibility:hidden"))
}
