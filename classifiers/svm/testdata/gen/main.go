// Command gen writes the test data sets of package svm in LIBSVM format:
//
//	go run ./testdata/gen -sample ../../../shared/data/urls/urls.tsv > testdata/urls.tsv
//	go run ./testdata/gen -urls testdata/urls.tsv > testdata/urls.libsvm
//	go run ./testdata/gen -blobs 600 > testdata/blobs.libsvm
//
// -sample draws 1,300 hub and 700 topic rows at random (fixed seed) and
// shuffles them; -urls turns a "label url host" TSV into ten simple numeric URL features
// (label +1 = hub, -1 = topic); -blobs draws a 4-class, 3-feature
// Gaussian mixture with overlapping classes from a fixed seed.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"net/url"
	"os"
	"regexp"
	"strings"
)

func main() {
	urls := flag.String("urls", "", "TSV file with label, url, host columns")
	blobs := flag.Int("blobs", 0, "number of 4-class Gaussian points to draw")
	sample := flag.String("sample", "", "TSV file to draw the URL sample from")
	flag.Parse()
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	switch {
	case *urls != "":
		if err := writeURLs(w, *urls); err != nil {
			log.Fatal(err)
		}
	case *sample != "":
		if err := writeSample(w, *sample); err != nil {
			log.Fatal(err)
		}
	case *blobs > 0:
		writeBlobs(w, *blobs)
	default:
		log.Fatal("gen: give -urls FILE or -blobs N")
	}
}

var dateRe = regexp.MustCompile(`(19|20)\d\d[/_-]?(0[1-9]|1[0-2])([/_-]?[0-3]\d)?`)
var digitsRe = regexp.MustCompile(`\d+`)

// features returns: 1 URL length, 2 path depth, 3 digit count, 4 query
// parameter count, 5 date in URL (0/1), 6 last path segment length,
// 7 hyphens in the last segment, 8 ends with "/" (0/1), 9 has a file
// extension (0/1), 10 longest run of digits.
func features(raw string) ([10]float64, error) {
	var f [10]float64
	u, err := url.Parse(raw)
	if err != nil {
		return f, err
	}
	segs := strings.FieldsFunc(u.Path, func(r rune) bool { return r == '/' })
	last := ""
	if len(segs) > 0 {
		last = segs[len(segs)-1]
	}
	f[0] = float64(len(raw))
	f[1] = float64(len(segs))
	for _, r := range raw {
		if r >= '0' && r <= '9' {
			f[2]++
		}
	}
	if u.RawQuery != "" {
		f[3] = float64(len(strings.Split(u.RawQuery, "&")))
	}
	if dateRe.MatchString(u.Path) {
		f[4] = 1
	}
	f[5] = float64(len(last))
	f[6] = float64(strings.Count(last, "-"))
	if strings.HasSuffix(u.Path, "/") {
		f[7] = 1
	}
	if i := strings.LastIndexByte(last, '.'); i > 0 && len(last)-i <= 6 {
		f[8] = 1
	}
	for _, d := range digitsRe.FindAllString(raw, -1) {
		f[9] = max(f[9], float64(len(d)))
	}
	return f, nil
}

func writeURLs(w *bufio.Writer, path string) error {
	in, err := os.Open(path)
	if err != nil {
		return err
	}
	defer in.Close()
	sc := bufio.NewScanner(in)
	for n := 1; sc.Scan(); n++ {
		cols := strings.Split(sc.Text(), "\t")
		if n == 1 || len(cols) < 2 {
			continue
		}
		label := "-1"
		if cols[0] == "hub" {
			label = "+1"
		}
		f, err := features(cols[1])
		if err != nil {
			return fmt.Errorf("line %d: %w", n, err)
		}
		w.WriteString(label)
		for i, v := range f {
			if v != 0 {
				fmt.Fprintf(w, " %d:%g", i+1, v)
			}
		}
		w.WriteString("\n")
	}
	return sc.Err()
}

func writeBlobs(w *bufio.Writer, n int) {
	rng := rand.New(rand.NewPCG(7, 11))
	centres := [4][3]float64{{0, 0, 0}, {2, 0, 1}, {0, 2, -1}, {1.5, 1.5, 1.5}}
	for i := range n {
		c := i % 4
		fmt.Fprintf(w, "%d", c+1)
		for j, m := range centres[c] {
			fmt.Fprintf(w, " %d:%.6g", j+1, m+rng.NormFloat64()*0.9)
		}
		w.WriteString("\n")
	}
}

// writeSample writes the header and 1,300 hub plus 700 topic rows of the
// TSV at path, drawn and shuffled with a fixed seed.
func writeSample(w *bufio.Writer, path string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	byLabel := map[string][]string{}
	for _, l := range lines[1:] {
		label, _, _ := strings.Cut(l, "\t")
		byLabel[label] = append(byLabel[label], l)
	}
	rng := rand.New(rand.NewPCG(2026, 1122))
	var out []string
	for _, want := range []struct {
		label string
		n     int
	}{{"hub", 1300}, {"topic", 700}} {
		rows := byLabel[want.label]
		if len(rows) < want.n {
			return fmt.Errorf("%d %s rows, want %d", len(rows), want.label, want.n)
		}
		rng.Shuffle(len(rows), func(i, j int) { rows[i], rows[j] = rows[j], rows[i] })
		out = append(out, rows[:want.n]...)
	}
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	w.WriteString(lines[0] + "\n")
	for _, l := range out {
		w.WriteString(l + "\n")
	}
	return nil
}
