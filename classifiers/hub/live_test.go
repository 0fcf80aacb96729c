package hub_test

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestLiveSVMPredict checks that the shipped hub.model works in LIBSVM's
// own svm-predict (Debian libsvm-tools): on the scaled vectors of the
// shipped URLs its labels agree with Classify. It needs svm-predict on
// PATH and is skipped without it.
func TestLiveSVMPredict(t *testing.T) {
	bin, err := exec.LookPath("svm-predict")
	if err != nil {
		if os.Getenv("CRAWL_REQUIRE_LIBSVM") == "1" {
			t.Fatal("svm-predict not on PATH but CRAWL_REQUIRE_LIBSVM=1 (install libsvm-tools)")
		}
		t.Skip("svm-predict not installed (apt-get install libsvm-tools)")
	}
	c := defaultClassifier(t)
	ex := loadURLs(t)
	dir := t.TempDir()
	data := filepath.Join(dir, "scaled.txt")
	var b strings.Builder
	want := make([]string, len(ex))
	for i, e := range ex {
		label, _ := c.Classify(e.URLInfo)
		want[i] = map[string]string{"hub": "1", "topic": "-1"}[label]
		b.WriteString(want[i])
		for k, v := range c.Scaled(e.URLInfo) {
			if v != 0 {
				fmt.Fprintf(&b, " %d:%.17g", k+1, v)
			}
		}
		b.WriteByte('\n')
	}
	if err := os.WriteFile(data, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "pred.txt")
	if msg, err := exec.Command(bin, data, filepath.Join("model", "hub.model"), out).CombinedOutput(); err != nil {
		t.Fatalf("svm-predict: %v\n%s", err, msg)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	agree, n := 0, 0
	for sc.Scan() {
		if n < len(want) && strings.TrimSpace(sc.Text()) == want[n] {
			agree++
		}
		n++
	}
	if n != len(want) || float64(agree) < 0.995*float64(n) {
		t.Errorf("svm-predict agrees on %d of %d (want %d lines, ≥ 99.5%%)", agree, n, len(want))
	}
	t.Logf("svm-predict agrees with Classify on %d of %d URLs", agree, n)
}
