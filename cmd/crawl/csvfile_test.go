package main

import (
	"encoding/csv"
	"os"
	"testing"
)

// readCSVFile reads a whole CSV file the command wrote: its rows, the
// header first, and the header's column indexes by name.
func readCSVFile(t *testing.T, path string) (rows [][]string, col map[string]int) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err = csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if len(rows) == 0 {
		t.Fatalf("%s: no header", path)
	}
	col = map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	return rows, col
}
