package harvest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/net/html"

	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/classifiers/topic"
	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/frontier"
	"github.com/crawl-project/crawl/hooks"
	"github.com/crawl-project/crawl/internal/demosite"
	"github.com/crawl-project/crawl/store"
)

// StrategyOracle is a diagnostic pseudo-strategy: the topic hook measures
// relevance as usual, but each page's score (its links' priority) is 1 when
// the ground truth puts the page on the topic, else 0. It shows the ceiling
// of page-level priority (the paper's best-first) with a perfect classifier.
const StrategyOracle = "oracle"

// DefaultTopic is the demo site's topic the harness crawls for by default.
const DefaultTopic = "sport"

// Options configure one harness crawl. Zero fields take the defaults in
// their comments.
type Options struct {
	Strategy string // bfs, best-first or adaptive; default adaptive
	// GroundTopic is the demo site topic crawled for and counted as
	// relevant by the ground truth; default sport.
	GroundTopic string
	// Seeds is how many article seeds: the topic's first published
	// articles in corpus order (for sport demosite.SportSeeds, for another
	// topic CorpusSeeds, which finds the same kind). Default 10.
	Seeds int
	// FromSection takes the seeds from the topic's section page on the
	// general host (SectionSeeds): the newest stories of every kind, rather
	// than the first articles of the topic in corpus order (CorpusSeeds;
	// for sport these are all athletics).
	FromSection bool
	// SeedURLs, when set, are the seeds, and Seeds and FromSection are
	// ignored (RandomSeeds draws them).
	SeedURLs []string
	Budget   int          // pages to crawl (crawler MaxPages); default 400
	MaxDepth int          // frontier scope depth limit; 0 = none
	Topic    topic.Config // thresholds etc.; Strategy is overridden by Strategy above
	// Corpus, when set, trains best-first from a labelled corpus
	// (<topic>/*.txt) on the folder CorpusTopic instead of using the seed
	// centroid. Ignored by the other strategies.
	Corpus      fs.FS
	CorpusTopic string
	Workers     int // fetch workers; default 1 (strict best-first order)
	PerHost     int // concurrent fetches per host; default 2
	// FocusMargin is the frontier's (frontier.Config): with several
	// workers, a ready host's link is dispatched only within this margin
	// of the best queued priority. 0: off.
	FocusMargin float64
	// CommitEvery is the engine's store group size (crawler.Config); a
	// page's out-links reach the frontier only when its group is stored, so
	// large groups delay the priorities the focused crawl depends on.
	// Default 1: every page's links are pushed as soon as it is done.
	CommitEvery int
	Dir         string // where the SQLite store goes; default a new temporary directory, removed after
	Logger      *slog.Logger
}

// Result is what one harness crawl measured.
type Result struct {
	Strategy string
	Seeds    int
	// FromSection takes the seeds from the topic's section page on the
	// general host (SectionSeeds): the newest stories of every kind, rather
	// than the first articles of the topic in corpus order (CorpusSeeds;
	// for sport these are all athletics).
	FromSection bool
	Reason      string         // why the crawl ended: max-pages, frontier-empty, …
	Crawled     int            // pages stored, counted in seq order up to the budget
	Relevant    int            // of them, pages the topic hook marked relevant (cosine to the seed centroid ≥ threshold)
	Truth       int            // of them, pages whose ground-truth topic is sport
	Articles    int            // of them, sport articles (Truth kind article)
	Queued      int            // links left in the frontier
	Misses      map[string]int // crawled pages not on the topic, by ground-truth "kind/topic"

	TrueHarvest     float64   // Truth / Crawled
	MeasuredHarvest float64   // Relevant / Crawled
	Updates         int       // adaptive centroid updates accepted
	Rejected        int       // updates refused by the drift guard
	Drift           float64   // cos(current centroid, seed centroid) at the end
	Threshold       float64   // the relevance threshold at the end
	SeedLOO         []float64 // the seed pages' leave-one-out cosines it was calibrated from (topic.Model.SeedLOO)
	TrueCurve       []topic.Point
	MeasuredCurve   []topic.Point
	// PageTruth, PageMeasured and PageRelevance are, per page crawled in
	// seq order, the ground truth, the hook's relevant flag and its
	// relevance (the calibration's evaluation, internal/calibeval).
	PageTruth     []bool
	PageMeasured  []bool
	PageRelevance []float64
	Elapsed       time.Duration
}

// Run crawls the demo site site (started) from its first Seeds sport
// articles with the given strategy and measures the harvest rates.
func Run(ctx context.Context, site *demosite.Site, o Options) (Result, error) {
	o.fill()
	start := time.Now()
	var seeds []string
	var err error
	switch {
	case len(o.SeedURLs) > 0:
		seeds = o.SeedURLs
		o.Seeds = len(seeds)
	case o.FromSection:
		seeds, err = SectionSeeds(ctx, site, o.GroundTopic, o.Seeds)
	case o.GroundTopic == DefaultTopic:
		seeds = site.SportSeeds(o.Seeds)
	default:
		seeds, err = CorpusSeeds(ctx, site, o.GroundTopic, o.Seeds)
	}
	if err != nil {
		return Result{}, err
	}
	if len(seeds) < o.Seeds {
		return Result{}, fmt.Errorf("harvest: the demo site has only %d %s seeds", len(seeds), o.GroundTopic)
	}
	hook, model, err := buildHook(ctx, seeds, o)
	if err != nil {
		return Result{}, err
	}
	dir := o.Dir
	if dir == "" {
		if dir, err = os.MkdirTemp("", "harvest-*"); err != nil {
			return Result{}, fmt.Errorf("harvest: %w", err)
		}
		defer os.RemoveAll(dir)
	}
	st, err := store.Open(ctx, filepath.Join(dir, o.Strategy+".db"))
	if err != nil {
		return Result{}, fmt.Errorf("harvest: %w", err)
	}
	defer st.Close()
	chain := &hooks.Chain{}
	chain.OnPage(hook)
	chain.OnURL(hook)
	if o.Strategy == StrategyOracle {
		chain.OnURL(oracle(site, o.GroundTopic))
	}
	sum, err := runCrawl(ctx, st, seeds, chain, hook, o)
	if err != nil {
		return Result{}, err
	}
	res := Result{Strategy: o.Strategy, Seeds: len(seeds), Reason: sum.Reason, Queued: sum.Queued}
	if err := measure(ctx, st, site, o.GroundTopic, o.Budget, &res); err != nil {
		return Result{}, err
	}
	res.Updates, res.Rejected = model.Updates()
	res.Drift = model.Drift()
	res.Threshold, res.SeedLOO = model.Threshold(), model.SeedLOO()
	res.Elapsed = time.Since(start)
	return res, nil
}

func (o *Options) fill() {
	if o.Strategy == "" {
		o.Strategy = topic.StrategyAdaptive
	}
	if o.GroundTopic == "" {
		o.GroundTopic = DefaultTopic
	}
	if o.Seeds == 0 {
		o.Seeds = 10
	}
	if o.Budget == 0 {
		o.Budget = 400
	}
	if o.Workers == 0 {
		o.Workers = 1
	}
	if o.PerHost == 0 {
		o.PerHost = 2
	}
	if o.CommitEvery == 0 {
		o.CommitEvery = 1
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	o.Topic.Strategy = o.Strategy
	if o.Strategy == StrategyOracle {
		o.Topic.Strategy = topic.StrategyBestFirst
	}
}

// oracle sets each link's priority from the ground truth of its parent.
func oracle(site *demosite.Site, topicName string) hooks.URLHook {
	return hooks.URLFunc(func(_ context.Context, from *crawl.Page, l *crawl.Link) error {
		if from != nil {
			l.Priority = 0
			if t, _ := site.Truth(from.FinalURL); t.Topic == topicName {
				l.Priority = 1
			}
		}
		return nil
	})
}

// buildHook fetches the seed pages (the engine will fetch them again as
// the crawl's seeds) and builds the topic model and hook.
func buildHook(ctx context.Context, seeds []string, o Options) (*topic.Hook, *topic.Model, error) {
	pages := make([]topic.SeedPage, 0, len(seeds))
	for _, u := range seeds {
		doc, err := fetchDoc(ctx, u)
		if err != nil {
			return nil, nil, err
		}
		pages = append(pages, topic.SeedPage{URL: u, Doc: doc})
	}
	model, err := topic.NewFromPages(o.Topic, pages)
	if err != nil {
		return nil, nil, fmt.Errorf("harvest: %w", err)
	}
	var trained *topic.Model
	if o.Strategy == topic.StrategyBestFirst && o.Corpus != nil {
		if trained, err = topic.NewFromCorpus(o.Topic, o.Corpus, o.CorpusTopic); err != nil {
			return nil, nil, fmt.Errorf("harvest: %w", err)
		}
	}
	hook, err := topic.NewHook(model, trained)
	if err != nil {
		return nil, nil, fmt.Errorf("harvest: %w", err)
	}
	return hook, model, nil
}

// SectionSeeds returns the first n articles of topic that the section page
// of the general news host (host 0) lists, newest first.
func SectionSeeds(ctx context.Context, site *demosite.Site, topicName string, n int) ([]string, error) {
	base := site.Hosts()[0] + "/" + topicName + "/"
	doc, err := fetchDoc(ctx, base)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, href := range hrefs(doc) {
		if len(out) == n || slices.Contains(out, href) {
			continue
		}
		if t, ok := site.Truth(href); ok && t.Kind == "article" && t.Topic == topicName {
			out = append(out, href)
		}
	}
	return out, nil
}

// articleID is the corpus id that ends a demo article URL ("…-1313.html").
func articleID(u string) (int, bool) {
	s := strings.TrimSuffix(u, ".html")
	i := strings.LastIndexByte(s, '-')
	if i < 0 || len(s) == len(u) {
		return 0, false
	}
	id, err := strconv.Atoi(s[i+1:])
	return id, err == nil
}

// hrefs returns the href of every <a> of doc, as written.
func hrefs(doc *html.Node) []string {
	var out []string
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "a" {
			for _, a := range n.Attr {
				if a.Key == "href" {
					out = append(out, a.Val)
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return out
}

func fetchDoc(ctx context.Context, u string) (*html.Node, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, fmt.Errorf("harvest: seed %s: %w", u, err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, fmt.Errorf("harvest: fetch seed: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("harvest: fetch seed %s: status %d", u, resp.StatusCode)
	}
	doc, err := html.Parse(resp.Body)
	if err != nil {
		return nil, fmt.Errorf("harvest: parse seed %s: %w", u, err)
	}
	return doc, nil
}

// runCrawl runs the engine with the hooks of chain on a memory frontier.
func runCrawl(ctx context.Context, st *store.Store, seeds []string, chain *hooks.Chain, hook *topic.Hook, o Options) (crawler.Summary, error) {
	fr, err := frontier.NewMemory(frontier.Config{Scope: frontier.Scope{MaxDepth: o.MaxDepth}, FocusMargin: o.FocusMargin})
	if err != nil {
		return crawler.Summary{}, fmt.Errorf("harvest: %w", err)
	}
	defer fr.Close()
	hook.RescoreWith(fr) // the learned strategy reorders the queue as it learns, as in a pipeline crawl
	cfg := crawler.Config{
		Workers: o.Workers, PerHostParallel: o.PerHost, PerHostDelay: -1, MaxCrawlDelay: time.Millisecond,
		Timeout: 5 * time.Second, Retries: -1, MaxPages: o.Budget, CommitEvery: o.CommitEvery,
	}
	c, err := crawler.New(cfg, fr, st, crawler.WithHooks(chain), crawler.WithLogger(o.Logger))
	if err != nil {
		return crawler.Summary{}, fmt.Errorf("harvest: %w", err)
	}
	sum, err := c.Run(ctx, seeds)
	if err != nil {
		return sum, fmt.Errorf("harvest: crawl: %w", err)
	}
	return sum, nil
}

// measure reads the stored pages in seq order (at most budget of them) and
// counts measured and ground-truth relevance.
func measure(ctx context.Context, st *store.Store, site *demosite.Site, groundTopic string, budget int, res *Result) error {
	var measured, truth []bool
	res.Misses = map[string]int{}
	errFull := errors.New("full")
	err := st.ExportPages(ctx, func(p store.PageRow) error {
		if len(truth) == budget {
			return errFull
		}
		u := p.FinalURL
		if u == "" {
			u = p.URL
		}
		t, _ := site.Truth(u)
		isTrue := t.Topic == groundTopic
		measured, truth = append(measured, p.Relevant), append(truth, isTrue)
		res.PageRelevance = append(res.PageRelevance, p.Relevance)
		if isTrue && t.Kind == "article" {
			res.Articles++
		}
		if !isTrue {
			res.Misses[t.Kind+"/"+t.Topic]++
		}
		return nil
	})
	if err != nil && !errors.Is(err, errFull) {
		return fmt.Errorf("harvest: read pages: %w", err)
	}
	res.Crawled = len(truth)
	res.PageTruth, res.PageMeasured = truth, measured
	res.TrueCurve, res.MeasuredCurve = topic.Curve(truth, 50), topic.Curve(measured, 50)
	if n := len(truth); n > 0 {
		res.Truth, res.Relevant = res.TrueCurve[len(res.TrueCurve)-1].Relevant, res.MeasuredCurve[len(res.MeasuredCurve)-1].Relevant
		res.TrueHarvest, res.MeasuredHarvest = float64(res.Truth)/float64(n), float64(res.Relevant)/float64(n)
	}
	return nil
}

// Format writes one line per result.
func Format(w io.Writer, results []Result) {
	fmt.Fprintf(w, "%-10s %5s %7s %6s %8s %8s %6s %8s %8s %7s %s\n",
		"strategy", "seeds", "crawled", "truth", "articles", "relevant", "true-h", "measured", "updates", "drift", "end")
	for _, r := range results {
		fmt.Fprintf(w, "%-10s %5d %7d %6d %8d %8d %6.3f %8.3f %8s %7.3f %s (queued %d)\n",
			r.Strategy, r.Seeds, r.Crawled, r.Truth, r.Articles, r.Relevant, r.TrueHarvest, r.MeasuredHarvest,
			fmt.Sprintf("%d/%d", r.Updates, r.Rejected), r.Drift, r.Reason, r.Queued)
	}
}

// CurveString renders a curve as "n:rate" pairs.
func CurveString(c []topic.Point) string {
	parts := make([]string, len(c))
	for i, p := range c {
		parts[i] = fmt.Sprintf("%d:%.2f", p.Crawled, p.Rate)
	}
	return strings.Join(parts, " ")
}
