package linkgraph_test

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/crawl-project/crawl/classifiers/topic"
	"github.com/crawl-project/crawl/internal/linkgraph"
)

func readGraph(t testing.TB, name string) *linkgraph.Graph {
	t.Helper()
	g, err := linkgraph.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestGraphs checks the saved graphs: sizes, labels, and that no page text
// carries Wikispeedia's "Schools Wikipedia Selection. Related subjects:"
// header (it names the labels).
func TestGraphs(t *testing.T) {
	for _, tt := range []struct {
		file         string
		pages, links int // lower bounds
		topic        string
		onTopic      int
	}{
		{"pydocs.json.gz", 530, 15000, "c-api", 64},
		{"wikispeedia.json.gz", 4598, 119000, "Science.Chemistry", 191},
		{"webkb.json.gz", 4115, 10000, "course", 242},
		{"pgdocs.json.gz", 1169, 10000, "client-interfaces", 132},
		{"djdocs.json.gz", 539, 7500, "ref/contrib", 51},
	} {
		t.Run(tt.file, func(t *testing.T) {
			g := readGraph(t, tt.file)
			links := 0
			for _, p := range g.Pages {
				links += len(p.Links)
				if strings.Contains(p.Text, "Schools Wikipedia Selection") {
					t.Fatalf("%s: text keeps the subject header", p.URL)
				}
				for _, l := range p.Links {
					if l.Anchor == "" && g.TitleAnchors {
						t.Fatalf("%s: a link without anchor", p.URL)
					}
				}
			}
			if len(g.Pages) < tt.pages || links < tt.links {
				t.Errorf("%d pages, %d links; want ≥ %d, ≥ %d", len(g.Pages), links, tt.pages, tt.links)
			}
			if n := len(g.WithTopic(tt.topic)); n != tt.onTopic {
				t.Errorf("%d pages on %s, want %d", n, tt.topic, tt.onTopic)
			}
		})
	}
}

func TestReadWriteRoundTrip(t *testing.T) {
	g := &linkgraph.Graph{Name: "tiny", TitleAnchors: true, Pages: []linkgraph.Page{
		{URL: "http://a.test/1", Title: "One", Text: "alpha", Topics: []string{"x"}, Links: []linkgraph.Link{{To: 1}}},
		{URL: "http://a.test/2", Title: "Two", Text: "beta", Links: []linkgraph.Link{{To: 0}}},
	}}
	var buf bytes.Buffer
	if err := linkgraph.Write(&buf, g); err != nil {
		t.Fatal(err)
	}
	back, err := linkgraph.Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if back.Pages[0].Links[0].Anchor != "Two" || back.Pages[1].Links[0].Anchor != "One" {
		t.Errorf("anchors %q, %q; want the targets' titles", back.Pages[0].Links[0].Anchor, back.Pages[1].Links[0].Anchor)
	}
	if g.Pages[0].Links[0].Anchor != "" {
		t.Error("Write changed its argument")
	}
}

func TestReadRejects(t *testing.T) {
	for name, g := range map[string]*linkgraph.Graph{
		"dangling link": {Pages: []linkgraph.Page{{URL: "http://a/", Links: []linkgraph.Link{{To: 5}}}}},
		"duplicate URL": {Pages: []linkgraph.Page{{URL: "http://a/"}, {URL: "http://a/"}}},
		"no URL":        {Pages: []linkgraph.Page{{}}},
	} {
		t.Run(name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := linkgraph.Write(&buf, g); err == nil {
				t.Errorf("Write(%s) = nil error", name)
			}
		})
	}
	if _, err := linkgraph.Read(strings.NewReader("not gzip")); err == nil {
		t.Error("Read(garbage) = nil error")
	}
}

// TestReplay replays c-api crawls on the Python docs: the oracle must reach
// at least the harvest of every other strategy; a replay is deterministic;
// the measured relevance must agree with the truth better than chance.
func TestReplay(t *testing.T) {
	g := readGraph(t, "pydocs.json.gz")
	seeds, err := g.DrawSeeds("c-api", 5, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	at := map[string]float64{}
	for _, s := range []string{topic.StrategyBFS, topic.StrategyLearned, linkgraph.StrategyOracle} {
		o := linkgraph.Options{Topic: "c-api", Seeds: seeds, Strategy: s, Workers: 4, Budget: 100}
		r, err := linkgraph.Replay(ctx, g, o)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Pages) != 100 {
			t.Fatalf("%s: %d pages, want 100", s, len(r.Pages))
		}
		again, err := linkgraph.Replay(ctx, g, o)
		if err != nil {
			t.Fatal(err)
		}
		if !slicesEqual(r.Pages, again.Pages) {
			t.Errorf("%s: two replays fetched different pages", s)
		}
		at[s] = r.At(100)
	}
	if at[linkgraph.StrategyOracle] < at[topic.StrategyBFS] || at[linkgraph.StrategyOracle] < at[topic.StrategyLearned] {
		t.Errorf("harvest@100 %v: the oracle is not the best", at)
	}
	if at[topic.StrategyLearned] <= at[topic.StrategyBFS] {
		t.Errorf("harvest@100 %v: learned does not beat bfs on c-api", at)
	}
}

func slicesEqual(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestEvaluate runs the evaluation on two draws and checks its table.
func TestEvaluate(t *testing.T) {
	g := readGraph(t, "pydocs.json.gz")
	o := linkgraph.EvalOptions{Topics: []string{"c-api"}, Strategies: []string{topic.StrategyBFS, linkgraph.StrategyOracle},
		Draws: 2, Seeds: 5, Budget: 60, At: []int{30, 60}}
	cells, err := linkgraph.Evaluate(context.Background(), g, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(cells) != 2 || len(cells[0].At[60]) != 2 || len(cells[1].Curve) != 60 {
		t.Fatalf("cells %+v", cells)
	}
	var out strings.Builder
	linkgraph.FormatCells(&out, g, cells, o.At)
	if !strings.Contains(out.String(), "c-api (64)") || !strings.Contains(out.String(), "100%") {
		t.Errorf("table:\n%s", out.String())
	}
}

func TestWebKBURL(t *testing.T) {
	for _, tt := range []struct{ name, want string }{
		{"http\uf03a^^cs.cornell.edu^Info^Courses^Current^CS415^CS414.html", "http://cs.cornell.edu/Info/Courses/Current/CS415/CS414.html"},
		{"http_^^www.cs.wisc.edu^~user^", "http://www.cs.wisc.edu/~user/"},
		{"http:^^www.cs.utexas.edu^users^", "http://www.cs.utexas.edu/users/"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			u, err := linkgraph.WebKBURL(tt.name)
			if err != nil || u.String() != tt.want {
				t.Errorf("WebKBURL = %v, %v; want %s", u, err, tt.want)
			}
		})
	}
	for _, bad := range []string{"file\uf03a^^ftp.cs.wisc.edu^exodus", "^^nohost", ""} {
		if u, err := linkgraph.WebKBURL(bad); err == nil {
			t.Errorf("WebKBURL(%q) = %v, want an error", bad, u)
		}
	}
}

// TestFromWebKB builds a graph of four WebKB-style files: the HTTP header
// is not text, links are matched after normalisation (www., port 80,
// index.html, fragment, final slash), a page outside the four
// universities and a non-http one are left out.
func TestFromWebKB(t *testing.T) {
	hdr := "Date: Tue, 10 Dec 1996 14:28:56 GMT\r\nContent-Type: text/html\r\n\r\n"
	fsys := fstest.MapFS{
		"course/cornell/http\uf03a^^cs.cornell.edu^cs100^index.html": {Data: []byte(hdr +
			`<html><title>CS100</title><p>Syllabus; taught by <a href="http://www.cs.cornell.edu:80/~prof#top">the professor</a>.</p>` +
			`<a href="../cs200/">next</a> <a href="http://elsewhere.test/">out</a></html>`)},
		"course/cornell/http\uf03a^^cs.cornell.edu^cs200^": {Data: []byte(`<p>CS200 <a href="/cs100/">prerequisite</a></p>`)},
		"faculty/cornell/http\uf03a^^cs.cornell.edu^~prof": {Data: []byte(hdr + `<h1>Prof</h1><a href="/cs100/index.html">CS100</a>`)},
		"faculty/misc/http\uf03a^^other.edu^~x":            {Data: []byte(`<p>elsewhere</p>`)},
		"other/cornell/file\uf03a^^ftp.cornell.edu^pub":    {Data: []byte(`<p>ftp</p>`)},
	}
	g, err := linkgraph.FromWebKB("t", "test", fsys)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	byURL := map[string]int{}
	for i, p := range g.Pages {
		byURL[p.URL] = i
	}
	if len(g.Pages) != 3 {
		t.Fatalf("%d pages, want 3: %+v", len(g.Pages), g.Pages)
	}
	c100 := g.Pages[byURL["http://cs.cornell.edu/cs100/index.html"]]
	if c100.Title != "CS100" || strings.Contains(c100.Text, "Date") || !strings.Contains(c100.Text, "Syllabus") {
		t.Errorf("cs100: title %q, text %q", c100.Title, c100.Text)
	}
	if len(c100.Links) != 2 || g.Pages[c100.Links[0].To].URL != "http://cs.cornell.edu/~prof" || c100.Links[0].Anchor != "the professor" || !strings.Contains(c100.Links[0].Context, "taught by") {
		t.Errorf("cs100 links %+v", c100.Links)
	}
	prof := g.Pages[byURL["http://cs.cornell.edu/~prof"]]
	if len(prof.Topics) != 1 || prof.Topics[0] != "faculty" || len(prof.Links) != 1 || prof.Links[0].To != byURL["http://cs.cornell.edu/cs100/index.html"] {
		t.Errorf("prof: topics %v, links %+v", prof.Topics, prof.Links)
	}
	if c200 := g.Pages[byURL["http://cs.cornell.edu/cs200/"]]; len(c200.Links) != 1 {
		t.Errorf("cs200 links %+v", c200.Links)
	}
}

func TestFromFolderDir(t *testing.T) {
	fsys := fstest.MapFS{
		"index.html":                 {Data: []byte(`<title>Home</title><p>See <a href="ref/contrib/gis/db.html#x">the GIS database API</a> here.</p>`)},
		"ref/contrib/gis/db.html":    {Data: []byte(`<title>DB</title><p>Back <a href="../../../index.html">home</a>, <a href="../admin.html">admin</a>.</p>`)},
		"ref/contrib/admin.html":     {Data: []byte(`<title>Admin</title><p>admin pages</p>`)},
		"_modules/django/index.html": {Data: []byte(`<p>source</p>`)},
		"translations/it/index.html": {Data: []byte(`<title>Casa</title><p>tradotto</p>`)},
	}
	g, err := linkgraph.FromFolderDir("t", "test", "http://d.test/", fsys, linkgraph.FolderOptions{Skip: []string{"translations"}, MaxText: 8})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{
		"http://d.test/index.html":              nil,
		"http://d.test/ref/contrib/admin.html":  {"ref", "ref/contrib"},
		"http://d.test/ref/contrib/gis/db.html": {"ref", "ref/contrib", "ref/contrib/gis"},
	}
	if len(g.Pages) != len(want) {
		t.Fatalf("%d pages, want %d", len(g.Pages), len(want))
	}
	for _, p := range g.Pages {
		if got := strings.Join(p.Topics, ","); got != strings.Join(want[p.URL], ",") {
			t.Errorf("%s: topics %q, want %q", p.URL, got, want[p.URL])
		}
	}
	home := g.Pages[0]
	if len(home.Links) != 1 || g.Pages[home.Links[0].To].URL != "http://d.test/ref/contrib/gis/db.html" || home.Links[0].Anchor != "the GIS database API" || !strings.Contains(home.Links[0].Context, "See") {
		t.Errorf("home links %+v", home.Links)
	}
	if admin := g.Pages[1]; admin.Text != "admin" {
		t.Errorf("admin text %q, want the first 8 bytes cut at a word: %q", admin.Text, "admin")
	}
	if db := g.Pages[2]; len(db.Links) != 2 {
		t.Errorf("db links %+v", db.Links)
	}
}

func TestWithOpaqueURLs(t *testing.T) {
	g := &linkgraph.Graph{Name: "t", Pages: []linkgraph.Page{
		{URL: "http://d.test/networking/ip.html", Title: "IP", Topics: []string{"networking"}, Links: []linkgraph.Link{{To: 1, Anchor: "tcp"}}},
		{URL: "http://d.test/networking/tcp.html", Title: "TCP", Topics: []string{"networking"}},
		{URL: "http://d.test/arm/boot.html", Title: "Boot", Topics: []string{"arm"}, Links: []linkgraph.Link{{To: 0}}},
	}}
	o, err := g.WithOpaqueURLs()
	if err != nil {
		t.Fatal(err)
	}
	if err := o.Validate(); err != nil {
		t.Fatal(err)
	}
	for i, p := range o.Pages {
		if strings.Contains(p.URL, "networking") || strings.Contains(p.URL, "arm") || !strings.HasPrefix(p.URL, "http://d.test/h/") {
			t.Errorf("page %d: opaque URL %q", i, p.URL)
		}
		if p.Title != g.Pages[i].Title || len(p.Links) != len(g.Pages[i].Links) || strings.Join(p.Topics, ",") != strings.Join(g.Pages[i].Topics, ",") {
			t.Errorf("page %d changed beyond its URL: %+v", i, p)
		}
	}
	if g.Pages[0].URL != "http://d.test/networking/ip.html" {
		t.Errorf("the original graph changed: %q", g.Pages[0].URL)
	}
	if _, err := (&linkgraph.Graph{Pages: []linkgraph.Page{{URL: "no-host"}}}).WithOpaqueURLs(); err == nil {
		t.Error("a URL without a host: no error")
	}
}
