package hub

import (
	"testing"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// TestTagKindsMatchSwitches checks tagKindsOf against the switches it
// stands for, over every atom of the html package (and the zero atom of
// an unknown tag).
func TestTagKindsMatchSwitches(t *testing.T) {
	atoms := []atom.Atom{0}
	for a := atom.Atom(1); a < 1<<20; a++ {
		if s := a.String(); s != "" && atom.Lookup([]byte(s)) == a {
			atoms = append(atoms, a)
		}
	}
	if len(atoms) < 100 {
		t.Fatalf("only %d atoms found", len(atoms))
	}
	for _, a := range atoms {
		n := &html.Node{Type: html.ElementNode, DataAtom: a, Data: a.String()}
		k := tagKindsOf(a)
		for _, c := range []struct {
			name string
			kind tagKinds
			want bool
		}{
			{"furnitureTag", kindFurniture, furnitureTag(n)},
			{"scopeTag", kindScope, scopeTag(n)},
			{"letterTag", kindLetter, letterTag(n)},
			{"pre or p", kindPreP, a == atom.Pre || a == atom.P},
			{"list", kindList, a == atom.Li || a == atom.Dt || a == atom.Dd || a == atom.Td || a == atom.Th},
			{"a", kindLink, a == atom.A},
			{"br", kindBr, a == atom.Br},
			{"html, body, main", kindPage, a == atom.Html || a == atom.Body || a == atom.Main},
			{"ul, ol, dl, table", kindNested, a == atom.Ul || a == atom.Ol || a == atom.Dl || a == atom.Table},
			{"headingTag", kindHeading, headingTag(n)},
			{"td, th", kindCell, a == atom.Td || a == atom.Th},
			{"code, tt, pre", kindCode, a == atom.Code || a == atom.Tt || a == atom.Pre},
		} {
			if got := k&c.kind != 0; got != c.want {
				t.Errorf("%s of <%s> (%#x): %v, the switch says %v", c.name, a, uint32(a), got, c.want)
			}
		}
	}
}
