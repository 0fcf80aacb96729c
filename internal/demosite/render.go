package demosite

import (
	"fmt"
	"html"
	"strings"
)

// link is an anchor on a page.
type link struct{ url, text string }

// item is one entry of a list page: an article teaser or a search result.
type item struct {
	url, title, summary, date, source, img string
}

// page is what a handler wants shown; a style turns it into HTML.
type page struct {
	title, keywords, description string
	heading                      string
	nav                          []link // site navigation
	items                        []item // list pages
	paras                        []string
	tags, related                []link // article pages
	pager                        []link
	footer                       []link
}

// style is the template of one host: every host has its own DOM structure,
// class names, stylesheets and scripts, as real sites do.
type style int

const (
	globeStyle style = iota
	sportStyle
	wireStyle
	reviewStyle
	searchStyle
)

func esc(s string) string { return html.EscapeString(s) }

// render writes a full HTML document for p in style st.
func (st style) render(h *host, p *page) []byte {
	var b strings.Builder
	b.Grow(8 << 10)
	css, js := [...]string{"globe.css", "sd-main.css", "wire.min.css", "review/site.css", "find.css"}[st],
		[...]string{"globe.js", "sd-track.js", "wire.bundle.js", "review/app.js", "find-suggest.js"}[st]
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>%s</title>\n", esc(p.title))
	if p.keywords != "" {
		fmt.Fprintf(&b, "<meta name=\"keywords\" content=\"%s\">\n", esc(p.keywords))
	}
	if p.description != "" {
		fmt.Fprintf(&b, "<meta name=\"description\" content=\"%s\">\n", esc(p.description))
	}
	fmt.Fprintf(&b, "<link rel=\"stylesheet\" href=\"/static/%s\"><script src=\"/static/%s\"></script>\n", css, js)
	fmt.Fprintf(&b, "<script>function %sInit(){return 1;}</script></head>\n", [...]string{"globe", "sd", "wire", "review", "find"}[st])
	switch st {
	case globeStyle:
		st.globe(&b, h, p)
	case sportStyle:
		st.sport(&b, h, p)
	case wireStyle:
		st.wire(&b, h, p)
	case reviewStyle:
		st.review(&b, h, p)
	default:
		st.search(&b, h, p)
	}
	b.WriteString("</html>\n")
	return []byte(b.String())
}

func anchors(b *strings.Builder, ls []link, before, after string) {
	for _, l := range ls {
		fmt.Fprintf(b, "%s<a href=\"%s\">%s</a>%s", before, esc(l.url), esc(l.text), after)
	}
}

func (style) globe(b *strings.Builder, h *host, p *page) {
	fmt.Fprintf(b, "<body class=\"dg\"><div id=\"dg-header\"><div class=\"dg-logo\">%s</div><div class=\"dg-nav\">", esc(h.name))
	anchors(b, p.nav, "<span class=\"dg-navitem\">", "</span>")
	fmt.Fprintf(b, "</div></div>\n<div id=\"dg-content\"><h1 class=\"dg-title\">%s</h1>\n", esc(p.heading))
	for _, it := range p.items {
		fmt.Fprintf(b, "<div class=\"dg-teaser\"><h3><a href=\"%s\">%s</a></h3><div class=\"dg-meta\">%s</div><p>%s</p></div>\n",
			esc(it.url), esc(it.title), esc(it.date), esc(it.summary))
	}
	for _, para := range p.paras {
		fmt.Fprintf(b, "<p class=\"dg-para\">%s</p>\n", esc(para))
	}
	if len(p.tags) > 0 {
		b.WriteString("<div class=\"dg-tags\">Tags: ")
		anchors(b, p.tags, "", " ")
		b.WriteString("</div>\n")
	}
	if len(p.related) > 0 {
		b.WriteString("<div class=\"dg-related\"><h4>Related stories</h4>")
		anchors(b, p.related, "<div class=\"dg-rel\">", "</div>")
		b.WriteString("</div>\n")
	}
	b.WriteString("<div class=\"dg-pager\">")
	anchors(b, p.pager, "", " ")
	b.WriteString("</div></div>\n<div id=\"dg-footer\">")
	anchors(b, p.footer, "", " | ")
	b.WriteString("</div></body>")
}

func (style) sport(b *strings.Builder, h *host, p *page) {
	fmt.Fprintf(b, "<body bgcolor=\"#ffffff\"><table width=\"100%%\" class=\"sd-frame\"><tr><td class=\"sd-brand\">%s</td></tr>\n<tr><td class=\"sd-menu\">", esc(h.name))
	anchors(b, p.nav, "", " &middot; ")
	fmt.Fprintf(b, "</td></tr>\n<tr><td class=\"sd-body\"><h2>%s</h2>\n", esc(p.heading))
	if len(p.items) > 0 {
		b.WriteString("<table class=\"sd-list\">\n")
		for _, it := range p.items {
			fmt.Fprintf(b, "<tr><td class=\"sd-date\">%s</td><td><a class=\"sd-headline\" href=\"%s\">%s</a><br><small>%s</small></td></tr>\n",
				esc(it.date), esc(it.url), esc(it.title), esc(it.summary))
		}
		b.WriteString("</table>\n")
	}
	for _, para := range p.paras {
		fmt.Fprintf(b, "<p>%s</p>\n", esc(para))
	}
	if len(p.tags) > 0 {
		b.WriteString("<p class=\"sd-tags\">")
		anchors(b, p.tags, "[", "] ")
		b.WriteString("</p>\n")
	}
	if len(p.related) > 0 {
		b.WriteString("<table class=\"sd-more\"><tr><th>More sport</th></tr>")
		anchors(b, p.related, "<tr><td>", "</td></tr>")
		b.WriteString("</table>\n")
	}
	anchors(b, p.pager, "<span class=\"sd-page\">", "</span>")
	b.WriteString("</td></tr>\n<tr><td class=\"sd-foot\">")
	anchors(b, p.footer, "", " ")
	b.WriteString("</td></tr></table></body>")
}

func (style) wire(b *strings.Builder, h *host, p *page) {
	fmt.Fprintf(b, "<body><header class=\"site-header\"><span class=\"brand\">%s</span><nav><ul>", esc(h.name))
	anchors(b, p.nav, "<li>", "</li>")
	fmt.Fprintf(b, "</ul></nav></header>\n<main><section class=\"stream\"><h1>%s</h1>\n", esc(p.heading))
	for _, it := range p.items {
		fmt.Fprintf(b, "<article class=\"card\"><header><h2><a href=\"%s\">%s</a></h2><time>%s</time></header><p class=\"dek\">%s</p></article>\n",
			esc(it.url), esc(it.title), esc(it.date), esc(it.summary))
	}
	if len(p.paras) > 0 {
		b.WriteString("<article class=\"story\"><div class=\"story-body\">")
		for _, para := range p.paras {
			fmt.Fprintf(b, "<p>%s</p>", esc(para))
		}
		b.WriteString("</div></article>\n")
	}
	if len(p.tags) > 0 {
		b.WriteString("<aside class=\"topics\"><ul>")
		anchors(b, p.tags, "<li>", "</li>")
		b.WriteString("</ul></aside>\n")
	}
	if len(p.related) > 0 {
		b.WriteString("<aside class=\"read-next\"><h3>Read next</h3><ol>")
		anchors(b, p.related, "<li>", "</li>")
		b.WriteString("</ol></aside>\n")
	}
	b.WriteString("<nav class=\"pagination\">")
	anchors(b, p.pager, "", "")
	b.WriteString("</nav></section></main>\n<footer>")
	anchors(b, p.footer, "<small>", "</small>")
	b.WriteString("</footer></body>")
}

func (style) review(b *strings.Builder, h *host, p *page) {
	fmt.Fprintf(b, "<body id=\"review\"><div class=\"wrap\"><div class=\"masthead\"><h3>%s</h3></div><ul class=\"sections\">", esc(h.name))
	anchors(b, p.nav, "<li class=\"section\">", "</li>")
	fmt.Fprintf(b, "</ul>\n<div class=\"col-main\"><div class=\"page-title\"><span>%s</span></div>\n", esc(p.heading))
	if len(p.items) > 0 {
		b.WriteString("<ul class=\"headlines\">\n")
		for _, it := range p.items {
			fmt.Fprintf(b, "<li><span class=\"when\">%s</span> <a href=\"%s\">%s</a><div class=\"standfirst\">%s</div></li>\n",
				esc(it.date), esc(it.url), esc(it.title), esc(it.summary))
		}
		b.WriteString("</ul>\n")
	}
	if len(p.paras) > 0 {
		b.WriteString("<div class=\"entry\">")
		for _, para := range p.paras {
			fmt.Fprintf(b, "<div class=\"para\">%s</div>", esc(para))
		}
		b.WriteString("</div>\n")
	}
	anchors(b, p.tags, "<span class=\"label\">", "</span>")
	if len(p.related) > 0 {
		b.WriteString("<div class=\"col-side\"><h5>Also on The Review</h5><ul>")
		anchors(b, p.related, "<li>", "</li>")
		b.WriteString("</ul></div>\n")
	}
	anchors(b, p.pager, "<span class=\"pg\">", "</span>")
	b.WriteString("</div><div class=\"colophon\">")
	anchors(b, p.footer, "", " ")
	b.WriteString("</div></div></body>")
}

func (style) search(b *strings.Builder, h *host, p *page) {
	fmt.Fprintf(b, "<body class=\"serp\"><form action=\"/search\" class=\"sbox\"><input name=\"q\"><button>Search</button></form><div class=\"brand\">%s</div>\n", esc(h.name))
	fmt.Fprintf(b, "<div id=\"results\"><div class=\"count\">%s</div>\n", esc(p.heading))
	for _, it := range p.items {
		fmt.Fprintf(b, "<div class=\"result\"><img class=\"thumb\" src=\"%s\" alt=\"\"><div class=\"r-body\"><a class=\"r-title\" href=\"%s\">%s</a>"+
			"<div class=\"r-url\">%s</div><div class=\"r-snippet\">%s</div><span class=\"r-date\">%s</span> <span class=\"r-source\">%s</span></div></div>\n",
			esc(it.img), esc(it.url), esc(it.title), esc(it.url), esc(it.summary), esc(it.date), esc(it.source))
	}
	b.WriteString("</div><div class=\"pages\">")
	anchors(b, p.pager, "", " ")
	b.WriteString("</div><div class=\"popular\"><h4>Popular searches</h4>")
	anchors(b, p.nav, "", " ")
	b.WriteString("</div><div class=\"foot\">")
	anchors(b, p.footer, "", " ")
	b.WriteString("</div></body>")
}
