package hub

import (
	"bytes"
	"os"
	"testing"
)

// testURLs reads testdata/urls.tsv (the package's external tests have
// loadURLs for the same).
func testURLs(tb testing.TB) []Example { return readTestTSV(tb, "testdata/urls.tsv") }

// readTestTSV reads a labelled-URL file of testdata.
func readTestTSV(tb testing.TB, path string) []Example {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	ex, err := ReadTSV(f)
	if err != nil {
		tb.Fatal(err)
	}
	return ex
}

// gridSubset returns every fourth example of testdata/urls.tsv (2,703
// URLs), enough hosts for a small grid that runs in seconds.
func gridSubset(tb testing.TB) []Example {
	tb.Helper()
	all := testURLs(tb)
	var sub []Example
	for i := 0; i < len(all); i += 4 {
		sub = append(sub, all[i])
	}
	return sub
}

// smallGrid is a 2 × 2 grid with 4 host folds, editing and Platt scaling:
// every path through which a training takes the grid's kernel matrix.
var smallGrid = TrainOptions{Grid: true, Cs: []float64{8, 128}, Gammas: []float64{0.015625, 0.25}, Folds: 4,
	Seed: 1, Edit: true, EditMargin: 1, Probability: true, Workers: 2}

// trainWithBudget trains with the grid's kernel matrix limited to budget
// bytes (0: no matrix, every training computes its columns).
func trainWithBudget(tb testing.TB, ex []Example, opts TrainOptions, budget int64) *Classifier {
	tb.Helper()
	old := gridGramBudget
	gridGramBudget = budget
	defer func() { gridGramBudget = old }()
	c, err := Train(ex, opts)
	if err != nil {
		tb.Fatal(err)
	}
	return c
}

// TestGridKernelMatrixSameResults runs the grid search, the final training
// and the editing retrains through the kernel matrix and without it: every
// cell's CV figures, the chosen cell and the model file must be identical.
func TestGridKernelMatrixSameResults(t *testing.T) {
	ex := gridSubset(t)
	for _, linear := range []bool{false, true} {
		opts := smallGrid
		opts.Linear = linear
		viaGram := trainWithBudget(t, ex, opts, 1<<30)
		computed := trainWithBudget(t, ex, opts, 0)
		a, b := viaGram.Info(), computed.Info()
		if len(a.Grid) != len(b.Grid) || len(a.Grid) == 0 {
			t.Fatalf("linear %v: %d grid cells through the matrix, %d without", linear, len(a.Grid), len(b.Grid))
		}
		for i := range a.Grid {
			if a.Grid[i] != b.Grid[i] {
				t.Errorf("linear %v: cell %d = %+v through the matrix, %+v without", linear, i, a.Grid[i], b.Grid[i])
			}
		}
		if a.C != b.C || a.Gamma != b.Gamma || a.CVF1 != b.CVF1 || a.Edited != b.Edited {
			t.Errorf("linear %v: chose C %g gamma %g F1 %v edited %d through the matrix, C %g gamma %g F1 %v edited %d without",
				linear, a.C, a.Gamma, a.CVF1, a.Edited, b.C, b.Gamma, b.CVF1, b.Edited)
		}
		var ma, mb bytes.Buffer
		if err := viaGram.model.Write(&ma); err != nil {
			t.Fatal(err)
		}
		if err := computed.model.Write(&mb); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(ma.Bytes(), mb.Bytes()) {
			t.Errorf("linear %v: model file through the matrix differs from the computed one", linear)
		}
	}
}

// BenchmarkGridTrain is Train with the small grid on 2,703 URLs (16 fold
// trainings, then the final training with editing and Platt scaling), with
// the grid's kernel matrix and with every training computing its columns.
func BenchmarkGridTrain(b *testing.B) {
	ex := gridSubset(b)
	for _, bc := range []struct {
		name   string
		budget int64
	}{{"matrix", 1 << 30}, {"computed", 0}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			var c *Classifier
			for b.Loop() {
				c = trainWithBudget(b, ex, smallGrid, bc.budget)
			}
			if in := c.Info(); len(in.Grid) != 4 || in.CVF1 < 0.9 {
				b.Fatalf("%d cells, CV F1 %.3f; want 4 cells, F1 >= 0.9", len(in.Grid), in.CVF1)
			}
		})
	}
}
