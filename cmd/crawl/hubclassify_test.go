package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"time"
)

// TestHubClassifyStreams feeds classify through a pipe one line at a time
// and reads each label before writing the next line: it must answer a
// line without waiting for the end of its input.
func TestHubClassifyStreams(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- runHub(context.Background(), []string{"classify"}, inR, outW, io.Discard)
		outW.Close()
	}()
	lines := bufio.NewReader(outR)
	for _, u := range []string{"https://news.example.com/sport/", "https://news.example.com/sport/2026/11/24/a-long-article-title-123.html"} {
		if _, err := io.WriteString(inW, u+"\n"); err != nil {
			t.Fatal(err)
		}
		got := make(chan string, 1)
		go func() {
			l, _ := lines.ReadString('\n')
			got <- l
		}()
		select {
		case l := <-got:
			if !strings.HasSuffix(l, "\t"+u+"\n") {
				t.Errorf("answer to %s = %q", u, l)
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("no answer to %s while the input stays open: classify does not stream", u)
		}
	}
	inW.Close()
	if err := <-done; err != nil {
		t.Errorf("classify: %v", err)
	}
}

// TestHubClassifyBadLines: garbage, a line over 1 MiB and binary bytes are
// reported on stderr with their line numbers and skipped, never labelled;
// the good lines around them are classified; the exit status is 1.
func TestHubClassifyBadLines(t *testing.T) {
	in := "https://a.example.com/news/\n" +
		"!!! this is not a url\n" +
		"https://a.example.com/" + strings.Repeat("x", 1<<20) + "\n" +
		"\x00\xff\xfe garbage\n" +
		"/relative/path\n" +
		"\n" +
		"http://b.example.com/2026/11/story.html\r\n"
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"hub", "classify"}, strings.NewReader(in), &stdout, &stderr)
	if code != 1 {
		t.Errorf("exit code %d, want 1 after bad lines", code)
	}
	out := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	if len(out) != 2 || !strings.HasSuffix(out[0], "\thttps://a.example.com/news/") || !strings.HasSuffix(out[1], "\thttp://b.example.com/2026/11/story.html") {
		t.Errorf("stdout = %q; want the two good URLs labelled, nothing else", out)
	}
	for _, want := range []string{"line 2:", "line 3: longer than 1048576 bytes", "line 4: not UTF-8", "line 5:", "4 bad line(s)"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%.500s", want, stderr.String())
		}
	}
}

// FuzzReadLine: readLine returns the input's lines in order, without line
// ends, and flags exactly the lines longer than its limit.
func FuzzReadLine(f *testing.F) {
	f.Add("a\nbb\r\n\nccc", 2)
	f.Add(strings.Repeat("x", 100)+"\ny", 10)
	f.Fuzz(func(t *testing.T, in string, max int) {
		if max < 1 || max > 1000 || strings.Contains(in, "\r") {
			return
		}
		r := bufio.NewReaderSize(strings.NewReader(in), 16)
		want := strings.Split(in, "\n")
		if strings.HasSuffix(in, "\n") || in == "" {
			want = want[:len(want)-1]
		}
		for i, w := range want {
			line, tooLong, err := readLine(r, max, nil)
			if err != nil {
				t.Fatalf("line %d: %v", i+1, err)
			}
			if tooLong != (len(w) > max) || (!tooLong && string(line) != w) {
				t.Fatalf("line %d = %q, %v; want %q (max %d)", i+1, line, tooLong, w, max)
			}
		}
		if _, _, err := readLine(r, max, nil); err != io.EOF {
			t.Fatalf("after the last line: %v, want io.EOF", err)
		}
	})
}
