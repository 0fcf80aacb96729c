package linkgraph

import (
	"bytes"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"slices"
	"strings"

	"github.com/crawl-project/crawl/classifiers/topic"
	"github.com/crawl-project/crawl/htmldecode"
)

// MaxWebKBText is the text kept of a WebKB page.
const MaxWebKBText = 1000

// WebKBUniversities are the four sites of the WebKB "4 Universities" data
// whose pages link to each other; the fifth folder, misc, holds pages of
// many other universities, few of them linked, and is left out.
var webkbUniversities = []string{"cornell", "texas", "washington", "wisconsin"}

// FromWebKB builds the graph of CMU's WebKB "4 Universities" data set
// (Craven et al. 1998): root holds <class>/<university>/<file>, each file a
// page fetched in January 1997 (HTTP headers, a blank line, the HTML), its
// name the page's URL with '/' written '^' and ':' written as U+F03A or
// '_' (as the copies in circulation have it). Every page of the four
// universities' folders is a page of the graph, labelled by its class
// (course, faculty, student, project, staff, department, other); its text
// is topic.ExtractContent of its HTML; its links are the hrefs that lead
// to another page of the graph (after resolving against its URL and
// normalising: lower-case host without "www." and port 80, no fragment,
// "index.html" and a final slash dropped), each with its anchor text and
// the words of its enclosing block. The few pages whose name is not an
// http URL (ftp:, file:) are left out.
func FromWebKB(name, source string, root fs.FS) (*Graph, error) {
	classes, err := fs.ReadDir(root, ".")
	if err != nil {
		return nil, fmt.Errorf("linkgraph: %w", err)
	}
	type file struct{ path, class string }
	var files []file
	for _, c := range classes {
		if !c.IsDir() {
			continue
		}
		for _, u := range webkbUniversities {
			entries, err := fs.ReadDir(root, c.Name()+"/"+u)
			if err != nil {
				continue // not every class has every university
			}
			for _, e := range entries {
				if !e.IsDir() {
					files = append(files, file{c.Name() + "/" + u + "/" + e.Name(), c.Name()})
				}
			}
		}
	}
	slices.SortFunc(files, func(a, b file) int { return strings.Compare(path.Base(a.path), path.Base(b.path)) })
	g := &Graph{Name: name, Source: source}
	index := map[string]int{}
	for _, f := range files {
		u, err := WebKBURL(path.Base(f.path))
		if err != nil {
			continue // a few pages were fetched by ftp or from files: no http link reaches them
		}
		k := webkbKey(u)
		if i, dup := index[k]; dup { // one URL filed twice: keep both labels
			if !slices.Contains(g.Pages[i].Topics, f.class) {
				g.Pages[i].Topics = append(g.Pages[i].Topics, f.class)
			}
			continue
		}
		index[k] = len(g.Pages)
		g.Pages = append(g.Pages, Page{URL: u.String(), Topics: []string{f.class}})
	}
	read := map[string]bool{}
	for _, f := range files {
		u, err := WebKBURL(path.Base(f.path))
		if err != nil {
			continue
		}
		i := index[webkbKey(u)]
		if read[g.Pages[i].URL] {
			continue
		}
		read[g.Pages[i].URL] = true
		raw, err := fs.ReadFile(root, f.path)
		if err != nil {
			return nil, fmt.Errorf("linkgraph: %w", err)
		}
		if err := g.webkbPage(i, u, raw, index); err != nil {
			return nil, fmt.Errorf("linkgraph: %s: %w", f.path, err)
		}
	}
	for i := range g.Pages {
		slices.Sort(g.Pages[i].Topics)
	}
	return g, nil
}

// webkbPage fills in page i (at URL u) from its file's bytes.
func (g *Graph) webkbPage(i int, u *url.URL, raw []byte, index map[string]int) error {
	body, ctype := splitHTTPHeader(raw)
	doc, err := htmldecode.Parse(body, ctype)
	if err != nil {
		return err
	}
	p := &g.Pages[i]
	p.Title = title(doc)
	p.Text = cut(collapse(topic.ExtractContent(doc).Text), MaxWebKBText)
	seen := map[int]bool{}
	for _, a := range anchors(doc) {
		ref, err := url.Parse(strings.TrimSpace(a.href))
		if err != nil {
			continue
		}
		t, ok := index[webkbKey(u.ResolveReference(ref))]
		if !ok || t == i || seen[t] {
			continue
		}
		seen[t] = true
		p.Links = append(p.Links, Link{To: t, Anchor: cut(a.text, MaxContext), Context: cut(a.context, MaxContext)})
	}
	return nil
}

// WebKBURL decodes a WebKB file name into the page's URL:
// "http^^www.cs.wisc.edu^~user^" with ':' written U+F03A (or '_', or left
// as is) after the scheme and '/' written '^'.
func WebKBURL(name string) (*url.URL, error) {
	s := strings.ReplaceAll(name, "\uf03a", ":")
	s = strings.ReplaceAll(s, "^", "/")
	for _, scheme := range []string{"http", "https"} {
		if rest, ok := strings.CutPrefix(s, scheme+"_//"); ok {
			s = scheme + "://" + rest
		}
		if rest, ok := strings.CutPrefix(s, scheme+"//"); ok {
			s = scheme + "://" + rest
		}
	}
	u, err := url.Parse(s)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return nil, fmt.Errorf("linkgraph: WebKB file name %q is not an http URL", name)
	}
	return u, nil
}

// webkbKey normalises a URL for matching links to pages: lower-case host
// without "www." and port 80, path unescaped, "index.html" (or .htm) and a
// final slash dropped, query kept, fragment dropped.
func webkbKey(u *url.URL) string {
	host := strings.TrimPrefix(strings.TrimSuffix(strings.ToLower(u.Host), ":80"), "www.")
	p := u.Path
	low := strings.ToLower(p)
	for _, idx := range []string{"index.html", "index.htm"} {
		if strings.HasSuffix(low, "/"+idx) {
			p = p[:len(p)-len(idx)]
		}
	}
	p = strings.TrimSuffix(p, "/")
	k := host + p
	if u.RawQuery != "" {
		k += "?" + u.RawQuery
	}
	return k
}

// splitHTTPHeader returns the body of a WebKB file and its Content-Type:
// the files start with the response's header lines (Date, MIME-Version,
// Server, Content-Type, …) and a blank line; a file whose first line is
// not a header line ("Name: value") is all body.
func splitHTTPHeader(raw []byte) ([]byte, string) {
	if !isHeaderLine(raw) {
		return raw, "text/html"
	}
	ctype := "text/html"
	rest := raw
	for len(rest) > 0 {
		line := rest
		if j := bytes.IndexByte(rest, '\n'); j >= 0 {
			line, rest = rest[:j], rest[j+1:]
		} else {
			rest = nil
		}
		if len(bytes.TrimSpace(line)) == 0 {
			return rest, ctype
		}
		if k, v, ok := strings.Cut(string(line), ":"); ok && strings.EqualFold(strings.TrimSpace(k), "Content-Type") {
			ctype = strings.TrimSpace(v)
		}
	}
	return nil, ctype
}

// isHeaderLine reports whether b starts with "Name:", Name an HTTP token.
func isHeaderLine(b []byte) bool {
	for i, c := range b {
		switch {
		case c == ':':
			return i > 0
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '-' || c == '_':
		default:
			return false
		}
	}
	return false
}
