package trapsite

import (
	"fmt"
	"html"
	"net/http"
	"strconv"
	"strings"
)

const perIndex = 20

type link struct{ href, text string }

func (s *Site) write(w http.ResponseWriter, title string, body []string, links []link) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	var b strings.Builder
	fmt.Fprintf(&b, "<!DOCTYPE html><html><head><title>%s</title></head><body>\n", html.EscapeString(title))
	b.WriteString(`<header><a href="/">Trap News</a> · <a href="/index/0">Archive</a></header><main>` + "\n")
	fmt.Fprintf(&b, "<h1>%s</h1>\n", html.EscapeString(title))
	for _, p := range body {
		fmt.Fprintf(&b, "<p>%s</p>\n", html.EscapeString(p))
	}
	b.WriteString("<ul>\n")
	for _, l := range links {
		fmt.Fprintf(&b, "<li><a href=\"%s\">%s</a></li>\n", html.EscapeString(l.href), html.EscapeString(l.text))
	}
	b.WriteString("</ul></main><footer>Trap News, a test site. Copyright the BBC for the article texts.</footer></body></html>\n")
	w.Write([]byte(b.String()))
}

func (s *Site) indexes() int { return (len(s.texts) + perIndex - 1) / perIndex }

func (s *Site) home(w http.ResponseWriter, prefix string) {
	links := []link{}
	for k := range s.indexes() {
		links = append(links, link{fmt.Sprintf("%s/index/%d", prefix, k), fmt.Sprintf("Archive page %d", k+1)})
	}
	links = append(links, link{"/cal?d=1000", "Events calendar"}, link{"/p?sid=" + s.sid(), "Your account"})
	if prefix == "" {
		links = append(links, link{"/mirror/", "Mirror of this site"})
	}
	if s.cfg.Hostile {
		links = append(links, link{"/hostile/", "Odd corners"})
	}
	s.write(w, "Trap News front page", []string{"The latest stories from business, entertainment, politics, sport and technology, archived for you."}, links)
}

func (s *Site) index(w http.ResponseWriter, r *http.Request, prefix, rest string) {
	k, err := strconv.Atoi(rest)
	if err != nil || k < 0 || k >= s.indexes() {
		http.NotFound(w, r)
		return
	}
	sid := s.sid()
	var links []link
	for n := k * perIndex; n < min((k+1)*perIndex, len(s.texts)); n++ {
		links = append(links, link{fmt.Sprintf("%s/doc/%d?sid=%s", prefix, n, sid), s.texts[n].Title})
	}
	if k > 0 {
		links = append(links, link{fmt.Sprintf("%s/index/%d", prefix, k-1), "Newer stories"})
	}
	if k+1 < s.indexes() {
		links = append(links, link{fmt.Sprintf("%s/index/%d", prefix, k+1), "Older stories"})
	}
	s.write(w, fmt.Sprintf("Archive page %d", k+1), []string{fmt.Sprintf("Stories %d to %d of the archive.", k*perIndex+1, min((k+1)*perIndex, len(s.texts)))}, links)
}

func (s *Site) article(w http.ResponseWriter, r *http.Request, prefix, rest string) {
	n, err := strconv.Atoi(rest)
	if err != nil || n < 0 || n >= len(s.texts) {
		http.NotFound(w, r)
		return
	}
	t := s.texts[n]
	sid := s.sid()
	links := []link{{fmt.Sprintf("%s/index/%d", prefix, n/perIndex), "Back to the archive"}}
	if n > 0 {
		links = append(links, link{fmt.Sprintf("%s/doc/%d?sid=%s", prefix, n-1, sid), "Previous story"})
	}
	if n+1 < len(s.texts) {
		links = append(links, link{fmt.Sprintf("%s/doc/%d?sid=%s", prefix, n+1, sid), "Next story"})
	}
	links = append(links,
		link{fmt.Sprintf("%s/doc/%d?print=1&lang=en", prefix, n), "Printable version"},
		link{fmt.Sprintf("%s/doc/%d?lang=en&print=1", prefix, n), "Print this story"},
		link{fmt.Sprintf("/cal?d=%d", 1000+n), "Events on the day of this story"},
		link{"/p?sid=" + sid, "Your account"})
	if prefix == "" {
		links = append(links, link{fmt.Sprintf("/mirror/doc/%d", n), "Read on our mirror"})
	}
	s.write(w, t.Title, t.Paras, links)
}

// calendar is endless: every day links to the day before and after.
func (s *Site) calendar(w http.ResponseWriter, r *http.Request) {
	d, err := strconv.Atoi(r.URL.Query().Get("d"))
	if err != nil {
		d = 1000
	}
	s.write(w, fmt.Sprintf("Events calendar, day %d", d),
		[]string{fmt.Sprintf("Day %d of the events calendar. There are no events listed for this day yet. Browse to the previous day or the next day, or go back to the front page for the latest stories.", d)},
		[]link{{fmt.Sprintf("/cal?d=%d", d-1), "Previous day"}, {fmt.Sprintf("/cal?d=%d", d+1), "Next day"}, {"/", "Front page"}})
}

// portal puts a fresh session id into every link.
func (s *Site) portal(w http.ResponseWriter, r *http.Request) {
	sid := s.sid()
	s.write(w, "Your account",
		[]string{"Welcome back. Your session number is " + r.URL.Query().Get("sid") + ". Sign in to see your saved stories and your newsletter settings."},
		[]link{{"/p?sid=" + sid, "Refresh"}, {"/?sid=" + sid, "Front page"}, {"/doc/0?sid=" + sid, "Top story"}})
}

func (s *Site) robots(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "text/plain")
	if s.cfg.Hostile {
		w.Write(garbageRobots)
		return
	}
	fmt.Fprint(w, "User-agent: *\nDisallow: /private/\n")
}
