package hub

import "golang.org/x/net/html"

// MeasureLinkContexts exposes the link-context walk to the benchmarks of
// package hub_test; it returns how many link targets got a context.
func MeasureLinkContexts(doc *html.Node, pageURL string, links int) int {
	return len(measureLinkContexts(doc, pageURL, links).m)
}
