package main

import (
	"encoding/csv"
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
