package trapsite

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
)

// garbageRobots is a robots.txt of binary junk, overlong lines and rules
// before any User-agent line; a crawler must neither choke on it nor read
// it as disallowing the site.
var garbageRobots = []byte("\x00\xff\xfe garbage\nDisallow /nothing\nAllow: \n" + strings.Repeat("x", 70000) +
	"\nUser-agent\x00: *\nCrawl-delay: soon\nSitemap: ::::\n\xc3\x28\n")

// LinkHeavyLinks is the number of links of /hostile/links.
const LinkHeavyLinks = 200_000

// NestingDepth is the element depth of /hostile/deep.
const NestingDepth = 10_000

func (s *Site) hostile(w http.ResponseWriter, r *http.Request) {
	rest := strings.TrimPrefix(r.URL.Path, "/hostile/")
	switch {
	case rest == "":
		s.write(w, "Odd corners", []string{"Pages that misbehave, for crawler tests: loops, huge bodies, deep nesting and very many links."},
			[]link{{"/hostile/loop/a", "Loop"}, {"/hostile/chain/0", "Chain"}, {"/hostile/huge", "Huge"},
				{"/hostile/endless", "Endless"}, {"/hostile/links", "Links"}, {"/hostile/deep", "Deep"}})
	case rest == "loop/a":
		http.Redirect(w, r, "/hostile/loop/b", http.StatusFound)
	case rest == "loop/b":
		http.Redirect(w, r, "/hostile/loop/a", http.StatusMovedPermanently)
	case strings.HasPrefix(rest, "chain/"):
		n, _ := strconv.Atoi(strings.TrimPrefix(rest, "chain/"))
		http.Redirect(w, r, fmt.Sprintf("/hostile/chain/%d", n+1), http.StatusFound)
	case rest == "huge":
		w.Header().Set("Content-Type", "text/html")
		chunk := []byte(strings.Repeat("<p>huge body text</p>\n", 1000))
		for written := 0; written < 50<<20; written += len(chunk) {
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
	case rest == "endless":
		w.Header().Set("Content-Type", "text/html")
		chunk := []byte(strings.Repeat("<p>and on and on</p>\n", 500))
		for {
			if _, err := w.Write(chunk); err != nil {
				return // the client gave up
			}
			if r.Context().Err() != nil {
				return
			}
		}
	case rest == "links":
		w.Header().Set("Content-Type", "text/html")
		w.Write(LinkHeavyPage(LinkHeavyLinks, "/hostile/i/"))
	case strings.HasPrefix(rest, "i/"):
		s.write(w, "Item", []string{"One item of the very long list. There is nothing else on this page but this short line of text."}, []link{{"/", "Front page"}})
	case rest == "deep":
		w.Header().Set("Content-Type", "text/html")
		var b strings.Builder
		b.WriteString("<html><head><title>Deep</title></head><body>")
		b.WriteString(strings.Repeat("<div>", NestingDepth))
		b.WriteString(`deep inside <a href="/">home</a>`)
		b.WriteString(strings.Repeat("</div>", NestingDepth))
		b.WriteString("</body></html>")
		w.Write([]byte(b.String()))
	default:
		http.NotFound(w, r)
	}
}

// LinkHeavyPage is one page of n distinct links to prefix+number (about
// 8 MB at 200,000 links under /hostile/i/).
func LinkHeavyPage(n int, prefix string) []byte {
	var b strings.Builder
	b.Grow(n * (len(prefix) + 24))
	b.WriteString("<html><head><title>links</title></head><body>\n")
	for i := range n {
		fmt.Fprintf(&b, "<a href=\"%s%d\">%d</a>\n", prefix, i, i)
	}
	b.WriteString("</body></html>")
	return []byte(b.String())
}
