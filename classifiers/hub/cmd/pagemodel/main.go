// Command pagemodel trains and evaluates the hub page-evidence model
// (classifiers/hub PageModel) on labelled pages.
//
//	pagemodel -train-site DIR=LABELS.tsv … [-hub-glob G -topic-glob G] -out model.json
//	pagemodel -model model.json -eval DIR=LABELS.tsv … [-evidence-dir DIR]
//	pagemodel -loso -train-site DIR=LABELS.tsv … [-hub-glob G -topic-glob G]
//
// -loso (leave one source out) is for choosing on the training sources
// only: for each -train-site, and for the glob pages' training half, it
// trains on the other sources and reports on the one left out. With
// -folds k it also reports k-fold cross-validation on the first
// -train-site's pages (page i in fold i mod k), the other sources always
// training.
//
// -hub-glob/-topic-glob pages (list pages, articles) are split by site in
// halves with -seed: training uses the first half (each page -glob-weight
// times), evaluation the second. -block-share and -block-links set the
// block rule of trained models (hub.BlockRule; the defaults are shipped).
// LABELS.tsv has a header and path<TAB>label rows (hub or topic), paths
// relative to DIR. Evaluation prints precision, recall and F1 of the hub
// class for the page model and, for comparison, for the URL SVM on each
// page's path (as http://site.test/PATH).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/net/html"

	"github.com/crawl-project/crawl/classifiers/hub"
	"github.com/crawl-project/crawl/htmldecode"
)

type list []string

func (l *list) String() string     { return strings.Join(*l, ",") }
func (l *list) Set(v string) error { *l = append(*l, v); return nil }

type page struct {
	path, group string
	url         string // the URL the page was measured at ("" unknown)
	ev          hub.Evidence
	hub         bool
}

func main() {
	var trainSites, evalSites list
	flag.Var(&trainSites, "train-site", "DIR=LABELS.tsv of a training site (repeatable)")
	flag.Var(&evalSites, "eval", "DIR=LABELS.tsv of an evaluation site (repeatable)")
	hubGlob := flag.String("hub-glob", "", "glob of hub (list) pages, split by site")
	topicGlob := flag.String("topic-glob", "", "glob of topic (article) pages, split by site")
	seed := flag.Int64("seed", 1, "seed of the site split of the glob pages")
	globHalf := flag.Int("glob-half", 2, "which site half of the glob pages to report: 2 (held out, the default) or 1 (the training half, for tuning)")
	globWeight := flag.Int("glob-weight", 1, "weight of each glob training page (it is trained on this many times)")
	ridge := flag.Float64("ridge", 1, "L2 penalty of the weights")
	blockShare := flag.Float64("block-share", 0.4, "block rule of trained models: least share of text in the largest run of repeated blocks (0: off)")
	blockLinks := flag.Int("block-links", 5, "block rule of trained models: least links")
	termShare := flag.Float64("term-share", 0.5, "block rule of trained models: least share of text when the largest run is a sum of term runs (0: as -block-share)")
	out := flag.String("out", "", "write the trained model here")
	evidenceOut := flag.String("evidence-out", "", "write the reported glob half's evidence rows here (TSV)")
	evidenceDir := flag.String("evidence-dir", "", "write each -eval site's evidence rows to DIR/NAME.tsv (NAME: its labels file's name)")
	model := flag.String("model", "", "evaluate this model (default: the trained one, or the shipped one)")
	var pr printer
	flag.BoolVar(&pr.errors, "errors", false, "print each wrongly labelled page with its evidence")
	flag.BoolVar(&pr.all, "all", false, "print every page with its evidence")
	loso := flag.Bool("loso", false, "leave one training source out in turn and report on it")
	folds := flag.Int("folds", 0, "with -loso: k-fold CV on the first -train-site")
	flag.Parse()
	rule := hub.BlockRule{Share: *blockShare, Links: *blockLinks, TermShare: *termShare}
	if *globWeight < 1 {
		fmt.Fprintln(os.Stderr, "pagemodel: -glob-weight must be at least 1")
		os.Exit(2)
	}
	if *globHalf != 1 && *globHalf != 2 {
		fmt.Fprintln(os.Stderr, "pagemodel: -glob-half must be 1 or 2")
		os.Exit(2)
	}
	if *loso {
		if err := leaveOneOut(pr, trainSites, *hubGlob, *topicGlob, *seed, *globWeight, *ridge, rule, *folds); err != nil {
			fmt.Fprintln(os.Stderr, "pagemodel:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(pr, trainSites, evalSites, *hubGlob, *topicGlob, *seed, *globHalf, *globWeight, *ridge, rule, *out, *model, *evidenceOut, *evidenceDir); err != nil {
		fmt.Fprintln(os.Stderr, "pagemodel:", err)
		os.Exit(1)
	}
}

func run(pr printer, trainSites, evalSites list, hubGlob, topicGlob string, seed int64, globHalf, globWeight int, ridge float64, rule hub.BlockRule, out, modelPath, evidenceOut, evidenceDir string) error {
	trainGlob, testGlob, err := splitGlob(hubGlob, topicGlob, seed)
	if err != nil {
		return err
	}
	var m *hub.PageModel
	switch {
	case modelPath != "":
		b, err := os.ReadFile(modelPath)
		if err != nil {
			return err
		}
		if m, err = hub.ParsePageModel(b); err != nil {
			return err
		}
	case len(trainSites) > 0 || len(trainGlob) > 0:
		var train []page
		for _, s := range trainSites {
			ps, err := sitePages(s)
			if err != nil {
				return err
			}
			train = append(train, ps...)
		}
		for range globWeight {
			train = append(train, trainGlob...)
		}
		info := fmt.Sprintf("%s; ridge %g; block rule share %g, links %d, term share %g", trainSites.String(), ridge, rule.Share, rule.Links, rule.TermShare)
		if len(trainGlob) > 0 {
			info += fmt.Sprintf("; glob pages' site half 1 of seed %d", seed)
			if globWeight > 1 {
				info += fmt.Sprintf(", weight %d", globWeight)
			}
		}
		if m, err = trainOn(train, ridge, rule, info); err != nil {
			return err
		}
		fmt.Println("trained on", m.Info)
		fmt.Printf("weights %.3f\n", m.W)
		if out != "" {
			b, err := hub.MarshalPageModel(m)
			if err != nil {
				return err
			}
			if err := os.WriteFile(out, append(b, '\n'), 0o644); err != nil {
				return err
			}
		}
	default:
		if m, err = hub.DefaultPageModel(); err != nil {
			return err
		}
	}
	c, err := hub.Default()
	if err != nil {
		return err
	}
	reported, name := testGlob, "glob pages, held-out site half"
	if globHalf == 1 {
		reported, name = trainGlob, "glob pages, training site half"
	}
	if len(reported) > 0 {
		pr.report(name, reported, m, nil)
	}
	if evidenceOut != "" {
		if err := writeEvidence(evidenceOut, reported); err != nil {
			return err
		}
	}
	for _, s := range evalSites {
		ps, err := sitePages(s)
		if err != nil {
			return err
		}
		pr.report(s, ps, m, c)
		if evidenceDir != "" {
			_, labels, _ := strings.Cut(s, "=")
			if err := writeEvidence(filepath.Join(evidenceDir, filepath.Base(labels)), ps); err != nil {
				return err
			}
		}
	}
	return nil
}

// trainOn fits a page model on labelled pages with the package's ridge.
func trainOn(train []page, ridge float64, rule hub.BlockRule, what string) (*hub.PageModel, error) {
	evs := make([]hub.Evidence, len(train))
	hubs := make([]bool, len(train))
	n := 0
	for i, p := range train {
		evs[i], hubs[i] = p.ev, p.hub
		if p.hub {
			n++
		}
	}
	m, err := hub.TrainPageModel(evs, hubs, ridge, fmt.Sprintf("%d pages (%d hubs): %s", len(train), n, what))
	if err != nil {
		return nil, err
	}
	m.Block = rule
	return m, nil
}

// leaveOneOut trains on all training sources but one and reports on it,
// for each source in turn.
func leaveOneOut(pr printer, trainSites list, hubGlob, topicGlob string, seed int64, globWeight int, ridge float64, rule hub.BlockRule, folds int) error {
	trainGlob, _, err := splitGlob(hubGlob, topicGlob, seed)
	if err != nil {
		return err
	}
	names := append([]string(nil), trainSites...)
	sources := make([][]page, 0, len(names)+1)
	for _, s := range trainSites {
		ps, err := sitePages(s)
		if err != nil {
			return err
		}
		sources = append(sources, ps)
	}
	if len(trainGlob) > 0 {
		names, sources = append(names, "glob pages' training half"), append(sources, trainGlob)
	}
	var pooled hub.Metrics
	for k := range sources {
		var train []page
		for j, ps := range sources {
			if j != k {
				train = append(train, weighted(ps, j, len(trainSites), globWeight)...)
			}
		}
		m, err := trainOn(train, ridge, rule, "all sources but "+names[k])
		if err != nil {
			return err
		}
		r := pr.report(names[k]+" (left out)", sources[k], m, nil)
		pooled.TP, pooled.FP, pooled.FN, pooled.TN = pooled.TP+r.TP, pooled.FP+r.FP, pooled.FN+r.FN, pooled.TN+r.TN
	}
	fmt.Printf("pooled: %s\n", metrics(pooled))
	if folds < 2 || len(trainSites) == 0 {
		return nil
	}
	var cv hub.Metrics
	for f := range folds {
		var train, test []page
		for j, ps := range sources {
			for i, p := range ps {
				if j == 0 && i%folds == f {
					test = append(test, p)
				} else {
					train = append(train, weighted([]page{p}, j, len(trainSites), globWeight)...)
				}
			}
		}
		m, err := trainOn(train, ridge, rule, "fold")
		if err != nil {
			return err
		}
		for _, p := range test {
			cv.Add(p.hub, m.Prob(p.ev) >= 0.5)
		}
	}
	fmt.Printf("%d-fold CV on %s: %s\n", folds, names[0], metrics(cv))
	return nil
}

// weighted returns source j's pages, repeated globWeight times when it is
// the glob pages' training half (the source after the nSites sites).
func weighted(ps []page, j, nSites, globWeight int) []page {
	if j < nSites {
		return ps
	}
	var out []page
	for range globWeight {
		out = append(out, ps...)
	}
	return out
}

// splitGlob reads the glob pages and splits them by site in halves: the
// first half trains, the second evaluates.
func splitGlob(hubGlob, topicGlob string, seed int64) (trainGlob, testGlob []page, err error) {
	if hubGlob != "" || topicGlob != "" {
		ps, err := globPages(hubGlob, topicGlob)
		if err != nil {
			return nil, nil, err
		}
		ex := make([]hub.PageExample, len(ps))
		for i, p := range ps {
			ex[i] = hub.PageExample{Group: p.group, Hub: p.hub}
		}
		parts := hub.SplitPages(ex, seed, 0.5, 0.5)
		seen := map[string]int{}
		for k, part := range parts {
			for _, e := range part {
				if seen[e.Group] == 0 {
					seen[e.Group] = k + 1
				}
			}
		}
		for _, p := range ps {
			if seen[p.group] == 1 {
				trainGlob = append(trainGlob, p)
			} else {
				testGlob = append(testGlob, p)
			}
		}
	}
	return trainGlob, testGlob, nil
}

// printer prints evaluations: with errors each wrongly labelled page too
// (flag -errors, lines "wrong: …"), with all every page (-all, "right: …"
// or "wrong: …").
type printer struct{ errors, all bool }

// report prints the page model's (and c's, when not nil) precision,
// recall and F1 on ps and returns the page model's.
func (pr printer) report(name string, ps []page, m *hub.PageModel, c *hub.Classifier) hub.Metrics {
	var pm, um hub.Metrics
	for _, p := range ps {
		prob := m.Prob(p.ev)
		pm.Add(p.hub, prob >= 0.5)
		if wrong := p.hub != (prob >= 0.5); pr.all || (pr.errors && wrong) {
			verdict := "right"
			if wrong {
				verdict = "wrong"
			}
			fmt.Printf("  %s: %s hub=%v P %.3f %+v\n", verdict, p.path, p.hub, prob, p.ev)
		}
		if c != nil {
			label, _ := c.Classify(hub.URLInfo{URL: "http://site.test/" + filepath.ToSlash(p.path)})
			um.Add(p.hub, hub.IsHub(label))
		}
	}
	fmt.Printf("%s: %d pages, %d hubs\n  page evidence: %s\n", name, len(ps), pm.TP+pm.FN, metrics(pm))
	if c != nil {
		fmt.Printf("  URL SVM:       %s\n", metrics(um))
	}
	return pm
}

func sitePages(spec string) ([]page, error) {
	dir, labels, ok := strings.Cut(spec, "=")
	if !ok {
		return nil, fmt.Errorf("%q: want DIR=LABELS.tsv", spec)
	}
	f, err := os.Open(labels)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []page
	sc := bufio.NewScanner(f)
	for line := 0; sc.Scan(); line++ {
		if line == 0 {
			continue
		}
		path, label, ok := strings.Cut(sc.Text(), "\t")
		if !ok || (label != "hub" && label != "topic") {
			return nil, fmt.Errorf("%s:%d: want path<TAB>hub|topic", labels, line+1)
		}
		doc, err := htmldecode.ParseFile(filepath.Join(dir, path))
		if err != nil {
			return nil, err
		}
		// Every page of a site directory as if served from one host.
		u := "http://site.test/" + filepath.ToSlash(path)
		out = append(out, page{path: path, group: dir, url: u, ev: hub.MeasurePageAt(doc, u), hub: label == "hub"})
	}
	return out, sc.Err()
}

func globPages(hubGlob, topicGlob string) ([]page, error) {
	var out []page
	for _, g := range []struct {
		glob string
		hub  bool
	}{{hubGlob, true}, {topicGlob, false}} {
		if g.glob == "" {
			continue
		}
		paths, err := filepath.Glob(g.glob)
		if err != nil {
			return nil, err
		}
		if len(paths) == 0 {
			return nil, fmt.Errorf("no pages match %q", g.glob)
		}
		for _, p := range paths {
			doc, err := htmldecode.ParseFile(p)
			if err != nil {
				return nil, err
			}
			u := savedPageURL(doc)
			out = append(out, page{path: p, group: hub.PageGroup(p), url: u, ev: hub.MeasurePageAt(doc, u), hub: g.hub})
		}
	}
	return out, nil
}

func metrics(m hub.Metrics) string {
	return fmt.Sprintf("P %.3f R %.3f F1 %.3f (TP %d FP %d FN %d TN %d)", m.Precision(), m.Recall(), m.F1(), m.TP, m.FP, m.FN, m.TN)
}

// savedPageURL stands in for the unknown URL of a saved page: a page on
// the host most of its absolute links go to (a saved list page links to
// its own site's items, a Wayback copy of an article to web.archive.org),
// or "" (unknown) when it has no absolute links.
func savedPageURL(doc *html.Node) string {
	hosts := map[string]int{}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "a" {
			for _, a := range n.Attr {
				if a.Key != "href" {
					continue
				}
				if u, err := url.Parse(strings.TrimSpace(a.Val)); err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" {
					hosts[strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")]++
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	best, n := "", 0
	for h, c := range hosts {
		if c > n || c == n && h < best {
			best, n = h, c
		}
	}
	if best == "" {
		return ""
	}
	return "http://" + best + "/saved-page"
}

// writeEvidence writes pages' labels and evidence as a TSV (testdata's
// big9-heldout-evidence.tsv), paths from their records/ or templates/
// directory on.
func writeEvidence(path string, ps []page) error {
	var b strings.Builder
	b.WriteString("path\tlabel\ttext\tanchor\tlist_anchor\tlinks\tlist_links\tentry\tindex_entry\tblock\tblock_run\tterm_run\turl\n")
	for _, p := range ps {
		rel := filepath.ToSlash(p.path)
		for _, dir := range []string{"records/", "templates/"} {
			if i := strings.LastIndex(rel, "/"+dir); i >= 0 {
				rel = rel[i+1:]
			}
		}
		label := "topic"
		if p.hub {
			label = "hub"
		}
		e := p.ev
		fmt.Fprintf(&b, "%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%s\n", rel, label,
			e.Text, e.Anchor, e.ListAnchor, e.Links, e.ListLinks, e.Entry, e.IndexEntry, e.Block, e.BlockRun, e.TermRun, p.url)
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}
