package extraction

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/crawl-project/crawl/extraction/stm"
	"golang.org/x/net/html"
)

// hiddenRef is hidden as it was before it stopped allocating: class
// tokens compared with strings.EqualFold to every hidden class, the style
// lowered and stripped of white space with strings.Fields.
func hiddenRef(n *html.Node) bool {
	for _, a := range n.Attr {
		switch a.Key {
		case "hidden":
			return true
		case "class":
			for _, tok := range strings.FieldsFunc(a.Val, func(r rune) bool { return strings.ContainsRune(" \t\n\f\r", r) }) {
				if len(tok) < 4 || len(tok) > 18 {
					continue
				}
				for _, h := range hiddenClasses {
					if strings.EqualFold(tok, h) {
						return true
					}
				}
			}
		case "style":
			v := strings.ToLower(strings.Join(strings.Fields(a.Val), ""))
			if strings.Contains(v, "display:none") || strings.Contains(v, "visibility:hidden") {
				return true
			}
		}
	}
	return false
}

// TestHiddenMatchesReference checks hidden against hiddenRef on every
// element of the real pages of testdata/records and on edge cases (case,
// white space inside a style, non-ASCII letters that fold to ASCII, long
// styles).
func TestHiddenMatchesReference(t *testing.T) {
	files, err := filepath.Glob("testdata/records/*/page.html")
	if err != nil || len(files) < 10 {
		t.Fatalf("want the real pages of testdata/records, got %d (%v)", len(files), err)
	}
	var docs []*html.Node
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := html.Parse(strings.NewReader(string(raw)))
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, doc)
	}
	edge := `<div class="D-NONE">a</div><div class="x  Hidden\ty">b</div><div class="ſr-only">c</div>
<div class="hidde">d</div><div style="DISPLAY : None">e</div><div style="visibility:\u00a0hidden">f</div>
<div style="` + strings.Repeat("color:red;", 40) + `display:none">g</div><div style="dísplay:none">h</div>
<div class="screen-reader-text">i</div><div class="nodisplayx">j</div><div hidden>k</div><div class="Invisible">l</div>`
	doc, err := html.Parse(strings.NewReader(edge))
	if err != nil {
		t.Fatal(err)
	}
	docs = append(docs, doc)
	elems, hid := 0, 0
	for _, d := range docs {
		for n := range d.Descendants() {
			if n.Type != html.ElementNode {
				continue
			}
			elems++
			got, want := hidden(n), hiddenRef(n)
			if got != want {
				t.Errorf("hidden(<%s %v>) = %v, reference %v", n.Data, n.Attr, got, want)
			}
			if got {
				hid++
			}
		}
	}
	if hid < 8 {
		t.Errorf("only %d of %d elements hidden: the edge cases did not run", hid, elems)
	}
}

// TestHideLetters holds mayHide's premise: every hidden class holds d, v
// or y, and those letters fold only to their other case.
func TestHideLetters(t *testing.T) {
	for _, h := range hiddenClasses {
		if !mayHide(h) || !mayHide(strings.ToUpper(h)) {
			t.Errorf("hidden class %q holds none of d, v, y", h)
		}
	}
	for _, r := range "dvy" {
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			if f != unicode.ToUpper(r) {
				t.Errorf("%q folds to %q", r, f)
			}
		}
	}
}

// FuzzHasHiddenClass holds hasHiddenClass to the reference's class test
// (hiddenRef) on any class attribute, and so a classCache kept across the
// inputs (its slots holding earlier ones).
func FuzzHasHiddenClass(f *testing.F) {
	for _, s := range []string{"", "reference internal", "x  Hidden\ty", "ſr-only", "nodisplayx", "D-NONE", "pre", "sig-name descname"} {
		f.Add(s)
	}
	var cc classCache
	f.Fuzz(func(t *testing.T, class string) {
		n := &html.Node{Type: html.ElementNode, Data: "div", Attr: []html.Attribute{{Key: "class", Val: class}}}
		want := hiddenRef(n)
		if got := hasHiddenClass(class); got != want {
			t.Fatalf("hasHiddenClass(%q) = %v, reference %v", class, got, want)
		}
		for range 2 { // computed, then (unless evicted) cached
			if got := cc.hasHiddenClass(class); got != want {
				t.Fatalf("classCache.hasHiddenClass(%q) = %v, reference %v", class, got, want)
			}
		}
	})
}

// TestClassCache holds the cached class test to hasHiddenClass on
// attributes that collide in its table and repeat, hidden or not.
func TestClassCache(t *testing.T) {
	var cc classCache
	var classes []string
	for i := range 2000 {
		c := fmt.Sprintf("c%d x", i)
		switch i % 5 {
		case 0:
			c += " hidden"
		case 1:
			c = strings.Repeat("d", i%40)
		}
		classes = append(classes, c)
	}
	for round := range 3 {
		for i, c := range classes {
			if i%(round+1) != 0 {
				continue
			}
			if got, want := cc.hasHiddenClass(c), hasHiddenClass(c); got != want {
				t.Fatalf("round %d: classCache.hasHiddenClass(%q) = %v, want %v", round, c, got, want)
			}
		}
	}
}

// TestCollapse holds collapse's no-copy path to strings.Fields.
func TestCollapse(t *testing.T) {
	for _, s := range []string{"", " ", "a", "a b", "a  b", " a", "a ", "a\tb", "a\u00a0b", "é b", "a\nb", "\u2003x", "x\u2003", "a b c", "¶"} {
		if got, want := collapse(s), strings.Join(strings.Fields(s), " "); got != want {
			t.Errorf("collapse(%q) = %q, want %q", s, got, want)
		}
	}
}

// TestHiddenLen: hiddenLen knows the length of every hidden class, and no
// other.
func TestHiddenLen(t *testing.T) {
	lens := map[int]bool{}
	for _, h := range hiddenClasses {
		lens[len(h)] = true
	}
	for n := range 30 {
		if hiddenLen(n) != lens[n] {
			t.Errorf("hiddenLen(%d) = %v, want %v", n, hiddenLen(n), lens[n])
		}
	}
}

// TestPageDropHoldsDefaults holds pageDrop to stm.DefaultOptions' drops
// plus head and svg, and a reused page to a fresh one.
func TestPageDropHoldsDefaults(t *testing.T) {
	want := append(stm.DefaultOptions().DropTags, "head", "svg")
	if !slices.Equal(pageDrop[:], want) {
		t.Errorf("pageDrop = %q, want %q", pageDrop, want)
	}
	var reused page
	for _, src := range []string{
		"<ul><li><a href=x>1</a> text</li><li><img src=y></li></ul>",
		"<p>short</p>",
	} {
		doc, err := html.Parse(strings.NewReader(src))
		if err != nil {
			t.Fatal(err)
		}
		fresh, err := newPage(doc, 0)
		if err != nil {
			t.Fatal(err)
		}
		if err := reused.reset(doc, 0); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(reused.text, fresh.text) || !slices.Equal(reused.tags, fresh.tags) || len(reused.seg) != fresh.t.Len() {
			t.Errorf("%s: reused page text %v tags %v, fresh %v %v", src, reused.text, reused.tags, fresh.text, fresh.tags)
		}
		for i := range reused.seg {
			if reused.seg[i] != 0 {
				t.Errorf("%s: reused segment name %d = id %d, want unset", src, i, reused.seg[i])
			}
		}
		if len(reused.segNames) != 0 {
			t.Errorf("%s: reused page kept %d segment names, want 0", src, len(reused.segNames))
		}
		reused.name(int32(reused.t.Len() - 1))
	}
}

// FuzzTrimmedLen holds trimmedLen to strings.TrimSpace.
func FuzzTrimmedLen(f *testing.F) {
	for _, s := range []string{"", " ", "\n  x \t", "\u00a0x\u00a0", " \u2003", "é ", " xé"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := trimmedLen(s), len(strings.TrimSpace(s)); got != want {
			t.Fatalf("trimmedLen(%q) = %d, want %d", s, got, want)
		}
	})
}

// TestImgsSum holds prose's shortcut, a subtree's text less imgContent
// for each of its images (page.imgs), to the sum of its text nodes'
// text it replaces, at every node of the real pages of testdata/records.
func TestImgsSum(t *testing.T) {
	files, err := filepath.Glob("testdata/records/*/page.html")
	if err != nil || len(files) == 0 {
		t.Fatalf("want the real pages of testdata/records, got %d (%v)", len(files), err)
	}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := html.Parse(strings.NewReader(string(raw)))
		if err != nil {
			t.Fatal(err)
		}
		p, err := newPage(doc, 0)
		if err != nil {
			t.Fatal(err)
		}
		for i := range p.t.Len() {
			want := int32(0)
			for j := i; j < i+int(p.t.Size[i]); j++ {
				if p.t.Label[j] == stm.TextLabel {
					want += p.text[j]
				}
			}
			if got := p.text[i] - imgContent*p.imgs[i]; got != want {
				t.Fatalf("%s: node %d: text less images %d, text nodes' %d", f, i, got, want)
			}
		}
	}
}
