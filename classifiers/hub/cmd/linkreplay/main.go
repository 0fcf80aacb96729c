// Command linkreplay replays a stored crawl through the hub hook to score
// the labels its links would get before their fetch under a link-labelling
// mode, for choosing the per-host link model's settings without crawling
// again.
//
//	linkreplay -db STORE.db -labels LABELS.tsv [-mode online|calibration|svm] [-rate R -replay N -hub-weight W -per-page K]
//
// The pages are taken in their fetch order (seq) with their stored HTML;
// each goes through Hook.OnPage, then its stored out-links through OnURL.
// The label a URL gets when first seen is its frontier label; revised
// labels (Hook.TakeRelabels) replace it while its page is not yet fetched,
// as the pipeline's writes to the frontier do, and the label at fetch time
// is what counts (as linklabels.py reads a crawl's frontier). With the
// "tag" policy the crawl order does not depend on hub labels, so the
// replay sees what a crawl would (revisions land at once here, at the next
// batch in a crawl). It prints precision, recall, F1 and accuracy of the
// hub class over the URLs found in LABELS.tsv (path under the site root).
package main

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"regexp"
	"strings"

	"golang.org/x/net/html"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/classifiers/hub"
	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/store"
)

func main() {
	db := flag.String("db", "", "crawl store (copied: the store is locked while open)")
	labels := flag.String("labels", "", "LABELS.tsv of the site")
	mode := flag.String("mode", "online", "online, calibration or svm")
	var l hub.LinkLearning
	flag.Float64Var(&l.Rate, "rate", 0, "AdaGrad step (0: default)")
	flag.IntVar(&l.Replay, "replay", 0, "replayed pages per update (0: default, <0 none)")
	flag.Float64Var(&l.HubWeight, "hub-weight", 0, "cap on a hub page's weight (0: default)")
	flag.Float64Var(&l.Ridge, "ridge", 0, "L2 pull per step (0: default)")
	perPage := flag.Int("per-page", 64, "queued links revised per fetched page")
	flag.BoolVar(&verbose, "v", false, "print the wrong labels")
	flag.Parse()
	if err := run(*db, *labels, *mode, l, *perPage); err != nil {
		fmt.Fprintln(os.Stderr, "linkreplay:", err)
		os.Exit(1)
	}
}

func run(db, labels, mode string, l hub.LinkLearning, perPage int) error {
	truth, err := readLabels(labels)
	if err != nil {
		return err
	}
	c, err := hub.Default()
	if err != nil {
		return err
	}
	pm, err := hub.DefaultPageModel()
	if err != nil {
		return err
	}
	var opts []hub.HookOption
	switch mode {
	case "online":
		opts = []hub.HookOption{hub.WithPageModel(pm), hub.WithLinkModel(l, perPage)}
	case "calibration":
		opts = []hub.HookOption{hub.WithPageModel(pm), hub.WithHostCalibration(20)}
	case "svm":
	default:
		return fmt.Errorf("unknown mode %q", mode)
	}
	h, err := hub.NewHook(c, hub.Policy{}, opts...)
	if err != nil {
		return err
	}
	ctx := context.Background()
	st, err := store.Open(ctx, db)
	if err != nil {
		return err
	}
	defer st.Close()
	var pages []*crawl.Page
	if err := st.Pages(ctx, func(p *crawl.Page) error { pages = append(pages, p); return nil }); err != nil {
		return err
	}
	current := map[string]bool{} // URL → hub label the frontier holds
	fetched := map[string]bool{} // URL → label when popped
	var buf []hub.LinkLabel
	for _, p := range pages {
		if p.Links, err = st.PageLinks(ctx, p.Seq); err != nil {
			return err
		}
		if p.Doc, err = html.Parse(bytes.NewReader(p.HTML)); err != nil {
			return err
		}
		if lab, ok := current[p.URL]; ok {
			fetched[p.URL] = lab
		}
		if err := h.OnPage(ctx, p); err != nil {
			return err
		}
		for _, link := range p.Links {
			if link.URL, err = frontier.Normalize(link.URL, nil); err != nil {
				continue // the crawler does not queue it either
			}
			link.Depth = p.Depth + 1
			link.Parent = p.URL
			if err := h.OnURL(ctx, p, &link); err != nil {
				return err
			}
			if _, ok := current[link.URL]; !ok {
				current[link.URL] = hub.IsHub(link.Label)
			}
		}
		buf = h.TakeRelabels(buf[:0])
		var missed []string
		for _, r := range buf {
			if _, done := fetched[r.URL]; done {
				missed = append(missed, r.URL)
			} else if _, ok := current[r.URL]; ok {
				current[r.URL] = hub.IsHub(r.Label)
			} else {
				missed = append(missed, r.URL)
			}
		}
		h.RelabelMissed(missed)
	}
	for u, lab := range current {
		if _, ok := fetched[u]; !ok {
			fetched[u] = lab
		}
	}
	if len(pages) == 0 {
		return fmt.Errorf("%s: no pages", db)
	}
	return score(fetched, truth, crawl.HostKey(pages[0].URL))
}

var verbose bool

var under = regexp.MustCompile(`^https?://[^/]+/(.*)$`)

// score counts the URLs of site (a host key) whose path is labelled.
func score(got map[string]bool, truth map[string]bool, site string) error {
	var tp, fp, fn, tn int
	for u, h := range got {
		m := under.FindStringSubmatch(u)
		if m == nil || crawl.HostKey(u) != site {
			continue
		}
		path := m[1]
		if i := strings.IndexAny(path, "?#"); i >= 0 {
			path = path[:i]
		}
		if path == "" {
			path = "index.html"
		}
		t, ok := truth[path]
		if !ok {
			continue
		}
		if verbose && h != t {
			fmt.Printf("wrong\t%v\t%s\n", h, path)
		}
		switch {
		case h && t:
			tp++
		case h:
			fp++
		case t:
			fn++
		default:
			tn++
		}
	}
	p := float64(tp) / max(1, float64(tp+fp))
	r := float64(tp) / max(1, float64(tp+fn))
	f1 := 0.0
	if p+r > 0 {
		f1 = 2 * p * r / (p + r)
	}
	n := tp + fp + fn + tn
	fmt.Printf("%d URLs: P %.3f R %.3f F1 %.3f accuracy %.3f (TP %d FP %d FN %d TN %d)\n",
		n, p, r, f1, float64(tp+tn)/max(1, float64(n)), tp, fp, fn, tn)
	return nil
}

func readLabels(path string) (map[string]bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		path, label, ok := strings.Cut(sc.Text(), "\t")
		if !ok || path == "path" {
			continue
		}
		out[path] = label == "hub"
	}
	return out, sc.Err()
}
