package fuzzy

import (
	"slices"
	"strings"
)

// The paper weighs a word by the tags it occurs in only. On a real site
// that ties every page to every other: each title ends in the site's name
// ("… — Python 3.11.2 documentation"), each description repeats a slogan,
// so one topic led by the site's name takes the whole site. Unless
// Config.Paper is set, the pages of each host get three corrections (an
// extension, measured in README.md; hosts of 1 or 2 pages are left as they
// are, see minSitePages):
//
//   - Title template: titles are split into segments at separators
//     (" — ", " | ", " - ", …); a first or last segment shared by at least
//     Config.TemplateShare of the host's titles (and by 3) is the host's
//     template and is stripped before the title is tokenised (repeatedly,
//     so "A | B | Site" loses both "Site" and a section name that is itself
//     that common), and so is a label ("Tag: …") that starts LabelShare of
//     them.
//   - Page kinds (kind.go): a leading phrase ending in a function word
//     that starts LabelShare of the titles and is followed by varied words
//     ("Introduction to …", "Functions and Variables for …") names the
//     page's kind, not its subject, and is cut
//     from the title; on a host with such phrases, so is a first or last
//     word whose removal mostly leaves another page's title ("draw-pkg"
//     beside "Introduction to draw"). The page's keywords and description
//     lose these words too (texinfo repeats the title in both).
//   - In-site document frequency: a word on a share s of the host's pages
//     keeps (CommonTo − s)/(CommonTo − CommonFrom) of its weight, clamped to
//     [0, 1]: a word on few pages keeps its weight, a word on CommonTo of
//     them or more (navigation, the site's name) weighs nothing. On a host
//     of fewer than Config.SiteMinPages pages both bounds move up
//     (commonRamp): a small sample tells boilerplate, on nearly every
//     page, from a topic word only near the top.

// minSitePages is the fewest pages of a host the corrections learn from:
// a template needs 3 titles (LearnTitleTemplate), and a word on both pages
// of a host of 2 is what makes them a topic.
const minSitePages = 3

// titleSeps separate the segments of a title, longest first.
var titleSeps = []string{" :: ", " — ", " – ", " - ", " | ", " · ", " » ", " « ", " : "}

// TitleSegments splits a title at the separators " — ", " – ", " - ",
// " | ", " :: ", " · ", " » ", " « " and " : " into trimmed, non-empty
// segments.
func TitleSegments(title string) []string {
	var out []string
	rest := title
	for {
		cut, sep := -1, ""
		for _, s := range titleSeps {
			if i := strings.Index(rest, s); i >= 0 && (cut < 0 || i < cut) {
				cut, sep = i, s
			}
		}
		if cut < 0 {
			break
		}
		if seg := strings.TrimSpace(rest[:cut]); seg != "" {
			out = append(out, seg)
		}
		rest = rest[cut+len(sep):]
	}
	if seg := strings.TrimSpace(rest); seg != "" {
		out = append(out, seg)
	}
	return out
}

// segKey is the comparison form of a segment: lower case, inner white
// space collapsed.
func segKey(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// TitleTemplate is what a host's titles share: segments that start or end
// at least a given share of them, and labels that start at least
// LabelShare of them.
type TitleTemplate struct {
	Prefixes, Suffixes map[string]bool // segment keys
	Labels             map[string]bool // label keys (labelOf)
}

// LabelShare is the share of a host's titles (at least 3) a label must
// start to be stripped. A label is a title's first one to three words
// before ": " ("Tag: ireland", "Category: Sport"): a page kind's name, not
// a topic. Unstripped, it ties every page of its kind together: on the
// demo site the tag pages ("Tag: ireland - The Daily Globe") are 5–43 %
// of a host's pages depending on the crawl's order, and where the in-site
// frequency correction (from DefaultCommonFrom, a tenth of the pages)
// left "tag" some weight, the tag pages of every host made one topic of
// up to 25 % of the pages. A label is kept when it starts fewer titles
// than this share: a word before a colon on a few titles of a host may be
// their subject. No title of the Python, PostgreSQL or git documentation
// has a label on this share of its site. It is also the share of the
// titles a kind phrase or a kind word must start (kind.go): a label
// without a colon.
const LabelShare = 0.02

// LearnTitleTemplate finds the template of one host's titles: the first
// and last segments shared by at least share of the titles (and by at
// least 3), and the labels that start at least LabelShare of them (and 3).
func LearnTitleTemplate(titles []string, share float64) TitleTemplate {
	first, last, labels := map[string]int{}, map[string]int{}, map[string]int{}
	for _, t := range titles {
		segs := TitleSegments(t)
		if l, _ := labelOf(segs); l != "" {
			labels[l]++
		}
		if len(segs) < 2 {
			continue
		}
		first[segKey(segs[0])]++
		last[segKey(segs[len(segs)-1])]++
	}
	pick := func(m map[string]int, share float64) map[string]bool {
		need := max(3, share*float64(len(titles)))
		out := map[string]bool{}
		for k, n := range m {
			if float64(n) >= need {
				out[k] = true
			}
		}
		return out
	}
	return TitleTemplate{Prefixes: pick(first, share), Suffixes: pick(last, share), Labels: pick(labels, LabelShare)}
}

// labelOf returns the label key of a title's segments (see LabelShare)
// and the first segment without it, or "" when the first segment has
// none.
func labelOf(segs []string) (label, rest string) {
	if len(segs) == 0 {
		return "", ""
	}
	before, after, ok := strings.Cut(segs[0], ": ")
	after = strings.TrimSpace(after)
	if !ok || after == "" || len(before) > 40 || before != strings.TrimSpace(before) {
		return "", ""
	}
	if n := len(strings.Fields(before)); n < 1 || n > 3 {
		return "", ""
	}
	return segKey(before), after
}

// Strip removes the template's segments from the ends of title, keeping
// at least one segment; a title without a template segment is returned
// unchanged.
func (t TitleTemplate) Strip(title string) string {
	if len(t.Prefixes) == 0 && len(t.Suffixes) == 0 && len(t.Labels) == 0 {
		return title
	}
	segs := TitleSegments(title)
	lo, hi := 0, len(segs)
	for hi-lo > 1 && t.Suffixes[segKey(segs[hi-1])] {
		hi--
	}
	for hi-lo > 1 && t.Prefixes[segKey(segs[lo])] {
		lo++
	}
	labelled := false
	if l, rest := labelOf(segs[lo:hi]); l != "" && t.Labels[l] {
		segs[lo], labelled = rest, true
	}
	if lo == 0 && hi == len(segs) && !labelled {
		return title
	}
	return strings.Join(segs[lo:hi], " ")
}

// commonFactor is the share of its weight a word on share s of its host's
// pages keeps.
func commonFactor(s, from, to float64) float64 {
	switch {
	case s <= from:
		return 1
	case s >= to:
		return 0
	}
	return (to - s) / (to - from)
}

// commonRamp returns the bounds of commonFactor for a host of n pages:
// cfg.CommonFrom and cfg.CommonTo on a host of at least cfg.SiteMinPages
// (M) pages. A smaller host is a small sample, where a topic word may be on
// half the pages by chance (the first pages of a focused crawl share their
// subject), and what marks boilerplate is a word on nearly every page ("Chapter
// N. …", "git-…(1)"). So below M pages a word keeps its weight on up to
// CommonFrom·M pages (2 by default, as at M pages) and weighs nothing from
// a share that slides from every page (n → 0) down to CommonTo (n = M):
// 1 − (1 − CommonTo)·n/M, 0.76 of 8 pages and 0.55 of 15 by default.
func commonRamp(n int, cfg Config) (from, to float64) {
	m := float64(cfg.SiteMinPages)
	if float64(n) >= m {
		return cfg.CommonFrom, cfg.CommonTo
	}
	return cfg.CommonFrom * m / float64(n), 1 - (1-cfg.CommonTo)*float64(n)/m
}

// siteTitle is the feature words of a page's title and the kind words
// taken from it (KindPhrases, kindWords), which the page's keywords and
// description lose too.
type siteTitle struct {
	words, kind []string
}

// siteTitles returns the words of each page's title: unless cfg.Paper, on
// the pages of the hosts site reports, without the host's title template
// (TitleTemplate), its kind phrase (KindPhrases, learnt from the titles
// without their template) and then a first or last kind word (kindWords).
func (c *corpus) siteTitles(cfg Config, site func(int32) bool) []siteTitle {
	out := make([]siteTitle, len(c.pages))
	hostPages := make([][]int, len(c.hosts))
	for i, p := range c.pages {
		if site(p.host) {
			hostPages[p.host] = append(hostPages[p.host], i)
		} else {
			out[i].words = distinct(c.tok.Tokens(p.title))
		}
	}
	for _, pages := range hostPages {
		if len(pages) == 0 {
			continue
		}
		titles := make([]string, len(pages))
		for k, i := range pages {
			titles[k] = c.pages[i].title
		}
		tmpl := LearnTitleTemplate(titles, cfg.TemplateShare)
		for k, t := range titles {
			titles[k] = tmpl.Strip(t)
		}
		phrases := LearnKindPhrases(c.tok, titles)
		words := make([][]string, len(pages))
		for k, i := range pages {
			rest, kind := phrases.Cut(titles[k])
			words[k] = distinct(c.tok.Tokens(rest))
			out[i] = siteTitle{words: words[k], kind: kind}
		}
		if len(phrases.keys) == 0 {
			continue // kind words only where titles name kinds by phrases
		}
		_, to := commonRamp(len(pages), cfg)
		for k, kind := range kindWords(words, to) {
			if len(kind) == 0 {
				continue
			}
			t := &out[pages[k]]
			t.kind = append(t.kind, kind...)
			t.words = slices.DeleteFunc(slices.Clone(t.words), func(w string) bool { return slices.Contains(kind, w) })
		}
	}
	return out
}
