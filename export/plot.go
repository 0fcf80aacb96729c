package export

import (
	"context"
	"errors"
	"fmt"
	"html"
	"io"
	"math"
	"strings"

	"github.com/crawl-project/crawl/store"
)

// Series is one harvest curve of a plot: Relevant[i] tells whether the
// (i+1)-th fetched page was relevant, or, when Relevant is nil, Curve[i]
// is the harvest rate after i+1 pages (a mean over several crawls).
type Series struct {
	Name     string
	Relevant []bool
	Curve    []float64
}

func (s Series) len() int { return max(len(s.Relevant), len(s.Curve)) }

// Rates returns the series' harvest rate after each page.
func (s Series) Rates() []float64 {
	if s.Relevant == nil {
		return s.Curve
	}
	out := make([]float64, len(s.Relevant))
	k := 0
	for i, r := range s.Relevant {
		if r {
			k++
		}
		out[i] = float64(k) / float64(i+1)
	}
	return out
}

// At returns the harvest rate after the first n pages (all of them when
// fewer were fetched; 0 for none).
func (s Series) At(n int) float64 {
	n = min(n, s.len())
	if n == 0 {
		return 0
	}
	return s.Rates()[n-1]
}

// Plot geometry, in SVG user units.
const (
	plotW, plotH           = 640, 400
	padL, padR, padT, padB = 56, 16, 28, 44
)

// palette colours the series in order (colour-blind safe, Okabe–Ito).
var palette = []string{"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000"}

// HarvestSVG draws the series as a standalone SVG line chart of harvest rate
// (0–1) against pages fetched, with axes, ticks and a legend; no scripts,
// fonts or anything fetched from elsewhere.
func HarvestSVG(w io.Writer, title string, series []Series) error {
	n := 0
	for _, s := range series {
		n = max(n, s.len())
	}
	if n == 0 {
		return errors.New("export: harvest plot: no pages")
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n", plotW, plotH, plotW, plotH)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="white"/>`+"\n", plotW, plotH)
	fmt.Fprintf(&b, `<text x="%d" y="18" font-size="14">%s</text>`+"\n", padL, html.EscapeString(title))
	x := func(i int) float64 { return padL + float64(i)/float64(n)*(plotW-padL-padR) }
	y := func(r float64) float64 { return plotH - padB - r*(plotH-padT-padB) }
	for _, r := range []float64{0, 0.25, 0.5, 0.75, 1} {
		fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/><text x="%d" y="%.1f" text-anchor="end">%.2f</text>`+"\n",
			padL, y(r), plotW-padR, y(r), padL-6, y(r)+4, r)
	}
	step := tickStep(n)
	for t := 0; t <= n; t += step {
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#999"/><text x="%.1f" y="%d" text-anchor="middle">%d</text>`+"\n",
			x(t), plotH-padB, x(t), plotH-padB+5, x(t), plotH-padB+18, t)
	}
	fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/><line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>`+"\n",
		padL, plotH-padB, plotW-padR, plotH-padB, padL, padT, padL, plotH-padB)
	fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle">pages fetched</text>`+"\n", (padL+plotW-padR)/2, plotH-8)
	fmt.Fprintf(&b, `<text x="14" y="%d" text-anchor="middle" transform="rotate(-90 14 %d)">harvest rate</text>`+"\n", (padT+plotH-padB)/2, (padT+plotH-padB)/2)
	for k, s := range series {
		colour := palette[k%len(palette)]
		rates := s.Rates()
		b.WriteString(`<polyline fill="none" stroke-width="1.5" stroke="` + colour + `" points="`)
		stride := max(1, len(rates)/1000) // at most about 1,000 points a line
		for i := 0; i < len(rates); i += stride {
			fmt.Fprintf(&b, "%.1f,%.1f ", x(i+1), y(rates[i]))
		}
		if len(rates) > 0 {
			fmt.Fprintf(&b, "%.1f,%.1f", x(len(rates)), y(rates[len(rates)-1]))
		}
		b.WriteString("\"/>\n")
		ly := padT + 16*k + 8
		fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="2"/><text x="%d" y="%d">%s</text>`+"\n",
			plotW-padR-170, ly, plotW-padR-150, ly, colour, plotW-padR-145, ly+4, html.EscapeString(s.Name))
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// tickStep is a round step giving at most about 8 ticks over n.
func tickStep(n int) int {
	raw := float64(n) / 8
	p := math.Pow(10, math.Floor(math.Log10(max(raw, 1))))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= raw {
			return int(m * p)
		}
	}
	return int(10 * p)
}

// StoredHarvest returns the stored pages' relevant flags in fetch order,
// as a Series named name.
func StoredHarvest(ctx context.Context, st *store.Store, name string) (Series, error) {
	s := Series{Name: name}
	err := st.ExportPages(ctx, func(r store.PageRow) error {
		s.Relevant = append(s.Relevant, r.Relevant)
		return nil
	})
	return s, err
}

// WriteHarvest writes the harvest curve as CSV to csvPath (as WriteFile
// with "harvest") and its plot to svgPath (as WriteHarvestSVG), from one
// pass over the pages: each page's relevance lies past its HTML in the
// store's row, so every pass walks the HTML's overflow pages.
func WriteHarvest(ctx context.Context, st *store.Store, csvPath, svgPath string, refs ...Series) error {
	s := Series{Name: "this crawl"}
	err := atomicWrite(csvPath, func(w io.Writer) error {
		rw, err := newRowWriter(w, "csv")
		if err != nil {
			return err
		}
		if err := harvestRows(ctx, st, rw, &s); err != nil {
			return fmt.Errorf("export harvest: %w", err)
		}
		return rw.flush()
	})
	if err != nil {
		return err
	}
	return atomicWrite(svgPath, func(w io.Writer) error {
		return HarvestSVG(w, "harvest rate (relevant pages / pages fetched)", append([]Series{s}, refs...))
	})
}

// WriteHarvestSVG writes the harvest plot of the store's pages (and of
// any reference series, e.g. a BFS crawl of the same site) to path.
func WriteHarvestSVG(ctx context.Context, st *store.Store, path string, refs ...Series) error {
	s, err := StoredHarvest(ctx, st, "this crawl")
	if err != nil {
		return err
	}
	return atomicWrite(path, func(w io.Writer) error {
		return HarvestSVG(w, "harvest rate (relevant pages / pages fetched)", append([]Series{s}, refs...))
	})
}
