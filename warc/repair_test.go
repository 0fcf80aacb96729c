package warc_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/warc"
	"github.com/crawl-project/crawl/warc/warctest"
)

// crashedFile writes exchanges with a Writer that is never closed, as a
// SIGKILL leaves it, and returns the bytes of its open file.
func crashedFile(t *testing.T) []byte {
	t.Helper()
	srv := site(t)
	dir := t.TempDir()
	w, err := warc.New(warc.Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	fetchAll(t, srv, w, allPaths, nil)
	if err := w.Sync(); err != nil {
		t.Fatal(err)
	}
	open, _ := filepath.Glob(filepath.Join(dir, "*.warc.gz.open"))
	if len(open) != 1 {
		t.Fatalf("open files = %v, want 1", open)
	}
	b, err := os.ReadFile(open[0])
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestRepairCutsTornTail cuts a crashed file at many points and checks that
// RepairDir keeps exactly the whole exchanges before the cut, leaves a
// file both readers accept, and leaves other files alone.
func TestRepairCutsTornTail(t *testing.T) {
	data := crashedFile(t)
	// record ends, from our own reader
	r := warc.NewReader(bytes.NewReader(data), "crashed")
	var ends []int64
	var types []string
	for {
		rec, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		ends = append(ends, rec.Offset+rec.Size)
		types = append(types, rec.Type())
	}
	if len(ends) != 1+2*len(allPaths) {
		t.Fatalf("records = %d, want %d", len(ends), 1+2*len(allPaths))
	}
	wantKept := func(cut int64) int {
		kept := 0
		for i, e := range ends {
			if e <= cut && types[i] != "request" {
				kept = i + 1
			}
		}
		return kept
	}
	cuts := []int64{0, 1, 10, ends[0] - 1, ends[0], ends[0] + 5, ends[1], ends[2] - 1, ends[2], ends[3] + 100, int64(len(data)) - 1, int64(len(data))}
	for _, cut := range cuts {
		dir := t.TempDir()
		name := filepath.Join(dir, "crawl-20260101000000-00001-1.warc.gz.open")
		if err := os.WriteFile(name, data[:cut], 0o644); err != nil {
			t.Fatal(err)
		}
		other := filepath.Join(dir, "other-1.warc.gz.open")
		os.WriteFile(other, data[:cut/2], 0o644)
		reps, err := warc.RepairDir(dir, "crawl")
		if err != nil {
			t.Fatalf("cut %d: %v", cut, err)
		}
		want := wantKept(cut)
		if len(reps) != 1 || reps[0].Records != want {
			t.Errorf("cut %d: repairs %+v, want one keeping %d records", cut, reps, want)
			continue
		}
		if b, _ := os.ReadFile(other); !bytes.Equal(b, data[:cut/2]) {
			t.Errorf("cut %d: a file of another prefix was changed", cut)
		}
		final := strings.TrimSuffix(name, ".open")
		if want == 0 {
			if _, err := os.Stat(final); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("cut %d: no whole record, but %s exists", cut, final)
			}
			continue
		}
		got := warctest.Validate(t, final)
		n := 0
		for _, v := range got {
			n += v
		}
		if n != want {
			t.Errorf("cut %d: gowarc reads %d records, want %d", cut, n, want)
		}
	}
}

// TestNewRepairsAndContinues: a Writer opened over a crashed directory
// repairs the old file and writes a new one; a file another live Writer
// holds is left alone.
func TestNewRepairsAndContinues(t *testing.T) {
	data := crashedFile(t)
	dir := t.TempDir()
	crashed := filepath.Join(dir, "crawl-20260101000000-00001-1.warc.gz.open")
	os.WriteFile(crashed, data[:len(data)-7], 0o644)

	live, err := warc.New(warc.Config{Dir: dir, Prefix: "crawl"})
	if err != nil {
		t.Fatal(err)
	}
	srv := site(t)
	fetchAll(t, srv, live, []string{"/"}, nil)
	second, err := warc.New(warc.Config{Dir: dir, Prefix: "crawl"}) // must not touch live's open file
	if err != nil {
		t.Fatal(err)
	}
	fetchAll(t, srv, second, []string{"/gz"}, nil)
	for _, w := range []*warc.Writer{live, second} {
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.warc.gz"))
	if len(files) != 3 {
		t.Fatalf("files = %v, want the repaired one and two new", files)
	}
	got := warctest.Validate(t, files...)
	// repaired: warcinfo + 5 whole exchanges (the 6th was torn); new: 2 × (warcinfo + 1 exchange)
	if got["warcinfo"] != 3 || got["response"] != 5+2 || got["request"] != 5+2 {
		t.Errorf("records = %v", got)
	}
}

func TestRotation(t *testing.T) {
	srv := site(t)
	dir := t.TempDir()
	w, err := warc.New(warc.Config{Dir: dir, MaxSize: 5000})
	if err != nil {
		t.Fatal(err)
	}
	for range 4 {
		fetchAll(t, srv, w, allPaths, nil)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	files := w.Files()
	if len(files) < 3 {
		t.Fatalf("files = %d, want several at 5000 bytes each", len(files))
	}
	for _, f := range files {
		st, _ := os.Stat(f)
		recs := readOwn(t, f)
		if recs[0].Type() != "warcinfo" {
			t.Errorf("%s starts with %s", f, recs[0].Type())
		}
		if st.Size() > 5000 && len(recs) > 3 {
			t.Errorf("%s is %d bytes with %d records: not rotated in time", f, st.Size(), len(recs))
		}
	}
	got := warctest.Validate(t, files...)
	if got["response"] != 4*len(allPaths) || got["warcinfo"] != len(files) {
		t.Errorf("records = %v over %d files", got, len(files))
	}
	want := map[string]int{"warcinfo": len(files), "request": 4 * len(allPaths), "response": 4 * len(allPaths)}
	warctest.NodeCheck(t, want, files...)
}
