package hub_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/classifiers/hub"
)

func loadPages(t *testing.T) []hub.PageExample {
	t.Helper()
	var out []hub.PageExample
	for _, class := range []string{"hub", "topic"} {
		files, err := filepath.Glob(filepath.Join("testdata", "pages", class, "*.html"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no %s pages: %v", class, err)
		}
		for _, f := range files {
			raw, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			st, err := hub.ReadPageStats(raw, "text/html")
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			out = append(out, hub.PageExample{Stats: st, Hub: class == "hub", Group: filepath.Base(f)})
		}
	}
	return out
}

func TestReadPageStats(t *testing.T) {
	st, err := hub.ReadPageStats([]byte(`<html><body><p>Hello, world!</p><script>var x="no";</script>`+
		`<ul><li><a href="/a">One</a></li><li><a href="/b">Two <b>2</b></a></li><li><a name="x">anchor</a></li></ul></body></html>`), "text/html")
	if err != nil {
		t.Fatal(err)
	}
	want := hub.PageStats{Text: 12 + 6, Anchor: 7, Punct: 2, Links: 2, MaxDepth: 6}
	if st != want {
		t.Errorf("ReadPageStats = %+v, want %+v", st, want)
	}
	// Latin-1 bytes decode by the declared charset: é is one letter.
	st, err = hub.ReadPageStats([]byte("<html><head><meta charset=\"iso-8859-1\"></head><body>caf\xe9</body></html>"), "")
	if err != nil || st.Text != 4 {
		t.Errorf("Latin-1 page: %+v, %v; want 4 text runes", st, err)
	}
}

func TestPageStatsSeparateClasses(t *testing.T) {
	for _, p := range loadPages(t) {
		if p.Hub && p.Stats.Links < 20 {
			t.Errorf("hub page %s has %d links", p.Group, p.Stats.Links)
		}
		if !p.Hub && p.Stats.Text < 1000 {
			t.Errorf("topic page %s has %d text runes", p.Group, p.Stats.Text)
		}
	}
}

func TestBaselines(t *testing.T) {
	pages := loadPages(t)
	// Train on the first three of each class, test on the other two.
	var train, test []hub.PageExample
	n := map[bool]int{}
	for _, p := range pages {
		if n[p.Hub] < 3 {
			train = append(train, p)
		} else {
			test = append(test, p)
		}
		n[p.Hub]++
	}
	rules, err := hub.TrainRules(train)
	if err != nil {
		t.Fatal(err)
	}
	if rules.Threshold < -0.2 || rules.Threshold > 0.6 {
		t.Errorf("threshold %v outside the paper's range", rules.Threshold)
	}
	if m := rules.Evaluate(test); m.TP+m.FN != 2 || m.Accuracy() < 0.5 {
		t.Errorf("rules on held-out pages: %+v", m)
	}
	csvm, err := hub.TrainContentSVM(train, 1)
	if err != nil {
		t.Fatal(err)
	}
	if m := csvm.Evaluate(test); m.Accuracy() < 0.5 {
		t.Errorf("content SVM on held-out pages: %+v", m)
	}
	if _, err := hub.TrainRules(test[:1]); err == nil {
		t.Error("TrainRules with one class: no error")
	}
}

func TestPageGroup(t *testing.T) {
	for in, want := range map[string]string{
		"../data/records/9gag.com-1/page.html": "9gag.com",
		"templates/big9-bbc-2005/3.html":       "big9-bbc",
		`C:\x\records\a-b.org-12\page.html`:    "a-b.org",
		"page.html":                            "page", "pages/topic/big9-bbc-2005-7.html": "big9-bbc",
	} {
		if got := hub.PageGroup(in); got != want {
			t.Errorf("PageGroup(%q) = %q, want %q", in, got, want)
		}
	}
	parts := hub.SplitPages(loadPages(t), 1, 0.5, 0.5)
	if len(parts[0])+len(parts[1]) != 10 || strings.Contains(parts[0][0].Group, "/") {
		t.Errorf("SplitPages sizes %d + %d", len(parts[0]), len(parts[1]))
	}
}
