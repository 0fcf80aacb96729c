package demosite

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
)

// NewGenerated returns a synthetic single-host site of n pages for
// throughput benchmarks: "/" and "/p/0" … "/p/{n-1}", every page reachable
// from "/", each about 12 KB with 16 links (two to the next pages, so the
// whole site is connected, and 14 spread over the site), no robots.txt
// (404) and no delays. Pages are rendered once, up front.
func NewGenerated(n int) http.Handler {
	g := &generated{pages: make([][]byte, n)}
	words := strings.Fields("match season league club goal market shares growth film award album election minister party " +
		"software network mobile players coach final record price company profits chart tour vote policy device users")
	for i := range g.pages {
		var b strings.Builder
		fmt.Fprintf(&b, "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Generated page %d</title>"+
			"<meta name=\"description\" content=\"page %d of %d\"></head><body><div class=\"nav\">", i, i, n)
		for j := 1; j <= 16; j++ {
			t := (i + j) % n
			if j > 2 {
				t = (i*31 + j*j*97 + 7) % n
			}
			fmt.Fprintf(&b, "<a href=\"/p/%d\">%s %s %d</a> ", t, words[(i+j)%len(words)], words[(i*j)%len(words)], t)
		}
		b.WriteString("</div><div class=\"content\">")
		for k := 0; k < 40; k++ {
			b.WriteString("<p>")
			for w := 0; w < 40; w++ {
				b.WriteString(words[(i*7+k*13+w*w)%len(words)])
				b.WriteByte(' ')
			}
			b.WriteString("</p>")
		}
		b.WriteString("</div></body></html>")
		g.pages[i] = []byte(b.String())
	}
	return g
}

type generated struct{ pages [][]byte }

func (g *generated) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	i := 0
	switch {
	case r.URL.Path == "/":
	case strings.HasPrefix(r.URL.Path, "/p/"):
		var err error
		if i, err = strconv.Atoi(r.URL.Path[3:]); err != nil || i < 0 || i >= len(g.pages) {
			http.NotFound(w, r)
			return
		}
	default:
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(g.pages[i])
}
