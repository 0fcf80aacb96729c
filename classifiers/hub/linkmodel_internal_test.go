package hub

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/frontier"
)

func vecOf(u, anchor, parent string) linkVec {
	var v linkVec
	linkFeatures(&v, u, anchor, parent, parentHub, nil)
	return v
}

// The untrained model is the URL SVM: z = s.
func TestLinkModelColdStartIsSVM(t *testing.T) {
	m := newLinkModel(1)
	v := vecOf("http://h.test/a/b.html", "B", "http://h.test/a/")
	for _, s := range []float32{-3, -0.5, 0, 0.25, 4} {
		if z := m.z(&v, s); z != s {
			t.Errorf("untrained z(s=%v) = %v, want s", s, z)
		}
	}
}

// A host whose pages the SVM calls hub (s = +3) but whose fetched pages
// say otherwise except under /toc/: the model learns both.
func TestLinkModelLearnsAgainstTheSVM(t *testing.T) {
	m := newLinkModel(7)
	l := LinkLearning{}.withDefaults()
	for i := range 60 {
		hub := i%6 == 0
		u := fmt.Sprintf("http://docs.test/ref/page%d.html", i)
		a := fmt.Sprintf("%d.%d. Some function", i/6, i%6)
		if hub {
			u = fmt.Sprintf("http://docs.test/toc/part%d.html", i)
			a = fmt.Sprintf("%d. Part", i/6)
		}
		v := vecOf(u, a, "http://docs.test/index.html")
		m.learn(&v, 3, hub, l)
	}
	topic := vecOf("http://docs.test/ref/page999.html", "99.3. Another function", "http://docs.test/index.html")
	hub := vecOf("http://docs.test/toc/part999.html", "99. Part", "http://docs.test/index.html")
	if z := m.z(&topic, 3); z >= 0 {
		t.Errorf("unseen topic link: z = %v, want < 0", z)
	}
	if z := m.z(&hub, 3); z <= 0 {
		t.Errorf("unseen hub link: z = %v, want > 0", z)
	}
	if m.hubs != 10 || m.topics != 50 {
		t.Errorf("learned %d hubs, %d topics; want 10, 50", m.hubs, m.topics)
	}
	if want := 60 * (1 + l.Replay); m.steps > want || m.steps < 60 {
		t.Errorf("%d steps for 60 pages, want 60..%d (bounded replay)", m.steps, want)
	}
}

func TestLinkModelReservoirBounded(t *testing.T) {
	m := newLinkModel(3)
	l := LinkLearning{Replay: 2}.withDefaults()
	v := vecOf("http://h.test/x.html", "x", "")
	for i := range 3 * replayCap {
		m.learn(&v, 0, i%2 == 0, l)
	}
	if len(m.replay) != replayCap {
		t.Errorf("reservoir holds %d, want %d", len(m.replay), replayCap)
	}
}

// The same pages in the same order give the same model.
func TestLinkModelDeterministic(t *testing.T) {
	run := func() float32 {
		m := newLinkModel(11)
		l := LinkLearning{}.withDefaults()
		for i := range 100 {
			v := vecOf(fmt.Sprintf("http://h.test/d%d/p%d.html", i%3, i), "word", "http://h.test/")
			m.learn(&v, 1, i%4 == 0, l)
		}
		v := vecOf("http://h.test/d1/p7.html", "word", "http://h.test/")
		return m.z(&v, 1)
	}
	if a, b := run(), run(); a != b {
		t.Errorf("z %v then %v", a, b)
	}
}

func TestLinkLearningDefaults(t *testing.T) {
	got := LinkLearning{Replay: -1, HubWeight: 0.5}.withDefaults()
	if got.Rate != 0.1 || got.Replay != 0 || got.HubWeight != 1 || got.Ridge != 1e-4 {
		t.Errorf("defaults: %+v", got)
	}
}

func TestLinkFeatures(t *testing.T) {
	has := func(v linkVec, tag byte, s string) bool {
		var w linkVec
		w.addTagged(tag, s)
		for _, i := range v.idx[:v.n] {
			if i == w.idx[0] {
				return true
			}
		}
		return false
	}
	v := vecOf("http://h.test/library/os-path.html?x=1#frag", "5.1. os.path — Common", "http://h.test/library/index.html")
	for _, c := range []struct {
		tag byte
		s   string
	}{{'d', "library"}, {'D', "/library/"}, {'q', ""}} {
		if !has(v, c.tag, c.s) {
			t.Errorf("no feature %c%q", c.tag, c.s)
		}
	}
	w := vecOf("http://h.test/library/os-path.html?x=1#frag", "5.1.2. os.path — Common", "http://h.test/library/index.html")
	if v == w {
		t.Error("a section's numbering (5.1.) and a subsection's (5.1.2.) give the same features")
	}
	if v.n == 0 || int(v.n) > maxLinkFeats {
		t.Errorf("%d features", v.n)
	}
	long := vecOf("http://h.test/"+strings.Repeat("a/", 100)+"x-y-z-w-v-u-t-s.html", strings.Repeat("word ", 50), "http://h.test/")
	if int(long.n) > maxLinkFeats || int(long.n) < maxDirFeats+maxTokFeats+maxAnchorWds {
		t.Errorf("long URL and anchor: %d features, want the capped counts", long.n)
	}
	for _, c := range []struct {
		host, dir, parent string
		want              byte
	}{
		{"h.test", "/a/", "http://h.test/a/x.html", 's'},
		{"h.test", "/a/b/", "http://h.test/a/x.html", 'c'},
		{"h.test", "/", "http://h.test/a/x.html", 'u'},
		{"h.test", "/b/", "http://h.test/a/x.html", 'o'},
		{"g.test", "/a/", "http://h.test/a/x.html", 'x'},
		{"h.test", "/a/", "", '-'},
	} {
		p := placeOf(c.parent)
		if got := p.relation(c.host, c.dir); got != c.want {
			t.Errorf("relation(%q, %q, %q) = %c, want %c", c.host, c.dir, c.parent, got, c.want)
		}
	}
}

// resolvedKey of (page, href) equals the key of the URL the crawler makes
// of it (frontier.Normalize), so a link finds its context.
func TestResolvedKeyMatchesNormalize(t *testing.T) {
	page := "http://h.test/doc/lib/os.html"
	base, _ := url.Parse(page)
	for _, href := range []string{
		"path.html", "./path.html", "../index.html", "../../x/y.html", "/abs/z.html", "sub/", "sub/./a.html#f",
		"http://h.test/doc/q.html?b=2&a=1", "//h.test/doc/r.html", "?page=2", "../", "os.html#section",
	} {
		u, err := frontier.Normalize(href, base)
		if err != nil {
			t.Fatalf("%q: %v", href, err)
		}
		_, p, _ := splitPath(page)
		got, ok := resolvedKey(p, href)
		want, _ := resolvedKey("", u[len("http://h.test"):])
		if !ok || got != want {
			t.Errorf("%q → %s: key %x (ok %v), the URL's %x", href, u, got, ok, want)
		}
	}
	for _, href := range []string{"", "#top", "mailto:a@h.test", "javascript:void(0)", "ftp://h.test/x"} {
		if _, ok := resolvedKey("/doc/os.html", href); ok {
			t.Errorf("%q has a key", href)
		}
	}
}

func TestLinkContexts(t *testing.T) {
	doc, err := html.Parse(strings.NewReader(`<html><body><nav><a href="home.html">Home</a></nav>
		<ul class="toc"><li class="l1"><a href="ch1.html">1. One</a><ul><li class="l2"><a href="s11.html">1.1. Sec</a></li></ul></li>
		<li class="l1"><a href="ch2.html">2. Two</a></li></ul>
		<p>See <a class="ref" href="s11.html#x">the section</a> and <a href="s12.html">another</a>.</p></body></html>`))
	if err != nil {
		t.Fatal(err)
	}
	lc := measureLinkContexts(doc, "http://h.test/d/index.html", 0)
	get := func(u string) linkCtx {
		c, ok := lc.lookup(u)
		if !ok {
			t.Fatalf("no context for %s", u)
		}
		return c
	}
	ch1, ch2, s11, s12, home := get("http://h.test/d/ch1.html"), get("http://h.test/d/ch2.html"),
		get("http://h.test/d/s11.html"), get("http://h.test/d/s12.html"), get("http://h.test/d/home.html")
	if ch1.f[0] != ch2.f[0] || ch1.f[0] == s11.f[0] {
		t.Error("parent tag.class: chapters alike and unlike sections expected")
	}
	if ch1.f[3] == ch2.f[3] {
		t.Error("a chapter with a nested list and one without share the level/nesting feature")
	}
	if s11.f[3] == ch1.f[3] || s12.f[3] == s11.f[3] {
		t.Error("list levels 2, 1 and 0 should differ")
	}
	if home.f[4] == ch1.f[4] {
		t.Error("nav region not told apart")
	}
	if _, ok := lc.lookup("http://h.test/d/none.html"); ok {
		t.Error("context for a link not on the page")
	}
}

func TestLinkContextsDeepNesting(t *testing.T) {
	src := `<p><a href="x.html">x</a></p>` + strings.Repeat("<div>", 400) + `<a href="deep.html">d</a>`
	doc, err := html.Parse(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	lc := measureLinkContexts(doc, "http://h.test/", 0)
	if _, ok := lc.lookup("http://h.test/x.html"); !ok {
		t.Error("no context for the shallow link")
	}
	if _, ok := lc.lookup("http://h.test/deep.html"); ok {
		t.Errorf("context for a link nested deeper than %d", maxContextDepth)
	}
}

func TestLinkFeaturesNoAllocs(t *testing.T) {
	var v linkVec
	n := testing.AllocsPerRun(100, func() {
		linkFeatures(&v, "http://h.test/library/os-path.html?x=1", "5.1. os.path — Common", "http://h.test/library/index.html", parentTopic, nil)
	})
	if n != 0 {
		t.Errorf("%v allocations per link", n)
	}
	n = testing.AllocsPerRun(100, func() { resolvedKey("/doc/lib/os.html", "../../x/y.html?a=1") })
	if n != 0 {
		t.Errorf("resolvedKey: %v allocations", n)
	}
}

// BenchmarkLinkLearn is one fetched page's update of its host's model: a
// step and the replayed steps.
func BenchmarkLinkLearn(b *testing.B) {
	m := newLinkModel(5)
	l := LinkLearning{}.withDefaults()
	vs := make([]linkVec, 64)
	for i := range vs {
		vs[i] = vecOf(fmt.Sprintf("http://h.test/d%d/p%d.html", i%5, i), fmt.Sprintf("%d.%d. Entry", i/8, i%8), "http://h.test/index.html")
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		m.learn(&vs[i%len(vs)], 1, i%7 == 0, l)
		i++
	}
	if m.steps < i {
		b.Fatalf("%d steps for %d pages", m.steps, i)
	}
}

// BenchmarkLinkRevise is the revision after a page: 64 queued links of a
// host with 2,000 queued, rescored (a label that flips goes to the
// outbox, emptied here).
func BenchmarkLinkRevise(b *testing.B) {
	c, err := Default()
	if err != nil {
		b.Fatal(err)
	}
	ll := newLinkLabeler(c, LinkLearning{}, 64)
	h := ll.host("h.test", true)
	h.fetched = true
	h.m = newLinkModel(1)
	l := ll.learn
	for i := range 2000 {
		v := vecOf(fmt.Sprintf("http://h.test/d%d/p%d.html", i%5, i), "Entry", "http://h.test/index.html")
		ll.track(h, fmt.Sprintf("http://h.test/d%d/p%d.html", i%5, i), uint64(i), &v, 1, true)
		if i < 50 {
			h.m.learn(&v, 1, i%9 == 0, l)
		}
	}
	var out []LinkLabel
	b.ReportAllocs()
	for b.Loop() {
		ll.revise(h, 64)
		out = ll.take(out[:0])
	}
	if len(h.pending) != 2000 {
		b.Fatalf("%d queued", len(h.pending))
	}
}

// BenchmarkLinkLabel is OnURL's labelling of one link: the URL SVM alone
// (Classify) and through a trained host model (the SVM's logit, the
// features, the model, keeping the link for revision), same run.
func BenchmarkLinkLabel(b *testing.B) {
	c, err := Default()
	if err != nil {
		b.Fatal(err)
	}
	links := make([]crawl.Link, 256)
	for i := range links {
		links[i] = crawl.Link{URL: fmt.Sprintf("http://h.test/lib/d%d/page-%d.html", i%7, i), Anchor: fmt.Sprintf("%d.%d. Entry", i/8, i%8), Depth: 2}
	}
	parent := &crawl.Page{URL: "http://h.test/lib/index.html", Label: crawl.LabelHub}
	b.Run("svm", func(b *testing.B) {
		b.ReportAllocs()
		hubs := 0
		i := 0
		for b.Loop() {
			l := &links[i%len(links)]
			if lab, _ := c.Classify(URLInfo{URL: l.URL, Anchor: l.Anchor, Depth: l.Depth}); IsHub(lab) {
				hubs++
			}
			i++
		}
		if hubs == 0 {
			b.Fatal("no hub")
		}
	})
	b.Run("online", func(b *testing.B) {
		ll := newLinkLabeler(c, LinkLearning{}, 64)
		h := ll.host("h.test", true)
		h.fetched = true
		h.m = newLinkModel(1)
		for i := range 50 {
			v := vecOf(links[i].URL, links[i].Anchor, parent.URL)
			h.m.learn(&v, 1, i%9 == 0, ll.learn)
		}
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			l := &links[i%len(links)]
			if lab, _ := ll.label(parent, l); lab == "" {
				b.Fatal("no label")
			}
			i++
		}
		if want := min(i, len(links)); len(h.pending) != want {
			b.Fatalf("%d links kept, want %d", len(h.pending), want)
		}
	})
	// dropped: the same links, kept already, seen again as links the
	// frontier will drop (crawl.Link.FrontierDrops).
	b.Run("dropped", func(b *testing.B) {
		ll := newLinkLabeler(c, LinkLearning{}, 64)
		h := ll.host("h.test", true)
		h.fetched = true
		for i := range links {
			ll.label(parent, &links[i])
		}
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			ll.dropped(parent, &links[i%len(links)])
			i++
		}
		if len(h.pending) != len(links) {
			b.Fatalf("%d links kept, want %d", len(h.pending), len(links))
		}
	})
}

// The link contexts are measured only for a page with a link new to a
// fetched host.
func TestLinkContextsOnlyForNewLinks(t *testing.T) {
	c, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	pm, err := DefaultPageModel()
	if err != nil {
		t.Fatal(err)
	}
	h, err := NewHook(c, Policy{}, WithPageModel(pm), WithLinkModel(LinkLearning{}, 8))
	if err != nil {
		t.Fatal(err)
	}
	page := func(u string, links ...string) *crawl.Page {
		doc, err := html.Parse(strings.NewReader(`<ul><li><a href="a.html">A</a></li><li><a href="b.html">B</a></li></ul>`))
		if err != nil {
			t.Fatal(err)
		}
		p := &crawl.Page{URL: u, Doc: doc}
		for _, l := range links {
			p.Links = append(p.Links, crawl.Link{URL: l})
		}
		return p
	}
	ctx := t.Context()
	for i, c := range []struct {
		p    *crawl.Page
		want bool
	}{
		{page("http://h.test/", "http://h.test/a.html", "http://h.test/b.html"), true}, // the host's first page: all new
		{page("http://h.test/x.html", "http://h.test/a.html", "http://other.test/"), false},
		{page("http://h.test/a.html", "http://h.test/", "http://h.test/c.html"), true},
	} {
		if err := h.OnPage(ctx, c.p); err != nil {
			t.Fatal(err)
		}
		for j := range c.p.Links {
			if err := h.OnURL(ctx, c.p, &c.p.Links[j]); err != nil {
				t.Fatal(err)
			}
		}
		if got := contextsOf(c.p) != nil; got != c.want {
			t.Errorf("page %d: contexts measured %v, want %v", i, got, c.want)
		}
	}
}

// The gate: a host's links follow its model only when more than half of
// its (at least gatePages) fetched pages disagreed with the SVM.
func TestLinkHostGate(t *testing.T) {
	v := vecOf("http://h.test/a/x.html", "X", "http://h.test/")
	for _, c := range []struct {
		agree, disagree int
		want            bool
	}{{0, 0, false}, {0, gatePages - 1, false}, {0, gatePages, true}, {3, 3, false}, {3, 4, true}, {40, 10, false}} {
		h := &linkHost{m: newLinkModel(1), agree: c.agree, disagree: c.disagree}
		h.m.b = -20 // a model that says topic for everything
		if got := h.svmWrong(); got != c.want {
			t.Errorf("agree %d disagree %d: gate %v, want %v", c.agree, c.disagree, got, c.want)
		}
		want := float32(2) // the SVM's logit
		if c.want {
			want = h.m.z(&v, 2)
		}
		if z := h.logit(&v, 2); z != want {
			t.Errorf("agree %d disagree %d: logit %v, want %v", c.agree, c.disagree, z, want)
		}
	}
}
