package hub_test

import (
	"archive/tar"
	"bufio"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/classifiers/hub"
)

// evidenceRow is one page of a site's evidence file in
// testdata/sitehubs/evidence.tar.gz (pagemodel -evidence-dir).
type evidenceRow struct {
	url string
	hub bool
	ev  hub.Evidence
}

// readSiteEvidence reads testdata/sitehubs/evidence.tar.gz: per labels
// file name ("sphinx.tsv"), every page's label and evidence by path.
func readSiteEvidence(t *testing.T) map[string]map[string]evidenceRow {
	t.Helper()
	f, err := os.Open("testdata/sitehubs/evidence.tar.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	sites := map[string]map[string]evidenceRow{}
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		rows, err := parseEvidenceRows(tr)
		if err != nil {
			t.Fatalf("%s: %v", h.Name, err)
		}
		sites[h.Name] = rows
	}
	return sites
}

// parseEvidenceRows reads one evidence TSV: a header, then path, label,
// the ten Evidence counts and the URL the page was measured at.
func parseEvidenceRows(r io.Reader) (map[string]evidenceRow, error) {
	rows := map[string]evidenceRow{}
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		if line == 1 {
			continue
		}
		c := strings.Split(sc.Text(), "\t")
		if len(c) != 13 || (c[1] != "hub" && c[1] != "topic") {
			return nil, errors.New("line " + strconv.Itoa(line) + ": want 13 fields with hub or topic")
		}
		var n [10]int
		for i := range n {
			v, err := strconv.Atoi(c[2+i])
			if err != nil {
				return nil, err
			}
			n[i] = v
		}
		rows[c[0]] = evidenceRow{url: c[12], hub: c[1] == "hub", ev: hub.Evidence{
			Text: n[0], Anchor: n[1], ListAnchor: n[2], Links: n[3], ListLinks: n[4], Entry: n[5], IndexEntry: n[6],
			Block: n[7], BlockRun: n[8], TermRun: n[9]}}
	}
	return rows, sc.Err()
}

// siteFigures are the hub F1 of the shipped page model (format /9) on
// every page of each labelled documentation site, measured with
// `pagemodel -model model/page-evidence.json -eval DIR=LABELS.tsv …
// -evidence-dir DIR` (README.md, seventh round of format /9; 2026-12-06
// 04:20): the tuning sites in sample, the report sites measured once after
// every choice. minF1 is a floor just under the measured figure, maxFP the
// false hubs measured (Docutils' one hub is missed, F1 0: its row holds
// the model to no false hub among 63 topics). The eighth round re-measured
// every row (a wrapper named furniture that holds the main content is
// walked): only Qt SCXML's moved, 0 → 1 (QDoc's page header wraps the whole
// page); Qt SCXML, Exim and C++ Annotations became tuning sites. The ninth
// (format /11, 2026-12-06 09:46) added the fresh report sites Vim (vim2html),
// SWIG and libxml2, reported with format /10, and re-measured every row with
// lines of a pre as entries (prelines.go) and a paragraph after a one-item
// list as its entry's description (described.go): Vim 0 → 0.800 (now a
// tuning site), GIO 0.984 → 0.968, git 0.667 → 1, every other figure the
// same. The tenth (format /11 unchanged, 2026-12-06 20:29) added the fresh
// report sites libxslt (the xmlsoft layout of libxml2's family; its API
// indexes of links in paragraphs missed) and PuTTY (Halibut; its index, a
// paragraph of lines, missed), measured once, nothing tuned. The eleventh
// (format /12, 2026-12-06) made them tuning sites and re-measured every row
// with the lines of a paragraph separated by <br> as entries (prelines.go):
// libxslt 0.810 → 0.913 (four of its API indexes found), every other figure
// and evidence row the same. The twelfth (format /13, 2026-12-06) re-measured
// every row with lines led by a term of at most two words, then a link to a
// place in another page, as index entries (prelines.go): PuTTY 0.667 → 1
// (IndexPage.html found), rows of Vim and libxml2 moved, every other figure
// the same. The thirteenth (format /13 unchanged, 2026-12-06 22:55) added
// the fresh report site rustdoc-std (the Rust standard library's std crate,
// rustdoc 1.63), measured once: 0.811, its false hubs pages of the block
// rule (trait pages' Implementors lists, module pages' item rows), and made
// it a tuning site: a run of blocks that all lead by one link is no list
// (block.go): rustdoc-std 0.811 → 0.891 (ten trait pages), SQLite 0.833 →
// 0.851 (one false hub fewer), every other figure the same; then a
// repeated block holding a row's cells is an entry, as a tr (rows.go):
// rustdoc-std 0.891 → 0.902 (index.html found), rows of CppUnit, JsonCpp and
// json-c moved, every other figure the same. The fourteenth (format /15,
// 2026-12-07) added the tuning site racket-scribble (the Racket 8.7 Guide
// and Reference, Scribble; measured 0.475 with /14: its side table of
// contents, div.tocset, counted on every page) and re-measured every row
// with a navigation region around a link to the page itself left out
// (selfnav.go) and an entry led by a place in the page the previous entry
// led to counted as that page's (scope.go): racket-scribble 0.475 → 0.826,
// rows of twelve sites moved, every other figure the same; then a
// paragraph of links each ending with a <br> split into lines, in an entry
// too (prelines.go): racket-scribble 0.826 → 0.875 (its two doc-index.html
// found), no other row moved. Its fresh report site, the gnuplot 5.4
// manual (LaTeX2HTML), labelled before any model ran on it, was measured
// once with the final /15: 0.923. The sixteenth (format /17) made
// batteries-ocamldoc a tuning site (reported at 0.467 with /16) and
// re-measured every row with a pre's line led by a declaration's keyword
// before a link to a page read as an entry, and a div of paragraphs after
// it as its description (prelines.go declKeyword, described.go
// describesDecl): batteries-ocamldoc 0.467 → 0.917, rows of six sites
// moved (all topics), every other figure the same. Its fresh report site,
// OCamlgraph 2.0 (odoc), labelled before any model ran on it, was measured
// once with the final /17: 0.055. The seventeenth (format /18) made
// ocamlgraph-odoc a tuning site (its labels corrected: odoc's undocumented
// declarations, div.spec, read as its dt, 81 → 124 hubs) and re-measured
// every row with an li, dt or div led by a declaration's keyword in code
// before a link to a page counted whole (entry.go declLead, prelines.go
// declDiv) and a header holding the page's title counted as text
// (evidence.go ownHeader): ocamlgraph-odoc 0.144 → 0.859, gdk-pixbuf 0.875
// → 0.933, adwaita 0.889 → 0.941, rows of json-glib moved, every other
// figure the same. Its fresh report site, js_of_ocaml 4.0 (odoc 2.1),
// labelled before any model ran on it, was measured once with the final
// /18: 0.395. The eighteenth (format /19) made jsoo-odoc2 a tuning site:
// code before a block's first link is no label unless a declaration's
// keyword that goes on after the link or a path running into it
// (block.go codeLabel): jsoo-odoc2 0.395 → 0.909, every other figure the
// same. Its fresh report site, Eliom 9.4's server API (ocamldoc),
// labelled before any model ran on it, was measured once with the final
// // /19: 0.737. Session 18 (format /20, hubindex) added the three sites of
// the realsites branch as tuning sites and re-measured every row with
// index entries counted on a page holding a letter heading (letters.go)
// and an entry led by a kind label outside a cell of its own counted only
// when it holds little more than the label and links (scope.go
// openEntry): zsh 0.769 → 0.933, gettext 0.769 → 0.933, CMake 0.455 →
// 0.952, every other figure the same (README.md).
var siteFigures = []struct {
	file, role  string
	pages, hubs int
	measured    float64 // F1 when shipped, rounded to 3 decimals
	minF1       float64
	maxFP       int // false hubs when shipped
}{
	{"postgresql15.tsv", "tuning", 1169, 57, 0.974, 0.973, 3},
	{"git.tsv", "tuning", 242, 2, 1, 0.999, 0},      // /10: 0.667; howto-index.html's descriptions follow their one-item lists (described.go)
	{"gio.tsv", "tuning", 229, 30, 0.968, 0.967, 2}, // /10: 0.984; gio-hierarchy.html, a class tree in a pre, a hub since /11
	{"glib.tsv", "tuning", 100, 10, 1, 0.999, 0},
	{"gobject.tsv", "tuning", 57, 6, 1, 0.999, 0},
	{"apache.tsv", "tuning", 244, 11, 0.842, 0.841, 0},
	{"closure-javadoc.tsv", "tuning", 361, 35, 0.986, 0.985, 1},
	{"jsoncpp.tsv", "tuning", 156, 70, 0.931, 0.930, 0},
	{"yard.tsv", "tuning", 275, 5, 0.889, 0.888, 0},
	{"jsoup-javadoc.tsv", "tuning", 268, 32, 0.875, 0.874, 4},
	{"cppunit.tsv", "tuning", 425, 82, 0.854, 0.853, 8},
	{"sphinx.tsv", "tuning", 137, 11, 0.917, 0.916, 2},
	{"cairo.tsv", "tuning", 57, 14, 1, 0.999, 0},
	{"aeson-haddock.tsv", "tuning", 70, 29, 1, 0.999, 0},  // 0.982 to /15: doc-index-46.html (operators named in a cell of their own, marker.go cellName)
	{"gdk-pixbuf.tsv", "tuning", 187, 8, 0.933, 0.932, 0}, // 0.875 to /17: a header holding the page's title is text (/18)
	{"adwaita.tsv", "tuning", 1020, 9, 0.941, 0.940, 0},   // 0.889 to /17: a header holding the page's title is text (/18)
	{"json-glib.tsv", "tuning", 274, 7, 0.875, 0.874, 2},
	{"json-c.tsv", "tuning", 50, 19, 0.865, 0.864, 2},
	{"h2-javadoc.tsv", "tuning", 134, 18, 1, 0.999, 0},
	{"sqlite.tsv", "tuning", 766, 20, 0.851, 0.850, 7}, // /13: 0.833; a run led by one link is no list (block.go)
	{"pydoctor-urllib3.tsv", "tuning", 121, 10, 0.800, 0.799, 2},
	{"nodejs.tsv", "tuning", 65, 1, 1, 0.999, 0},
	{"docutils.tsv", "tuning", 64, 1, 0, 0, 0},
	{"qdoc-qtscxml.tsv", "tuning", 76, 3, 1, 0.999, 0},
	{"exim.tsv", "tuning", 70, 5, 1, 0.999, 0},
	{"cpp-annotations.tsv", "tuning", 29, 3, 0.857, 0.856, 1},
	{"vim.tsv", "tuning", 152, 4, 0.800, 0.799, 2}, // reported at 0 (/10): its tables of contents are lines of a pre
	{"swig.tsv", "report", 53, 4, 0.857, 0.856, 0},
	{"libxml2.tsv", "report", 103, 4, 1, 0.999, 0},      // 0.857 (one false hub) with the labels as first committed
	{"libxslt.tsv", "tuning", 71, 25, 0.913, 0.912, 0},  // reported at 0.810 (/11): 8 API indexes missed; /12 finds libxslt's 4 (lines of a p)
	{"putty-halibut.tsv", "tuning", 20, 2, 1, 0.999, 0}, // 0.667 to /12: IndexPage.html, lines led by a term, then links to places (/13)
	{"python311.tsv", "report", 530, 78, 0.968, 0.967, 2},
	{"octave.tsv", "report", 507, 21, 0.894, 0.893, 5},
	{"rustdoc-std.tsv", "tuning", 1530, 48, 0.902, 0.901, 8},    // reported at 0.811 (/13): trait pages' Implementors lists led by one badge link
	{"racket-scribble.tsv", "tuning", 358, 21, 0.875, 0.874, 6}, // 0.475 with /14: the side table of contents counted (selfnav.go, /15)
	{"gnuplot-latex2html.tsv", "report", 652, 12, 0.923, 0.922, 2},
	{"ghc-haddock.tsv", "tuning", 632, 110, 0.938, 0.937, 2},        // 0.928 with /15 (0.886 on the labels as first committed): operator rows of the symbol indexes
	{"batteries-ocamldoc.tsv", "tuning", 1011, 23, 0.917, 0.916, 3}, // reported at 0.467 (/16): module pages of submodule declarations; pre lines led by a keyword (/17)
	{"ocamlgraph-odoc.tsv", "tuning", 2610, 124, 0.859, 0.858, 30},  // reported at 0.055 (/17, 81 hubs); labels corrected (div.spec, 124 hubs: /17 0.144); declarations' keyword in entries, the page's own header (/18)
	{"jsoo-odoc2.tsv", "tuning", 702, 15, 0.909, 0.908, 3},          // reported at 0.395 (/18): 44 false hubs by the block rule, runs of div.odoc-spec led by "inherit", "method", "val"; code before a block's link is no label (block.go codeLabel)
	{"eliom-ocamldoc.tsv", "report", 259, 10, 0.737, 0.736, 2},      // fresh, measured once (/19): index_exceptions.html missed (P 0.008), two module pages missed, two module-type pages at label shares 0.44, 0.47 false hubs
	{"zsh-texi2any.tsv", "tuning", 42, 8, 0.933, 0.932, 0},          // 0.769 with /19: two small indexes (letters.go); index.html missed (its menu a table.menu, furniture by its class)
	{"gettext-texi2html.tsv", "tuning", 81, 14, 0.933, 0.932, 2},    // 0.769 with /19: four small indexes (letters.go)
	{"cmake-sphinx.tsv", "tuning", 1936, 10, 0.952, 0.951, 1},       // 0.455 with /19: 23 release notes, sentences opening "The <a>cmd()</a> command …" (scope.go openEntry)
}

// TestPageModelSiteFigures pins each site's figure: the shipped page model
// on the stored evidence of every page of every labelled site scores at
// least the floor under the figure README.md reports, and the rows hold
// the labels of testdata/sitehubs (the evidence itself is checked against
// MeasurePageAt on the copied subsets: TestSiteEvidenceMatchesPages).
func TestPageModelSiteFigures(t *testing.T) {
	m, err := hub.DefaultPageModel()
	if err != nil {
		t.Fatal(err)
	}
	sites := readSiteEvidence(t)
	if len(sites) != len(siteFigures) {
		t.Errorf("%d sites in the evidence archive, %d figures", len(sites), len(siteFigures))
	}
	for _, s := range siteFigures {
		t.Run(strings.TrimSuffix(s.file, ".tsv"), func(t *testing.T) {
			rows := sites[s.file]
			labels := readLabels(t, s.file)
			var pm hub.Metrics
			for path, r := range rows {
				truth, ok := labels[path]
				if !ok || truth != r.hub {
					t.Fatalf("%s: row label hub=%v, labels file hub=%v (listed %v)", path, r.hub, truth, ok)
				}
				pm.Add(r.hub, m.Prob(r.ev) >= 0.5)
			}
			t.Logf("%s site: %d pages, %d hubs: P %.3f R %.3f F1 %.4f", s.role, pm.N(), pm.TP+pm.FN, pm.Precision(), pm.Recall(), pm.F1())
			if pm.N() != s.pages || pm.TP+pm.FN != s.hubs || len(labels) != s.pages {
				t.Fatalf("%d pages with %d hubs (%d labelled), want %d with %d", pm.N(), pm.TP+pm.FN, len(labels), s.pages, s.hubs)
			}
			if pm.F1() < s.minF1 {
				t.Errorf("hub F1 %.4f, want ≥ %.3f (%.3f when shipped)", pm.F1(), s.minF1, s.measured)
			}
			if pm.FP > s.maxFP {
				t.Errorf("%d false hubs, want ≤ %d", pm.FP, s.maxFP)
			}
		})
	}
}

// readLabels reads a labels file of testdata/sitehubs (path → hub).
func readLabels(t *testing.T, file string) map[string]bool {
	t.Helper()
	f, err := os.Open("testdata/sitehubs/" + file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	labels := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if p, l, ok := strings.Cut(sc.Text(), "\t"); ok && l != "label" {
			labels[p] = l == "hub"
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return labels
}

// TestSiteEvidenceMatchesPages: the evidence rows are what MeasurePageAt
// gives on the real pages, checked on every page of the copied subsets
// (the two report sites of the tenth round, the three sites of format /11, the three report sites of format /9, the four of /8, those of /7 and
// /6, and the Python, Octave, Closure and JsonCpp subsets), each measured at its row's URL; and the
// shipped model's figure on each subset is logged and floored (the
// libadwaita subset holds, since /8, two property pages whose getter and
// setter rows are no entries and the borderline class.LeafletPage.html).
func TestSiteEvidenceMatchesPages(t *testing.T) {
	m, err := hub.DefaultPageModel()
	if err != nil {
		t.Fatal(err)
	}
	sites := readSiteEvidence(t)
	for _, s := range []struct {
		archive, labels string
		pages, hubs     int
		minF1           float64 // on the subset: just under its figure when shipped
	}{
		{"rustdoc-std-subset.tar.gz", "rustdoc-std.tsv", 38, 9, 0.58},            // every error of format /13's measurement (0.364 then) and 17 right pages
		{"zsh-texi2any-subset.tar.gz", "zsh-texi2any.tsv", 6, 4, 0.85},           // the two small indexes (missed with /19), index.html (missed), the contents, two chapters
		{"gettext-texi2html-subset.tar.gz", "gettext-texi2html.tsv", 9, 6, 0.85}, // the four small indexes (missed with /19), the contents, a chapter, javadoc's index and the two false hubs
		{"cmake-sphinx-subset.tar.gz", "cmake-sphinx.tsv", 8, 3, 0.85},           // three release notes (false hubs with /19), their index, XCODE_GENERATE_SCHEME (false hub), find_package, two hubs
		{"racket-scribble-subset.tar.gz", "racket-scribble.tsv", 21, 9, 0.74},
		{"batteries-ocamldoc-subset.tar.gz", "batteries-ocamldoc.tsv", 42, 22, 0.91}, // 0.43 with /16; chosen by rule before any model ran (every hub but index_values.html, the hand check, ten module pages, two type_ pages)
		{"ocamlgraph-odoc-subset.tar.gz", "ocamlgraph-odoc.tsv", 47, 22, 0.95},       // every 4th hub and every 100th topic in path order (by the labels as first committed), chosen after the one measurement: 0.17 with /17
		{"eliom-ocamldoc-subset.tar.gz", "eliom-ocamldoc.tsv", 20, 10, 0.82},         // every hub and every 25th topic in path order, chosen after the one measurement: 0.82
		{"jsoo-odoc2-subset.tar.gz", "jsoo-odoc2.tsv", 29, 15, 0.99},                 // every hub and every 50th topic in path order, chosen after the one measurement: 0.94 with /18
		{"ghc-haddock-subset.tar.gz", "ghc-haddock.tsv", 22, 17, 0.47},               // every error of /15 but the two largest indexes, and 7 right pages
		{"gnuplot-latex2html-subset.tar.gz", "gnuplot-latex2html.tsv", 26, 12, 0.92}, // chosen by rule before any model ran (every hub, the hand check, node2-11) // the errors of /15 before doc-index.html was found but reference's (960 KB), 14 right pages
		{"libxslt-subset.tar.gz", "libxslt.tsv", 30, 25, 0.91},                       // every hub: 0.80 (/11) with 8 API indexes missed, 4 of them found by /12
		{"putty-halibut-subset.tar.gz", "putty-halibut.tsv", 6, 2, 0.99},             // 0.66 to /12: IndexPage.html missed
		{"vim-subset.tar.gz", "vim.tsv", 10, 3, 0.74},                                // lines of a pre as entries (format /11); quickref.html and howto.html false hubs
		{"swig-subset.tar.gz", "swig.tsv", 10, 4, 0.85},
		{"libxml2-subset.tar.gz", "libxml2.tsv", 13, 4, 0.99},
		{"qdoc-qtscxml-subset.tar.gz", "qdoc-qtscxml.tsv", 15, 3, 0.99}, // 0 before the eighth round: QDoc's page header wraps the page
		{"exim-subset.tar.gz", "exim.tsv", 14, 3, 0.99},
		{"cpp-annotations-subset.tar.gz", "cpp-annotations.tsv", 7, 2, 0.79},
		{"sqlite-subset.tar.gz", "sqlite.tsv", 19, 10, 0.79},
		{"pydoctor-urllib3-subset.tar.gz", "pydoctor-urllib3.tsv", 17, 7, 0.79},
		{"nodejs-subset.tar.gz", "nodejs.tsv", 8, 1, 0.99},
		{"docutils-subset.tar.gz", "docutils.tsv", 11, 1, 0}, // its one hub missed (P 0.466): the rows are what is checked
		{"adwaita-subset.tar.gz", "adwaita.tsv", 29, 9, 0.88},
		{"json-glib-subset.tar.gz", "json-glib.tsv", 21, 7, 0.99},
		{"json-c-subset.tar.gz", "json-c.tsv", 20, 10, 0.94},
		{"h2-javadoc-subset.tar.gz", "h2-javadoc.tsv", 20, 9, 0.99},
		{"sphinx-subset.tar.gz", "sphinx.tsv", 24, 10, 0.99},
		{"cairo-subset.tar.gz", "cairo.tsv", 24, 14, 0.99},
		{"aeson-haddock-subset.tar.gz", "aeson-haddock.tsv", 23, 15, 0.96},
		{"gdk-pixbuf-subset.tar.gz", "gdk-pixbuf.tsv", 23, 8, 0.93},
		{"python311-subset.tar.gz", "python311.tsv", 57, 19, 0.99},
		{"octave-subset.tar.gz", "octave.tsv", 52, 11, 0.99},
		{"closure-javadoc-subset.tar.gz", "closure-javadoc.tsv", 29, 12, 0.99},
		{"jsoncpp-subset.tar.gz", "jsoncpp.tsv", 34, 18, 0.97},
	} {
		t.Run(strings.TrimSuffix(s.archive, "-subset.tar.gz"), func(t *testing.T) {
			docs, _ := siteSubset(t, s.archive, s.labels)
			rows := sites[s.labels]
			var pm hub.Metrics
			for path, doc := range docs {
				r, ok := rows[path]
				if !ok {
					t.Fatalf("%s has no evidence row", path)
				}
				if got := hub.MeasurePageAt(doc, r.url); got != r.ev {
					t.Errorf("%s: MeasurePageAt(%q) = %+v, the row says %+v", path, r.url, got, r.ev)
				}
				pm.Add(r.hub, m.Prob(r.ev) >= 0.5)
			}
			t.Logf("subset: %d pages, %d hubs: P %.3f R %.3f F1 %.4f", pm.N(), pm.TP+pm.FN, pm.Precision(), pm.Recall(), pm.F1())
			if pm.N() != s.pages || pm.TP+pm.FN != s.hubs {
				t.Fatalf("%d pages with %d hubs, want %d with %d", pm.N(), pm.TP+pm.FN, s.pages, s.hubs)
			}
			if pm.F1() < s.minF1 {
				t.Errorf("hub F1 on the subset %.4f, want ≥ %.2f", pm.F1(), s.minF1)
			}
		})
	}
}
