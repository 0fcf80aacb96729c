package export_test

import (
	"bytes"
	"encoding/xml"
	"io"
	"strings"
	"testing"

	"github.com/crawl-project/crawl/export"
)

// TestHarvestSVG draws two series and checks the SVG is well-formed XML
// with one polyline a series, escaped names, and Series.At.
func TestHarvestSVG(t *testing.T) {
	s := export.Series{Name: "this <crawl>", Relevant: []bool{true, false, true, true}}
	ref := export.Series{Name: "bfs", Curve: []float64{0, 0.5, 0.33, 0.25, 0.2, 0.17}}
	if got := s.At(2); got != 0.5 {
		t.Errorf("At(2) = %v, want 0.5", got)
	}
	if got := s.At(100); got != 0.75 {
		t.Errorf("At(100) = %v, want 0.75 (all pages)", got)
	}
	var buf bytes.Buffer
	if err := export.HarvestSVG(&buf, "harvest & co", []export.Series{s, ref}); err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(bytes.NewReader(buf.Bytes()))
	lines := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, buf.String())
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "polyline" {
			lines++
		}
	}
	if lines != 2 {
		t.Errorf("%d polylines, want 2", lines)
	}
	if !strings.Contains(buf.String(), "this &lt;crawl&gt;") || strings.Contains(buf.String(), "http://") && !strings.Contains(buf.String(), `xmlns="http://www.w3.org/2000/svg"`) {
		t.Errorf("names not escaped or external references:\n%s", buf.String())
	}
	if err := export.HarvestSVG(io.Discard, "empty", nil); err == nil {
		t.Error("HarvestSVG(no series) = nil error")
	}
}
