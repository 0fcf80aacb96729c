package topic

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

func TestCollapsed(t *testing.T) {
	for _, s := range []string{"", "a", "a b", " a", "a ", "a  b", "a\tb", "a\nb", "a\u00a0b", "a\u3000b",
		"é è", "\xff", "a \xff b", "a\u0085", "Python 3.11", "asyncio.wait_for()"} {
		want := s != "" && strings.Join(strings.Fields(s), " ") == s
		if got := collapsed(s); got != want {
			t.Errorf("collapsed(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestCollapsedTextOneNode checks the one-text-node case (most anchors)
// against the reference, and that an anchor already collapsed costs no
// allocation.
func TestCollapsedTextOneNode(t *testing.T) {
	for _, in := range []string{"x", "a b", " a b ", "a  b", "a\u00a0b", "a\nb", "\xff", "   ", "é", "a \u3000"} {
		doc, err := html.Parse(strings.NewReader("<a href=x>" + in + "</a>"))
		if err != nil {
			t.Fatal(err)
		}
		for a := range doc.Descendants() {
			if a.Data != "a" {
				continue
			}
			if got, want := collapsedText(a, maxContext), strings.Join(strings.Fields(nodeTextRef(a, maxContext)), " "); got != want {
				t.Errorf("collapsedText(<a>%q</a>) = %q, want %q", in, got, want)
			}
		}
	}
	doc, err := html.Parse(strings.NewReader("<p><a href=x>asyncio.wait_for()</a></p>"))
	if err != nil {
		t.Fatal(err)
	}
	for a := range doc.Descendants() {
		if a.Data == "a" {
			if n := testing.AllocsPerRun(50, func() { collapsedText(a, maxContext) }); n != 0 {
				t.Errorf("collapsedText of a collapsed anchor: %.0f allocations, want 0", n)
			}
		}
	}
}

func TestReplaceOnceCut(t *testing.T) {
	long := strings.Repeat("word ", 100)
	cases := []struct{ text, old string }{
		{"see the asyncio module", "asyncio"},
		{"no match here", "xyz"},
		{"", ""},
		{"abc", ""},
		{long, ""},
		{long + "anchor tail", "anchor"},
		{"anchor " + long, "anchor"},
		{long[:198] + "anchor" + long, "anchor"},
		{long[:199] + "anchor" + long, "anchor"},
		{long[:200] + "anchor" + long, "anchor"},
		{"été " + long, "été"},
		{"x anchor y anchor z", "anchor"},
	}
	for _, c := range cases {
		for _, limit := range []int{1, 10, maxContext} {
			want := strings.Replace(c.text, c.old, " ", 1)
			if len(want) > limit {
				want = want[:limit]
			}
			if got := replaceOnceCut(c.text, c.old, limit); got != want {
				t.Errorf("replaceOnceCut(%.30q…, %q, %d) = %.40q…, want %.40q…", c.text, c.old, limit, got, want)
			}
		}
	}
}

// BenchmarkLinkContexts measures the learned strategy's link contexts of
// the real pages of testdata (html and docs), as OnPage computes them
// for every fetched page.
func BenchmarkLinkContexts(b *testing.B) {
	docs := realDocs(b)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		n = 0
		for _, d := range docs {
			n += len(linkContexts(d, "http://docs.test/library/x.html", 200, nil))
		}
	}
	if n == 0 {
		b.Fatal("no link contexts")
	}
	b.ReportMetric(float64(n), "contexts/op")
}

// TestNoiseWordsListed checks that noiseWords, behind noiseValue's quick
// rejection, holds exactly the words of isNoiseWord's switch (read from
// the source, so a word added to one and not the other fails here).
func TestNoiseWordsListed(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "content.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var cases []string
	ast.Inspect(f, func(n ast.Node) bool {
		fd, ok := n.(*ast.FuncDecl)
		if !ok || fd.Name.Name != "isNoiseWord" {
			return true
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if cc, ok := n.(*ast.CaseClause); ok {
				for _, e := range cc.List {
					if lit, ok := e.(*ast.BasicLit); ok {
						s, _ := strconv.Unquote(lit.Value)
						cases = append(cases, s)
					}
				}
			}
			return true
		})
		return false
	})
	listed := slices.Sorted(slices.Values(noiseWords[:]))
	if slices.Sort(cases); !slices.Equal(cases, listed) {
		t.Fatalf("isNoiseWord's cases %q, noiseWords %q: want the same words", cases, listed)
	}
	for _, w := range noiseWords {
		if len(w) < 3 {
			t.Errorf("noise word %q is shorter than noiseValue's shortest (3)", w)
		}
	}
}

// FuzzAppendWords holds appendWords to strings.Fields: the words of any
// text (white space runes, invalid UTF-8) joined by single spaces, after
// what b held.
func FuzzAppendWords(f *testing.F) {
	for _, s := range []string{"", " ", "a", " a  b\t\nc ", "x\u00a0y", "\u2003z\u3000", "\xff a\xc2", "é è\u0085ü", "a\u200bb"} {
		f.Add("pre", s)
		f.Add("", s)
	}
	f.Fuzz(func(t *testing.T, pre, s string) {
		want := strings.Join(strings.Fields(s), " ")
		if pre != "" && want != "" {
			want = " " + want
		}
		if got := string(appendWords([]byte(pre), s)); got != pre+want {
			t.Fatalf("appendWords(%q, %q) = %q, want %q", pre, s, got, pre+want)
		}
	})
}
