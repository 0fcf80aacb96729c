package extraction_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/extraction"
)

// TestEntriesOfDocPages: the API entries and definition lists of real
// documentation pages are records (testdata/entries, provenance in
// testdata/README.md). colorsys.html documents six functions beside an
// essay on colour spaces longer than the entries: its functions are still
// records. fractions.html documents one class: its members are the
// records. PostgreSQL's createdb page lists its options in definition
// lists of many terms each: every option is a record, not every list.
// tomllib.html documents two functions and an exception: segmented as a
// list region, its section gave the two functions only (the exception's
// dl is of another shape); the page's entries are all three.
// fnmatch.html's list region glued fnmatchcase and filter into one
// record of three entries and so did not give way to its entries.
// git-clean.html's definition lists (options, interactive commands,
// configuration) have no class of their own, only their wrapper
// (asciidoc's div.dlist > dl): the page gave no records; its 20 terms are
// 15 entries, an option's short and long forms one record.
func TestEntriesOfDocPages(t *testing.T) {
	for _, tt := range []struct {
		file     string
		min, max int       // records
		begins   string    // some record's title or text begins so
		apart    [2]string // two entries' names no record holds both of
	}{
		{"python-colorsys.html", 6, 6, "colorsys.rgb_to_yiq(", [2]string{"rgb_to_yiq", "yiq_to_rgb"}},
		{"python-fractions.html", 8, 12, "limit_denominator(", [2]string{"__floor__", "__ceil__"}},
		{"postgresql-app-createdb.html", 20, 30, "-D tablespace", [2]string{"--tablespace", "--template"}},
		{"python-tomllib.html", 3, 3, "exception tomllib.TOMLDecodeError", [2]string{"Read a TOML file", "Subclass of ValueError"}},
		{"python-fnmatch.html", 4, 4, "fnmatch.filter(", [2]string{"fnmatch.fnmatchcase(", "fnmatch.filter("}},
		{"git-clean.html", 15, 15, "clean.requireForce", [2]string{"--force", "--dry-run"}},
	} {
		t.Run(tt.file, func(t *testing.T) {
			recs := extractFile(t, "testdata/entries/"+tt.file)
			if len(recs) < tt.min || len(recs) > tt.max {
				t.Errorf("%d records, want %d to %d", len(recs), tt.min, tt.max)
			}
			found := false
			for _, r := range recs {
				var vals []string
				for _, f := range r.Fields {
					vals = append(vals, f.Value)
					if (f.Name == "title" || f.Name == "text") && strings.HasPrefix(f.Value, tt.begins) {
						found = true
					}
				}
				if all := strings.Join(vals, " "); strings.Contains(all, tt.apart[0]) && strings.Contains(all, tt.apart[1]) {
					t.Errorf("record %d holds two entries: %.200q", r.Index, all)
				}
			}
			if !found {
				t.Errorf("no record's title or text begins %q", tt.begins)
			}
		})
	}
}

// TestKindNamesNoText: a record root that is a text node is named #text in
// the records' kind, never by its text: tex2page's code examples, lines of
// a tt split by br, made the text of the first line the kind
// ("div > (define\u00a0(f)\u00a0(list…))+br"), and so the name of the
// records table crawl export wrote them to. Those are code now
// (TestCodeLinesAreNotRecords); a list of lines of text keeps the rule.
func TestKindNamesNoText(t *testing.T) {
	var b strings.Builder
	b.WriteString("<html><body><h1>Changes</h1><div>")
	for i, s := range []string{"Fixed the parser on empty input", "Faster start-up of the server", "New option for the log level", "Dropped the old configuration file", "Better messages for bad addresses"} {
		fmt.Fprintf(&b, "%s, see <a href=\"/issue/%d\">issue %d</a><br>\n", s, i+10, i+10)
	}
	b.WriteString("</div></body></html>")
	recs, err := extraction.ExtractPage(parse(t, b.String()), extraction.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) == 0 {
		t.Fatal("no records")
	}
	for _, r := range recs {
		if strings.Contains(r.Kind, "Fixed") || !strings.Contains(r.Kind, "#text") {
			t.Fatalf("record %d of kind %q, want its text roots named #text", r.Index, r.Kind)
		}
	}
}

// TestRecordKind: a page's records carry the structure of their list
// (crawl.Record.Kind), the same for API entries wherever the page has
// them, and depending on the page alone.
func TestRecordKind(t *testing.T) {
	for file, want := range map[string]string{
		"entries/python-colorsys.html":         "dl.py",
		"entries/postgresql-app-createdb.html": "dl.variablelist > dt+dd",
		"pre/python-pprint.html":               "dl.py",
		"labels/linkedin-1.html":               "ul.content > li",
	} {
		recs := extractFile(t, "testdata/"+file)
		if len(recs) == 0 {
			t.Fatalf("%s: no records", file)
		}
		for _, r := range recs {
			if r.Kind != want {
				t.Errorf("%s: record %d of kind %q, want %q", file, r.Index, r.Kind, want)
				break
			}
		}
	}
}

// TestTexinfoAnchorsBeforeTerms: Functions.html of the zsh manual
// (testdata/entries, texi2any 6.8) lists its hook functions (chpwd,
// periodic…) and trap functions (TRAPNAL, TRAPDEBUG…) in two definition
// lists, one a subsection, below the subsection's navigation table and
// prose; each list opens with a description holding only the index
// anchors of its first item (<dd><span id="index-chpwd"></span></dd>)
// before its first term. Neither list alone covers enough of the page, so
// the page's records are its entries (div.subsection > dl), which took
// only lists whose first child is a term: the page had no records, and
// the zsh manual's option, parameter and widget lists (Options.html's 263
// options, Zsh-Line-Editor.html's 198 widgets) none either. Every
// function is a record: its name first, then its description (a
// permalink's address may come between).
func TestTexinfoAnchorsBeforeTerms(t *testing.T) {
	doc := parse(t, string(readTestdata(t, "testdata/entries/zsh-functions.html")))
	groups := append(refsectGroups(doc, "Hook-Functions"), refsectGroups(doc, "Trap-Functions")...)
	if len(groups) != 6+4 || groups[0].terms[0] != "chpwd" || groups[6].terms[0] != "TRAPNAL ¶" {
		t.Fatalf("groups %v, want 6 hook functions from chpwd and 4 trap functions from TRAPNAL: not the page the test was written for", groups)
	}
	recs, err := extraction.ExtractPage(doc, extraction.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != len(groups) {
		t.Errorf("%d records, want %d (one a function)", len(recs), len(groups))
	}
	for i, g := range groups {
		if i >= len(recs) {
			break
		}
		// white space left out: adjacent elements' words are spaced
		// apart (<tt>TRAP</tt><var>NAL</var> is "TRAP NAL")
		bare := func(s string) string { return strings.Join(strings.Fields(s), "") }
		f := recs[i].Fields
		name := strings.TrimSuffix(g.terms[0], " ¶") // a permalink sign is no part of a title
		if len(f) < 2 || bare(f[0].Value) != bare(name) || !slices.ContainsFunc(f[1:], func(v crawl.Field) bool { return bare(v.Value) == bare(g.desc) }) {
			t.Errorf("record %d = %v, want %q, then its description %q", i, f, name, g.desc)
		}
	}
}
