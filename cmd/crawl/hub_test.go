package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const hubTestdata = "../../classifiers/hub/testdata"

// runHubCLI runs crawl hub args with stdin in-process.
func runHubCLI(t *testing.T, stdin string, args ...string) (string, error) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	err := runHub(context.Background(), args, strings.NewReader(stdin), &stdout, &stderr)
	return stdout.String() + stderr.String(), err
}

// smallTSV writes every 8th row of the shipped URL data.
func smallTSV(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(hubTestdata, "urls.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	out := []string{lines[0]}
	for i := 1; i < len(lines); i += 8 {
		out = append(out, lines[i])
	}
	path := filepath.Join(t.TempDir(), "small.tsv")
	if err := os.WriteFile(path, []byte(strings.Join(out, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestHubTrainEvalClassify(t *testing.T) {
	data := smallTSV(t)
	model := filepath.Join(t.TempDir(), "model")
	out, err := runHubCLI(t, "", "train", "-data", data, "-model", model, "-grid", "-folds", "3")
	if err != nil || !strings.Contains(out, "trained on 1352 URLs") {
		t.Fatalf("hub train: %v\n%s", err, out)
	}
	for _, f := range []string{"hub.model", "hub.range", "features.json"} {
		if _, err := os.Stat(filepath.Join(model, f)); err != nil {
			t.Errorf("bundle lacks %s: %v", f, err)
		}
	}
	out, err = runHubCLI(t, "", "eval", "-model", model, "-data", data)
	if err != nil || !strings.Contains(out, "hub precision") || !strings.Contains(out, "confusion") {
		t.Fatalf("hub eval: %v\n%s", err, out)
	}
	in := "http://www.example.com/category/business/\n\nhttp://www.example.com/2014/03/05/senate-passes-the-new-budget-bill-after-long-debate/\n"
	out, err = runHubCLI(t, in, "classify", "-model", model)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if err != nil || len(lines) != 2 || !strings.HasPrefix(lines[0], "hub\t") || !strings.HasPrefix(lines[1], "topic\t") ||
		!strings.HasSuffix(lines[1], "\thttp://www.example.com/2014/03/05/senate-passes-the-new-budget-bill-after-long-debate/") {
		t.Errorf("hub classify: %v\n%s", err, out)
	}
}

func TestHubClassifyTSVWithDefaultModel(t *testing.T) {
	in := "label\turl\thost\nhub\thttp://a.com/news/\ta.com\ntopic\thttp://a.com/2014/03/05/long-story-about-it.html\ta.com\n"
	out, err := runHubCLI(t, in, "classify")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if err != nil || len(lines) != 2 || !strings.HasPrefix(lines[0], "hub\t") || !strings.HasSuffix(lines[0], "\thttp://a.com/news/") {
		t.Errorf("hub classify (TSV, shipped model): %v\n%s", err, out)
	}
	if _, err := runHubCLI(t, "a\tb\nx\ty\n", "classify"); err == nil || !strings.Contains(err.Error(), "lacks a url column") {
		t.Errorf("hub classify with a header lacking url: err = %v", err)
	}
}

// TestHubTrainLinks: -links fits the anchor layer, which classify then
// applies to a TSV's anchor column; links that are also training URLs are
// refused.
func TestHubTrainLinks(t *testing.T) {
	data := smallTSV(t)
	model := filepath.Join(t.TempDir(), "model")
	links := filepath.Join(hubTestdata, "links", "dev.tsv")
	out, err := runHubCLI(t, "", "train", "-data", data, "-model", model, "-links", links)
	if err != nil || !strings.Contains(out, "anchor layer on 1307 links (567 hubs; 99 without anchor text skipped)") {
		t.Fatalf("hub train -links: %v\n%s", err, out)
	}
	in := "url\tanchor\tdepth\n" +
		"http://www.foxnews.com/story/0,2933,195680,00.html\t\t\n" +
		"http://www.foxnews.com/story/0,2933,195680,00.html\tBubonic Plague Closes Utah Campground\t2\n"
	out, err = runHubCLI(t, in, "classify", "-model", model)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if err != nil || len(lines) != 2 || !strings.HasPrefix(lines[0], "hub\t") || !strings.HasPrefix(lines[1], "topic\t") {
		t.Errorf("hub classify with an anchor column: %v\n%s", err, out)
	}
	if _, err := runHubCLI(t, "url\tdepth\nhttp://a.com/\tx\n", "classify", "-model", model); err == nil || !strings.Contains(err.Error(), `line 2: depth "x"`) {
		t.Errorf("hub classify with a bad depth: err = %v", err)
	}

	overlap := filepath.Join(t.TempDir(), "overlap.tsv")
	b, err := os.ReadFile(data)
	if err != nil {
		t.Fatal(err)
	}
	first := strings.Split(string(b), "\n")[1]
	if err := os.WriteFile(overlap, []byte("label\turl\thost\tanchor\n"+first+"\tSome anchor\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := runHubCLI(t, "", "train", "-data", data, "-model", model, "-links", overlap); err == nil || !strings.Contains(err.Error(), "also in -data") {
		t.Errorf("hub train with a link that is a training URL: err = %v", err)
	}
}

func TestHubEvalPages(t *testing.T) {
	out, err := runHubCLI(t, "", "eval", "-pages",
		"-hub-pages", filepath.Join(hubTestdata, "pages/hub/*.html"),
		"-topic-pages", filepath.Join(hubTestdata, "pages/topic/*.html"), "-seed", "3")
	if err != nil || !strings.Contains(out, "heuristic rules") || !strings.Contains(out, "content SVM") || !strings.Contains(out, "per 1,000 pages") {
		t.Errorf("hub eval -pages: %v\n%s", err, out)
	}
}

func TestHubSplit(t *testing.T) {
	dir := t.TempDir()
	out, err := runHubCLI(t, "", "split", "-data", smallTSV(t), "-out", dir, "-seed", "2")
	if err != nil {
		t.Fatalf("hub split: %v\n%s", err, out)
	}
	hosts := map[string]string{}
	for _, name := range []string{"train.tsv", "val.tsv", "test.tsv"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n")[1:] {
			host := strings.Split(line, "\t")[2]
			if prev, ok := hosts[host]; ok && prev != name {
				t.Fatalf("host %s in %s and %s", host, prev, name)
			}
			hosts[host] = name
		}
	}
}

func TestHubEvalCrossValidation(t *testing.T) {
	out, err := runHubCLI(t, "", "eval", "-cv", "3", "-data", smallTSV(t))
	if err != nil || strings.Count(out, "\nfold ") != 2 || !strings.HasPrefix(out, "fold 1: ") ||
		!strings.Contains(out, "host-grouped 3-fold CV") || !strings.Contains(out, "(n=1352)") {
		t.Fatalf("hub eval -cv 3: %v\n%s", err, out)
	}
}

func TestHubBadInvocations(t *testing.T) {
	dir := t.TempDir()
	badTSV := filepath.Join(dir, "bad.tsv")
	os.WriteFile(badTSV, []byte("label\turl\thost\nhub\thttp://a.com/\ta.com\nmaybe\thttp://a.com/x\ta.com\n"), 0o644)
	tests := []struct {
		args  []string
		usage bool
		want  string
	}{
		{nil, true, "train|classify"},
		{[]string{"fit"}, true, "unknown hub command"},
		{[]string{"train", "-data", badTSV}, true, "-model OUT"},
		{[]string{"train", "-data", badTSV, "-model", dir, "-folds", "1"}, true, "-folds"},
		{[]string{"train", "-data", badTSV, "-model", filepath.Join(dir, "m")}, false, "line 3: label \"maybe\""},
		{[]string{"train", "-data", filepath.Join(dir, "none.tsv"), "-model", dir}, false, "no such file"},
		{[]string{"eval"}, true, "-data"},
		{[]string{"eval", "-model", filepath.Join(dir, "nomodel"), "-data", badTSV}, false, "load bundle"},
		{[]string{"eval", "-pages", "-hub-pages", filepath.Join(dir, "*.none")}, false, "no pages match"},
		{[]string{"eval", "-cv", "5", "-model", dir, "-data", badTSV}, true, "no -model"},
		{[]string{"eval", "-cv", "1", "-data", badTSV}, false, "line 3"},
		{[]string{"split", "-data", badTSV, "-out", dir, "-fractions", "1,2"}, true, "three shares"},
		{[]string{"classify", "extra"}, true, "unexpected argument"},
	}
	for _, tt := range tests {
		_, err := runHubCLI(t, "", tt.args...)
		if err == nil || errors.Is(err, errUsage) != tt.usage || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("crawl hub %v: err = %v, want usage %v mentioning %q", tt.args, err, tt.usage, tt.want)
		}
	}
}
