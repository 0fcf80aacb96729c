package pipeline

import (
	"bytes"
	"context"
	"fmt"
	"net/http"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/store"
	"github.com/crawl-project/crawl/warc"
)

// ExportWARC writes the pages of a store made without an archive as WARC
// files in dir (prefix "reconstructed"), each response marked with
// warc.ReconstructedField: the stored page is the decoded UTF-8 HTML, not
// the bytes received, and the HTTP head is synthesised from what the store
// kept (status, ETag, Last-Modified), with Content-Type text/html;
// charset=utf-8. A redirected page gets a 302 per hop to its final URL.
// It returns the files written.
func ExportWARC(ctx context.Context, st *store.Store, dir string, maxSize int64) ([]string, error) {
	w, err := warc.New(warc.Config{
		Dir: dir, MaxSize: maxSize, Prefix: "reconstructed",
		Software: "crawl (github.com/crawl-project/crawl)",
		Info:     []warc.Field{{Name: "description", Value: "reconstructed from a crawl store: bodies are the stored UTF-8 HTML, HTTP heads are synthesised; no raw bytes"}},
	})
	if err != nil {
		return nil, err
	}
	err = st.Pages(ctx, func(p *crawl.Page) error {
		for _, x := range reconstruct(p) {
			if err := w.WriteExchange(x); err != nil {
				return err
			}
		}
		return nil
	})
	cerr := w.Close()
	if err != nil {
		return w.Files(), fmt.Errorf("pipeline: export warc: %w", err)
	}
	return w.Files(), cerr
}

// reconstruct is the exchanges a stored page stands for: a 302 per
// redirect hop, then the page.
func reconstruct(p *crawl.Page) []warc.Exchange {
	var out []warc.Exchange
	hops := append(append([]string(nil), p.Redirects...), p.FinalURL)
	if p.FinalURL == "" {
		hops = []string{p.URL}
	}
	for i := 0; i+1 < len(hops); i++ {
		head := fmt.Sprintf("HTTP/1.1 302 Found\r\nLocation: %s\r\nContent-Length: 0\r\n\r\n", hops[i+1])
		out = append(out, warc.Exchange{URL: hops[i], Date: p.FetchedAt, Response: []byte(head), Reconstructed: true})
	}
	status := p.Status
	if status == 0 {
		status = http.StatusOK
	}
	var head bytes.Buffer
	fmt.Fprintf(&head, "HTTP/1.1 %d %s\r\n", status, http.StatusText(status))
	h := http.Header{}
	for _, k := range []string{"ETag", "Last-Modified"} {
		if v := p.Header.Get(k); v != "" {
			h.Set(k, v)
		}
	}
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Length", fmt.Sprint(len(p.HTML)))
	h.Write(&head)
	head.WriteString("\r\n")
	return append(out, warc.Exchange{URL: hops[len(hops)-1], Date: p.FetchedAt, Response: head.Bytes(), Body: p.HTML, Reconstructed: true})
}
