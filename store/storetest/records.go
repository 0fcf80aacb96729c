package storetest

import (
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/crawl-project/crawl"
)

// DocsRecords returns pages and their records shaped as the Python 3.11
// documentation's (Debian's python3.11-doc crawled with every built-in
// on: 17,847 records on 405 of 526 pages, 7.5 fields a record of which
// 5.5 are "other", values of 62 bytes on average, a few pages with
// hundreds of records), generated, the same on every call: page i has
// 1 + (i*37)%60 records, every 40th page 150 more. Records are in
// cluster 1 + i%clusters. The pages are stored-page shaped (status 200,
// seq from 1) without HTML.
func DocsRecords(pages, clusters int) ([]*crawl.Page, []crawl.Record) {
	at := time.Date(2026, 11, 25, 6, 0, 0, 0, time.UTC)
	var ps []*crawl.Page
	var recs []crawl.Record
	words := strings.Fields("the a module function returns object class socket asyncio stream event loop " +
		"parameter value \"quoted\" default, None self buffer timeout new in version 3.11 changed")
	text := func(k, n int) string {
		var b strings.Builder
		for j := range n {
			if j > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(words[(k*7+j*3)%len(words)])
		}
		return b.String()
	}
	for i := range pages {
		u := fmt.Sprintf("http://docs.test/library/page-%d.html", i)
		c := int64(1 + i%clusters)
		ps = append(ps, &crawl.Page{Seq: int64(i + 1), URL: u, FinalURL: u, Status: 200, FetchedAt: at,
			Header: http.Header{}, Cluster: c})
		n := 1 + (i*37)%60
		if i%40 == 0 {
			n += 150
		}
		for k := range n {
			fs := []crawl.Field{
				{Name: "link", Value: fmt.Sprintf("http://docs.test/library/page-%d.html#entry-%d", (i+k)%pages, k)},
				{Name: []string{"title", "summary_5", "text_7", "link_16"}[k%4], Value: text(k, 4)},
			}
			for j := range 5 + k%2 {
				fs = append(fs, crawl.Field{Name: "other", Value: text(k+j, 4+(k*j)%16)})
			}
			recs = append(recs, crawl.Record{PageURL: u, Index: k, Cluster: c, Fields: fs})
		}
	}
	return ps, recs
}

// DocsRecordsKeyed is DocsRecords with the fields' column keys as the
// extractor stores them (crawl.Field.Key): the link and the second field
// each of a key of their own, the "other" fields each of a sparse key
// (one of 24), as a crawl since the keys were stored writes them.
func DocsRecordsKeyed(pages, clusters int) ([]*crawl.Page, []crawl.Record) {
	ps, recs := DocsRecords(pages, clusters)
	for _, r := range recs {
		for j := range r.Fields {
			f := &r.Fields[j]
			switch {
			case j == 0:
				f.Key = "dl/dt/a@href"
			case j == 1:
				f.Key = []string{"dl/dt/span/text", "dl/dd/p/text", "dl/dd/em/text", "dl/dd/a@href"}[r.Index%4]
			default:
				f.Key, f.Sparse = fmt.Sprintf("dl/dd/p.k%d/text", (r.Index+j)%24), true
			}
		}
	}
	return ps, recs
}
