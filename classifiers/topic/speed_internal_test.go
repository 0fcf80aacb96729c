package topic

import (
	"fmt"
	"math"
	"math/rand/v2"
	"net/url"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"golang.org/x/net/html"

	"github.com/crawl-project/crawl"
)

// TestSortIDs checks sortIDs against slices.Sort on both sides of
// radixMin, with duplicates, the extreme ids and a reused buffer.
func TestSortIDs(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var tmp []uint32
	for _, n := range []int{0, 1, 2, radixMin - 1, radixMin, radixMin + 1, 5000, 70000} {
		ids := make([]uint32, n)
		for i := range ids {
			switch r.IntN(10) {
			case 0:
				ids[i] = 0
			case 1:
				ids[i] = wordMask
			default:
				ids[i] = r.Uint32N(1 << wordBits)
			}
		}
		want := slices.Clone(ids)
		slices.Sort(want)
		tmp = sortIDs(ids, tmp)
		if !slices.Equal(ids, want) {
			t.Fatalf("n=%d: sortIDs differs from slices.Sort", n)
		}
	}
}

// TestBagOfTmp checks that a bag counted with a reused radix buffer is
// bagOf's.
func TestBagOfTmp(t *testing.T) {
	var tmp []uint32
	for _, text := range []string{"a b a c a b", strings.Repeat("the topic of the crawl and the pages ", 200)} {
		ids := wordIDs(strings.Fields(text))
		want := bagOf(slices.Clone(ids))
		var got bag
		got, tmp = bagOfTmp(ids, tmp)
		if !slices.Equal(got.ids, want.ids) || !slices.Equal(got.tf, want.tf) {
			t.Fatalf("bagOfTmp(%.20q…) = %v, want %v", text, got, want)
		}
	}
}

// TestTermTable checks the feature table against a map on real feature
// terms, their prefixes and words that are not features.
func TestTermTable(t *testing.T) {
	terms := []string{"sport", "football", "match", "goal", "league", "players", "club", "season", "team", "x"}
	for i := range 400 {
		terms = append(terms, "term"+strings.Repeat("z", i%7)+string(rune('a'+i%26))+string(rune('a'+i/26)))
	}
	index := map[string]int32{}
	for i, s := range terms {
		index[s] = int32(i)
	}
	tab := newTermTable(terms)
	probe := append(slices.Clone(terms), "", "spor", "sports", "goals", "term", "unknown", "télé")
	for _, w := range probe {
		wi, wok := index[w]
		gi, gok := tab.find(w, wordHash(w))
		if gi != wi || gok != wok {
			t.Errorf("find(%q) = %d, %v; want %d, %v", w, gi, gok, wi, wok)
		}
	}
}

// TestContentTextsHub checks that contentTexts, which counts the runes
// outside links only as far as the hub-like test needs, picks the texts
// ExtractContent's Text is made of on pages around HubRatio: anchor text
// from none to all, in texts before, between and after the links, with
// white space only texts, and non-ASCII white space.
func TestContentTextsHub(t *testing.T) {
	m, err := NewFromPages(Config{}, []SeedPage{{URL: "http://docs.test/a.html", Doc: realDocs(t)[0]}})
	if err != nil {
		t.Fatal(err)
	}
	hubs := 0
	for links := 0; links <= 12; links++ {
		for plain := 0; plain <= 12; plain++ {
			var b strings.Builder
			b.WriteString("<html><body><p>lead words \u00a0 </p>")
			for i := range max(links, plain) {
				if i < plain {
					fmt.Fprintf(&b, "<p>plain%d text%d \n\t</p><p> </p>", i, i)
				}
				if i < links {
					fmt.Fprintf(&b, "<a href=x%d>anchor%d words%d more%d</a>", i, i, i, i)
				}
			}
			b.WriteString("</body></html>")
			doc, err := html.Parse(strings.NewReader(b.String()))
			if err != nil {
				t.Fatal(err)
			}
			c := ExtractContent(doc)
			if c.Hub {
				hubs++
			}
			want := m.scan.Tokens(c.Text)
			var got []string
			contentTexts(doc, 0, func(s string) { got = m.scan.AppendTokens(got, s) })
			if !slices.Equal(got, want) {
				t.Fatalf("%d links, %d texts (hub %v): %q from the texts, %q from the content", links, plain, c.Hub, got, want)
			}
		}
	}
	if hubs == 0 || hubs == 13*13 {
		t.Fatalf("%d of %d pages hub-like: the test does not cross HubRatio", hubs, 13*13)
	}
}

// FuzzNoiseValue checks noiseValue (one pass over ASCII) against lowering
// the value and splitting it at every rune not an ASCII letter or digit.
func FuzzNoiseValue(f *testing.F) {
	for _, s := range []string{"site-Footer", "nav\u212A", "\u212Aomment", "x menü nav", "İnav", "sphinxsidebar", "a b c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		want := false
		for _, w := range strings.FieldsFunc(strings.ToLower(v), notAlnum) {
			want = want || isNoiseWord(w)
		}
		if got := noiseValue(v); got != want {
			t.Fatalf("noiseValue(%q) = %v, want %v", v, got, want)
		}
	})
}

// FuzzResolve checks the href resolver's shortcuts ("#frag", "../",
// plain relative paths and plain absolute URLs) against the URL parser on any base and href.
func FuzzResolve(f *testing.F) {
	for _, s := range [][2]string{
		{"https://docs.python.org/3/library/os.html", "../reference/index.html#x"},
		{"http://h/a/b/c.html?q=1#f", "#frag"},
		{"http://h", "../../x.html"},
		{"http://h/a/./b/c.html", "../../../../y/z.html#%zz"},
		{"http://h/my%20dir/p.html", "#%41"},
		{"http://h/dir/", "..//x"},
		{"http://h/dir/p.html", "a/./b/"},
		{"mailto:x@y", "a/b.html"},
		{"http://h/d/p.html", "x/..#y"},
		{"http://h/d/p.html", "https://github.com/python/cpython/blob/3.11/Doc/a.rst"},
		{"http://h/d/p.html", "https://h.org/a/../b#%zz"},
		{"http://h/d/p.html", "http://h-1.x/"},
		{"http://127.0.0.1:8813/library/a.html?x=1", "https://bugs.python.org/issue?@action=redirect&bpo=43950"},
		{"http://h:80", "https://h:/x?a=(1)#y"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, base, href string) {
		b, err := url.Parse(base)
		if err != nil {
			return
		}
		want := ""
		if u, err := b.Parse(href); err == nil {
			u.Fragment = ""
			want = u.String()
		}
		r := newHrefResolver(b)
		if got := r.resolve(href); got != want {
			t.Fatalf("resolve(%q) against %q = %q, want %q", href, base, got, want)
		}
		// keyNeed.mayWant passes over an href by its tail: every URL it
		// resolves to must end with "/" and that tail.
		tail, ok := hrefTail(href)
		if ok && want != "" && !strings.HasSuffix(want, "/"+tail) {
			t.Fatalf("href %q against %q resolves to %q, not ending with /%s", href, base, want, tail)
		}
		// hrefTailHash, which mayWant reads, is hrefTail hashed in one pass.
		if h, hok := hrefTailHash(href); hok != ok || ok && h != tailHash(tail) {
			t.Fatalf("hrefTailHash(%q) = %x, %v; hrefTail gives %q, %v (hash %x)", href, h, hok, tail, ok, tailHash(tail))
		}
	})
}

// TestContentTextsTokens: the terms of contentTexts' texts, one after the
// other, are the terms of ExtractContent's Text, and the page vector built
// from them (with and without URL words) is Vector's, on real pages.
func TestContentTextsTokens(t *testing.T) {
	m, err := NewFromPages(Config{}, []SeedPage{{URL: "http://docs.test/a.html", Doc: realDocs(t)[0]}})
	if err != nil {
		t.Fatal(err)
	}
	for i, doc := range realDocs(t) {
		want := m.scan.Tokens(ExtractContent(doc).Text)
		var got []string
		contentTexts(doc, 0, func(s string) { got = m.scan.AppendTokens(got, s) })
		if !slices.Equal(got, want) {
			t.Fatalf("page %d: %d terms from the texts, %d from the content", i, len(got), len(want))
		}
		for _, urlWords := range []bool{false, true} {
			h := &Hook{cfg: Config{URLWords: urlWords}, seeds: m}
			p := &crawl.Page{URL: "http://docs.test/library/asyncio-task.html", Doc: doc}
			a, b := m.Vector(h.pageContent(p)), m.vectorOfTexts(h.pageTexts(p), true)
			if !slices.Equal(a.idx, b.idx) || !slices.Equal(a.val, b.val) || !slices.Equal(a.words.ids, b.words.ids) || !slices.Equal(a.words.tf, b.words.tf) {
				t.Fatalf("page %d, URL words %v: the vector of the texts differs from the content's", i, urlWords)
			}
		}
	}
}

// TestWordHashAndTermWeight checks the shortcuts of the page vector's
// words against what they stand for: wordHash carried on from wordSeed
// is fnv1a with the "w:" prefix, and termWeight's table is 1+ln(c).
func TestWordHashAndTermWeight(t *testing.T) {
	for _, w := range []string{"", "a", "asyncio", "straße", "x\x00y", strings.Repeat("long", 40)} {
		if got, want := wordHash(w), fnv1a("w:", w); got != want {
			t.Errorf("wordHash(%q) = %#x, fnv1a %#x", w, got, want)
		}
	}
	for c := 1; c < 300; c++ {
		if got, want := termWeight(c), 1+float32(math.Log(float64(c))); math.Float32bits(got) != math.Float32bits(want) {
			t.Errorf("termWeight(%d) = %v, want %v", c, got, want)
		}
	}
}

// TestWeighMemo checks weigh, which computes the IDF of each small
// document frequency once a call, against the IDF computed word by word,
// with frequencies below and above the memo's bound.
func TestWeighMemo(t *testing.T) {
	m := &Model{}
	m.bg.df = make([]atomic.Int32, 1<<wordBits)
	m.bg.docs.Store(5000)
	var b bag
	for i := range 600 {
		id := uint32(i * 97 % (1 << wordBits))
		m.bg.df[id].Store(int32(i * 13 % 700))
		b.ids = append(b.ids, id)
		b.tf = append(b.tf, termWeight(1+i%5))
	}
	slices.Sort(b.ids)
	got := m.weigh(b)
	docs := float64(m.bg.docs.Load()) + 1
	want := make([]float64, len(b.ids))
	var ss float64
	for k, id := range b.ids {
		want[k] = float64(b.tf[k]) * max(math.Log(docs/(float64(m.bg.df[id].Load())+1)), 0)
		ss += want[k] * want[k]
	}
	inv := 1 / math.Sqrt(ss)
	for k := range want {
		if want[k] *= inv; math.Float64bits(got[k]) != math.Float64bits(want[k]) {
			t.Fatalf("word %d: %v, want %v", k, got[k], want[k])
		}
	}
}

// hrefTail is the last segment of href's path when every URL href
// resolves to ends with "/" and that segment: its path (before any '#')
// is not empty, does not start with "//" and holds only letters, digits,
// '/' and ._~- (no scheme, query or escape), and its last segment is not
// a dot segment. It is hrefTailHash's reference, in the steps it fuses.
func hrefTail(href string) (string, bool) {
	path, _, _ := strings.Cut(href, "#")
	if path == "" || strings.HasPrefix(path, "//") {
		return "", false
	}
	for i := 0; i < len(path); i++ {
		if c := path[i]; !(c == '/' || plainByte[c]) {
			return "", false
		}
	}
	tail := path[strings.LastIndexByte(path, '/')+1:]
	if tail == "." || tail == ".." {
		return "", false
	}
	return tail, true
}

// FuzzHasMainToken holds hasMainToken, which compares only tokens of the
// marks' lengths, to EqualFold on every token.
func FuzzHasMainToken(f *testing.F) {
	for _, s := range []string{"", "maincontent", "x Main-Content y", "MAINCONTENT\tz", "main content", "mainconten", "maincontentt", "\u212a main-content", "ma\u0130ncontent"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		want := false
		for _, tok := range strings.FieldsFunc(v, func(r rune) bool { return r < 0x80 && isSpaceByte(byte(r)) }) {
			if strings.EqualFold(tok, "maincontent") || strings.EqualFold(tok, "main-content") {
				want = true
			}
		}
		if got := hasMainToken(v); got != want {
			t.Fatalf("hasMainToken(%q) = %v, want %v", v, got, want)
		}
	})
}
