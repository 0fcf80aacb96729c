package crawler

import (
	"fmt"
	"testing"
)

// TestFileKinds: a host's URLs of one extension are refused once
// minRefusals of them were not HTML and none was a page; a page among them
// keeps them fetched; hosts, extensions (any case) and page extensions are
// apart; past maxFileKinds pairs nothing new is learned.
func TestFileKinds(t *testing.T) {
	k := newFileKinds()
	for i := range minRefusals {
		if k.refuses(fmt.Sprintf("http://a.test/_sources/%d.rst.txt", i)) {
			t.Fatalf("refused after %d refusals, want %d first", i, minRefusals)
		}
		k.observe(fmt.Sprintf("http://a.test/_sources/%d.rst.txt", i), false)
	}
	if n := k.refusing.Load(); n != 1 {
		t.Errorf("%d pairs counted refusing, want 1", n)
	}
	for _, c := range []struct {
		url  string
		want bool
	}{
		{"http://a.test/_sources/9.rst.txt", true},
		{"http://A.test:80/other/README.TXT?x=1", true}, // one host, one extension however spelt
		{"http://b.test/_sources/9.rst.txt", false},     // another host
		{"http://a.test/manual.pdf", false},             // another extension
		{"http://a.test/page", false},                   // none
	} {
		if got := k.refuses(c.url); got != c.want {
			t.Errorf("refuses(%s) = %v, want %v", c.url, got, c.want)
		}
	}

	// A host that served one of its .txt URLs as a page keeps fetching them.
	for i := range 10 {
		k.observe(fmt.Sprintf("http://code.test/blob/%d.txt", i), i == 5)
	}
	if k.refuses("http://code.test/blob/x.txt") {
		t.Error("a host whose .txt URLs were once a page: refused, want fetched")
	}
	if n := k.refusing.Load(); n != 1 { // code.test's pair refused for a while, then no more
		t.Errorf("%d pairs counted refusing, want 1 (a.test's)", n)
	}
	// Page extensions are never refused, whatever they answered.
	for i := range 10 {
		k.observe(fmt.Sprintf("http://a.test/download.php?id=%d", i), false)
		k.observe(fmt.Sprintf("http://a.test/d%d.HTML", i), false)
	}
	if k.refuses("http://a.test/download.php?id=99") || k.refuses("http://a.test/x.html") {
		t.Error("a page's extension refused")
	}

	// Past the bound, new pairs are not learned.
	full := newFileKinds()
	for i := range maxFileKinds {
		full.counts[fileKey{host: fmt.Sprint(i), ext: "x"}] = &fileCount{}
	}
	for range minRefusals {
		full.observe("http://new.test/a.pdf", false)
	}
	if full.refuses("http://new.test/b.pdf") || len(full.counts) != maxFileKinds {
		t.Errorf("past the bound: refuses %v, %d pairs; want false, %d", full.refuses("http://new.test/b.pdf"), len(full.counts), maxFileKinds)
	}
}
