package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEvalFocus runs crawl eval focus on the saved Python docs graph: one
// draw, two strategies, a small budget; the table names both and the SVG
// is written.
func TestEvalFocus(t *testing.T) {
	dir := t.TempDir()
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"eval", "focus", "-graph", "../../internal/linkgraph/testdata/pydocs.json.gz",
		"-topics", "c-api", "-strategies", "bfs,oracle", "-draws", "1", "-seeds", "5", "-budget", "40", "-at", "20,40", "-svg", dir},
		nil, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{"c-api (64)", "bfs", "oracle", "100%"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	svg, err := os.ReadFile(filepath.Join(dir, "pydocs-c-api-w4.svg"))
	if err != nil || !bytes.Contains(svg, []byte("<polyline")) {
		t.Errorf("SVG: %v, %d bytes", err, len(svg))
	}
	if code := run(context.Background(), []string{"eval", "focus", "-topics", "x"}, nil, &out, &errb); code != 2 {
		t.Errorf("eval focus without -graph: exit %d, want 2", code)
	}
}
