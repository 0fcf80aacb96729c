package dashboard

import (
	"context"
	"strconv"
	"sync"
	"time"

	"github.com/crawl-project/crawl/crawler"
	"github.com/prometheus/client_golang/prometheus"
)

// Metrics are the Prometheus metrics of /metrics. The fetch and batch
// histograms are fed by the engine (ObserveFetch, ObserveBatch); the
// counters and gauges are read from the store, and from the running crawl
// when there is one, at each scrape, so they always agree with the store.
type Metrics struct {
	reg   *prometheus.Registry
	fetch *prometheus.HistogramVec
	batch *prometheus.HistogramVec

	mu     sync.Mutex
	db     *DB
	stats  func() crawler.Stats
	shared func(context.Context) (SharedTotals, error) // nil: not distributed
}

// SharedTotals are the counters of a distributed crawl shared by all its
// processes (redisfrontier.Totals), exported as crawl_shared_… beside each
// process's own metrics.
type SharedTotals struct {
	Queued, Leased, Stored, Failed, Alive int64
}

// NewMetrics returns empty metrics with their own registry.
func NewMetrics() *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		fetch: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "crawl_fetch_duration_seconds",
			Help:    "Duration of one HTTP request of the crawl (politeness waits excluded), by status class.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
		}, []string{"class"}),
		batch: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "crawl_batch_duration_seconds",
			Help:    "Duration of one built-in's OnBatch hook on one batch.",
			Buckets: prometheus.ExponentialBuckets(0.001, 4, 10),
		}, []string{"builtin"}),
	}
	m.reg.MustRegister(m.fetch, m.batch, collector{m: m, d: newDescs()})
	return m
}

// ObserveFetch records one request; its signature is crawler.WithFetchObserver's.
func (m *Metrics) ObserveFetch(_ string, d time.Duration, status int, err error) {
	class := "error" // no response: network error, timeout
	if status > 0 {
		class = statusClass(status)
	}
	m.fetch.WithLabelValues(class).Observe(d.Seconds())
}

// ObserveBatch records one built-in's batch; its signature is
// pipeline.Options.BatchObserver's.
func (m *Metrics) ObserveBatch(builtin string, d time.Duration) {
	m.batch.WithLabelValues(builtin).Observe(d.Seconds())
}

func statusClass(status int) string {
	return strconv.Itoa(status/100) + "xx"
}

func (m *Metrics) attach(db *DB, stats func() crawler.Stats) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.db, m.stats = db, stats
}

// descs are the descriptions of the metrics read at scrape time.
type descs struct {
	pages, errors, frontier, inflight, harvest, paused *prometheus.Desc
	shared                                             sharedDescs
}

type sharedDescs struct {
	queued, leased, stored, failed, alive, up *prometheus.Desc
}

func newDescs() descs {
	return descs{
		pages:    prometheus.NewDesc("crawl_pages_total", "Pages in the store, by HTTP status class.", []string{"class"}, nil),
		errors:   prometheus.NewDesc("crawl_fetch_errors_total", "URLs that failed for good, by kind.", []string{"kind"}, nil),
		frontier: prometheus.NewDesc("crawl_frontier_urls", "URLs waiting in the frontier.", nil, nil),
		inflight: prometheus.NewDesc("crawl_inflight_requests", "HTTP requests sent and not yet answered.", nil, nil),
		harvest:  prometheus.NewDesc("crawl_harvest_ratio", "Relevant pages / pages in the store.", nil, nil),
		paused:   prometheus.NewDesc("crawl_paused", "1 while the running crawl is paused, else 0.", nil, nil),
		shared: sharedDescs{
			queued: prometheus.NewDesc("crawl_shared_frontier_urls", "URLs queued in the distributed crawl's shared frontier (all processes).", nil, nil),
			leased: prometheus.NewDesc("crawl_shared_leased_urls", "URLs leased to the distributed crawl's processes and not yet settled.", nil, nil),
			stored: prometheus.NewDesc("crawl_shared_pages_total", "Pages stored by all processes of the distributed crawl.", nil, nil),
			failed: prometheus.NewDesc("crawl_shared_failures_total", "URLs failed for good over all processes of the distributed crawl.", nil, nil),
			alive:  prometheus.NewDesc("crawl_shared_processes", "Processes of the distributed crawl whose lease runs.", nil, nil),
			up:     prometheus.NewDesc("crawl_shared_up", "1 when the distributed crawl's Redis answered this scrape, else 0 (and no other crawl_shared_ metric).", nil, nil),
		},
	}
}

// collector reads the store (and the live crawl) at scrape time.
type collector struct {
	m *Metrics
	d descs
}

func (c collector) Describe(ch chan<- *prometheus.Desc) {
	sh := c.d.shared
	for _, d := range []*prometheus.Desc{c.d.pages, c.d.errors, c.d.frontier, c.d.inflight, c.d.harvest, c.d.paused,
		sh.queued, sh.leased, sh.stored, sh.failed, sh.alive, sh.up} {
		ch <- d
	}
}

func (c collector) Collect(ch chan<- prometheus.Metric) {
	c.m.mu.Lock()
	db, stats, shared := c.m.db, c.m.stats, c.m.shared
	c.m.mu.Unlock()
	if db == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), requestTimeout)
	defer cancel()
	if shared != nil {
		c.collectShared(ctx, ch, shared)
	}
	counts, err := db.Counts(ctx)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(c.d.pages, err)
		return
	}
	for class, n := range counts.Status {
		ch <- prometheus.MustNewConstMetric(c.d.pages, prometheus.CounterValue, float64(n), class)
	}
	for kind, n := range counts.Errors {
		ch <- prometheus.MustNewConstMetric(c.d.errors, prometheus.CounterValue, float64(n), kind)
	}
	queued, inflight, paused := float64(counts.Queued), 0.0, 0.0
	if stats != nil {
		st := stats()
		queued, inflight = float64(st.Queued), float64(st.InFlight)
		if st.Paused {
			paused = 1
		}
	}
	ch <- prometheus.MustNewConstMetric(c.d.paused, prometheus.GaugeValue, paused)
	ch <- prometheus.MustNewConstMetric(c.d.frontier, prometheus.GaugeValue, queued)
	ch <- prometheus.MustNewConstMetric(c.d.inflight, prometheus.GaugeValue, inflight)
	ch <- prometheus.MustNewConstMetric(c.d.harvest, prometheus.GaugeValue, counts.Harvest)
}

// collectShared exports the distributed crawl's shared counters. A Redis
// that does not answer sets crawl_shared_up to 0 and leaves the others
// out, so this process's own metrics are still scraped.
func (c collector) collectShared(ctx context.Context, ch chan<- prometheus.Metric, shared func(context.Context) (SharedTotals, error)) {
	sh := c.d.shared
	t, err := shared(ctx)
	if err != nil {
		ch <- prometheus.MustNewConstMetric(sh.up, prometheus.GaugeValue, 0)
		return
	}
	ch <- prometheus.MustNewConstMetric(sh.up, prometheus.GaugeValue, 1)
	ch <- prometheus.MustNewConstMetric(sh.queued, prometheus.GaugeValue, float64(t.Queued))
	ch <- prometheus.MustNewConstMetric(sh.leased, prometheus.GaugeValue, float64(t.Leased))
	ch <- prometheus.MustNewConstMetric(sh.stored, prometheus.CounterValue, float64(t.Stored))
	ch <- prometheus.MustNewConstMetric(sh.failed, prometheus.CounterValue, float64(t.Failed))
	ch <- prometheus.MustNewConstMetric(sh.alive, prometheus.GaugeValue, float64(t.Alive))
}

// SetShared makes the metrics export a distributed crawl's shared
// counters, read by shared at each scrape.
func (m *Metrics) SetShared(shared func(context.Context) (SharedTotals, error)) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.shared = shared
}
