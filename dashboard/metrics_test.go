package dashboard_test

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/crawl-project/crawl/dashboard"
	"github.com/crawl-project/crawl/pipeline"
	"github.com/crawl-project/crawl/store"
	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

// TestMetricsAgreeWithStore crawls the demo site with a dashboard
// attached, then parses /metrics with Prometheus' text parser and checks
// every counter against the store.
func TestMetricsAgreeWithStore(t *testing.T) {
	ctx := context.Background()
	cfg := demoConfig(t, t.TempDir(), 400)
	opts := pipeline.Options{}
	dash, err := dashboard.Attach(dashboard.Config{Addr: "127.0.0.1:0"}, cfg.DB, &opts, nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := pipeline.Open(ctx, cfg, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	sum, err := p.Run(ctx)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.Get("http://" + dash.Addr() + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	parser := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := parser.TextToMetricFamilies(resp.Body)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	if err := dash.Close(); err != nil {
		t.Fatal(err)
	}
	counts, err := p.Store().Counts(ctx)
	if err != nil {
		t.Fatal(err)
	}
	classes := map[string]float64{}
	if err := p.Store().ExportPages(ctx, func(r store.PageRow) error {
		classes[string(rune('0'+r.Status/100))+"xx"]++
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	byLabel := func(name, label string) map[string]float64 {
		out := map[string]float64{}
		f := fams[name]
		if f == nil {
			t.Fatalf("no %s in /metrics", name)
		}
		for _, m := range f.Metric {
			out[labelOf(m, label)] = value(m)
		}
		return out
	}
	if got := byLabel("crawl_pages_total", "class"); !equal(got, classes) {
		t.Errorf("crawl_pages_total %v; store %v", got, classes)
	}
	wantErr := map[string]float64{}
	for k, n := range counts.FailuresByKind {
		wantErr[k] = float64(n)
	}
	if got := byLabel("crawl_fetch_errors_total", "kind"); !equal(got, wantErr) {
		t.Errorf("crawl_fetch_errors_total %v; store %v", got, wantErr)
	}
	if got := byLabel("crawl_frontier_urls", "")[""]; got != float64(counts.Queued) {
		t.Errorf("crawl_frontier_urls %v; store %d queued", got, counts.Queued)
	}
	if got := byLabel("crawl_inflight_requests", "")[""]; got != 0 {
		t.Errorf("crawl_inflight_requests %v after the crawl", got)
	}
	if got := byLabel("crawl_paused", "")[""]; got != 0 {
		t.Errorf("crawl_paused %v after a crawl never paused", got)
	}
	harvest := float64(sum.Relevant) / float64(counts.Pages)
	if got := byLabel("crawl_harvest_ratio", "")[""]; got != harvest || got == 0 {
		t.Errorf("crawl_harvest_ratio %v; want %v (store, all pages this run)", got, harvest)
	}
	var fetches uint64
	for _, m := range fams["crawl_fetch_duration_seconds"].GetMetric() {
		fetches += m.GetHistogram().GetSampleCount()
	}
	if fetches < uint64(counts.Pages) {
		t.Errorf("%d fetches observed for %d pages", fetches, counts.Pages)
	}
	batches := map[string]uint64{}
	for _, m := range fams["crawl_batch_duration_seconds"].GetMetric() {
		batches[labelOf(m, "builtin")] = m.GetHistogram().GetSampleCount()
	}
	for _, b := range []string{"clusters", "records", "topics"} {
		if batches[b] != uint64(sum.Batches) || sum.Batches < 4 {
			t.Errorf("crawl_batch_duration_seconds{builtin=%q} count %d; want %d batches", b, batches[b], sum.Batches)
		}
	}
	t.Logf("pages %d, classes %v, errors %v, queued %d, fetches %d, batches %v", counts.Pages, classes, wantErr, counts.Queued, fetches, batches)
}

func labelOf(m *dto.Metric, name string) string {
	for _, l := range m.GetLabel() {
		if l.GetName() == name {
			return l.GetValue()
		}
	}
	return ""
}

func value(m *dto.Metric) float64 {
	switch {
	case m.Counter != nil:
		return m.Counter.GetValue()
	case m.Gauge != nil:
		return m.Gauge.GetValue()
	}
	return -1
}

func equal(a, b map[string]float64) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestSharedMetrics: with a distributed crawl's shared counters attached,
// /metrics exports them as crawl_shared_… beside the process's own, and a
// Redis that does not answer sets crawl_shared_up to 0 without failing the
// scrape. (The counters themselves are read from a real redis-server in
// redisfrontier's TestSharedQueue.)
func TestSharedMetrics(t *testing.T) {
	path := genStore(t, shape{pages: 20, queued: 5, clusters: 1, hosts: 2})
	want := dashboard.SharedTotals{Queued: 120, Leased: 8, Stored: 950, Failed: 12, Alive: 4}
	var down bool
	read := func(context.Context) (dashboard.SharedTotals, error) {
		if down {
			return dashboard.SharedTotals{}, errors.New("redis: connection refused")
		}
		return want, nil
	}
	ts := newServer(t, path, dashboard.Config{}, dashboard.WithShared(read))
	status, b := get(t, ts.Client(), ts.URL+"/metrics")
	if status != http.StatusOK {
		t.Fatalf("/metrics: %d", status)
	}
	parser := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := parser.TextToMetricFamilies(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	for name, v := range map[string]int64{
		"crawl_shared_frontier_urls": want.Queued, "crawl_shared_leased_urls": want.Leased,
		"crawl_shared_pages_total": want.Stored, "crawl_shared_failures_total": want.Failed,
		"crawl_shared_processes": want.Alive,
	} {
		f := fams[name]
		if f == nil || len(f.Metric) != 1 || value(f.Metric[0]) != float64(v) {
			t.Errorf("%s = %v, want %d", name, f, v)
		}
	}
	if fams["crawl_pages_total"] == nil {
		t.Error("the process's own crawl_pages_total is missing beside the shared metrics")
	}
	if f := fams["crawl_shared_up"]; f == nil || value(f.Metric[0]) != 1 {
		t.Errorf("crawl_shared_up = %v, want 1", f)
	}
	down = true
	status, b = get(t, ts.Client(), ts.URL+"/metrics")
	if status != http.StatusOK {
		t.Fatalf("/metrics with Redis down: %d %q, want 200 with the process's own metrics", status, b)
	}
	if fams, err = parser.TextToMetricFamilies(bytes.NewReader(b)); err != nil {
		t.Fatal(err)
	}
	if f := fams["crawl_shared_up"]; f == nil || value(f.Metric[0]) != 0 || fams["crawl_shared_pages_total"] != nil || fams["crawl_pages_total"] == nil {
		t.Errorf("with Redis down: crawl_shared_up %v, shared pages %v, own pages %v; want 0, none, present",
			f, fams["crawl_shared_pages_total"], fams["crawl_pages_total"])
	}
}
