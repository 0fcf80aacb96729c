package mdr_test

import (
	"strings"
	"testing"

	"github.com/crawl-project/crawl/extraction/mdr"
	"golang.org/x/net/html"
)

func TestExtract(t *testing.T) {
	page := `<html><body><div><h1>Title</h1><p>intro</p></div>
<table><tr><td><a href="/1">One</a></td><td>1 EUR</td></tr>
<tr><td><a href="/2">Two</a></td><td>2 EUR</td></tr>
<tr><td><a href="/3">Three</a></td><td><b>3</b> EUR</td></tr></table>
<div><span>x</span><i>pair</i><span>y</span><i>pair</i></div></body></html>`
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		cfg  mdr.Config
		want int
	}{
		{"every region", mdr.Config{}, 5},                // 3 rows + 2 span/i pairs
		{"largest region", mdr.Config{Largest: true}, 3}, // the rows hold more text
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			recs, err := mdr.Extract(doc, tt.cfg)
			if err != nil || len(recs) != tt.want {
				t.Fatalf("Extract = %d records, %v; want %d: %+v", len(recs), err, tt.want, recs)
			}
		})
	}
	recs, _ := mdr.Extract(doc, mdr.Config{Largest: true})
	if v := recs[1].Fields[0]; v.Value != "/2" || !strings.HasSuffix(v.Name, "@href") {
		t.Errorf("second record starts with %+v, want the /2 link", v)
	}
	if _, err := mdr.Extract(nil, mdr.Config{}); err == nil {
		t.Error("Extract(nil) gave no error")
	}
}
