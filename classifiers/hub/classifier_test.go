package hub_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/classifiers/hub"
	"github.com/crawl-project/crawl/classifiers/svm"
)

// defaultOpts is the procedure of the shipped model (README.md).
var defaultOpts = hub.TrainOptions{Edit: true, EditMargin: 1, Probability: true}

// TestHeldOutF1 trains on the train and validation hosts of the seed-1
// host-disjoint split (60/20/20) and measures hub F1 on the test hosts,
// which no choice was tuned on. These 76 hosts are the hardest split we
// drew: F1 0.926, under the 0.95 (README.md); the floor guards
// against regressions.
func TestHeldOutF1(t *testing.T) {
	parts := hub.SplitByHost(loadURLs(t), 1, 0.6, 0.2, 0.2)
	c, err := hub.Train(append(parts[0], parts[1]...), defaultOpts)
	if err != nil {
		t.Fatal(err)
	}
	m := c.Evaluate(parts[2])
	t.Logf("held-out hosts: %d URLs, P %.4f R %.4f F1 %.4f, %d SVs", len(parts[2]), m.Precision(), m.Recall(), m.F1(), c.NumSV())
	if m.F1() < 0.92 {
		t.Errorf("held-out F1 = %.4f, want ≥ 0.92", m.F1())
	}
}

// TestRepeatedHostSplits is the steadier estimate: mean hub F1 over five
// further 80/20 host-disjoint splits (seeds 2–6).
func TestRepeatedHostSplits(t *testing.T) {
	if testing.Short() {
		t.Skip("trains five models")
	}
	ex := loadURLs(t)
	var sum float64
	for seed := int64(2); seed <= 6; seed++ {
		parts := hub.SplitByHost(ex, seed, 0.8, 0.2)
		c, err := hub.Train(parts[0], hub.TrainOptions{Edit: true, EditMargin: 1})
		if err != nil {
			t.Fatal(err)
		}
		f1 := c.Evaluate(parts[1]).F1()
		t.Logf("seed %d: F1 %.4f", seed, f1)
		sum += f1
	}
	if mean := sum / 5; mean < 0.95 {
		t.Errorf("mean held-out F1 over 5 host splits = %.4f, want ≥ 0.95", mean)
	}
}

func TestSplitByHostDisjoint(t *testing.T) {
	ex := loadURLs(t)
	parts := hub.SplitByHost(ex, 1, 0.6, 0.2, 0.2)
	seen := map[string]int{}
	n := 0
	for k, p := range parts {
		n += len(p)
		for _, e := range p {
			if j, ok := seen[e.Host]; ok && j != k {
				t.Fatalf("host %s in parts %d and %d", e.Host, j, k)
			}
			seen[e.Host] = k
		}
	}
	if n != len(ex) {
		t.Errorf("parts hold %d URLs, want %d", n, len(ex))
	}
	again := hub.SplitByHost(ex, 1, 0.6, 0.2, 0.2)
	for k := range parts {
		if len(again[k]) != len(parts[k]) {
			t.Errorf("split not reproducible: part %d has %d then %d URLs", k, len(parts[k]), len(again[k]))
		}
	}
}

func TestSaveLoadRoundTrip(t *testing.T) {
	ex := hub.SplitByHost(loadURLs(t), 5, 0.3, 0.7)[0]
	c, err := hub.Train(ex, defaultOpts)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "m")
	if err := c.Save(dir); err != nil {
		t.Fatal(err)
	}
	c2, err := hub.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ex[:500] {
		l1, s1 := c.Classify(e.URLInfo)
		l2, s2 := c2.Classify(e.URLInfo)
		if l1 != l2 || s1 != s2 {
			t.Fatalf("Classify(%q): trained %s %v, loaded %s %v", e.URL, l1, s1, l2, s2)
		}
	}
	// The model file is plain LIBSVM.
	if _, err := svm.LoadModel(filepath.Join(dir, hub.ModelFile)); err != nil {
		t.Errorf("hub.model is not a LIBSVM model: %v", err)
	}
	if err := os.WriteFile(filepath.Join(dir, hub.FeaturesFile), []byte(`{"format":"other"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := hub.Load(dir); err == nil || !strings.Contains(err.Error(), "features.json") {
		t.Errorf("Load with a foreign features.json: err = %v", err)
	}
	if _, err := hub.Load(t.TempDir()); err == nil {
		t.Error("Load of an empty directory: no error")
	}
}

func TestDefault(t *testing.T) {
	c := defaultClassifier(t)
	tests := []struct{ url, want string }{
		{"http://www.example.com/", "hub"},
		{"http://www.example.com/category/business/", "hub"},
		{"http://www.example.com/2014/03/05/senate-passes-the-new-budget-bill-after-long-debate/", "topic"},
		{"http://www.example.com/news/world/183344-oil-prices-ease-in-asian-trade.html", "topic"},
	}
	for _, tt := range tests {
		label, score := c.Classify(hub.URLInfo{URL: tt.url, Depth: -1})
		if label != tt.want {
			t.Errorf("Classify(%q) = %s (score %.3f), want %s", tt.url, label, score, tt.want)
		}
		if score < 0 || score > 1 {
			t.Errorf("Classify(%q) score %v, want a probability", tt.url, score)
		}
		if (score > 0.5) != (label == "hub") && (score < 0.4 || score > 0.6) {
			t.Errorf("Classify(%q) = %s with P(hub) %.3f", tt.url, label, score)
		}
	}
	if in := c.Info(); in.Examples != 10810 || c.NumSV() == 0 {
		t.Errorf("Default info %+v, %d SVs", in, c.NumSV())
	}
}

// TestTrainWithContext: anchors, depths and sizes in the training data
// become features (they have ranges); without them the model ignores them.
func TestTrainWithContext(t *testing.T) {
	ex := hub.SplitByHost(loadURLs(t), 6, 0.2, 0.8)[0]
	for i := range ex {
		ex[i].Depth = 1
		ex[i].Anchor = "Read more about it"
		if ex[i].Hub {
			ex[i].Depth, ex[i].Anchor = 0, "News"
		}
	}
	c, err := hub.Train(ex, hub.TrainOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// With the anchor and depth telling the class, the training fit is perfect.
	if m := c.Evaluate(ex); m.F1() < 0.999 {
		t.Errorf("training F1 with telling anchors = %.4f, want 1", m.F1())
	}
	// Unknown context is neutral, not an error.
	label, _ := c.Classify(hub.URLInfo{URL: "http://a.com/", Depth: -1})
	if label == "" {
		t.Error("no label without context")
	}
}

func TestTrainErrors(t *testing.T) {
	ex := loadURLs(t)[:50]
	var hubs []hub.Example
	for _, e := range ex {
		if e.Hub {
			hubs = append(hubs, e)
		}
	}
	if _, err := hub.Train(hubs, hub.TrainOptions{}); !errors.Is(err, hub.ErrNoData) {
		t.Errorf("Train(one class) err = %v, want ErrNoData", err)
	}
	if _, err := hub.Train(nil, hub.TrainOptions{}); !errors.Is(err, hub.ErrNoData) {
		t.Errorf("Train(nil) err = %v, want ErrNoData", err)
	}
}

func TestGridSearch(t *testing.T) {
	ex := hub.SplitByHost(loadURLs(t), 3, 0.25, 0.75)[0]
	c, err := hub.Train(ex, hub.TrainOptions{Grid: true, Folds: 3, Cs: []float64{8, 32}, Gammas: []float64{0.0625, 0.25}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	in := c.Info()
	if len(in.Grid) != 4 || in.CVF1 < 0.8 || in.Folds != 3 {
		t.Fatalf("grid info %+v", in)
	}
	found := false
	for _, cell := range in.Grid {
		found = found || (cell.C == in.C && cell.Gamma == in.Gamma && cell.F1 == in.CVF1)
	}
	if !found {
		t.Errorf("chosen C=%g gamma=%g is not a grid cell", in.C, in.Gamma)
	}
}

func TestReadTSV(t *testing.T) {
	good := "label\turl\thost\tanchor\tdepth\tsize\nhub\thttp://a.com/\ta.com\tHome\t0\t5000\ntopic\thttp://b.com/x\t\t\t\t\n"
	ex, err := hub.ReadTSV(strings.NewReader(good))
	if err != nil {
		t.Fatal(err)
	}
	if len(ex) != 2 || !ex[0].Hub || ex[0].Anchor != "Home" || ex[0].Depth != 0 || ex[0].Size != 5000 ||
		ex[1].Hub || ex[1].Host != "b.com" || ex[1].Depth != -1 {
		t.Errorf("ReadTSV = %+v", ex)
	}
	bad := []struct{ in, want string }{
		{"", "empty file"},
		{"url\thost\n", "line 1"},
		{"label\turl\nnews\thttp://a.com/\n", "line 2: label \"news\""},
		{"label\turl\nhub\thttp://a.com/\ntopic\n", "line 3"},
		{"label\turl\tdepth\nhub\thttp://a.com/\tdeep\n", "line 2: depth"},
		{"label\turl\nhub\t \n", "line 2: empty url"},
	}
	for _, b := range bad {
		_, err := hub.ReadTSV(strings.NewReader(b.in))
		if err == nil || !errors.Is(err, hub.ErrData) || !strings.Contains(err.Error(), b.want) {
			t.Errorf("ReadTSV(%q) err = %v, want ErrData mentioning %q", b.in, err, b.want)
		}
	}
}
