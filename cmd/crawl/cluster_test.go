package main

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestClusterCommand(t *testing.T) {
	dir := "../../clustering/fpc/testdata"
	code, out, errOut := runCLI(t, "cluster", "-in", dir, "-labels", dir+"/labels.csv")
	if code != 0 {
		t.Fatalf("crawl cluster = %d: %s", code, errOut)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(rows) != 43 || rows[0][0] != "path" || rows[0][1] != "cluster" {
		t.Fatalf("output: %d rows, %v", len(rows), err)
	}
	if !strings.Contains(errOut, "ARI") {
		t.Errorf("no quality line: %q", errOut)
	}
	code, out, _ = runCLI(t, "cluster", "-in", dir, "-lsh-report")
	if code != 0 || !strings.HasPrefix(out, "beta\tcandidates_share") || strings.Count(out, "\n") != 11 {
		t.Errorf("lsh report = %d:\n%s", code, out)
	}
	if code, _, _ := runCLI(t, "cluster"); code != 2 {
		t.Errorf("cluster without -in = %d, want 2", code)
	}
}

// TestClusterCommandBadPage checks that a page the parser refuses (nested
// 10,000 deep) fails alone with its kind and the others are clustered.
func TestClusterCommandBadPage(t *testing.T) {
	dir := t.TempDir()
	for i, tag := range []string{"div", "div", "section"} {
		os.WriteFile(filepath.Join(dir, string(rune('a'+i))+".html"), []byte(resultsPage(5+i, tag)), 0o644)
	}
	os.WriteFile(filepath.Join(dir, "deep.html"), []byte(strings.Repeat("<div>", 10_000)), 0o644)
	code, out, errOut := runCLI(t, "cluster", "-in", dir)
	if code != 0 {
		t.Fatalf("crawl cluster = %d: %s", code, errOut)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(rows) != 4 {
		t.Fatalf("output: %d rows (want header + 3 pages), %v:\n%s", len(rows), err, out)
	}
	if !strings.Contains(errOut, "skipped deep.html (too-deep)") {
		t.Errorf("stderr = %q, want the deep page named with its kind", errOut)
	}
}

// TestClusterCommandStore clusters the tune-split templates into a store,
// then every page over the same store: the pages of the first run must
// keep the clusters the first run gave them (restored from the store, not
// numbered afresh), the others must get new ones.
func TestClusterCommandStore(t *testing.T) {
	dir := "../../clustering/fpc/testdata"
	db := filepath.Join(t.TempDir(), "c.db")
	code, out1, errOut := runCLI(t, "cluster", "-in", dir, "-db", db, "-labels", dir+"/labels.csv", "-split", "tune")
	if code != 0 {
		t.Fatalf("first run = %d: %s", code, errOut)
	}
	code, out2, errOut := runCLI(t, "cluster", "-in", dir, "-db", db, "-batch", "7")
	if code != 0 {
		t.Fatalf("second run = %d: %s", code, errOut)
	}
	first, second := assignments(t, out1), assignments(t, out2)
	old := map[string]bool{}
	for p, id := range first {
		old[id] = true
		if second[p] != id {
			t.Errorf("%s: cluster %s in the first run, %s over the stored clusters", p, id, second[p])
		}
	}
	fresh := 0
	for p, id := range second {
		if _, ok := first[p]; !ok && !old[id] {
			fresh++
		}
	}
	if len(first) == 0 || len(first) == len(second) || fresh == 0 {
		t.Errorf("%d pages in the first run, %d in the second, %d in new clusters", len(first), len(second), fresh)
	}
	if code, _, _ := runCLI(t, "cluster", "-in", dir, "-db", db, "-method", "stm-cure"); code != 2 {
		t.Errorf("-db with stm-cure = %d, want 2", code)
	}
}

func assignments(t *testing.T, out string) map[string]string {
	t.Helper()
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]string{}
	for _, r := range rows[1:] {
		m[r[0]] = r[1]
	}
	return m
}

// TestClusterScore scores partitions against the labels: the labels
// themselves score 1, a clustering's own -out scores what its run printed,
// one cluster for everything scores recall 1 and precision below 1, and a
// partition that misses a page or names one twice is refused.
func TestClusterScore(t *testing.T) {
	dir := "../../clustering/fpc/testdata"
	labels := dir + "/labels.csv"
	tmp := t.TempDir()
	code, out, errOut := runCLI(t, "cluster", "-score", labels, "-labels", labels)
	if code != 0 || !strings.Contains(out, "F1 1.0000, ARI 1.0000") {
		t.Fatalf("labels scored against themselves = %d: %s%s", code, out, errOut)
	}
	fpcOut := filepath.Join(tmp, "fpc.csv")
	code, _, errOut = runCLI(t, "cluster", "-in", dir, "-labels", labels, "-out", fpcOut)
	if code != 0 {
		t.Fatalf("cluster = %d: %s", code, errOut)
	}
	printed := errOut[strings.Index(errOut, "pairwise"):]
	code, out, _ = runCLI(t, "cluster", "-score", fpcOut, "-labels", labels)
	if code != 0 || !strings.Contains(out, printed) {
		t.Errorf("score of the -out file = %d: %q, the run printed %q", code, out, printed)
	}
	rows, _ := readCSVFile(t, labels)
	write := func(name string, rows [][]string) string {
		var b strings.Builder
		w := csv.NewWriter(&b)
		w.WriteAll(rows)
		path := filepath.Join(tmp, name)
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	var one [][]string
	for _, r := range rows[1:] {
		one = append(one, []string{r[0], "all"})
	}
	code, out, _ = runCLI(t, "cluster", "-score", write("one.csv", one), "-labels", labels)
	if code != 0 || !strings.Contains(out, "1 clusters") || !strings.Contains(out, "R 1.0000") || strings.Contains(out, "P 1.0000") {
		t.Errorf("one cluster = %d: %s", code, out)
	}
	missing := write("missing.csv", one[1:])
	if code, _, errOut := runCLI(t, "cluster", "-score", missing, "-labels", labels); code != 1 || !strings.Contains(errOut, "no row for "+one[0][0]) {
		t.Errorf("a page without a row = %d: %s", code, errOut)
	}
	twice := write("twice.csv", append(one, []string{one[0][0], "other"}))
	if code, _, errOut := runCLI(t, "cluster", "-score", twice, "-labels", labels); code != 1 || !strings.Contains(errOut, "line 43") {
		t.Errorf("a page in two clusters = %d: %s", code, errOut)
	}
	if code, _, _ := runCLI(t, "cluster", "-score", missing); code != 2 {
		t.Errorf("-score without -labels = %d, want 2", code)
	}
}
