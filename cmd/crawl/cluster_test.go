package main

import (
	"encoding/csv"
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
