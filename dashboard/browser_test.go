package dashboard_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/crawl-project/crawl"
	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/dashboard"
	"github.com/crawl-project/crawl/hooks"
	"github.com/crawl-project/crawl/pipeline"
)

// chromium finds Debian's chromium (or another Chrome); with
// CRAWL_REQUIRE_CHROMIUM=1 (CI) a missing browser fails the test.
func chromium(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CRAWL_REQUIRE_CHROMIUM") == "1" {
		t.Fatal("chromium not found and CRAWL_REQUIRE_CHROMIUM=1 (apt-get install chromium)")
	}
	t.Skip("chromium not installed (CI installs it and sets CRAWL_REQUIRE_CHROMIUM=1)")
	return ""
}

// gatedCrawl runs a demo crawl whose pages pass one OnPage hook only as
// the test releases them, so the test decides when counters move.
type gatedCrawl struct {
	engine  atomic.Pointer[crawler.Crawler]
	through atomic.Int64 // pages through the gate so far
	gate    chan struct{}
	passed  chan struct{}
	stop    context.CancelFunc
	done    chan error
	dash    *dashboard.Attached
	once    sync.Once
}

func startGatedCrawl(t *testing.T, dir, token string, extra ...dashboard.Option) *gatedCrawl {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	g := &gatedCrawl{gate: make(chan struct{}, 5000), passed: make(chan struct{}, 5000), stop: cancel, done: make(chan error, 1)}
	cfg := demoConfig(t, dir, 1200)
	opts := pipeline.Options{Hooks: func(c *hooks.Chain) {
		c.OnPage(hooks.PageFunc(func(ctx context.Context, p *crawl.Page) error {
			<-g.gate
			g.through.Add(1)
			g.passed <- struct{}{}
			return nil
		}))
	}, Watch: func(c *crawler.Crawler) { g.engine.Store(c) }}
	dash, err := dashboard.Attach(dashboard.Config{Addr: "127.0.0.1:0", Token: token}, cfg.DB, &opts, nil, extra...)
	if err != nil {
		t.Fatal(err)
	}
	g.dash = dash
	go func() {
		_, err := pipeline.Crawl(ctx, cfg, opts, nil)
		g.done <- err
	}()
	t.Cleanup(g.finish)
	return g
}

// release lets n more pages through and waits until they passed.
func (g *gatedCrawl) release(t *testing.T, n int) {
	t.Helper()
	for range n {
		g.gate <- struct{}{}
	}
	deadline := time.After(60 * time.Second)
	for range n {
		select {
		case <-g.passed:
		case <-deadline:
			t.Fatalf("pages did not pass the gate")
		}
	}
}

// end stops the crawl (its last batch stores the fuzzy topics) and waits
// for it; the dashboard keeps serving the store.
func (g *gatedCrawl) end() error {
	var err error
	g.once.Do(func() {
		g.stop()
		close(g.gate)
		go func() {
			for range g.passed { // never blocks a worker
			}
		}()
		err = <-g.done
	})
	return err
}

func (g *gatedCrawl) finish() {
	g.end()
	g.dash.Close()
}

// bfsReference crawls the demo site breadth-first (topic.strategy: bfs,
// the same topic, the other built-ins off) and loads its store as the
// harvest chart's reference, as -serve-bfs does.
func bfsReference(t *testing.T, dir string) *dashboard.Reference {
	t.Helper()
	cfg := demoConfig(t, dir, 400)
	cfg.Topic.Strategy = "bfs"
	cfg.Hub.Enabled, cfg.Clustering.Enabled, cfg.Extraction.Enabled, cfg.Topics.Enabled = false, false, false, false
	if _, err := pipeline.Crawl(context.Background(), cfg, pipeline.Options{}, nil); err != nil {
		t.Fatal(err)
	}
	ref, err := dashboard.LoadReference(context.Background(), cfg.DB)
	if err != nil {
		t.Fatal(err)
	}
	return ref
}

// TestBrowser loads every view of a live demo crawl's dashboard in headless
// Chromium: no console errors, the live counter changes, pause holds the
// counters and resume moves them again, the harvest chart has points and
// its BFS reference, a cluster's records table has rows; a screenshot of
// each view is written to the test's temp dir.
func TestBrowser(t *testing.T) {
	exe := chromium(t)
	dir := t.TempDir()
	ref := bfsReference(t, t.TempDir())
	const token = "browser-s3cret"
	g := startGatedCrawl(t, dir, token, dashboard.WithBFS(ref))
	shots := dir
	if d := os.Getenv("CRAWL_SCREENSHOTS"); d != "" {
		shots = d // to look at them after the test
	}
	g.release(t, 350) // three batches: clusters, records and topics exist
	base := "http://" + g.dash.Addr() + "/?token=" + token

	allocOpts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck, chromedp.UserDataDir(filepath.Join(dir, "profile")),
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		chromedp.WindowSize(1280, 900),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), allocOpts...)
	defer cancelAlloc()
	bctx, cancelBrowser := chromedp.NewContext(actx)
	defer cancelBrowser()
	bctx, cancelTimeout := context.WithTimeout(bctx, 3*time.Minute)
	defer cancelTimeout()

	// Start the browser, then collect every console message of the tab.
	if err := chromedp.Do(bctx); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var problems []string
	messages := chromedp.Console(bctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			switch m.Type {
			case chromedp.ConsoleWarning, chromedp.ConsoleError, chromedp.ConsoleException:
				mu.Lock()
				problems = append(problems, m.String()+" at "+m.URL)
				mu.Unlock()
			}
		}
	}()
	shot := func(name string) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			buf, err := chromedp.FullScreenshot(100)(ctx, tg)
			if err != nil {
				return err
			}
			return os.WriteFile(filepath.Join(shots, name+".png"), buf, 0o644)
		})
	}
	waitRows := func(sel string) chromedp.Action[chromedp.Void] {
		return chromedp.Poll[chromedp.Void](fmt.Sprintf("document.querySelectorAll(%q).length > 0", sel),
			chromedp.WithPollingTimeout(30*time.Second))
	}
	// text reads an element's text in one evaluation: the views re-render
	// as they poll, so a node found first may be gone when read.
	text := func(id string) (string, error) {
		return chromedp.Run(bctx, chromedp.Evaluate[string](fmt.Sprintf(
			`(() => { const e = document.getElementById(%q); if (!e) throw new Error("no element #" + %[1]q); return e.textContent; })()`, id)))
	}
	count := func(sel string) (int, error) {
		return chromedp.Run(bctx, chromedp.Evaluate[int](fmt.Sprintf("document.querySelectorAll(%q).length", sel)))
	}

	// Overview: the live counter, read twice with pages released between.
	if err := chromedp.Do(bctx, chromedp.Navigate(base+"#overview"), chromedp.WaitVisible(chromedp.ID("pages-fetched"))); err != nil {
		t.Fatal(err)
	}
	first, err := text("pages-fetched")
	if err != nil {
		t.Fatal(err)
	}
	g.release(t, 100)
	err = chromedp.Do(bctx,
		chromedp.Poll[chromedp.Void](fmt.Sprintf(`document.getElementById("pages-fetched").textContent !== %q`, first),
			chromedp.WithPollingTimeout(30*time.Second)),
		waitRows("#rate-chart circle.pt"), shot("overview"))
	if err != nil {
		t.Fatalf("overview: counter stayed %q: %v", first, err)
	}
	second, err := text("pages-fetched")
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("overview: pages fetched %s, then %s", first, second)

	// Pause: the counters stop (at most the fetches in flight, one per
	// worker, finish) although the gate lets 200 pages through; resume and
	// they move again. Pages count once through the gate, so a counter
	// never exceeds the pages through it.
	const workers = 8 // demoConfig's politeness.workers
	err = chromedp.Do(bctx, chromedp.Click(chromedp.ID("pause-btn")),
		chromedp.Poll[chromedp.Void](`document.getElementById("crawl-state")?.textContent === "paused"`,
			chromedp.WithPollingTimeout(30*time.Second)))
	if err != nil {
		t.Fatalf("pause: %v", err)
	}
	atPause := g.through.Load() // every page released so far
	for range 200 {
		g.gate <- struct{}{}
	}
	// A window in which an unpaused crawl passes the 200 pages.
	err = chromedp.Do(bctx, chromedp.Sleep(2*time.Second), shot("paused"))
	shown, terr := text("pages-fetched")
	if err = errors.Join(err, terr); err != nil {
		t.Fatal(err)
	}
	through := g.through.Load()
	if n := parseCount(t, shown); through > atPause+workers || n > atPause+workers {
		t.Fatalf("paused at %d pages, then %d went through the gate and the page showed %q: more than the %d in flight", atPause, through, shown, workers)
	}
	if s := g.engine.Load().Stats(); !s.Paused {
		t.Fatal("the engine is not paused")
	}
	err = chromedp.Do(bctx, chromedp.Click(chromedp.ID("resume-btn")),
		chromedp.Poll[chromedp.Void](fmt.Sprintf(`Number(document.getElementById("pages-fetched").textContent.replaceAll(",", "")) > %d`, atPause+workers),
			chromedp.WithPollingTimeout(60*time.Second)))
	if err != nil {
		t.Fatalf("resume: counter stayed: %v", err)
	}
	resumed, _ := text("pages-fetched")
	t.Logf("pause: %d pages through at the click, %d through and %s shown while paused, %s after resume", atPause, through, shown, resumed)

	views := []struct {
		name, hash, rows string
	}{
		{"focus", "#focus", "#harvest-chart circle.bpt"},
		{"hosts", "#hosts", "#hosts-table tbody tr"},
		{"clusters", "#clusters", "#records-table tbody tr"},
		{"pages", "#pages", "#pages-table tbody tr"},
		{"page", "#page/1", "#outlinks-table tbody tr"},
	}
	for _, v := range views {
		err := chromedp.Do(bctx, chromedp.Navigate(base+v.hash), waitRows(v.rows), shot(v.name))
		n, cerr := count(v.rows)
		if err != nil || cerr != nil || n == 0 {
			t.Fatalf("%s view: %d of %s: %v %v", v.name, n, v.rows, err, cerr)
		}
		t.Logf("%s view: %d %s", v.name, n, v.rows)
	}
	err = chromedp.Do(bctx, chromedp.Navigate(base+"#focus"), waitRows("#harvest-chart circle.pt"), waitRows("#harvest-chart circle.bpt"))
	if err != nil {
		t.Fatal(err)
	}
	legend, err := chromedp.Run(bctx, chromedp.Evaluate[string](`[...document.querySelectorAll("#harvest-chart text.legend")].map((e) => e.textContent).join("|")`))
	if err != nil || legend != "this crawl|BFS (demo.db)" {
		t.Errorf("harvest chart legend %q: %v; want this crawl|BFS (demo.db)", legend, err)
	}
	err = chromedp.Do(bctx, chromedp.Navigate(base+"#focus"), chromedp.WaitVisible(chromedp.ID("topic-terms")))
	terms, terr := text("topic-terms")
	if err = errors.Join(err, terr); err != nil || !strings.Contains(terms, ",") || strings.Contains(terms, "no topic") {
		t.Errorf("focus view topic terms %q: %v", terms, err)
	}
	t.Logf("topic terms: %.80s", terms)
	// Fuzzy topics are stored by the crawl's last batch.
	if err := g.end(); err != nil && !errors.Is(err, pipeline.ErrInterrupted) {
		t.Fatal(err)
	}
	if err := chromedp.Do(bctx, chromedp.Navigate(base+"#topics"), waitRows("#topics-table tbody tr"), shot("topics")); err != nil {
		t.Fatalf("topics view: %v", err)
	}
	// The run is over while the dashboard still serves: the overview says
	// so, and how, and offers no control.
	err = chromedp.Do(bctx, chromedp.Navigate(base+"#overview"),
		chromedp.Poll[chromedp.Void](`document.getElementById("crawl-state")?.textContent === "finished: interrupted"`,
			chromedp.WithPollingTimeout(30*time.Second)), shot("ended"))
	buttons, berr := count("div.controls button")
	if err = errors.Join(err, berr); err != nil || buttons != 0 {
		t.Errorf("overview after the crawl ended: %d control buttons: %v; want the state finished: interrupted and none", buttons, err)
	}
	// The store alone, as crawl serve -db serves it after the crawl: the
	// hosts' delay, robots.txt and Crawl-delay as the crawl left them.
	storeOnly := newServer(t, filepath.Join(dir, "demo.db"), dashboard.Config{})
	err = chromedp.Do(bctx, chromedp.Navigate(storeOnly.URL+"/#hosts"), waitRows("#hosts-table tbody tr"), shot("hosts-after"))
	if err != nil {
		t.Fatal(err)
	}
	caption, err := text("hosts-state")
	robotsCells, rerr := chromedp.Run(bctx, chromedp.Evaluate[int](`[...document.querySelectorAll("#hosts-table tbody tr td:nth-child(7)")].filter((td) => td.textContent === "ok").length`))
	if err = errors.Join(err, rerr); err != nil || !strings.Contains(caption, "as at the end of the crawl") || robotsCells == 0 {
		t.Errorf("hosts of the store after the crawl: %q, %d hosts with robots.txt ok: %v", caption, robotsCells, err)
	}
	t.Logf("hosts after the crawl: %s; %d with robots.txt ok", caption, robotsCells)
	// Hosts sort by a click on a header.
	err = chromedp.Do(bctx, chromedp.Navigate(base+"#hosts"), waitRows("#hosts-table tbody tr"),
		chromedp.Click(chromedp.CSS(`#hosts-table th:nth-child(1)`)),
		chromedp.WaitVisible(chromedp.CSS(`#hosts-table th.sorted:nth-child(1)`)))
	if err != nil {
		t.Errorf("sorting hosts by a header click: %v", err)
	}
	// The records table pages on.
	err = chromedp.Do(bctx, chromedp.Navigate(base+"#clusters"), waitRows("#records-table tbody tr"),
		chromedp.Click(chromedp.CSS(`#records-table + .pager button`)),
		chromedp.Poll[chromedp.Void](`document.querySelector("#records-table + .pager").textContent.startsWith("previouspage 2")`,
			chromedp.WithPollingTimeout(30*time.Second)))
	if err != nil {
		t.Errorf("records table: next page: %v", err)
	}
	// The CSV link of the records table answers with the records.
	if err := chromedp.Do(bctx, chromedp.Navigate(base+"#clusters"), waitRows("#records-table tbody tr")); err != nil {
		t.Fatal(err)
	}
	href, err := chromedp.Run(bctx, chromedp.AttributeValue(chromedp.ID("csv-link"), "href"))
	if err != nil || !strings.HasSuffix(href.Value, "records.csv") {
		t.Errorf("csv link %q: %v", href.Value, err)
	}
	// The records tables are tabs named by the export's files; another
	// tab shows its own table and links its own CSV.
	tabs, err := chromedp.Run(bctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#records-tables a")].map((a) => a.textContent + (a.classList.contains("active") ? " *" : ""))`))
	if err != nil || len(tabs) == 0 || !strings.HasPrefix(tabs[0], "records-cluster-") || !strings.HasSuffix(tabs[0], " *") {
		t.Errorf("records tables' tabs %q (%v); want the main table's first and active", tabs, err)
	}
	if len(tabs) > 1 {
		err = chromedp.Do(bctx, chromedp.Click(chromedp.CSS(`#records-tables a:nth-child(2)`)),
			chromedp.Poll[chromedp.Void](`document.getElementById("csv-link").href.includes("table=")`, chromedp.WithPollingTimeout(30*time.Second)))
		if err != nil {
			t.Errorf("records tables: the second tab %q: %v", tabs[1], err)
		}
	}
	t.Logf("records tables: %q", tabs)
	mu.Lock()
	defer mu.Unlock()
	if len(problems) > 0 {
		t.Errorf("browser console: %s", strings.Join(problems, "\n"))
	}
	t.Logf("screenshots in %s", shots)
}

// parseCount reads a counter as the views format it ("1,234").
func parseCount(t *testing.T, s string) int64 {
	t.Helper()
	var n int64
	if _, err := fmt.Sscan(strings.ReplaceAll(s, ",", ""), &n); err != nil {
		t.Fatalf("counter %q: %v", s, err)
	}
	return n
}
