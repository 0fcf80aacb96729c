package hub_test

import (
	"testing"

	"github.com/crawl-project/crawl/classifiers/hub"
)

// TestHostGroupedCV is the target measured on every URL: host-grouped
// 10-fold cross-validation of the shipped model's training options over
// all 10,810 URLs, each URL predicted by a model that never saw its host.
// Pooled hub F1 0.960 (seed 1); folds range from 0.83 to 0.99, which is why
// one 20 % test split (TestHeldOutF1) can fall below 0.95.
func TestHostGroupedCV(t *testing.T) {
	ex := loadURLs(t)
	pooled, folds, err := hub.CrossValidate(ex, hub.TrainOptions{Edit: true, EditMargin: 1}, 10, 1)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for i, m := range folds {
		n += m.N()
		t.Logf("fold %d: F1 %.4f", i+1, m.F1())
	}
	if n != len(ex) || pooled.N() != len(ex) {
		t.Fatalf("folds cover %d URLs, pooled %d, want %d each", n, pooled.N(), len(ex))
	}
	t.Logf("pooled: P %.4f R %.4f F1 %.4f", pooled.Precision(), pooled.Recall(), pooled.F1())
	if pooled.F1() < 0.95 {
		t.Errorf("host-grouped 10-fold CV hub F1 = %.4f, want ≥ 0.95", pooled.F1())
	}
}

func TestCrossValidateErrors(t *testing.T) {
	ex := loadURLs(t)
	if _, _, err := hub.CrossValidate(ex, hub.TrainOptions{}, 1, 1); err == nil {
		t.Error("1 fold: no error")
	}
	if _, _, err := hub.CrossValidate(ex[:3], hub.TrainOptions{}, 10, 1); err == nil {
		t.Error("10 folds over fewer than 10 hosts: no error")
	}
}
