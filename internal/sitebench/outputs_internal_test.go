package sitebench

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHubFiguresLeaveUnlabelledPagesOut: with a TSV of labels, a crawled
// page the TSV does not list is left out of P, R and F1 (and counted
// apart); with a list of hub paths every other page is a topic. A file
// name the TSV writes as it is ("b c.html", as the CMake docs' "Unix
// Makefiles.html") is the page crawled at its escaped address.
func TestHubFiguresLeaveUnlabelledPagesOut(t *testing.T) {
	dir := t.TempDir()
	base := "http://127.0.0.1:1"
	pages := "seq,url,label\n" +
		"1," + base + "/,hub\n" + // index.html: a true hub
		"2," + base + "/a.html,topic\n" + // a true topic
		"3," + base + "/b%20c.html,hub\n" + // a true topic labelled hub: a false hub
		"4," + base + "/extra/x.html,hub\n" + // not in the TSV
		"5," + base + "/extra/y.html,topic\n" // not in the TSV
	if err := os.WriteFile(filepath.Join(dir, "pages.csv"), []byte(pages), 0o644); err != nil {
		t.Fatal(err)
	}
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}

	tsv, err := readHubs(write("labels.tsv", "path\tlabel\nindex.html\thub\na.html\ttopic\nb c.html\ttopic\n"), base)
	if err != nil {
		t.Fatal(err)
	}
	f, err := readFigures(dir, "", tsv)
	if err != nil {
		t.Fatal(err)
	}
	if f.HubTruth != 1 || f.HubUnlabelled != 2 || f.HubP != 0.5 || f.HubR != 1 || f.HubPages != 3 {
		t.Errorf("TSV: truth %d, unlabelled %d, P %v, R %v, hub pages %d; want 1, 2, 0.5, 1, 3",
			f.HubTruth, f.HubUnlabelled, f.HubP, f.HubR, f.HubPages)
	}

	list, err := readHubs(write("hubs.txt", "# true hubs\n/index.html\n"), base)
	if err != nil {
		t.Fatal(err)
	}
	if f, err = readFigures(dir, "", list); err != nil {
		t.Fatal(err)
	}
	if f.HubTruth != 1 || f.HubUnlabelled != 0 || f.HubP != 1.0/3 || f.HubR != 1 {
		t.Errorf("list: truth %d, unlabelled %d, P %v, R %v; want 1, 0, 1/3, 1", f.HubTruth, f.HubUnlabelled, f.HubP, f.HubR)
	}

	_, err = readHubs(write("bad.tsv", "path\tlabel\na.html\thbu\n"), base)
	if err == nil || !strings.Contains(err.Error(), "line 2") || !strings.Contains(err.Error(), `"hbu"`) {
		t.Errorf("a TSV with label hbu: %v, want an error naming line 2 and the label", err)
	}
}
