package text_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/text"
)

// pageText returns about n bytes of real article text (BBC corpus testdata,
// repeated).
func pageText(b *testing.B, n int) string {
	b.Helper()
	files, _ := filepath.Glob("testdata/bbc/*.txt")
	var sb strings.Builder
	for sb.Len() < n {
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				b.Fatal(err)
			}
			sb.Write(data)
			sb.WriteByte('\n')
		}
	}
	return sb.String()[:n]
}

func BenchmarkAppendTokens20KB(b *testing.B) {
	for _, cfg := range []text.Config{{}, {Stem: true}} {
		name := "plain"
		if cfg.Stem {
			name = "stem"
		}
		b.Run(name, func(b *testing.B) {
			tk := mustNew(b, cfg)
			s := pageText(b, 20<<10)
			b.SetBytes(int64(len(s)))
			b.ReportAllocs()
			var dst []string
			for b.Loop() {
				dst = tk.AppendTokens(dst[:0], s)
			}
			if len(dst) < 1500 {
				b.Fatalf("got %d tokens from 20 KB, want ≥ 1500", len(dst))
			}
		})
	}
}

func BenchmarkTokensChinese(b *testing.B) {
	tk := mustNew(b, text.Config{})
	s := strings.Repeat("中国队在世界杯足球比赛中以二比一战胜对手，球迷们非常高兴。", 200)
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	var dst []string
	for b.Loop() {
		dst = tk.AppendTokens(dst[:0], s)
	}
	if len(dst) < 2000 {
		b.Fatalf("got %d tokens, want ≥ 2000", len(dst))
	}
}

func BenchmarkScan20KB(b *testing.B) {
	tk := mustNew(b, text.Config{KeepStopWords: true})
	s := pageText(b, 20<<10)
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		n = 0
		tk.Scan(s, func(string) { n++ })
	}
	if n < 3000 {
		b.Fatalf("got %d terms from 20 KB, want ≥ 3000", n)
	}
}
