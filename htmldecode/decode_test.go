package htmldecode_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
	"golang.org/x/text/encoding/unicode"

	"github.com/crawl-project/crawl/htmldecode"
)

func TestDecode(t *testing.T) {
	gbk, _ := simplifiedchinese.GBK.NewEncoder().Bytes([]byte("<html><head><meta charset=gbk></head><body>体育新闻</body></html>"))
	big5, _ := traditionalchinese.Big5.NewEncoder().Bytes([]byte("<html><body>體育新聞</body></html>"))
	utf16, _ := unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewEncoder().Bytes([]byte("<p>héllo</p>"))
	late := []byte("<html><head><title>x</title></head><body>" + strings.Repeat("plain ascii ", 120) + "café ☕</body></html>")
	tests := []struct {
		name, contentType string
		body              []byte
		want, charset     string
	}{
		{"gbk from meta", "", gbk, "体育新闻", "gbk"},
		{"big5 from header", "text/html; charset=big5", big5, "體育新聞", "big5"},
		{"utf-16 from BOM", "", utf16, "héllo", "utf-16le"},
		{"utf-8 BOM dropped", "", []byte("\xef\xbb\xbf<p>é</p>"), "<p>é</p>", "utf-8"},
		{"utf-8 past the first 1,024 bytes", "", late, "café ☕", "utf-8"},
		{"utf-8 mislabelled latin-1 by meta", "", []byte(`<meta charset="iso-8859-1"><p>café</p>`), "café", "utf-8"},
		{"latin-1 bytes without a label", "", []byte("<p>caf\xe9</p>"), "café", "windows-1252"},
		{"header wins over valid utf-8", "text/html; charset=iso-8859-1", []byte("<p>caf\xc3\xa9</p>"), "cafÃ©", "windows-1252"},
		{"invalid utf-8 under a utf-8 header", "text/html; charset=utf-8", []byte("<p>a\xffb</p>"), "a\uFFFDb", "utf-8"},
		{"empty", "", nil, "", "utf-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			orig := bytes.Clone(tt.body)
			got, cs, err := htmldecode.Decode(tt.body, tt.contentType)
			if err != nil {
				t.Fatal(err)
			}
			if !utf8.Valid(got) || !strings.Contains(string(got), tt.want) || cs != tt.charset {
				t.Errorf("Decode = %q (%s), want it to hold %q, charset %s", got, cs, tt.want, tt.charset)
			}
			if !bytes.Equal(tt.body, orig) {
				t.Error("Decode modified its input")
			}
		})
	}
}

func TestParseFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "p.html")
	gbk, _ := simplifiedchinese.GBK.NewEncoder().Bytes([]byte("<html><head><meta charset=gbk><title>体育</title></head></html>"))
	if err := os.WriteFile(path, gbk, 0o644); err != nil {
		t.Fatal(err)
	}
	doc, err := htmldecode.ParseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	html.Render(&buf, doc)
	if !strings.Contains(buf.String(), "<title>体育</title>") {
		t.Errorf("parsed %s", buf.String())
	}
	if _, err := htmldecode.ParseFile(filepath.Join(dir, "none.html")); err == nil || !strings.Contains(err.Error(), "none.html") {
		t.Errorf("missing file: err = %v, want one naming it", err)
	}
}

func FuzzDecode(f *testing.F) {
	f.Add([]byte("<meta charset=gbk>\xb5\xda"), "")
	f.Add([]byte("\xff\xfe<\x00p\x00"), "text/html; charset=utf-16")
	f.Add([]byte("<p>caf\xe9</p>"), "text/html; charset=bogus")
	f.Fuzz(func(t *testing.T, body []byte, contentType string) {
		got, _, err := htmldecode.Decode(body, contentType)
		if err == nil && !utf8.Valid(got) {
			t.Fatalf("Decode(%q) = %q: invalid UTF-8", body, got)
		}
		htmldecode.Parse(body, contentType)
	})
}
