// Package warctest checks WARC files in tests with two readers written by
// others: gowarc's, validating the spec and every digest, and webrecorder's
// warcio.js under node (warc/testdata/node, installed by `npm ci`).
package warctest

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	gowarc "github.com/nlnwa/gowarc/v3"
)

// Validate reads files with gowarc's reader, validating digests and
// the spec strictly, and counts the records by type.
func Validate(t testing.TB, files ...string) map[string]int {
	t.Helper()
	types := map[string]int{}
	for _, f := range files {
		r, err := gowarc.NewWarcFileReader(f, 0, gowarc.WithStrictValidation(), gowarc.WithBlockErrorPolicy(gowarc.ErrFail))
		if err != nil {
			t.Fatal(err)
		}
		for rec, err := range r.Records() {
			if err != nil {
				t.Fatalf("gowarc: %s at %d: %v", f, rec.Offset, err)
			}
			if len(rec.Validation) > 0 {
				t.Errorf("gowarc: %s at %d: %v", f, rec.Offset, rec.Validation)
			}
			if v, err := rec.WarcRecord.ValidateDigest(); err != nil || len(v) > 0 {
				err = errors.Join(append([]error{err}, v...)...)
				t.Errorf("gowarc: digest at %d: %v", rec.Offset, err)
			}
			types[rec.WarcRecord.Type().String()]++
			rec.Close()
		}
		r.Close()
	}
	return types
}

// NodeCheck reads files with webrecorder's warcio.js (warc/testdata/node,
// installed by `npm ci` there) and compares its record counts; every digest
// must match. Without node or the package the check is skipped, unless
// CRAWL_REQUIRE_NODE_WARC=1 (set by .ci/run), when it fails.
func NodeCheck(t testing.TB, want map[string]int, files ...string) {
	t.Helper()
	script := nodeScript(t)
	if script == "" {
		return
	}
	out, err := exec.Command("node", append([]string{script}, files...)...).Output()
	if err != nil {
		t.Fatalf("node %s: %v", script, err)
	}
	var res struct {
		Records int
		Types   map[string]int
		Digests int
		Errors  []string
	}
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("node output %q: %v", out, err)
	}
	for _, e := range res.Errors {
		t.Errorf("warcio.js: %s", e)
	}
	total := 0
	for k, v := range want {
		total += v
		if res.Types[k] != v {
			t.Errorf("warcio.js: %s records = %d, want %d", k, res.Types[k], v)
		}
	}
	if res.Records != total || res.Digests < total {
		t.Errorf("warcio.js read %d records and checked %d digests, want %d records, at least %d digests", res.Records, res.Digests, total, total)
	}
}

func nodeScript(t testing.TB) string {
	t.Helper()
	_, self, _, _ := runtime.Caller(0)
	dir := filepath.Join(filepath.Dir(self), "..", "testdata", "node")
	script := filepath.Join(dir, "check.mjs")
	_, errNode := exec.LookPath("node")
	_, errMod := os.Stat(filepath.Join(dir, "node_modules", "warcio", "package.json"))
	if errNode == nil && errMod == nil {
		return script
	}
	msg := "node or warcio.js missing (run `npm ci` in warc/testdata/node)"
	if os.Getenv("CRAWL_REQUIRE_NODE_WARC") == "1" {
		t.Fatalf("%s, and CRAWL_REQUIRE_NODE_WARC=1", msg)
	}
	t.Log(msg + ": the independent reader's check is not run")
	return ""
}
