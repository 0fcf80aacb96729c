package demosite

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

const perPage = 20

// nav is the navigation of host h: home, its sections, the other hosts.
func (s *Site) nav(hi int) []link {
	h := s.hosts[hi]
	out := []link{{h.base + "/", "Home"}}
	for _, t := range h.topics {
		out = append(out, link{h.base + "/" + t + "/", strings.ToUpper(t[:1]) + t[1:]})
	}
	for i, o := range s.hosts {
		if i != hi {
			out = append(out, link{o.base + "/", o.name})
		}
	}
	return out
}

// footer holds the odd links every crawler meets: a disallowed page, a
// document, a slow page, a redirect loop, pages in Chinese encodings.
func (s *Site) footer(hi int) []link {
	b := s.hosts[hi].base
	out := []link{{b + "/about.html", "About us"}, {b + "/private/admin.html", "Staff login"}}
	switch hi {
	case hostGlobe:
		out = append(out, link{b + "/slow.html", "Live blog"}, link{b + "/loop/a", "Archive"},
			link{b + "/intl/zh.html", "中文版"}, link{b + "/intl/tw.html", "繁體版"})
	case hostWire:
		out = append(out, link{b + "/files/annual-report.pdf", "Annual report (PDF)"})
	}
	return out
}

func (s *Site) teaser(a *article) item {
	return item{url: s.urlOf(a), title: a.title, summary: a.description, date: a.date.Format("2 Jan 2006"),
		source: s.hosts[a.host].name, img: s.hosts[a.host].base + "/img/" + strconv.Itoa(a.id) + ".jpg"}
}

func onHost(l []*article, hi int) []*article {
	var out []*article
	for _, a := range l {
		if a.host == hi {
			out = append(out, a)
		}
	}
	return out
}

// pager links pages 1..n of base (page 1 is base itself).
func pager(base string, n, cur int) []link {
	var out []link
	for i := 1; i <= n; i++ {
		if i == cur {
			continue
		}
		u := base
		if i > 1 {
			u = base + "page/" + strconv.Itoa(i)
		}
		out = append(out, link{u, strconv.Itoa(i)})
	}
	return out
}

func (s *Site) homePage(hi int) *page {
	h := s.hosts[hi]
	p := &page{title: h.name, heading: "Latest news", nav: s.nav(hi), footer: s.footer(hi),
		description: h.name + ": the latest news"}
	if hi == hostSearch {
		p.heading = "Search the news"
		p.nav = append(p.nav, s.popular...)
		return p
	}
	for _, t := range h.topics {
		l := onHost(s.byTopic[t], hi)
		for _, a := range l[:min(8, len(l))] {
			p.items = append(p.items, s.teaser(a))
		}
	}
	return p
}

// listPage is page n of a section or tag list.
func (s *Site) listPage(hi int, heading, base string, l []*article, n int) *page {
	pages := (len(l) + perPage - 1) / perPage
	if n < 1 || n > pages {
		return nil
	}
	p := &page{title: heading + " - " + s.hosts[hi].name, heading: heading, nav: s.nav(hi), footer: s.footer(hi),
		pager: pager(s.hosts[hi].base+base, pages, n)}
	for _, a := range l[(n-1)*perPage : min(n*perPage, len(l))] {
		p.items = append(p.items, s.teaser(a))
	}
	return p
}

// articlePage shows a with tags, related stories of its topic (on every
// host) and, for one article in four, a story of another topic.
func (s *Site) articlePage(a *article) *page {
	hi := a.host
	p := &page{title: a.title + " - " + s.hosts[hi].name, heading: a.title, keywords: strings.Join(a.keywords, ", "),
		description: a.description, paras: a.paras, nav: s.nav(hi), footer: s.footer(hi)}
	for _, k := range a.keywords[:min(3, len(a.keywords))] {
		p.tags = append(p.tags, link{s.hosts[hi].base + "/tag/" + k + "/", k})
	}
	// Related stories come from the articles published from the start, so
	// an article page does not change when Publish releases new ones.
	same := s.initial[a.topic]
	at := 0
	for i, o := range same {
		if o == a {
			at = i
		}
	}
	for k := 1; k <= 5 && k < len(same); k++ {
		o := same[(at+k*7)%len(same)]
		p.related = append(p.related, link{s.urlOf(o), o.title})
	}
	if a.id%4 == 0 {
		other := Topics[(topicIndex(a.topic)+1)%len(Topics)]
		if l := s.initial[other]; len(l) > 0 {
			o := l[a.id%len(l)]
			p.related = append(p.related, link{s.urlOf(o), o.title})
		}
	}
	if a.id%20 == 7 {
		p.related = append(p.related, link{s.hosts[hi].base + fmt.Sprintf("/%s/2005/01/01/missing-story-%d.html", a.topic, a.id), "Earlier coverage"})
	}
	if a.id%10 == 3 {
		p.related = append(p.related, link{s.hosts[hi].base + "/old/" + strconv.Itoa(a.id), "Permalink"})
	}
	return p
}

func topicIndex(t string) int {
	for i, x := range Topics {
		if x == t {
			return i
		}
	}
	return 0
}

// popularSearches links the search pages of the most used keywords.
func (s *Site) popularSearches() []link {
	var out []link
	for _, t := range Topics {
		l := s.byTopic[t]
		seen := map[string]bool{}
		for _, a := range l {
			if len(seen) >= 6 {
				break
			}
			for _, k := range a.keywords[:min(2, len(a.keywords))] {
				if !seen[k] && len(seen) < 6 && len(s.searchHits(k)) >= 10 {
					seen[k] = true
					out = append(out, link{s.hosts[hostSearch].base + "/search?q=" + url.QueryEscape(k), k})
				}
			}
		}
	}
	return out
}

// searchHits returns the published articles whose title or keywords
// contain q, newest first.
func (s *Site) searchHits(q string) []*article {
	q = strings.ToLower(q)
	var out []*article
	for _, t := range Topics {
		for _, a := range s.byTopic[t] {
			if strings.Contains(strings.ToLower(a.title), q) || contains(a.keywords, q) {
				out = append(out, a)
			}
		}
	}
	return out
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

// searchPage is results page n for q: 30 results a page, at most 3 pages.
func (s *Site) searchPage(q string, n int) *page {
	hits := s.searchHits(q)
	const per = 30
	pages := min(3, (len(hits)+per-1)/per)
	if q == "" || n < 1 || n > max(1, pages) {
		return nil
	}
	base := s.hosts[hostSearch].base
	p := &page{title: q + " - FindNews", heading: fmt.Sprintf("%d results for %s", len(hits), q),
		nav: append([]link(nil), s.popular...), footer: s.footer(hostSearch)}
	for i := 1; i <= pages; i++ {
		if i != n {
			p.pager = append(p.pager, link{fmt.Sprintf("%s/search?q=%s&page=%d", base, url.QueryEscape(q), i), strconv.Itoa(i)})
		}
	}
	for _, a := range hits[min(len(hits), (n-1)*per):min(len(hits), n*per)] {
		p.items = append(p.items, s.teaser(a))
	}
	return p
}
