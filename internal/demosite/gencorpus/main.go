package main

import (
	"bufio"
	"compress/gzip"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
)

func main() {
	in := flag.String("in", "", "corpus directory (<topic>/NNN.txt)")
	out := flag.String("out", "", "output .tsv.gz")
	flag.Parse()
	if err := run(*in, *out); err != nil {
		fmt.Fprintln(os.Stderr, "gencorpus:", err)
		os.Exit(1)
	}
}

func run(in, out string) error {
	files, err := filepath.Glob(filepath.Join(in, "*", "*.txt"))
	if err != nil || len(files) == 0 {
		return fmt.Errorf("no articles under %s", in)
	}
	sort.Strings(files)
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	zw, _ := gzip.NewWriterLevel(f, gzip.BestCompression)
	w := bufio.NewWriter(zw)
	for _, path := range files {
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if !utf8.Valid(b) {
			if b, err = charmap.ISO8859_1.NewDecoder().Bytes(b); err != nil {
				return fmt.Errorf("%s: %w", path, err)
			}
		}
		var paras []string
		for _, p := range strings.Split(strings.ReplaceAll(string(b), "\r", ""), "\n") {
			if p = strings.Join(strings.Fields(p), " "); p != "" {
				paras = append(paras, p)
			}
		}
		if len(paras) < 2 {
			return fmt.Errorf("%s: no title and body", path)
		}
		topic := filepath.Base(filepath.Dir(path))
		num := strings.TrimSuffix(filepath.Base(path), ".txt")
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", topic, num, paras[0], strings.Join(paras[1:], "\x1f"))
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return f.Close()
}
