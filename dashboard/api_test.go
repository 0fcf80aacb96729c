package dashboard_test

import (
	"context"
	"database/sql"
	"encoding/csv"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/crawl-project/crawl/crawler"
	"github.com/crawl-project/crawl/dashboard"
	"github.com/crawl-project/crawl/store"
)

func newServer(t testing.TB, path string, cfg dashboard.Config, opts ...dashboard.Option) *httptest.Server {
	t.Helper()
	db, err := dashboard.OpenDB(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	s, err := dashboard.New(cfg, db, opts...)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(s.Handler())
	t.Cleanup(ts.Close)
	return ts
}

func get(t testing.TB, c *http.Client, url string, hdr ...string) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, b
}

func decode[T any](t testing.TB, b []byte) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("%v in %s", err, b)
	}
	return v
}

func TestRoutes(t *testing.T) {
	path := genStore(t, shape{pages: 300, queued: 120, clusters: 7, hosts: 5, recordsPer: 4, topics: 3})
	ts := newServer(t, path, dashboard.Config{})
	tests := []struct {
		name, path string
		code       int
		want       string // substring of the body
	}{
		{"overview", "/api/overview", 200, `"pages":300`},
		{"hosts default", "/api/hosts", 200, `"total":5`},
		{"hosts sorted", "/api/hosts?sort=host&order=asc&size=2", 200, `"host":"h0.test"`},
		{"clusters", "/api/clusters?size=3", 200, `"total":7`},
		{"records", "/api/clusters/2/records", 200, `"columns":["page","record","price","name"]`},
		{"topics", "/api/topics", 200, `"words":["word`},
		{"pages", "/api/pages?page=2&size=10", 200, `"seq":290`},
		{"page", "/api/pages/5", 200, `"url":"http://h0.test/p/5.html"`},
		{"page annotations", "/api/pages/5", 200, `"annotations":{"lang":"en","words":"12"}`},
		{"page without annotations", "/api/pages/6", 200, `"annotations":{}`},
		{"page out-links", "/api/pages/5", 200, `"out_links":[{"url":"http://h1.test/p/6.html","anchor":"next","rel":"next","seq":6},{"url":"http://h2.test/p/7.html","anchor":"after","rel":"","seq":7}]`},
		{"page in-links", "/api/pages/5", 200, `"in_links":[{"url":"http://h3.test/p/3.html","anchor":"after","rel":"","seq":3},{"url":"http://h4.test/p/4.html","anchor":"next","rel":"next","seq":4}]`},
		{"page by url", "/api/page?url=http://h1.test/p/6.html", 200, `"seq":6`},
		{"focus", "/api/focus?points=10", 200, `"topic_terms":["sport","match"],"harvest":[`},
		{"queue", "/api/queue?size=1", 200, `"priority":0.119`},
		{"metrics", "/metrics", 200, `crawl_pages_total{class="2xx"} 294`},
		{"view", "/", 200, `<main id="view">`},
		{"asset", "/static/app.js", 200, `function route`},
		{"unknown api", "/api/nope", 404, `no such API route`},
		{"unknown page", "/nope", 404, ``},
		{"missing page", "/api/pages/99999", 404, `not found`},
		{"bad size", "/api/hosts?size=0", 400, `size=\"0\": want an integer from 1 to 500`},
		{"huge size", "/api/clusters?size=501", 400, `size`},
		{"bad page", "/api/pages?page=x", 400, `page=\"x\"`},
		{"bad sort", "/api/hosts?sort=evil", 400, `sort=\"evil\"`},
		{"two values", "/api/hosts?page=1&page=2", 400, `one value`},
		{"unknown param", "/api/topics?colour=red", 400, `colour`},
		{"bad seq", "/api/pages/-1", 400, `seq`},
		{"bad cluster", "/api/clusters/x/records", 400, `id=\"x\"`},
		{"no url", "/api/page", 400, `url`},
		{"bad query", "/api/hosts?%zz", 400, `valid URL query`},
		{"stop without token", "/api/control/stop", 405, ``},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, body := get(t, ts.Client(), ts.URL+tt.path)
			if code != tt.code || !strings.Contains(string(body), tt.want) {
				t.Fatalf("GET %s = %d %.300s; want %d with %q", tt.path, code, body, tt.code, tt.want)
			}
		})
	}
}

func TestHostsSortAndPaging(t *testing.T) {
	path := genStore(t, shape{pages: 100, queued: 37, clusters: 3, hosts: 4})
	ts := newServer(t, path, dashboard.Config{})
	_, b := get(t, ts.Client(), ts.URL+"/api/hosts?sort=queued&order=desc")
	l := decode[dashboard.List[dashboard.Host]](t, b)
	if len(l.Items) != 4 {
		t.Fatalf("%d hosts, want 4", len(l.Items))
	}
	var queued, fetched int64
	for i, h := range l.Items {
		if i > 0 && h.Queued > l.Items[i-1].Queued {
			t.Errorf("not sorted by queued desc: %+v", l.Items)
		}
		queued += h.Queued
		fetched += h.Fetched
	}
	if queued != 37 || fetched != 100 {
		t.Errorf("hosts sum to %d queued, %d fetched; want 37, 100", queued, fetched)
	}
	_, b = get(t, ts.Client(), ts.URL+"/api/hosts?sort=host&order=asc&page=2&size=3")
	l = decode[dashboard.List[dashboard.Host]](t, b)
	if len(l.Items) != 1 || l.Items[0].Host != "h3.test" || l.Total != 4 {
		t.Errorf("page 2 of 3 = %+v; want h3.test alone of 4", l)
	}
}

func TestRecordsCSVMatchesTable(t *testing.T) {
	path := genStore(t, shape{pages: 50, clusters: 5, hosts: 2, recordsPer: 7})
	ts := newServer(t, path, dashboard.Config{})
	_, b := get(t, ts.Client(), ts.URL+"/api/clusters/3/records?size=500")
	tab := decode[dashboard.RecordsPage](t, b)
	code, b := get(t, ts.Client(), ts.URL+"/api/clusters/3/records.csv")
	if code != 200 {
		t.Fatalf("csv: %d %s", code, b)
	}
	rows, err := csv.NewReader(strings.NewReader(string(b))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 8 || tab.Total != 7 || len(tab.Rows) != 7 {
		t.Fatalf("csv %d lines, table %d rows of %d; want 8, 7, 7", len(rows), len(tab.Rows), tab.Total)
	}
	if strings.Join(rows[0], ",") != strings.Join(tab.Columns, ",") || strings.Join(rows[5], ",") != strings.Join(tab.Rows[4], ",") {
		t.Errorf("csv %v differs from table %v %v", rows[:6], tab.Columns, tab.Rows[4])
	}
	if rows[5][2] != "40" || rows[5][3] != "item 4" { // the export's column order: roles (price) first
		t.Errorf("record 4 = %v; want 40, item 4", rows[5])
	}
}

func TestToken(t *testing.T) {
	path := genStore(t, shape{pages: 10, clusters: 2, hosts: 1})
	stopped, paused := 0, 0
	ts := newServer(t, path, dashboard.Config{Addr: "0.0.0.0:0", Token: "s3cret"}, dashboard.WithStop(func() { stopped++ }),
		dashboard.WithPause(func() { paused++ }, func() { paused-- }))
	c := ts.Client()
	post := func(url string, hdr ...string) int {
		req, _ := http.NewRequest(http.MethodPost, url, nil)
		for i := 0; i+1 < len(hdr); i += 2 {
			req.Header.Set(hdr[i], hdr[i+1])
		}
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	tests := []struct {
		name string
		code int
		do   func() int
	}{
		{"no token", 401, func() int { c, _ := get(t, c, ts.URL+"/api/overview"); return c }},
		{"wrong token", 401, func() int { c, _ := get(t, c, ts.URL+"/api/overview?token=nope"); return c }},
		{"wrong bearer", 401, func() int { c, _ := get(t, c, ts.URL+"/metrics", "Authorization", "Bearer x"); return c }},
		{"view without token", 401, func() int { c, _ := get(t, c, ts.URL+"/"); return c }},
		{"query token", 200, func() int { c, _ := get(t, c, ts.URL+"/api/overview?token=s3cret"); return c }},
		{"bearer", 200, func() int { c, _ := get(t, c, ts.URL+"/metrics", "Authorization", "Bearer s3cret"); return c }},
		{"cookie", 200, func() int { c, _ := get(t, c, ts.URL+"/api/hosts", "Cookie", "crawl_token=s3cret"); return c }},
		{"stop by cookie alone", 401, func() int { return post(ts.URL+"/api/control/stop", "Cookie", "crawl_token=s3cret") }},
		{"stop unauthorised", 401, func() int { return post(ts.URL + "/api/control/stop") }},
		{"stop", 202, func() int { return post(ts.URL+"/api/control/stop", "Authorization", "Bearer s3cret") }},
		{"pause by cookie alone", 401, func() int { return post(ts.URL+"/api/control/pause", "Cookie", "crawl_token=s3cret") }},
		{"pause", 202, func() int { return post(ts.URL+"/api/control/pause", "Authorization", "Bearer s3cret") }},
		{"pause again", 202, func() int { return post(ts.URL + "/api/control/pause?token=s3cret") }},
		{"resume unauthorised", 401, func() int { return post(ts.URL + "/api/control/resume") }},
		{"resume", 202, func() int { return post(ts.URL+"/api/control/resume", "Authorization", "Bearer s3cret") }},
		{"unknown control", 404, func() int { return post(ts.URL+"/api/control/restart", "Authorization", "Bearer s3cret") }},
		{"pause by GET", 405, func() int { c, _ := get(t, c, ts.URL+"/api/control/pause?token=s3cret"); return c }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.do(); got != tt.code {
				t.Fatalf("status %d, want %d", got, tt.code)
			}
		})
	}
	if stopped != 1 || paused != 1 {
		t.Errorf("stop called %d times, pause−resume %d; want 1, 1", stopped, paused)
	}
	_, b := get(t, c, ts.URL+"/api/overview?token=s3cret")
	if o := decode[dashboard.Overview](t, b); !slices.Equal(o.Control, []string{"pause", "resume", "stop"}) {
		t.Errorf("overview control %v; want pause, resume, stop", o.Control)
	}
}

func TestNewRefusesOpenAddressWithoutToken(t *testing.T) {
	path := genStore(t, shape{pages: 1, clusters: 1, hosts: 1})
	db, err := dashboard.OpenDB(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for addr, ok := range map[string]bool{"127.0.0.1:0": true, "localhost:8080": true, "[::1]:9": true,
		"0.0.0.0:8080": false, ":8080": false, "192.168.1.2:80": false, "nonsense": false} {
		_, err := dashboard.New(dashboard.Config{Addr: addr}, db)
		if (err == nil) != ok {
			t.Errorf("New(%q) error %v; want ok=%v", addr, err, ok)
		}
	}
	if _, err := dashboard.New(dashboard.Config{Addr: "0.0.0.0:1", Token: "t"}, db); err != nil {
		t.Errorf("with a token: %v", err)
	}
}

func TestControlNeedsToken(t *testing.T) {
	path := genStore(t, shape{pages: 1, clusters: 1, hosts: 1})
	no := func(what string) func() { return func() { t.Errorf("%s without a token", what) } }
	ts := newServer(t, path, dashboard.Config{}, dashboard.WithStop(no("stopped")), dashboard.WithPause(no("paused"), no("resumed")))
	for _, action := range []string{"stop", "pause", "resume"} {
		resp, err := ts.Client().Post(ts.URL+"/api/control/"+action, "", nil)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusForbidden {
			t.Errorf("%s: status %d, want 403", action, resp.StatusCode)
		}
	}
	_, b := get(t, ts.Client(), ts.URL+"/api/overview")
	if o := decode[dashboard.Overview](t, b); len(o.Control) != 0 {
		t.Errorf("overview offers %v without a token", o.Control)
	}
}

func TestControlWithoutCrawl(t *testing.T) {
	path := genStore(t, shape{pages: 1, clusters: 1, hosts: 1})
	ts := newServer(t, path, dashboard.Config{Token: "t"})
	for _, action := range []string{"stop", "pause", "resume"} {
		req, _ := http.NewRequest(http.MethodPost, ts.URL+"/api/control/"+action, nil)
		req.Header.Set("Authorization", "Bearer t")
		resp, err := ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusConflict {
			t.Errorf("%s of a store: status %d, want 409", action, resp.StatusCode)
		}
	}
}

func TestOpenDBRefusesOtherFiles(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	if _, err := dashboard.OpenDB(ctx, dir+"/missing.db"); err == nil {
		t.Error("missing file opened")
	}
	if _, err := dashboard.OpenDB(ctx, "api_test.go"); err == nil {
		t.Error("a Go file opened as a store")
	}
}

func TestHostsWithLiveState(t *testing.T) {
	path := genStore(t, shape{pages: 20, queued: 10, clusters: 2, hosts: 2})
	live := func() []crawler.HostStats {
		return []crawler.HostStats{
			{Host: "h1.test", InFlight: 2, Delay: 250 * time.Millisecond, Robots: "ok", CrawlDelay: time.Second},
			{Host: "new.test:8080", Robots: "fetching"},
		}
	}
	ts := newServer(t, path, dashboard.Config{}, dashboard.WithHosts(live))
	code, b := get(t, ts.Client(), ts.URL+"/api/hosts?sort=delay&order=desc")
	if code != 200 {
		t.Fatalf("%d %s", code, b)
	}
	l := decode[dashboard.List[dashboard.Host]](t, b)
	if l.Total != 3 || l.Items[0].Host != "h1.test" || l.Items[0].InFlight != 2 || l.Items[0].DelayMS != 250 ||
		l.Items[0].CrawlDelayMS != 1000 || l.Items[0].Robots != "ok" || l.Items[0].Fetched != 10 {
		t.Errorf("hosts %+v", l.Items)
	}
	var robots []string
	for _, h := range l.Items {
		robots = append(robots, h.Host+"="+h.Robots)
	}
	if !slices.Contains(robots, "new.test:8080=fetching") || !slices.Contains(robots, "h0.test=") {
		t.Errorf("robots states %v", robots)
	}
	if l.Items[0].State != "live" || l.Items[0].StateAt != "" {
		t.Errorf("state %q at %q; want live", l.Items[0].State, l.Items[0].StateAt)
	}
}

// TestHostsAtEndOfCrawl serves a store alone: the politeness state the
// crawl left at its end (crawler.HostsMetaKey) fills the hosts, marked
// end-of-crawl with its time.
func TestHostsAtEndOfCrawl(t *testing.T) {
	path := genStore(t, shape{pages: 20, queued: 10, clusters: 2, hosts: 2})
	ts := newServer(t, path, dashboard.Config{})
	_, b := get(t, ts.Client(), ts.URL+"/api/hosts?sort=host&order=asc")
	if l := decode[dashboard.List[dashboard.Host]](t, b); l.Total != 2 || l.Items[0].State != "" || l.Items[0].Robots != "" {
		t.Fatalf("before any snapshot: %+v", l.Items)
	}
	st, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)
	snap, _ := json.Marshal(crawler.HostsSnapshot{At: at, Hosts: []crawler.HostStats{
		{Host: "h1.test", Delay: 1500 * time.Millisecond, Robots: "unavailable", CrawlDelay: 1500 * time.Millisecond},
	}})
	err = errors.Join(st.SetMeta(context.Background(), crawler.HostsMetaKey, string(snap)), st.Close())
	if err != nil {
		t.Fatal(err)
	}
	_, b = get(t, ts.Client(), ts.URL+"/api/hosts?sort=host&order=asc")
	l := decode[dashboard.List[dashboard.Host]](t, b)
	h0, h1 := l.Items[0], l.Items[1]
	if h1.Host != "h1.test" || h1.State != "end-of-crawl" || h1.StateAt != "2026-03-04T05:06:07Z" || h1.Robots != "unavailable" ||
		h1.DelayMS != 1500 || h1.CrawlDelayMS != 1500 || h1.Fetched != 10 {
		t.Errorf("h1.test %+v", h1)
	}
	if h0.State != "" || h0.Robots != "" {
		t.Errorf("h0.test, not in the snapshot: %+v", h0)
	}
}

// A store written before annotations (no column for them; the dashboard
// does not migrate) shows its pages with none.
func TestPageOfStoreBeforeAnnotations(t *testing.T) {
	path := genStore(t, shape{pages: 10, queued: 1, clusters: 2, hosts: 2, recordsPer: 1, topics: 1})
	db, err := sql.Open("sqlite3", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`ALTER TABLE pages DROP COLUMN annotations; PRAGMA user_version = 5`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	ts := newServer(t, path, dashboard.Config{})
	code, body := get(t, ts.Client(), ts.URL+"/api/pages/5")
	if code != 200 || !strings.Contains(string(body), `"annotations":{}`) {
		t.Fatalf("GET /api/pages/5 = %d %s; want 200 with no annotations", code, body)
	}
}

// A store written before links had a rel (schema version 11; the
// dashboard does not migrate) shows its links with rel "".
func TestPageOfStoreBeforeLinkRel(t *testing.T) {
	path := genStore(t, shape{pages: 10, queued: 1, clusters: 2, hosts: 2, recordsPer: 1, topics: 1})
	db, err := sql.Open("sqlite3", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`ALTER TABLE links DROP COLUMN rel; PRAGMA user_version = 11`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	ts := newServer(t, path, dashboard.Config{})
	code, body := get(t, ts.Client(), ts.URL+"/api/pages/5")
	if code != 200 {
		t.Fatalf("GET /api/pages/5 = %d %s", code, body)
	}
	p := decode[dashboard.Page](t, body)
	if len(p.OutLinks) != 2 || len(p.InLinks) != 2 || p.OutLinks[0].Rel != "" || p.OutLinks[0].Anchor != "next" || p.InLinks[1].Rel != "" {
		t.Errorf("links of a store before rel: out %+v, in %+v; want 2 each, rel \"\"", p.OutLinks, p.InLinks)
	}
}
