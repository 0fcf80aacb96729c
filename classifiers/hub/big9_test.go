package hub_test

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/classifiers/hub"
	"github.com/crawl-project/crawl/htmldecode"
)

// heldOutRow is one page of testdata/big9-heldout-evidence.tsv.
type heldOutRow struct {
	path, url string
	hub       bool
	ev        hub.Evidence
}

func readHeldOut(t *testing.T) []heldOutRow {
	t.Helper()
	f, err := os.Open("testdata/big9-heldout-evidence.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []heldOutRow
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		if line == 1 {
			continue
		}
		c := strings.Split(sc.Text(), "\t")
		if len(c) != 13 || (c[1] != "hub" && c[1] != "topic") {
			t.Fatalf("line %d: %q", line, sc.Text())
		}
		var n [10]int
		for i := range n {
			if n[i], err = strconv.Atoi(c[2+i]); err != nil {
				t.Fatalf("line %d: %v", line, err)
			}
		}
		rows = append(rows, heldOutRow{path: c[0], url: c[12], hub: c[1] == "hub", ev: hub.Evidence{
			Text: n[0], Anchor: n[1], ListAnchor: n[2], Links: n[3], ListLinks: n[4], Entry: n[5], IndexEntry: n[6],
			Block: n[7], BlockRun: n[8], TermRun: n[9]}})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestPageModelBig9HeldOut: on the held-out site half of the records/big9
// list pages and articles (labelled by others; never trained or tuned on),
// the shipped page model scores hub F1 ≥ 0.822, just under the figure of
// the seventeenth round (0.808 before it, the eighth round's; 0.767 the
// figure of format /3; 0.747 before that, commit 90218aa, which trained
// on the other half).
// Measured when shipped: format /4 0.781 (P 1.000, R 0.641), format /5
// (2026-11-25 12:57, rows re-measured) 0.795 (P 1.000, R 0.660), format /6
// (15:03, rows re-measured) 0.795 (P 1.000, R 0.660), format /7 (15:36) and
// /8 (17:32, rows re-measured) the same, /9 (2026-12-06) the same; the
// eighth round (2026-12-06, rows re-measured: a wrapper named furniture
// that holds the main content is walked) 0.809 (P 1.000, R 0.679); the
// seventeenth (format /18, rows re-measured: a header holding the page's
// title is text) 0.823 (P 1.000, R 0.699). The evidence rows were measured by MeasurePageAt at
// the URL in each row (README.md: a saved page's stand-in URL); the pages
// copied into testdata/pages are measured again and must give their rows.
func TestPageModelBig9HeldOut(t *testing.T) {
	m, err := hub.DefaultPageModel()
	if err != nil {
		t.Fatal(err)
	}
	rows := readHeldOut(t)
	noRule := *m
	noRule.Block = hub.BlockRule{}
	var with, without hub.Metrics
	for _, r := range rows {
		with.Add(r.hub, m.Prob(r.ev) >= 0.5)
		without.Add(r.hub, noRule.Prob(r.ev) >= 0.5)
	}
	t.Logf("%d pages, %d hubs: P %.3f R %.3f F1 %.3f; without the block rule F1 %.3f",
		with.N(), with.TP+with.FN, with.Precision(), with.Recall(), with.F1(), without.F1())
	if with.N() != 196 || with.TP+with.FN != 156 {
		t.Fatalf("%d pages with %d hubs, want 196 with 156", with.N(), with.TP+with.FN)
	}
	if with.F1() < 0.822 {
		t.Errorf("hub F1 %.3f, want ≥ 0.822", with.F1())
	}
	if with.F1() <= without.F1() {
		t.Errorf("the block rule does not help: F1 %.3f, without it %.3f", with.F1(), without.F1())
	}
	copies := map[string]string{ // a row's path → its copy in testdata/pages
		"records/battle.net-3/page.html":     "pages/hub/battle.net-3.html",
		"records/gsmarena.com-1/page.html":   "pages/hub/gsmarena.com-1.html",
		"records/irs.gov-2/page.html":        "pages/hub/irs.gov-2.html",
		"templates/big9-latimes-2005/9.html": "pages/topic/big9-latimes-2005-9.html",
	}
	found := 0
	for _, r := range rows {
		p, ok := copies[r.path]
		if !ok {
			continue
		}
		found++
		doc, err := htmldecode.ParseFile("testdata/" + p)
		if err != nil {
			t.Fatal(err)
		}
		if got := hub.MeasurePageAt(doc, r.url); got != r.ev {
			t.Errorf("%s: MeasurePageAt(%q) = %+v, the row says %+v", p, r.url, got, r.ev)
		}
	}
	if found != len(copies) {
		t.Errorf("%d of the %d copied pages have rows", found, len(copies))
	}
}
