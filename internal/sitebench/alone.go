package sitebench

import (
	"fmt"
	"io"
)

// ExtraPerPage is what the built-ins of mode m add to a page's time, in
// seconds: the median run's seconds a page less the built-ins-off one's.
func (r Result) ExtraPerPage(m Mode) float64 {
	pm, off := r.median(m), r.median(Off)
	if pm == 0 || off == 0 {
		return 0
	}
	return 1/pm - 1/off
}

// writeAlone prints, for each built-in crawled alone, its pages/s against
// the crawl without built-ins and its extra time a page as a share of what
// all of them together add. The shares need not sum to 100 %: built-ins
// on together share work (the page's text, the store's transactions) that
// each pays in full alone, and the time measure has its noise (a few % at
// a few seconds a crawl: use several rounds).
func (r Result) writeAlone(w io.Writer) {
	if len(r.Alone) == 0 {
		return
	}
	all := r.ExtraPerPage(On)
	var sum float64
	for _, m := range r.Alone {
		extra := r.ExtraPerPage(m)
		sum += extra
		fmt.Fprintf(w, "  %-24s %.1f pages/s (median), ratio %.2f, %+.3f ms a page", "alone: "+string(m), r.median(m), r.median(m)/r.median(Off), 1e3*extra)
		if all > 0 {
			fmt.Fprintf(w, ", %.0f%% of all built-ins' extra", 100*extra/all)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "  %-24s %+.3f ms a page", "all built-ins on", 1e3*all)
	if all > 0 {
		fmt.Fprintf(w, "; alone they add up to %.0f%% of it", 100*sum/all)
	}
	fmt.Fprintln(w)
}
