// Command gen writes bbc-heads.tsv.gz: for each BBC News article its topic,
// file name, title and the first sentence of each of its first eight
// paragraphs. It documents how the benchmark data was cut from the corpus.
package main

import (
	"bufio"
	"compress/gzip"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

func main() {
	in := flag.String("in", "", "BBC corpus directory (topic/NNN.txt)")
	out := flag.String("out", "bbc-heads.tsv.gz", "output file")
	flag.Parse()
	files, err := filepath.Glob(filepath.Join(*in, "*", "*.txt"))
	if err != nil || len(files) == 0 {
		log.Fatalf("gen: no articles under %q: %v", *in, err)
	}
	sort.Strings(files)
	f, err := os.Create(*out)
	if err != nil {
		log.Fatal(err)
	}
	zw := gzip.NewWriter(f)
	w := bufio.NewWriter(zw)
	for _, path := range files {
		b, err := os.ReadFile(path)
		if err != nil {
			log.Fatal(err)
		}
		fields := append([]string{filepath.Base(filepath.Dir(path)), filepath.Base(path)}, article(text(b))...)
		fmt.Fprintln(w, strings.Join(fields, "\t"))
	}
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		log.Fatal(err)
	}
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}
}

// text decodes b as UTF-8, or as Latin-1 when it is not valid UTF-8.
func text(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	r := make([]rune, len(b))
	for i, c := range b {
		r[i] = rune(c)
	}
	return string(r)
}

// article returns the title and the first sentence of up to eight paragraphs.
func article(s string) []string {
	var paras []string
	for _, p := range strings.Split(s, "\n") {
		if p = strings.Join(strings.Fields(p), " "); p != "" {
			paras = append(paras, p)
		}
	}
	out := paras[:1]
	for _, p := range paras[1:min(9, len(paras))] {
		out = append(out, firstSentence(p))
	}
	return out
}

// firstSentence cuts p after the first ". " followed by an upper-case letter
// or a quote, at most 400 bytes.
func firstSentence(p string) string {
	for i := 0; i+2 < len(p); i++ {
		if p[i] == '.' && p[i+1] == ' ' {
			r, _ := utf8.DecodeRuneInString(p[i+2:])
			if unicode.IsUpper(r) || r == '"' {
				p = p[:i+1]
				break
			}
		}
	}
	if len(p) > 400 {
		p = strings.ToValidUTF8(p[:400], "")
	}
	return p
}
