package export_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/crawl-project/crawl/export"
)

// TestWriteHarvestOnePass holds WriteHarvest (the CSV and the plot from one
// pass over the pages) to WriteFile("harvest") and WriteHarvestSVG, byte
// for byte.
func TestWriteHarvestOnePass(t *testing.T) {
	ctx := context.Background()
	st := fixture(t)
	dir := t.TempDir()
	ref := export.Series{Name: "bfs", Curve: []float64{0, 0.5, 0.25}}
	if err := export.WriteHarvest(ctx, st, filepath.Join(dir, "one.csv"), filepath.Join(dir, "one.svg"), ref); err != nil {
		t.Fatal(err)
	}
	if err := export.WriteFile(ctx, st, "harvest", "csv", filepath.Join(dir, "two.csv")); err != nil {
		t.Fatal(err)
	}
	if err := export.WriteHarvestSVG(ctx, st, filepath.Join(dir, "two.svg"), ref); err != nil {
		t.Fatal(err)
	}
	for _, ext := range []string{".csv", ".svg"} {
		one, err1 := os.ReadFile(filepath.Join(dir, "one"+ext))
		two, err2 := os.ReadFile(filepath.Join(dir, "two"+ext))
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if !bytes.Equal(one, two) || len(one) == 0 {
			t.Errorf("WriteHarvest's %s differs from the separate export's:\n%s\n---\n%s", ext, one, two)
		}
	}
}
