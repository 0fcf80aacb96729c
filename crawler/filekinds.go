package crawler

import (
	"strings"
	"sync"
	"sync/atomic"

	"github.com/crawl-project/crawl"
)

// RuleNotHTMLFiles names, in Stats.Refused, the links left unfetched
// because their host served the files of their extension as other than
// HTML every time (fileKinds).
const RuleNotHTMLFiles = "not-html-files"

// fileKinds learns, per host and path extension, whether the host serves
// its URLs of that extension as pages. Once minRefusals of them were
// refused on their type (not HTML) and none was a page, the host's other
// URLs of that extension are refused unfetched (RuleNotHTMLFiles, stored
// as failures of that kind, so none is lost from failures.csv): a Sphinx
// site links the reStructuredText source of every page ("Show Source":
// /_sources/x.rst.txt), the CMake docs 1,929 of them, which the crawl
// requested only to refuse. The extension decides nothing until the host
// answered: a code host's /blob/x.txt pages are HTML and are crawled.
// Extensions of pages (pageExtensions) and none are never learned. Safe
// for concurrent use.
type fileKinds struct {
	mu     sync.Mutex
	counts map[fileKey]*fileCount
	// refusing is how many pairs refuse their URLs now: while none does
	// (most sites), refuses answers without reading the URL, for every
	// link popped and every new link a URL hook will judge.
	refusing atomic.Int32
}

type fileKey struct{ host, ext string } // ext lower-case

type fileCount struct{ refused, pages int }

// refuses reports whether the pair's other URLs are refused unfetched.
func (c *fileCount) refuses() bool { return c.refused >= minRefusals && c.pages == 0 }

// minRefusals is how many of a host's URLs of one extension must have been
// refused as not HTML, with none a page, before the others are not fetched.
const minRefusals = 3

// maxFileKinds bounds the (host, extension) pairs learned; past it new
// pairs are not learned (their URLs are fetched as before).
const maxFileKinds = 1 << 16

// pageExtensions are the extensions of pages and of programs that make
// them: their URLs are always fetched, whatever some of them returned (a
// download.php may serve a PDF and the next one a page).
var pageExtensions = map[string]bool{
	"html": true, "htm": true, "xhtml": true, "xht": true, "shtml": true, "php": true, "php3": true, "php4": true,
	"php5": true, "phtml": true, "asp": true, "aspx": true, "jsp": true, "jspx": true, "cfm": true, "cgi": true,
	"pl": true, "py": true, "do": true, "action": true, "nsf": true,
}

func newFileKinds() *fileKinds { return &fileKinds{counts: map[fileKey]*fileCount{}} }

// key is u's (host, lower-case extension), ok false when u's extension is
// none or a page's.
func (k *fileKinds) key(u string) (fileKey, bool) {
	ext := crawl.PathExtension(u)
	if ext == "" {
		return fileKey{}, false
	}
	ext = strings.ToLower(ext) // ASCII (PathExtension): a copy only when it has upper case
	if pageExtensions[ext] {
		return fileKey{}, false
	}
	return fileKey{host: crawl.HostKey(u), ext: ext}, true
}

// refuses reports whether u is not to be fetched: minRefusals of its
// host's URLs of its extension were refused as not HTML and none was a
// page.
func (k *fileKinds) refuses(u string) bool {
	if k.refusing.Load() == 0 {
		return false
	}
	key, ok := k.key(u)
	if !ok {
		return false
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	c := k.counts[key]
	return c != nil && c.refuses()
}

// observe counts the answer to a fetch of u: a page, or refused as not
// HTML.
func (k *fileKinds) observe(u string, page bool) {
	key, ok := k.key(u)
	if !ok {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	c := k.counts[key]
	if c == nil {
		if len(k.counts) >= maxFileKinds {
			return
		}
		c = &fileCount{}
		key = fileKey{host: strings.Clone(key.host), ext: strings.Clone(key.ext)} // not the URL they were cut from
		k.counts[key] = c
	}
	was := c.refuses()
	if page {
		c.pages++
	} else {
		c.refused++
	}
	switch now := c.refuses(); {
	case now && !was:
		k.refusing.Add(1)
	case was && !now:
		k.refusing.Add(-1)
	}
}

// observeFailure counts a fetch of u that failed with f when f refused it
// as not HTML (on its headers or on its body); other failures say nothing
// of the extension.
func (k *fileKinds) observeFailure(u string, f *FetchError) {
	if f.Kind == "not-html" {
		k.observe(u, false)
	}
}
