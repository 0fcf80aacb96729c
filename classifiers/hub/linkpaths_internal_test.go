package hub

import "testing"

// splitPathRef is splitPath before session 16 (hub2): byte loops for the
// host's end and for the path's '?' or '#'. splitPath must equal it.
func splitPathRef(u string) (host, path string, query bool) {
	if i := indexSchemeSep(u); i >= 0 {
		u = u[i+3:]
		j := 0
		for j < len(u) && u[j] != '/' && u[j] != '?' && u[j] != '#' {
			j++
		}
		host, u = u[:j], u[j:]
	}
	for i := 0; i < len(u); i++ {
		if u[i] == '?' || u[i] == '#' {
			return host, u[:i], u[i] == '?'
		}
	}
	return host, u, false
}

var splitPathSeeds = []string{
	"", "/", "?", "#", "?#", "#?", "a", "http://", "https://", "http://h", "http://h/", "http://h?q", "http://h#f",
	"http://127.0.0.1:9000/library/functions.html", "https://docs.python.org/3/library/os.path.html#os.path.join",
	"http://h/a/b/?x=1#y", "http://h/a/b/#y?x=1", "http://h/a?b#c?d", "ftp://h/a/b", "//h/a/b", "a/b/c.html",
	"../up.html?x#y", "mailto:x@y", "http://h:80?q/a", "http://h#f/a", "http://ĥöst/päth?q",
	"http://h/0123456789012345678901234567890123456789?q", "http://h/0123456789012345678901234567890123456789#f",
}

func TestSplitPathMatchesRef(t *testing.T) {
	for _, u := range splitPathSeeds {
		h, p, q := splitPath(u)
		rh, rp, rq := splitPathRef(u)
		if h != rh || p != rp || q != rq {
			t.Errorf("splitPath(%q) = %q, %q, %v; the byte loops give %q, %q, %v", u, h, p, q, rh, rp, rq)
		}
	}
}

func FuzzSplitPathMatchesRef(f *testing.F) {
	for _, u := range splitPathSeeds {
		f.Add(u)
	}
	f.Fuzz(func(t *testing.T, u string) {
		h, p, q := splitPath(u)
		rh, rp, rq := splitPathRef(u)
		if h != rh || p != rp || q != rq {
			t.Errorf("splitPath(%q) = %q, %q, %v; the byte loops give %q, %q, %v", u, h, p, q, rh, rp, rq)
		}
	})
}

func BenchmarkSplitPath(b *testing.B) {
	b.ReportAllocs()
	for range b.N {
		for _, u := range splitPathSeeds {
			splitPath(u)
		}
	}
}

// relationRef is relation before session 16 (hub2): the parent split for
// every link.
func relationRef(host, dir, parent string) byte {
	if parent == "" {
		return '-'
	}
	ph, pp, _ := splitPathRef(parent)
	if ph != host {
		return 'x'
	}
	pd := dirOf(pp)
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

// TestParentOfMatchesRef: the place the labeler keeps for the last parent
// gives each link the relation of the parent split again.
func TestParentOfMatchesRef(t *testing.T) {
	var ll linkLabeler
	for _, parent := range append(splitPathSeeds, splitPathSeeds...) {
		for _, u := range splitPathSeeds {
			host, path, _ := splitPath(u)
			dir := dirOf(path)
			if got, want := ll.parentOf(parent).relation(host, dir), relationRef(host, dir, parent); got != want {
				t.Errorf("parent %q, link %q: relation %c, want %c", parent, u, got, want)
			}
			p := placeOf(parent)
			if got, want := p.relation(host, dir), relationRef(host, dir, parent); got != want {
				t.Errorf("placeOf(%q).relation(%q, %q) = %c, want %c", parent, host, dir, got, want)
			}
		}
	}
}

func FuzzRelationMatchesRef(f *testing.F) {
	for i, u := range splitPathSeeds {
		f.Add(u, splitPathSeeds[(i*7+3)%len(splitPathSeeds)])
	}
	f.Fuzz(func(t *testing.T, u, parent string) {
		var ll linkLabeler
		host, path, _ := splitPath(u)
		dir := dirOf(path)
		want := relationRef(host, dir, parent)
		for range 2 { // the place split, then kept
			if got := ll.parentOf(parent).relation(host, dir); got != want {
				t.Errorf("parent %q, link %q: relation %c, want %c", parent, u, got, want)
			}
		}
	})
}
