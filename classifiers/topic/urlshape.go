package topic

import (
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"
)

// urlPattern is the shape of a URL in its site's scheme, known before the
// page is fetched: its host, its first path segment (a ~user segment as
// "~", one with digits as "#"), how many directories deep it is, and what
// its last segment is: "dir" (none: the directory itself), "own" (a file
// named like its directory: ~jo/jo.html), "index" (index, home, default,
// welcome) or "file". Pages of one kind of a site share it: personal home
// pages (/~jo/jo.html, /users/jo/, /Info/People/jo/jo.html), course pages,
// a chapter's pages (/library/*.html).
func urlPattern(u *url.URL) string {
	if u == nil {
		return ""
	}
	// The path's segments as strings.Split(path, "/") gives them, read in
	// place: the directories before the last '/', the file after it.
	p := strings.TrimPrefix(u.Path, "/")
	last := strings.LastIndexByte(p, '/')
	file, dirs := p[last+1:], strings.Count(p, "/")
	first := "-"
	if dirs > 0 {
		first = segShape(p[:strings.IndexByte(p, '/')])
	}
	kind := "dir"
	if file != "" {
		stem := strings.ToLower(file)
		if i := strings.LastIndexByte(stem, '.'); i > 0 {
			stem = stem[:i]
		}
		switch {
		case stem == "index" || stem == "home" || stem == "default" || stem == "welcome":
			kind = "index"
		case dirs > 0 && stem == strings.ToLower(strings.TrimPrefix(p[strings.LastIndexByte(p[:last], '/')+1:last], "~")):
			kind = "own"
		default:
			kind = "file"
		}
	}
	return strings.ToLower(u.Host) + "/" + first + "/" + strconv.Itoa(min(dirs, 5)) + ":" + kind
}

// segShape is a path segment as urlPattern names it.
func segShape(s string) string {
	if strings.HasPrefix(s, "~") {
		return "~"
	}
	if strings.ContainsAny(s, "0123456789") {
		return "#"
	}
	return strings.ToLower(s)
}

// seedPatterns counts the seed URLs' patterns (urlPattern).
func seedPatterns(seeds map[string]bool) map[string]int {
	out := map[string]int{}
	for s := range seeds {
		if u, err := url.Parse(s); err == nil {
			out[urlPattern(u)]++
		}
	}
	return out
}

// urlFeatures adds a link URL's features known before the fetch: its path
// words, its directory, its pattern (urlPattern) and how many of the seed
// pages share that pattern (in quarters of the seeds).
func (h *Hook) urlFeatures(fs *featureSet, u *url.URL) {
	if u == nil {
		return
	}
	h.seeds.tok.Scan(u.Path, func(t string) { fs.addToken("u:", t) })
	h.urlShape(fs, dirOf(u), urlPattern(u))
}

// urlShape adds the features of urlFeatures that are not path words: the
// directory of u (dir: dirOf(u)), its pattern p (urlPattern(u)) and the
// seed pages' share of p.
func (h *Hook) urlShape(fs *featureSet, dir, p string) {
	fs.addToken("d:", dir)
	fs.addToken("pat:", p)
	if n := h.learner.seedPats[p]; n > 0 {
		fs.addToken("sp:", strconv.Itoa(min(4*n/max(h.learner.nSeeds, 1), 4)))
	}
}

// isList reports whether a page of words distinct words and links links
// is a list page: many links, few words per link.
func isList(words, links int) bool { return links >= 20 && words < 8*links }

// seedExamples gives the link model the seed pages as positive examples
// of their URL features (path words, directory, pattern), as ACHE trains
// its link classifier on the seeds: the pattern of the seeds' URLs counts
// from the first training on.
func (h *Hook) seedExamples() {
	if h.learner.words != nil { // the seed pages are relevant pages
		for _, b := range h.seeds.seedWords {
			h.learner.words.add(b.ids, true)
		}
	}
	for _, s := range slices.Sorted(maps.Keys(h.seeds.seedURLs)) { // in one order: a replay trains the same model
		u, err := url.Parse(s)
		if err != nil {
			continue
		}
		var fs featureSet
		h.urlFeatures(&fs, u)
		h.learner.lm.add(fs.feats, true, 1)
	}
}
