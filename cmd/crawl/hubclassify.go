package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/crawl-project/crawl/classifiers/hub"
	"github.com/crawl-project/crawl/pipeline"
)

// maxClassifyLine is the longest input line hub classify reads.
const maxClassifyLine = 1 << 20

// hubClassify streams: it reads a line, writes its label, and flushes
// whenever it has no more input at hand, so it works in a pipe. A bad line
// (not an http(s) URL, bad columns, over 1 MiB) is reported on stderr with
// its line number and skipped; the exit status is non-zero at the end if
// any line was bad.
func hubClassify(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("hub classify", flag.ContinueOnError)
	fs.SetOutput(stderr)
	model := fs.String("model", "", "model bundle directory (default: the shipped model)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: crawl hub classify [-model DIR] < urls\n"+
			"Reads one URL a line (or a TSV with a url column, and optionally anchor, depth, size)\n"+
			"and writes label<TAB>score<TAB>url a line, as it reads. A bad line (not an http(s) URL,\n"+
			"bad columns, over 1 MiB) is reported on stderr with its number and skipped; the exit\n"+
			"status is 1 at the end if any line was bad.")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	cl, err := pipeline.LoadHubModel(*model)
	if err != nil {
		return err
	}
	in := bufio.NewReaderSize(stdin, 64<<10)
	w := bufio.NewWriter(stdout)
	defer w.Flush()
	var cols *hub.Columns // nil: one URL a line
	var buf []byte
	bad, firstBad := 0, ""
	for line := 1; ; line++ {
		if in.Buffered() == 0 {
			if err := w.Flush(); err != nil { // about to wait for input: show what is done
				return fmt.Errorf("hub classify: write: %w", err)
			}
		}
		text, tooLong, err := readLine(in, maxClassifyLine, buf[:0])
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return fmt.Errorf("hub classify: read: %w", err)
		}
		buf = text
		if line == 1 && !tooLong && bytes.IndexByte(text, '\t') >= 0 {
			c, err := hub.ParseColumns(string(text), false)
			if err != nil {
				return fmt.Errorf("hub classify: %w", err)
			}
			cols = &c
			continue
		}
		if !tooLong && len(bytes.TrimSpace(text)) == 0 {
			continue
		}
		u, err := classifyInput(text, tooLong, cols)
		if err != nil {
			bad++
			msg := fmt.Sprintf("line %d: %v", line, err)
			if firstBad == "" {
				firstBad = msg
			}
			fmt.Fprintf(stderr, "hub classify: %s\n", msg)
			continue
		}
		label, score := cl.Classify(u)
		fmt.Fprintf(w, "%s\t%s\t%s\n", label, strconv.FormatFloat(score, 'g', 6, 64), u.URL)
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("hub classify: write: %w", err)
	}
	if bad > 0 {
		return fmt.Errorf("hub classify: %d bad line(s), first %s; the other lines were classified", bad, firstBad)
	}
	return nil
}

// classifyInput turns one input line into the classifier's input.
func classifyInput(text []byte, tooLong bool, cols *hub.Columns) (hub.URLInfo, error) {
	if tooLong {
		return hub.URLInfo{}, fmt.Errorf("longer than %d bytes", maxClassifyLine)
	}
	if !utf8.Valid(text) {
		return hub.URLInfo{}, errors.New("not UTF-8 text")
	}
	u := hub.URLInfo{URL: strings.TrimSpace(string(text)), Depth: -1}
	if cols != nil {
		var err error
		if u, err = cols.Info(strings.Split(string(text), "\t")); err != nil {
			return u, err
		}
	}
	return u, checkURL(u.URL)
}

// checkURL accepts an absolute http(s) URL with a host and nothing a URL
// cannot hold (spaces, control characters).
func checkURL(s string) error {
	if i := strings.IndexFunc(s, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }); i >= 0 {
		return fmt.Errorf("%.60q is not a URL (a space or control character)", s)
	}
	u, err := url.Parse(s)
	if err != nil {
		return fmt.Errorf("%.60q is not a URL: %v", s, err)
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("%.60q is not an absolute http(s) URL", s)
	}
	return nil
}

// readLine appends to buf the next line of r without its line end, up to
// max bytes; a longer line is read to its end, dropped and reported
// tooLong. It returns io.EOF only when no line is left.
func readLine(r *bufio.Reader, max int, buf []byte) (line []byte, tooLong bool, err error) {
	any := false
	for {
		frag, err := r.ReadSlice('\n')
		any = any || len(frag) > 0
		if !tooLong {
			if len(buf)+len(bytes.TrimRight(frag, "\r\n")) > max {
				tooLong, buf = true, buf[:0]
			} else {
				buf = append(buf, frag...)
			}
		}
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF) && any:
			return bytes.TrimRight(buf, "\r\n"), tooLong, nil
		case err != nil:
			return nil, false, err
		}
		return bytes.TrimRight(buf, "\r\n"), tooLong, nil
	}
}
